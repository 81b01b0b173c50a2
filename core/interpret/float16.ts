/**
 * Exact round-to-nearest-even conversions from JS numbers (f64) to the 16-bit float formats, and
 * their bit encodings. Values of these types are kept as JS numbers holding an exactly
 * representable value of the format.
 */

interface BinaryFormat {
  /** Explicit mantissa bits. */
  readonly mantissa: number;
  /** Exponent of the smallest normal number. */
  readonly minExp: number;
  /** Exponent of the largest finite number. */
  readonly maxExp: number;
}

const F16: BinaryFormat = { mantissa: 10, minExp: -14, maxExp: 15 };
const BF16: BinaryFormat = { mantissa: 7, minExp: -126, maxExp: 127 };

function roundHalfEven(r: number): number {
  const f = Math.floor(r);
  const d = r - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** The exponent e with 2^e <= a < 2^(e+1), for finite a > 0. */
function exponentOf(a: number): number {
  let e = Math.floor(Math.log2(a));
  // log2 may be off by one near powers of two.
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  return e;
}

function roundTo(x: number, f: BinaryFormat): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const a = Math.abs(x);
  const e = Math.max(exponentOf(a), f.minExp);
  const quantum = 2 ** (e - f.mantissa);
  const r = roundHalfEven(a / quantum) * quantum;
  const limit = 2 ** (f.maxExp + 1);
  const out = r >= limit ? Infinity : r;
  return x < 0 ? -out : out;
}

/** Round a number to the nearest f16 value (ties to even; overflow to infinity). */
export function roundF16(x: number): number {
  return roundTo(x, F16);
}

/** Round a number to the nearest bf16 value (ties to even; overflow to infinity). */
export function roundBF16(x: number): number {
  return roundTo(x, BF16);
}

function toBits(x: number, f: BinaryFormat, expBits: number): number {
  const sign = x < 0 || Object.is(x, -0) ? 1 << (f.mantissa + expBits) : 0;
  const expMask = (1 << expBits) - 1;
  if (Number.isNaN(x)) return (expMask << f.mantissa) | (1 << (f.mantissa - 1));
  const v = roundTo(Math.abs(x), f);
  if (v === Infinity) return sign | (expMask << f.mantissa);
  if (v === 0) return sign;
  const e = exponentOf(v);
  if (e < f.minExp) return sign | Math.round(v / 2 ** (f.minExp - f.mantissa));
  const bias = f.maxExp;
  const frac = Math.round((v / 2 ** e - 1) * 2 ** f.mantissa);
  return sign | ((e + bias) << f.mantissa) | frac;
}

function fromBits(bits: number, f: BinaryFormat, expBits: number): number {
  const sign = bits & (1 << (f.mantissa + expBits)) ? -1 : 1;
  const expMask = (1 << expBits) - 1;
  const e = (bits >> f.mantissa) & expMask;
  const frac = bits & ((1 << f.mantissa) - 1);
  if (e === expMask) return frac ? NaN : sign * Infinity;
  if (e === 0) return sign * frac * 2 ** (f.minExp - f.mantissa);
  return sign * (1 + frac / 2 ** f.mantissa) * 2 ** (e - f.maxExp);
}

export const f16ToBits = (x: number): number => toBits(x, F16, 5);
export const bitsToF16 = (b: number): number => fromBits(b, F16, 5);
export const bf16ToBits = (x: number): number => toBits(x, BF16, 8);
export const bitsToBF16 = (b: number): number => fromBits(b, BF16, 8);
