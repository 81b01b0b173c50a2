import { DialectAttr, IntegerAttr, uniqueDialectAttr, type Attribute } from '../../core/ir/attributes.js';
import { attrConstraint, type AttrConstraint } from '../../core/ir/constraints.js';
import { i32, i64 } from '../../core/ir/types.js';
import type { AttrTypeWriter } from '../../core/ir/writer.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';

/**
 * A bit-enum (MLIR's BitEnumAttr) as used by the arith flags attributes: `none` is 0, cases are
 * single bits, and `groups` name several bits at once (printed first, as MLIR's
 * printBitEnumPrimaryGroups does).
 */
export interface BitEnumSpec {
  /** The C++ enum name used in parse errors (`::mlir::arith::FastMathFlags`). */
  readonly cppName: string;
  readonly cases: readonly (readonly [string, number])[];
  readonly groups: readonly (readonly [string, number])[];
  /** Separator between printed cases (MLIR: `,` for fastmath, `, ` for overflow). */
  readonly separator: string;
}

export function stringifyBitEnum(spec: BitEnumSpec, value: number): string {
  if (value === 0) return 'none';
  const parts: string[] = [];
  let rest = value;
  for (const [name, bits] of spec.groups) {
    if ((rest & bits) === bits) {
      parts.push(name);
      rest &= ~bits;
    }
  }
  for (const [name, bit] of spec.cases) if (rest & bit) parts.push(name);
  return parts.join(spec.separator);
}

function bitEnumKeywords(spec: BitEnumSpec): string[] {
  return ['none', ...spec.cases.map(([n]) => n), ...spec.groups.map(([n]) => n)];
}

function bitOf(spec: BitEnumSpec, word: string): number | undefined {
  if (word === 'none') return 0;
  return spec.cases.find(([n]) => n === word)?.[1] ?? spec.groups.find(([n]) => n === word)?.[1];
}

/**
 * `<kw (, kw)*>` of a bit enum, as MLIR's generated FieldParser: each case a keyword ("expected
 * valid keyword" where one is not), an unknown case reported at the start of the list. `inOp`:
 * parsed by an op's custom form, whose errors MLIR prefixes with `custom op 'name' `
 * (Parser.opError); otherwise the `#arith.x<...>` attribute syntax, without the prefix.
 */
export function parseBitEnumBody(parser: Parser, spec: BitEnumSpec, inOp: boolean): number {
  const error = (message: string, offset: number) => (inOp ? parser.opError(message, offset) : parser.emitError(message, offset));
  parser.expect(Tok.Less, "'<'");
  const listOffset = parser.offset;
  let value = 0;
  do {
    if (!parser.isKeyword()) throw error('expected valid keyword', parser.offset);
    const bits = bitOf(spec, parser.parseKeyword());
    if (bits === undefined) throw error(`expected ${spec.cppName} to be one of: ${bitEnumKeywords(spec).join(', ')}`, listOffset);
    value |= bits;
  } while (parser.consumeIf(Tok.Comma));
  parser.expect(Tok.Greater, "'>'");
  return value;
}

export const FASTMATH_FLAGS: BitEnumSpec = {
  cppName: '::mlir::arith::FastMathFlags',
  cases: [
    ['reassoc', 1],
    ['nnan', 2],
    ['ninf', 4],
    ['nsz', 8],
    ['arcp', 16],
    ['contract', 32],
    ['afn', 64],
  ],
  groups: [['fast', 127]],
  separator: ',',
};

export const OVERFLOW_FLAGS: BitEnumSpec = {
  cppName: '::mlir::arith::IntegerOverflowFlags',
  cases: [
    ['nsw', 1],
    ['nuw', 2],
  ],
  groups: [],
  separator: ', ',
};

/** `#arith.fastmath<nnan,ninf>`: MLIR's arith::FastMathFlagsAttr. */
export class FastMathFlagsAttr extends DialectAttr {
  readonly dialect = 'arith';
  readonly mnemonic = 'fastmath';
  private constructor(readonly flags: number) {
    super();
  }
  static get(flags: number): FastMathFlagsAttr {
    return uniqueDialectAttr(`arith.fastmath:${flags}`, () => new FastMathFlagsAttr(flags));
  }
  static get none(): FastMathFlagsAttr {
    return FastMathFlagsAttr.get(0);
  }
  has(flag: string): boolean {
    const bits = bitOf(FASTMATH_FLAGS, flag) ?? 0;
    return bits !== 0 && (this.flags & bits) === bits;
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<${stringifyBitEnum(FASTMATH_FLAGS, this.flags)}>`);
  }
}

/** `#arith.overflow<nsw, nuw>`: MLIR's arith::IntegerOverflowFlagsAttr. */
export class IntegerOverflowFlagsAttr extends DialectAttr {
  readonly dialect = 'arith';
  readonly mnemonic = 'overflow';
  private constructor(readonly flags: number) {
    super();
  }
  static get(flags: number): IntegerOverflowFlagsAttr {
    return uniqueDialectAttr(`arith.overflow:${flags}`, () => new IntegerOverflowFlagsAttr(flags));
  }
  static get none(): IntegerOverflowFlagsAttr {
    return IntegerOverflowFlagsAttr.get(0);
  }
  get nsw(): boolean {
    return (this.flags & 1) !== 0;
  }
  get nuw(): boolean {
    return (this.flags & 2) !== 0;
  }
  printBody(w: AttrTypeWriter): void {
    w.write(`<${stringifyBitEnum(OVERFLOW_FLAGS, this.flags)}>`);
  }
}

/** Flags attributes print as their bare body in custom formats: `fastmath` `` $fastmath -> `fastmath<fast>`. */
function flagsConstraint<T extends DialectAttr>(description: string, test: (a: Attribute) => a is T, spec: BitEnumSpec, make: (v: number) => T): AttrConstraint<T> {
  return attrConstraint(description, test, {
    checkedWhenParsed: true,
    formatPrint: (p: AttrTypeWriter, a: T) => a.printBody(p),
    formatParse: (parser: Parser) => make(parseBitEnumBody(parser, spec, true)),
    formatStartsHere: (parser: Parser) => parser.peek(Tok.Less),
  });
}

export const FastMathAttrConstraint = flagsConstraint('Floating point fast math flags', (a): a is FastMathFlagsAttr => a instanceof FastMathFlagsAttr, FASTMATH_FLAGS, FastMathFlagsAttr.get);
export const OverflowAttrConstraint = flagsConstraint(
  'Integer overflow arith flags',
  (a): a is IntegerOverflowFlagsAttr => a instanceof IntegerOverflowFlagsAttr,
  OVERFLOW_FLAGS,
  IntegerOverflowFlagsAttr.get,
);

/**
 * An I64EnumAttr/I32EnumAttr: an IntegerAttr of the given width whose value is one of `cases`,
 * printed as the case keyword in custom formats (`slt`), and as `2 : i64` in generic form.
 */
export function integerEnumConstraint(cases: readonly string[], width: 32 | 64, description: string, attrName: string): AttrConstraint<IntegerAttr> {
  const type = width === 64 ? i64 : i32;
  return attrConstraint(description, (a: Attribute): a is IntegerAttr => a instanceof IntegerAttr && a.type === type && a.value >= 0n && a.value < BigInt(cases.length), {
    literalType: type,
    enumCases: cases,
    checkedWhenParsed: true,
    formatParse: (parser: Parser) => {
      const offset = parser.offset;
      const word = parser.isKeyword() ? parser.parseKeyword() : parser.parseOptionalString();
      const index = word === undefined ? -1 : cases.indexOf(word);
      if (index < 0) {
        throw parser.opError(`expected string or keyword containing one of the following enum values for attribute '${attrName}' [${cases.join(', ')}]`, offset);
      }
      return IntegerAttr.get(type, index);
    },
  });
}

export const CMPI_PREDICATES = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'] as const;
export const CMPF_PREDICATES = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'] as const;
export const ROUNDING_MODES = ['to_nearest_even', 'downward', 'upward', 'toward_zero', 'to_nearest_away'] as const;

const casesList = (n: number) => Array.from({ length: n }, (_, i) => i).join(', ');

/** arith::AtomicRMWKind, the kinds of memref.atomic_rmw (in enum order). */
export const ATOMIC_RMW_KINDS = ['addf', 'addi', 'assign', 'maximumf', 'maxs', 'maxu', 'minimumf', 'mins', 'minu', 'mulf', 'muli', 'ori', 'andi', 'maxnumf', 'minnumf'] as const;

export const CmpIPredicateAttr = integerEnumConstraint(CMPI_PREDICATES, 64, `allowed 64-bit signless integer cases: ${casesList(CMPI_PREDICATES.length)}`, 'predicate');
export const CmpFPredicateAttr = integerEnumConstraint(CMPF_PREDICATES, 64, `allowed 64-bit signless integer cases: ${casesList(CMPF_PREDICATES.length)}`, 'predicate');
export const AtomicRMWKindAttr = integerEnumConstraint(ATOMIC_RMW_KINDS, 64, `allowed 64-bit signless integer cases: ${casesList(ATOMIC_RMW_KINDS.length)}`, 'kind');
export const RoundingModeAttr = integerEnumConstraint(ROUNDING_MODES, 32, 'Floating point rounding mode', 'roundingmode');

/** The `#arith.<mnemonic><...>` attribute syntax. */
export function parseArithAttribute(parser: Parser, mnemonic: string): Attribute {
  const offset = parser.offset;
  switch (mnemonic) {
    case 'fastmath':
      return FastMathFlagsAttr.get(parseBitEnumBody(parser, FASTMATH_FLAGS, false));
    case 'overflow':
      return IntegerOverflowFlagsAttr.get(parseBitEnumBody(parser, OVERFLOW_FLAGS, false));
  }
  throw parser.emitError(`unknown attribute \`${mnemonic}\` in dialect \`arith\``, offset);
}
