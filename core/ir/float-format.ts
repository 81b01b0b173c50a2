/**
 * Exact handling of the MLIR float types f16, bf16, f32 and f64: rounding, bit casts, literal
 * parsing, and printing exactly as MLIR 19's AsmPrinter (`printFloatValue`) does.
 *
 * Values travel as JS numbers (every value of these formats is exactly a double); bit patterns
 * travel as bigints. The `*Bits` variants exist because a JS number cannot carry every NaN
 * payload: V8 quiets signaling NaNs, so only quiet NaN payloads survive a number round trip.
 */

export type FloatKind = 'f16' | 'bf16' | 'f32' | 'f64';

interface FloatFormat {
  readonly kind: FloatKind;
  /** Storage width in bits. */
  readonly width: number;
  /** Significand bits including the implicit integer bit (LLVM's fltSemantics::precision). */
  readonly precision: number;
  readonly fracBits: number;
  readonly expBits: number;
  readonly bias: number;
  /** Unbiased exponent of the smallest normal value. */
  readonly emin: number;
  /** Unbiased exponent of the largest finite value. */
  readonly emax: number;
  readonly maxFinite: number;
}

const scratch = new DataView(new ArrayBuffer(8));

function f64ToBits(x: number): bigint {
  scratch.setFloat64(0, x);
  return scratch.getBigUint64(0);
}

function f64FromBits(bits: bigint): number {
  scratch.setBigUint64(0, bits);
  return scratch.getFloat64(0);
}

/** Unbiased binary exponent of a finite nonzero double; every double subnormal gives -1023. */
function f64Exponent(x: number): number {
  scratch.setFloat64(0, x);
  return ((scratch.getUint16(0) >> 4) & 0x7ff) - 1023;
}

/** 2^n built from its bit pattern, for n in the normal range [-1022, 1023]. */
function pow2(n: number): number {
  scratch.setUint32(0, (n + 1023) << 20);
  scratch.setUint32(4, 0);
  return scratch.getFloat64(0);
}

function makeFormat(kind: FloatKind, width: number, precision: number): FloatFormat {
  const fracBits = precision - 1;
  const expBits = width - precision;
  const bias = 2 ** (expBits - 1) - 1;
  return {
    kind,
    width,
    precision,
    fracBits,
    expBits,
    bias,
    emin: 1 - bias,
    emax: bias,
    maxFinite: (2 ** precision - 1) * pow2(bias - fracBits),
  };
}

const FORMATS: Readonly<Record<FloatKind, FloatFormat>> = {
  f16: makeFormat('f16', 16, 11),
  bf16: makeFormat('bf16', 16, 8),
  f32: makeFormat('f32', 32, 24),
  f64: makeFormat('f64', 64, 53),
};

function formatOf(kind: FloatKind): FloatFormat {
  const fmt = FORMATS[kind];
  if (fmt === undefined) throw new Error(`unsupported float kind '${String(kind)}'`);
  return fmt;
}

/** Storage width of `kind` in bits. */
export function floatBitWidth(kind: FloatKind): number {
  return formatOf(kind).width;
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

function countTrailingZeros(x: bigint): number {
  let n = 0;
  while ((x & 0xffffffffn) === 0n) {
    x >>= 32n;
    n += 32;
  }
  while ((x & 1n) === 0n) {
    x >>= 1n;
    n += 1;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Rounding and bit casts
// ---------------------------------------------------------------------------------------------

/**
 * Rounds a double to the nearest value of `kind` (round-to-nearest-even, overflow to ±Infinity,
 * gradual underflow, signed zeros and NaN kept).
 */
export function roundToKind(x: number, kind: FloatKind): number {
  if (kind === 'f64') return x;
  if (kind === 'f32') return Math.fround(x);
  if (!Number.isFinite(x) || x === 0) return x;
  const fmt = formatOf(kind);
  const a = Math.abs(x);
  // Spacing of the kind's values around `a`; it stays a normal double for f16/bf16, so the
  // scaling below is exact and the rounding happens only in the explicit tie-breaking step.
  const quantum = pow2(Math.max(f64Exponent(a), fmt.emin) - fmt.fracBits);
  const scaled = a / quantum;
  let n = Math.floor(scaled);
  const rest = scaled - n;
  if (rest > 0.5 || (rest === 0.5 && n % 2 === 1)) n += 1;
  const y = n * quantum > fmt.maxFinite ? Infinity : n * quantum;
  return x < 0 ? -y : y;
}

function signBitOf(fmt: FloatFormat): bigint {
  return 1n << BigInt(fmt.width - 1);
}

function infBits(fmt: FloatFormat): bigint {
  return ((1n << BigInt(fmt.expBits)) - 1n) << BigInt(fmt.fracBits);
}

/** Narrows the f64 bit pattern of a value representable in `fmt` (NaN: keeps the top payload bits). */
function narrowF64Bits(b: bigint, fmt: FloatFormat): bigint {
  const sign = (b >> 63n) << BigInt(fmt.width - 1);
  const exp = Number((b >> 52n) & 0x7ffn);
  const frac = b & ((1n << 52n) - 1n);
  const shift = BigInt(52 - fmt.fracBits);
  if (exp === 0x7ff) {
    let f = frac >> shift;
    // A payload that lives only in the dropped low bits must not turn the NaN into an infinity.
    if (frac !== 0n && f === 0n) f = 1n << BigInt(fmt.fracBits - 1);
    return sign | infBits(fmt) | f;
  }
  if (exp === 0 && frac === 0n) return sign;
  // Every nonzero f16/bf16/f32 value is a normal double.
  const e = exp - 1023;
  if (e >= fmt.emin) return sign | (BigInt(e + fmt.bias) << BigInt(fmt.fracBits)) | (frac >> shift);
  const sig = frac | (1n << 52n);
  return sign | (sig >> BigInt(fmt.emin - fmt.fracBits - (e - 52)));
}

/** Widens a bit pattern of `fmt` to the f64 bit pattern of the same value (NaN payload kept). */
function widenToF64Bits(bits: bigint, fmt: FloatFormat): bigint {
  const fracBits = BigInt(fmt.fracBits);
  const sign = (bits >> BigInt(fmt.width - 1)) & 1n;
  const expMask = (1 << fmt.expBits) - 1;
  const exp = Number((bits >> fracBits) & BigInt(expMask));
  const frac = bits & ((1n << fracBits) - 1n);
  const shift = BigInt(52 - fmt.fracBits);
  let e64: number;
  let f64: bigint;
  if (exp === expMask) {
    e64 = 0x7ff;
    f64 = frac << shift;
  } else if (exp !== 0) {
    e64 = exp - fmt.bias + 1023;
    f64 = frac << shift;
  } else if (frac === 0n) {
    e64 = 0;
    f64 = 0n;
  } else {
    // Subnormal in `fmt`, normal in f64: value = frac * 2^(emin - fracBits).
    const top = bitLength(frac) - 1;
    e64 = top + fmt.emin - fmt.fracBits + 1023;
    f64 = (frac - (1n << BigInt(top))) << BigInt(52 - top);
  }
  return (sign << 63n) | (BigInt(e64) << 52n) | f64;
}

function checkBits(bits: bigint, fmt: FloatFormat): void {
  if (bits < 0n || bits >> BigInt(fmt.width) !== 0n) {
    throw new RangeError(`bit pattern 0x${bits.toString(16)} does not fit in ${fmt.kind} (${fmt.width} bits)`);
  }
}

/**
 * The bit pattern of `x` in `kind` (`x` is first rounded to `kind` if needed). NaN payloads are
 * carried over as far as they fit (top payload bits); JS's canonical NaN gives 0x7E00 (f16),
 * 0x7FC0 (bf16), 0x7FC00000 (f32) and 0x7FF8000000000000 (f64).
 */
export function floatToBits(x: number, kind: FloatKind): bigint {
  const fmt = formatOf(kind);
  if (kind === 'f64') return f64ToBits(x);
  return narrowF64Bits(f64ToBits(Number.isNaN(x) ? x : roundToKind(x, kind)), fmt);
}

/** The value of the bit pattern `bits` of `kind` (the pattern must fit in the kind's width). */
export function bitsToFloat(bits: bigint, kind: FloatKind): number {
  const fmt = formatOf(kind);
  checkBits(bits, fmt);
  return f64FromBits(kind === 'f64' ? bits : widenToF64Bits(bits, fmt));
}

// ---------------------------------------------------------------------------------------------
// Literal parsing
// ---------------------------------------------------------------------------------------------

/** Rounds num/den (both > 0) to `fmt` with round-to-nearest-even; returns the bit pattern. */
function roundRational(num: bigint, den: bigint, fmt: FloatFormat): bigint {
  // e = floor(log2(num / den)).
  let e = bitLength(num) - bitLength(den);
  if (e >= 0 ? num < den << BigInt(e) : num << BigInt(-e) < den) e -= 1;
  let qe = Math.max(e, fmt.emin) - fmt.fracBits;
  let n = num;
  let d = den;
  if (qe >= 0) d <<= BigInt(qe);
  else n <<= BigInt(-qe);
  let q = n / d;
  const twiceRest = (n % d) * 2n;
  if (twiceRest > d || (twiceRest === d && (q & 1n) === 1n)) q += 1n;
  if (q === 0n) return 0n;
  if (q === 1n << BigInt(fmt.precision)) {
    q >>= 1n;
    qe += 1;
  }
  const fracBits = BigInt(fmt.fracBits);
  if (q < 1n << fracBits) return q; // subnormal (qe is emin - fracBits here)
  const expField = qe + fmt.fracBits + fmt.bias;
  if (expField >= (1 << fmt.expBits) - 1) return infBits(fmt);
  return (BigInt(expField) << fracBits) | (q - (1n << fracBits));
}

const DECIMAL_LITERAL = /^([-+]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([-+]?\d+))?$/;

export interface ParseFloatOptions {
  /**
   * Emulate mlir-opt 19's own literal parser, which reads the literal as an f64
   * (`Token::getFloatingPointValue`) and then converts that to the target type, i.e. rounds
   * twice. The default is a single correctly rounded conversion, which is what
   * `APFloat(semantics, string)` computes (and what the printer's round-trip check uses).
   * The two differ only for literals extremely close to a halfway point of the target kind.
   */
  readonly viaF64?: boolean;
}

/**
 * Bit pattern of the decimal literal `text` (`[-+]?[0-9]+[.][0-9]*([eE][-+]?[0-9]+)?`, also
 * accepted: no '.', or a leading '.') rounded to `kind`. Out-of-range magnitudes become
 * ±Infinity or ±0 per round-to-nearest-even.
 */
export function decimalLiteralToBits(text: string, kind: FloatKind, options: ParseFloatOptions = {}): bigint {
  const fmt = formatOf(kind);
  if (options.viaF64 && kind !== 'f64') {
    return floatToBits(bitsToFloat(decimalLiteralToBits(text, 'f64'), 'f64'), kind);
  }
  const m = DECIMAL_LITERAL.exec(text);
  if (m === null) throw new Error(`invalid floating point literal '${text}'`);
  const sign = m[1] === '-' ? signBitOf(fmt) : 0n;
  const intPart = m[2] ?? '';
  const fracPart = m[3] ?? m[4] ?? '';
  const digits = BigInt(intPart + fracPart);
  if (digits === 0n) return sign;
  // A huge written exponent parses to ±Infinity, which the range checks below handle.
  const exp10 = Number(m[5] ?? '0') - fracPart.length;
  const nDigits = digits.toString().length;
  // |value| >= 10^311 overflows every kind; |value| < 10^-340 is below half the f64 minimum.
  if (nDigits - 1 + exp10 > 310) return sign | infBits(fmt);
  if (nDigits + exp10 < -340) return sign;
  const num = exp10 >= 0 ? digits * 10n ** BigInt(exp10) : digits;
  const den = exp10 >= 0 ? 1n : 10n ** BigInt(-exp10);
  return sign | roundRational(num, den, fmt);
}

/** Value of the decimal literal `text` correctly rounded to `kind` (see `decimalLiteralToBits`). */
export function parseFloatLiteral(text: string, kind: FloatKind, options: ParseFloatOptions = {}): number {
  return bitsToFloat(decimalLiteralToBits(text, kind, options), kind);
}

/**
 * Bit pattern given by MLIR's hexadecimal float form (`0x7FC00000 : f32`). Like MLIR, rejects
 * a literal with more significant bits than the kind's width and a leading minus.
 */
export function hexLiteralToBits(text: string, kind: FloatKind): bigint {
  const fmt = formatOf(kind);
  if (text.startsWith('-')) {
    throw new Error(`hexadecimal float literal should not have a leading minus: '${text}'`);
  }
  if (!/^0x[0-9a-fA-F]+$/.test(text)) throw new Error(`invalid hexadecimal float literal '${text}'`);
  const bits = BigInt(text);
  if (bitLength(bits) > fmt.width) {
    throw new Error('hexadecimal float constant out of range for type');
  }
  return bits;
}

/** Value of MLIR's hexadecimal float form in `kind` (see `hexLiteralToBits`). */
export function parseHexFloatBits(text: string, kind: FloatKind): number {
  return bitsToFloat(hexLiteralToBits(text, kind), kind);
}

// ---------------------------------------------------------------------------------------------
// Printing: a port of LLVM's IEEEFloat::toString and MLIR's printFloatValue
// ---------------------------------------------------------------------------------------------

/**
 * LLVM's `APFloat::toString(Str, FormatPrecision, FormatMaxPadding, TruncateZero)` for the value
 * `x` (rounded to `kind` first). Defaults are LLVM's: 0 (the semantics' round-trip digit count),
 * 3 and true. Infinities print as "+Inf"/"-Inf" and NaN as "NaN", as in LLVM.
 */
export function apFloatToString(x: number, kind: FloatKind, formatPrecision = 0, formatMaxPadding = 3, truncateZero = true): string {
  return apFloatBitsToString(floatToBits(x, kind), kind, formatPrecision, formatMaxPadding, truncateZero);
}

function apFloatBitsToString(bits: bigint, kind: FloatKind, formatPrecision: number, formatMaxPadding: number, truncateZero: boolean): string {
  const fmt = formatOf(kind);
  checkBits(bits, fmt);
  const negative = bits >> BigInt(fmt.width - 1) !== 0n;
  const expMask = (1 << fmt.expBits) - 1;
  const expField = Number((bits >> BigInt(fmt.fracBits)) & BigInt(expMask));
  const frac = bits & ((1n << BigInt(fmt.fracBits)) - 1n);

  if (expField === expMask) {
    if (frac !== 0n) return 'NaN';
    return negative ? '-Inf' : '+Inf';
  }
  if (expField === 0 && frac === 0n) {
    let s = negative ? '-' : '';
    if (formatMaxPadding !== 0) return s + '0';
    if (truncateZero) return s + '0.0E+0';
    s += '0.0';
    if (formatPrecision > 1) s += '0'.repeat(formatPrecision - 1);
    return s + 'e+00';
  }
  // value = significand * 2^exp, as LLVM decomposes it (denormals use emin).
  const significand = expField === 0 ? frac : frac | (1n << BigInt(fmt.fracBits));
  const exp = (expField === 0 ? fmt.emin : expField - fmt.bias) - fmt.fracBits;
  return toStringImpl(negative, exp, significand, fmt.precision, formatPrecision, formatMaxPadding, truncateZero);
}

/**
 * Port of LLVM's `toStringImpl`. Note that it is not a correctly rounded decimal conversion:
 * the binary-to-decimal step first *truncates* away whole decimal digits beyond what the
 * precision needs (`AdjustToPrecision` on the integer), and only then rounds the remaining
 * digit string half-up on a single digit. MLIR's output depends on exactly this behaviour
 * (e.g. f16 0.0999755859375 prints as 9.997550e-02, not 9.997560e-02).
 */
function toStringImpl(negative: boolean, exp: number, significand: bigint, semanticsPrecision: number, formatPrecision: number, formatMaxPadding: number, truncateZero: boolean): string {
  let out = negative ? '-' : '';

  // Enough digits to round-trip (Steele & White); 59/196 is just under log10(2).
  if (formatPrecision === 0) formatPrecision = 2 + Math.floor((semanticsPrecision * 59) / 196);

  const trailingZeros = countTrailingZeros(significand);
  exp += trailingZeros;
  significand >>= BigInt(trailingZeros);

  // Change the exponent base from 2 to 10: N * 2^-e == N * 5^e * 10^-e.
  if (exp > 0) {
    significand <<= BigInt(exp);
    exp = 0;
  } else if (exp < 0) {
    significand *= 5n ** BigInt(-exp);
  }

  // AdjustToPrecision on the integer: truncating division by a power of ten.
  const bits = bitLength(significand);
  const bitsRequired = Math.floor((formatPrecision * 196 + 58) / 59);
  if (bits > bitsRequired) {
    const tensRemovable = Math.floor(((bits - bitsRequired) * 59) / 196);
    if (tensRemovable > 0) {
      exp += tensRemovable;
      significand /= 10n ** BigInt(tensRemovable);
    }
  }

  // Decimal digits, most significant first, trailing zeros folded into the exponent.
  let digits = significand.toString();
  let end = digits.length;
  while (digits[end - 1] === '0') end--;
  exp += digits.length - end;
  digits = digits.slice(0, end);

  // AdjustToPrecision on the digits: round half up, decided by the first dropped digit only.
  if (digits.length > formatPrecision) {
    const n = digits.length;
    if (digits[formatPrecision]! < '5') {
      let keep = formatPrecision;
      while (digits[keep - 1] === '0') keep--;
      exp += n - keep;
      digits = digits.slice(0, keep);
    } else {
      let i = formatPrecision - 1;
      while (i >= 0 && digits[i] === '9') i--;
      if (i < 0) {
        exp += n;
        digits = '1';
      } else {
        exp += n - (i + 1);
        digits = digits.slice(0, i) + String.fromCharCode(digits.charCodeAt(i) + 1);
      }
    }
  }

  const nDigits = digits.length;
  let scientific: boolean;
  if (formatMaxPadding === 0) {
    scientific = true;
  } else if (exp >= 0) {
    // Don't pad with zeros beyond the precision: that would look more precise than it is.
    scientific = exp > formatMaxPadding || nDigits + exp > formatPrecision;
  } else {
    const msd = exp + nDigits - 1; // power of ten of the most significant digit
    scientific = msd >= 0 ? false : -msd > formatMaxPadding;
  }

  if (scientific) {
    exp += nDigits - 1;
    out += digits[0] + '.';
    out += nDigits === 1 && truncateZero ? '0' : digits.slice(1);
    if (!truncateZero && formatPrecision > nDigits - 1) out += '0'.repeat(formatPrecision - nDigits + 1);
    out += truncateZero ? 'E' : 'e';
    out += exp >= 0 ? '+' : '-';
    let expDigits = String(Math.abs(exp));
    if (!truncateZero && expDigits.length < 2) expDigits = '0' + expDigits;
    return out + expDigits;
  }
  if (exp >= 0) return out + digits + '0'.repeat(exp);
  const wholeDigits = exp + nDigits;
  if (wholeDigits > 0) return out + digits.slice(0, wholeDigits) + '.' + digits.slice(wholeDigits);
  return out + '0.' + '0'.repeat(-wholeDigits) + digits;
}

/** `APInt::toString(Radix=16, Signed=false, formatAsCLiteral=true)`: "0x", uppercase, unpadded. */
function hexCLiteral(bits: bigint): string {
  return '0x' + bits.toString(16).toUpperCase();
}

/**
 * What MLIR 19 prints for a float attribute of `kind` with bit pattern `bits`
 * (AsmPrinter's `printFloatValue`):
 *  1. scientific with 6 digits after the point, if it parses back to the same bits;
 *  2. else LLVM's shortest-round-trip default format, if it contains a '.';
 *  3. else (and for infinities and NaNs) the bit pattern as a hex C literal.
 */
export function formatFloatBitsMLIR(bits: bigint, kind: FloatKind): string {
  const fmt = formatOf(kind);
  checkBits(bits, fmt);
  const expMask = BigInt((1 << fmt.expBits) - 1);
  if (((bits >> BigInt(fmt.fracBits)) & expMask) !== expMask) {
    const sci = apFloatBitsToString(bits, kind, 6, 0, false);
    if (decimalLiteralToBits(sci, kind) === bits) return sci;
    const plain = apFloatBitsToString(bits, kind, 0, 3, true);
    if (plain.includes('.')) return plain;
  }
  return hexCLiteral(bits);
}

/** What MLIR 19 prints for a float attribute of `kind` holding `x` (rounded to `kind` first). */
export function formatFloatMLIR(x: number, kind: FloatKind): string {
  return formatFloatBitsMLIR(floatToBits(x, kind), kind);
}
