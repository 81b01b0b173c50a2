/**
 * Constant-folding helpers shared by the arith and math folders (MLIR's CommonFolders.h and
 * m_Constant matchers): elementwise folding over scalar attributes, splats and dense elements,
 * with integers as bigints of the element's width (index is 64-bit) and floats rounded exactly
 * to their type.
 */
import { DenseElementsAttr, FloatAttr, floatKindOf, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import { floatToBits, roundToKind, type FloatKind } from '../../core/ir/float-format.js';
import { FloatType, IntegerType, ShapedType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { PoisonAttr } from '../ub/attributes.js';

/** An element: a bigint for integers and index (signed view), a number for floats. */
export type Elem = bigint | number;

export function elementType(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t;
}

/** Bit width of an integer-like element type (index counts as 64 bits, as MLIR's IndexType storage). */
export function intWidth(t: Type): number {
  const e = elementType(t);
  return e instanceof IntegerType ? e.width : 64;
}

export const signed = (v: bigint, w: number): bigint => BigInt.asIntN(w, v);
export const unsigned = (v: bigint, w: number): bigint => BigInt.asUintN(w, v);

/** An element as stored in attributes of element type `t` (i1 is 0/1, other integers signed). */
export function canonElem(t: Type, v: Elem): Elem {
  // NaN payloads of computed results vary with the JS engine: use the canonical quiet NaN.
  if (t instanceof FloatType) return Number.isNaN(Number(v)) ? NaN : roundToKind(Number(v), floatKindOf(t));
  const w = intWidth(t);
  return w === 1 ? unsigned(BigInt(v), 1) : signed(BigInt(v), w);
}

/** The elements of a constant attribute: one value for a scalar or a splat, else all of them. */
interface Elements {
  readonly values: readonly Elem[];
  readonly splat: boolean;
  readonly shaped: boolean;
}

function elementsOf(a: Attribute | undefined): Elements | undefined {
  if (a instanceof IntegerAttr) return { values: [a.value], splat: true, shaped: false };
  if (a instanceof FloatAttr) return { values: [a.value], splat: true, shaped: false };
  if (a instanceof DenseElementsAttr) return { values: a.values, splat: a.isSplat, shaped: true };
  return undefined;
}

/** An attribute of type `type` holding `values` (one value for a scalar or a splat). */
export function makeConstant(type: Type, values: readonly Elem[]): Attribute {
  if (!(type instanceof ShapedType)) return makeScalar(type, values[0]!);
  const elem = type.elementType;
  return DenseElementsAttr.get(
    type,
    values.map((v) => canonElem(elem, v)),
  );
}

/** The integer or float attribute of scalar type `type` holding `value`. */
export function makeScalar(type: Type, value: Elem): Attribute {
  const canon = canonElem(type, value);
  return type instanceof FloatType ? FloatAttr.get(type, canon as number) : IntegerAttr.get(type, canon as bigint);
}

/** The value of a scalar integer or float attribute. */
function scalarOf(a: Attribute): Elem | undefined {
  return a instanceof IntegerAttr || a instanceof FloatAttr ? a.value : undefined;
}

/** The scalar (or splat) value of a constant attribute. */
export function splatValue(a: Attribute | undefined): Elem | undefined {
  // Checked directly (not through elementsOf): folders ask this of every constant operand.
  if (a instanceof IntegerAttr || a instanceof FloatAttr) return a.value;
  if (a instanceof DenseElementsAttr && a.isSplat) return a.values[0];
  return undefined;
}

/** The scalar or splat integer value of `a` (MLIR's m_ConstantInt). */
export function constInt(a: Attribute | undefined): bigint | undefined {
  const v = splatValue(a);
  return typeof v === 'bigint' ? v : undefined;
}

/** The scalar or splat float value of `a` (MLIR's m_ConstantFloat). */
export function constFloat(a: Attribute | undefined): number | undefined {
  const v = splatValue(a);
  return typeof v === 'number' ? v : undefined;
}

/** The constant integer (scalar or splat) an SSA value is defined by. */
export function constIntOfValue(v: Value): bigint | undefined {
  return constInt(constantValue(v));
}

export const isZeroInt = (a: Attribute | undefined): boolean => constInt(a) === 0n;
export const isOneInt = (a: Attribute | undefined, t: Type): boolean => {
  const v = constInt(a);
  return v !== undefined && unsigned(v, intWidth(t)) === 1n;
};
export const isAllOnes = (a: Attribute | undefined, t: Type): boolean => {
  const v = constInt(a);
  return v !== undefined && unsigned(v, intWidth(t)) === (1n << BigInt(intWidth(t))) - 1n;
};

/**
 * Fold `fn` elementwise over constant operands (MLIR's constFoldBinaryOp/constFoldUnaryOp and
 * friends): all scalars, all splats, or all dense elements of equal size. `fn` returns
 * undefined to refuse folding (e.g. division by zero), which refuses the whole fold.
 */
export function constFold(operands: readonly (Attribute | undefined)[], resultType: Type, fn: (...xs: Elem[]) => Elem | undefined): Attribute | undefined {
  // Most ops have a non-constant operand: refuse before building anything.
  if (operands.length === 0) return undefined;
  // A poison operand makes the result poison (MLIR 19's constFold*Op with ub::PoisonAttr).
  for (let i = 0; i < operands.length; i++) if (operands[i] instanceof PoisonAttr) return operands[i];
  for (let i = 0; i < operands.length; i++) if (operands[i] === undefined) return undefined;
  // Scalars, by far the most common, without element lists (folds come by the ten thousand).
  if (!(resultType instanceof ShapedType) && operands.length <= 3) return constFoldScalars(operands as readonly Attribute[], resultType, fn);
  const elems = operands.map(elementsOf);
  if (elems.some((e) => e === undefined)) return undefined;
  const all = elems as Elements[];
  const shaped = all[0]!.shaped;
  if (all.some((e) => e.shaped !== shaped) || shaped !== resultType instanceof ShapedType) return undefined;
  const splat = all.every((e) => e.splat);
  let count = 1;
  if (!splat) {
    count = (resultType as ShapedType).numElements;
    if (all.some((e) => !e.splat && e.values.length !== count)) return undefined;
  }
  const out: Elem[] = [];
  for (let i = 0; i < count; i++) {
    const r = fn(...all.map((e) => (e.splat ? e.values[0]! : e.values[i]!)));
    if (r === undefined) return undefined;
    out.push(r);
  }
  return makeConstant(resultType, out);
}

/** constFold's result for a scalar result type and 1-3 operands (any shaped operand refuses, as there). */
function constFoldScalars(operands: readonly Attribute[], resultType: Type, fn: (...xs: Elem[]) => Elem | undefined): Attribute | undefined {
  const a = scalarOf(operands[0]!);
  if (a === undefined) return undefined;
  let r: Elem | undefined;
  if (operands.length === 1) r = fn(a);
  else {
    const b = scalarOf(operands[1]!);
    if (b === undefined) return undefined;
    if (operands.length === 2) r = fn(a, b);
    else {
      const c = scalarOf(operands[2]!);
      if (c === undefined) return undefined;
      r = fn(a, b, c);
    }
  }
  return r === undefined ? undefined : makeScalar(resultType, r);
}

/** Same as constFold for a single operand. */
export function constFoldUnary(operand: Attribute | undefined, resultType: Type, fn: (x: Elem) => Elem | undefined): Attribute | undefined {
  return constFold([operand], resultType, fn);
}

// ---- floats -----------------------------------------------------------------------------------

export function floatKind(t: Type): FloatKind {
  return floatKindOf(elementType(t));
}

export function isNegZero(x: number): boolean {
  return Object.is(x, -0);
}

/** Sign bit of a float value, NaNs included as positive (JS numbers carry NaN's sign unreliably). */
export function signBit(x: number): boolean {
  return x < 0 || Object.is(x, -0);
}

const bitLength = (x: bigint): number => (x === 0n ? 0 : x.toString(2).length);

const FORMAT: Record<FloatKind, { precision: number; emin: number; emax: number }> = {
  f16: { precision: 11, emin: -14, emax: 15 },
  bf16: { precision: 8, emin: -126, emax: 127 },
  f32: { precision: 24, emin: -126, emax: 127 },
  f64: { precision: 53, emin: -1022, emax: 1023 },
};

/**
 * `m * 2^e` correctly rounded to `kind` (round to nearest, ties to even), as APFloat's
 * convertFromAPInt and fusedMultiplyAdd round. `m` is an exact bigint.
 */
export function roundScaled(m: bigint, e: number, kind: FloatKind): number {
  if (m === 0n) return 0;
  const negative = m < 0n;
  let a = negative ? -m : m;
  const f = FORMAT[kind];
  const top = bitLength(a) - 1 + e; // exponent of the leading bit
  const q = Math.max(top, f.emin) - (f.precision - 1); // exponent of the last kept bit
  if (q > e) {
    const shift = BigInt(q - e);
    const rest = a & ((1n << shift) - 1n);
    a >>= shift;
    const half = 1n << (shift - 1n);
    if (rest > half || (rest === half && (a & 1n) === 1n)) a += 1n;
  } else {
    a <<= BigInt(e - q);
  }
  let exp = q;
  if (a === 1n << BigInt(f.precision)) {
    a >>= 1n;
    exp += 1;
  }
  if (a !== 0n && bitLength(a) - 1 + exp > f.emax) return negative ? -Infinity : Infinity;
  // a < 2^53 and the result is representable: two exact steps (the power alone may underflow).
  const y = Number(a) * 2 ** Math.max(exp, -1000) * 2 ** Math.min(exp + 1000, 0);
  return negative ? -y : y;
}

/** A finite float as `m * 2^e` with an exact bigint `m`. */
export function decompose(x: number): { m: bigint; e: number } {
  const bits = floatToBits(x, 'f64');
  const exp = Number((bits >> 52n) & 0x7ffn);
  let m = bits & ((1n << 52n) - 1n);
  let e: number;
  if (exp === 0) e = -1074;
  else {
    m |= 1n << 52n;
    e = exp - 1075;
  }
  return { m: bits >> 63n ? -m : m, e };
}

/** Bits of `x` in `kind`, for bit casts. */
export function floatBits(x: number, kind: FloatKind): bigint {
  return floatToBits(x, kind);
}
