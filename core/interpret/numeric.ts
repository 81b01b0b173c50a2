/**
 * Scalar representation and arithmetic helpers shared by all dialect semantics.
 *
 *   i1            boolean
 *   i2 .. i32     number, two's complement signed view (e.g. i8 255 is -1)
 *   i33 .. i64    bigint, signed view
 *   index         number (64-bit in MLIR; values must stay within +-2^53, else an error)
 *   f16/bf16/f32  number, rounded to the type after every operation
 *   f64           number
 */
import { FloatType, IndexType, IntegerType, type Type } from '../ir/types.js';
import { roundBF16, roundF16 } from './float16.js';

export type Scalar = number | bigint | boolean;

export type IntKind = 'bool' | 'small' | 'big' | 'index';

export interface IntFormat {
  readonly kind: IntKind;
  /** Bit width (64 for index). */
  readonly width: number;
}

const formats = new Map<Type, IntFormat>();

/** The representation of an integer-like type; throws for widths above 64. */
export function intFormat(t: Type): IntFormat {
  let f = formats.get(t);
  if (f) return f;
  if (t instanceof IndexType) f = { kind: 'index', width: 64 };
  else if (t instanceof IntegerType) {
    if (t.width > 64) throw new UnsupportedError(`integers wider than 64 bits (${t}) are not supported by the interpreter`);
    f = { kind: t.width === 1 ? 'bool' : t.width <= 32 ? 'small' : 'big', width: t.width };
  } else throw new UnsupportedError(`'${t}' is not an integer type`);
  formats.set(t, f);
  return f;
}

/** A limitation of the interpreter (as opposed to an error in the program). */
export class UnsupportedError extends Error {}

/** A program error detected by a helper that knows no location; the caller locates it. */
export class EvalError extends Error {}

export function wrapSmall(x: number, width: number): number {
  return width === 32 ? x | 0 : (x << (32 - width)) >> (32 - width);
}

function checkIndex(b: bigint): number {
  const n = Number(b);
  if (!Number.isSafeInteger(n)) throw new EvalError(`index value ${b} is outside the range the interpreter represents exactly (+-2^53)`);
  return n;
}

/** The signed (two's complement) view of an integer value as a bigint. */
export function toSigned(v: Scalar, f: IntFormat): bigint {
  switch (f.kind) {
    case 'bool':
      return v ? -1n : 0n;
    case 'big':
      return v as bigint;
    default:
      return BigInt(v as number);
  }
}

/** The unsigned view of an integer value as a bigint. */
export function toUnsigned(v: Scalar, f: IntFormat): bigint {
  if (f.kind === 'bool') return v ? 1n : 0n;
  return BigInt.asUintN(f.width, typeof v === 'bigint' ? v : BigInt(v as number));
}

/** The value of format `f` holding the low `width` bits of `b`. */
export function fromBig(b: bigint, f: IntFormat): Scalar {
  switch (f.kind) {
    case 'bool':
      return (b & 1n) === 1n;
    case 'small':
      return Number(BigInt.asIntN(f.width, b));
    case 'big':
      return BigInt.asIntN(f.width, b);
    case 'index':
      return checkIndex(BigInt.asIntN(64, b));
  }
}

/** An integer value of type `t` from a JS number or bigint (wrapping). */
export function intValue(t: Type, v: number | bigint | boolean): Scalar {
  const f = intFormat(t);
  if (typeof v === 'boolean') return fromBig(v ? 1n : 0n, f);
  if (f.kind === 'index' && typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (f.kind === 'small' && typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 53) return wrapSmall(v, f.width);
  return fromBig(typeof v === 'bigint' ? v : BigInt(v), f);
}

/** Index arithmetic on numbers, falling back to 64-bit wrapping when the result is not exact. */
export function indexAdd(a: number, b: number): number {
  const r = a + b;
  return Number.isSafeInteger(r) ? r : checkIndex(BigInt.asIntN(64, BigInt(a) + BigInt(b)));
}
export function indexSub(a: number, b: number): number {
  const r = a - b;
  return Number.isSafeInteger(r) ? r : checkIndex(BigInt.asIntN(64, BigInt(a) - BigInt(b)));
}
export function indexMul(a: number, b: number): number {
  const r = a * b;
  return Number.isSafeInteger(r) ? r : checkIndex(BigInt.asIntN(64, BigInt(a) * BigInt(b)));
}

/** The rounding function of a float type: values are kept rounded to their type. */
export function floatRounder(t: Type): (x: number) => number {
  if (!(t instanceof FloatType)) throw new UnsupportedError(`'${t}' is not a float type`);
  switch (t.kind) {
    case 'f64':
      return identity;
    case 'f32':
      return Math.fround;
    case 'f16':
      return roundF16;
    case 'bf16':
      return roundBF16;
    default:
      throw new UnsupportedError(`float type ${t} is not supported by the interpreter`);
  }
}

const identity = (x: number): number => x;

/** A number as a scalar of type `t` (rounded float, or wrapped integer). */
export function scalarOf(t: Type, v: number | bigint | boolean): Scalar {
  if (t instanceof FloatType) return floatRounder(t)(Number(v));
  return intValue(t, v);
}

/** A scalar as a JS number (booleans as 0/1, bigints converted). */
export function toNumber(v: Scalar): number {
  return typeof v === 'boolean' ? (v ? 1 : 0) : Number(v);
}
