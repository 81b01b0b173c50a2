import { EnumDialectAttr, uniqueDialectAttr } from '../../core/ir/attributes.js';
import { attrConstraint } from '../../core/ir/constraints.js';
import type { AttrTypeWriter } from '../../core/ir/writer.js';
import { parseAngledEnumKeyword } from '../../core/syntax/enum-keyword.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';

/** MLIR's vector::CombiningKind, in enum order. */
export const COMBINING_KINDS = ['add', 'mul', 'minui', 'minsi', 'minnumf', 'maxui', 'maxsi', 'maxnumf', 'and', 'or', 'xor', 'maximumf', 'minimumf'] as const;
export type CombiningKind = (typeof COMBINING_KINDS)[number];

/** `#vector.kind<add>`: MLIR's vector::CombiningKindAttr. */
export class CombiningKindAttr extends EnumDialectAttr<CombiningKind> {
  readonly dialect = 'vector';
  readonly mnemonic = 'kind';
  static get(kind: CombiningKind): CombiningKindAttr {
    return uniqueDialectAttr(`vector.kind:${kind}`, () => new CombiningKindAttr(kind));
  }
}

/** `<add>`: the body of `#vector.kind<...>`, after the mnemonic. */
export function parseCombiningKindBody(parser: Parser, inOp = false): CombiningKindAttr {
  return CombiningKindAttr.get(parseAngledEnumKeyword(parser, COMBINING_KINDS, '::mlir::vector::CombiningKind', inOp));
}

/** In custom formats the kind prints as its bare body: `vector.reduction <add>, ...`. */
export const CombiningKindAttrConstraint = attrConstraint('Kind of combining function for contractions and reductions', (a): a is CombiningKindAttr => a instanceof CombiningKindAttr, {
  formatPrint: (p: AttrTypeWriter, a: CombiningKindAttr) => a.printBody(p),
  formatParse: (parser: Parser) => parseCombiningKindBody(parser, true),
  formatStartsHere: (parser: Parser) => parser.peek(Tok.Less),
});

export function parseVectorAttribute(parser: Parser, mnemonic: string): CombiningKindAttr | IteratorTypeAttr | PrintPunctuationAttr {
  if (mnemonic === 'kind') return parseCombiningKindBody(parser);
  if (mnemonic === 'punctuation') return parsePunctuationBody(parser);
  if (mnemonic === 'iterator_type') return IteratorTypeAttr.get(parseAngledEnumKeyword(parser, ITERATOR_TYPES, '::mlir::vector::IteratorType'));
  throw parser.emitError(`unknown attribute \`${mnemonic}\` in dialect \`vector\``);
}

/** MLIR's vector::IteratorType. */
export const ITERATOR_TYPES = ['parallel', 'reduction'] as const;
export type IteratorType = (typeof ITERATOR_TYPES)[number];

/** `#vector.iterator_type<parallel>`: MLIR's vector::IteratorTypeAttr (vector.contract's iterator_types). */
export class IteratorTypeAttr extends EnumDialectAttr<IteratorType> {
  readonly dialect = 'vector';
  readonly mnemonic = 'iterator_type';
  static get(value: IteratorType): IteratorTypeAttr {
    return uniqueDialectAttr(`vector.iterator_type:${value}`, () => new IteratorTypeAttr(value));
  }
}

/** MLIR's vector::PrintPunctuation, in enum order. */
export const PRINT_PUNCTUATIONS = ['no_punctuation', 'newline', 'comma', 'open', 'close'] as const;
export type PrintPunctuation = (typeof PRINT_PUNCTUATIONS)[number];

/** `#vector.punctuation<comma>`: MLIR's vector::PrintPunctuationAttr (vector.print's punctuation). */
export class PrintPunctuationAttr extends EnumDialectAttr<PrintPunctuation> {
  readonly dialect = 'vector';
  readonly mnemonic = 'punctuation';
  static get(value: PrintPunctuation): PrintPunctuationAttr {
    return uniqueDialectAttr(`vector.punctuation:${value}`, () => new PrintPunctuationAttr(value));
  }
}

/** `<comma>`: the body of `#vector.punctuation<...>`, after the mnemonic. */
export function parsePunctuationBody(parser: Parser, inOp = false): PrintPunctuationAttr {
  return PrintPunctuationAttr.get(parseAngledEnumKeyword(parser, PRINT_PUNCTUATIONS, '::mlir::vector::PrintPunctuation', inOp));
}
