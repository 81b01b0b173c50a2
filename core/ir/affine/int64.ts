/**
 * 64-bit integer arithmetic for affine constants: affine expressions hold int64 values as `bigint`,
 * and these helpers wrap, range-check, divide and take remainders the way MLIR's int64 (C++)
 * arithmetic does, so that folding gives MLIR's results bit for bit.
 */

export const INT64_MIN = -(1n << 63n);
export const INT64_MAX = (1n << 63n) - 1n;

/** Wraps to int64 (two's complement), as C++ int64 arithmetic does in practice. */
export function wrap64(v: bigint): bigint {
  return BigInt.asIntN(64, v);
}

export function fitsInt64(v: bigint): boolean {
  return v >= INT64_MIN && v <= INT64_MAX;
}

/** Exact floor division (rhs != 0). */
export function floorDivBig(lhs: bigint, rhs: bigint): bigint {
  const q = lhs / rhs;
  if (lhs % rhs !== 0n && lhs < 0n !== rhs < 0n) return q - 1n;
  return q;
}

/** Exact ceiling division (rhs != 0). */
export function ceilDivBig(lhs: bigint, rhs: bigint): bigint {
  const q = lhs / rhs;
  if (lhs % rhs !== 0n && lhs < 0n === rhs < 0n) return q + 1n;
  return q;
}

/** Euclidean-style modulo for a positive rhs (result in [0, rhs)). */
export function modBig(lhs: bigint, rhs: bigint): bigint {
  const r = lhs % rhs;
  return r < 0n ? r + rhs : r;
}

export function gcd64(a: bigint, b: bigint): bigint {
  // llvm::GreatestCommonDivisor64 works on uint64_t; the int64 result is the
  // reinterpretation of that.
  let x = BigInt.asUintN(64, a);
  let y = BigInt.asUintN(64, b);
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return BigInt.asIntN(64, x);
}

export function toBigInt(v: number | bigint): bigint {
  if (typeof v === 'bigint') return v;
  if (!Number.isInteger(v)) throw new RangeError(`affine constant must be an integer, got ${v}`);
  return BigInt(v);
}
