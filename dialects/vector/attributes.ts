import { DialectAttr, uniqueDialectAttr } from '../../core/ir/attributes.js';
import { attrConstraint } from '../../core/ir/constraints.js';
import type { AttrTypeWriter } from '../../core/ir/writer.js';
import { parseEnumKeyword } from '../../core/syntax/enum-keyword.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';

/** MLIR's vector::CombiningKind, in enum order. */
export const COMBINING_KINDS = ['add', 'mul', 'minui', 'minsi', 'minnumf', 'maxui', 'maxsi', 'maxnumf', 'and', 'or', 'xor', 'maximumf', 'minimumf'] as const;
export type CombiningKind = (typeof COMBINING_KINDS)[number];

/** `#vector.kind<add>`: MLIR's vector::CombiningKindAttr. */
export class CombiningKindAttr extends DialectAttr {
  readonly dialect = 'vector';
  readonly mnemonic = 'kind';
  private constructor(readonly kind: CombiningKind) {
    super();
  }
  static get(kind: CombiningKind): CombiningKindAttr {
    return uniqueDialectAttr(`vector.kind:${kind}`, () => new CombiningKindAttr(kind));
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<${this.kind}>`);
  }
}

/** `<add>`: the body of `#vector.kind<...>`, after the mnemonic. */
export function parseCombiningKindBody(parser: Parser, inOp = false): CombiningKindAttr {
  parser.expect(Tok.Less, "'<'");
  const kind = parseEnumKeyword(parser, COMBINING_KINDS, '::mlir::vector::CombiningKind', inOp);
  parser.expect(Tok.Greater, "'>'");
  return CombiningKindAttr.get(kind);
}

/** In custom formats the kind prints as its bare body: `vector.reduction <add>, ...`. */
export const CombiningKindAttrConstraint = attrConstraint(
  'Kind of combining function for contractions and reductions',
  (a): a is CombiningKindAttr => a instanceof CombiningKindAttr,
  {
    formatPrint: (p: AttrTypeWriter, a: CombiningKindAttr) => a.printBody(p),
    formatParse: (parser: Parser) => parseCombiningKindBody(parser, true),
    formatStartsHere: (parser: Parser) => parser.peek(Tok.Less),
  },
);

export function parseVectorAttribute(parser: Parser, mnemonic: string): CombiningKindAttr | IteratorTypeAttr | PrintPunctuationAttr {
  if (mnemonic === 'kind') return parseCombiningKindBody(parser);
  if (mnemonic === 'punctuation') return parsePunctuationBody(parser);
  if (mnemonic === 'iterator_type') {
    parser.expect(Tok.Less, "'<'");
    const value = parseEnumKeyword(parser, ITERATOR_TYPES, '::mlir::vector::IteratorType');
    parser.expect(Tok.Greater, "'>'");
    return IteratorTypeAttr.get(value);
  }
  throw parser.emitError(`unknown attribute \`${mnemonic}\` in dialect \`vector\``);
}

/** MLIR's vector::IteratorType. */
export const ITERATOR_TYPES = ['parallel', 'reduction'] as const;
export type IteratorType = (typeof ITERATOR_TYPES)[number];

/** `#vector.iterator_type<parallel>`: MLIR's vector::IteratorTypeAttr (vector.contract's iterator_types). */
export class IteratorTypeAttr extends DialectAttr {
  readonly dialect = 'vector';
  readonly mnemonic = 'iterator_type';
  private constructor(readonly value: IteratorType) {
    super();
  }
  static get(value: IteratorType): IteratorTypeAttr {
    return uniqueDialectAttr(`vector.iterator_type:${value}`, () => new IteratorTypeAttr(value));
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<${this.value}>`);
  }
}

/** MLIR's vector::PrintPunctuation, in enum order. */
export const PRINT_PUNCTUATIONS = ['no_punctuation', 'newline', 'comma', 'open', 'close'] as const;
export type PrintPunctuation = (typeof PRINT_PUNCTUATIONS)[number];

/** `#vector.punctuation<comma>`: MLIR's vector::PrintPunctuationAttr (vector.print's punctuation). */
export class PrintPunctuationAttr extends DialectAttr {
  readonly dialect = 'vector';
  readonly mnemonic = 'punctuation';
  private constructor(readonly value: PrintPunctuation) {
    super();
  }
  static get(value: PrintPunctuation): PrintPunctuationAttr {
    return uniqueDialectAttr(`vector.punctuation:${value}`, () => new PrintPunctuationAttr(value));
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<${this.value}>`);
  }
}

/** `<comma>`: the body of `#vector.punctuation<...>`, after the mnemonic. */
export function parsePunctuationBody(parser: Parser, inOp = false): PrintPunctuationAttr {
  parser.expect(Tok.Less, "'<'");
  const value = parseEnumKeyword(parser, PRINT_PUNCTUATIONS, '::mlir::vector::PrintPunctuation', inOp);
  parser.expect(Tok.Greater, "'>'");
  return PrintPunctuationAttr.get(value);
}
