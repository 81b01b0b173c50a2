import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../testing/random.js';
import {
  apFloatToString,
  bitsToFloat,
  decimalLiteralToBits,
  floatBitWidth,
  floatToBits,
  formatFloatBitsMLIR,
  formatFloatMLIR,
  hexLiteralToBits,
  parseFloatLiteral,
  parseHexFloatBits,
  roundToKind,
  type FloatKind,
} from '../../../../core/ir/float-format.js';

const KINDS: readonly FloatKind[] = ['f16', 'bf16', 'f32', 'f64'];

/** Deterministic PRNG, so failures are reproducible. */
const makeRng = mulberry32;

function randomBits(rng: () => number, width: number): bigint {
  let b = 0n;
  for (let i = 0; i < width; i += 16) b = (b << 16n) | BigInt(Math.floor(rng() * 65536));
  return b & ((1n << BigInt(width)) - 1n);
}

/** Independent of the module: f32 and bf16 patterns read back through a DataView. */
const dv = new DataView(new ArrayBuffer(8));
const f64Bits = (x: number): bigint => floatToBits(x, 'f64');
const f64FromBits = (b: bigint): number => bitsToFloat(b, 'f64');

/** Parses what the printer produced, the way MLIR's round-trip check does. */
function parsePrinted(text: string, kind: FloatKind): bigint {
  return text.startsWith('0x') ? hexLiteralToBits(text, kind) : decimalLiteralToBits(text, kind);
}

// Every expectation below is the output of `mlir-opt` (Debian LLVM 19.1.7) for
// `arith.constant <input> : <kind>`.
const MLIR_OUTPUTS: Readonly<Record<FloatKind, readonly (readonly [string, string])[]>> = {
  f32: [
    ['1.0', '1.000000e+00'],
    ['0.1', '1.000000e-01'],
    ['0.5', '5.000000e-01'],
    ['-2.5', '-2.500000e+00'],
    ['0.0', '0.000000e+00'],
    ['-0.0', '-0.000000e+00'],
    ['123456789.0', '0x4CEB79A3'],
    ['3.14159265358979', '3.14159274'],
    ['1.0e-7', '1.000000e-07'],
    ['16777216.0', '0x4B800000'],
    ['16777217.0', '0x4B800000'],
    ['3.4028235e38', '3.40282347E+38'],
    ['1.17549435e-38', '1.17549435E-38'],
    ['1.4e-45', '1.401300e-45'],
    ['1.0e10', '1.000000e+10'],
    ['100.0', '1.000000e+02'],
    ['1234567.0', '0x4996B438'],
    ['0.2', '2.000000e-01'],
    ['0.3', '3.000000e-01'],
    ['2.71828182845904', '2.71828175'],
    ['1.0e-40', '9.999940e-41'],
    ['65504.0', '6.550400e+04'],
    ['1.0e-5', '9.99999974E-6'],
    ['1000000.0', '1.000000e+06'],
    ['0.007', '7.000000e-03'],
    ['-1.0e-3', '-1.000000e-03'],
    ['0x7FC00000', '0x7FC00000'],
    ['0x7F800000', '0x7F800000'],
    ['0xFF800000', '0xFF800000'],
    ['0xFFC00000', '0xFFC00000'],
    ['0x7F800001', '0x7F800001'],
    ['0x7FC00001', '0x7FC00001'],
    ['0x00000001', '1.401300e-45'],
    ['0x80000001', '-1.401300e-45'],
    ['0x7F7FFFFF', '3.40282347E+38'],
    ['0x00800000', '1.17549435E-38'],
    ['0x3F800001', '1.00000012'],
    ['0x4B000001', '0x4B000001'],
  ],
  f64: [
    ['1.0', '1.000000e+00'],
    ['0.1', '1.000000e-01'],
    ['1.0e-7', '9.9999999999999995E-8'],
    ['0.30000000000000004', '0.30000000000000004'],
    ['3.14159265358979', '3.14159265358979'],
    ['1.0e300', '1.000000e+300'],
    ['-1.0e300', '-1.000000e+300'],
    ['4.9e-324', '4.940660e-324'],
    ['2.2250738585072014e-308', '2.2250738585072014E-308'],
    ['1.7976931348623157e308', '1.7976931348623157E+308'],
    ['123456789.0', '0x419D6F3454000000'],
    ['9007199254740993.0', '0x4340000000000000'],
    ['0.2', '2.000000e-01'],
    ['1.0e23', '9.9999999999999991E+22'],
    ['1.0e22', '1.000000e+22'],
    ['123456789012345678.0', '1.2345678901234568E+17'],
    ['2.718281828459045', '2.7182818284590451'],
    ['1.0e-6', '9.9999999999999995E-7'],
    ['1.0e-320', '9.999880e-321'],
    ['0.3', '3.000000e-01'],
    ['1234567.0', '0x4132D68700000000'],
    ['1.0e16', '1.000000e+16'],
    ['12345678901234567890.0', '1.2345678901234567E+19'],
    ['0x7FF8000000000000', '0x7FF8000000000000'],
    ['0x7FF0000000000000', '0x7FF0000000000000'],
    ['0xFFF0000000000000', '0xFFF0000000000000'],
    ['0xFFF8000000000000', '0xFFF8000000000000'],
    ['0x7FF0000000000001', '0x7FF0000000000001'],
    ['0x1', '4.940660e-324'],
    ['0x8000000000000001', '-4.940660e-324'],
    ['0x3FF0000000000001', '1.0000000000000002'],
    ['0x4340000000000001', '0x4340000000000001'],
    ['0x7FEFFFFFFFFFFFFF', '1.7976931348623157E+308'],
    ['0x10000000000000', '2.2250738585072014E-308'],
  ],
  f16: [
    ['1.0', '1.000000e+00'],
    ['0.1', '9.997550e-02'],
    ['65504.0', '6.550400e+04'],
    ['0.333', '3.330080e-01'],
    ['5.960464477539063e-8', '5.960460e-08'],
    ['6.103515625e-5', '6.103520e-05'],
    ['2048.0', '2.048000e+03'],
    ['2049.0', '2.048000e+03'],
    ['2050.0', '2.050000e+03'],
    ['1000.0', '1.000000e+03'],
    ['1024.0', '1.024000e+03'],
    ['3.140625', '3.140630e+00'],
    ['0.0', '0.000000e+00'],
    ['-0.0', '-0.000000e+00'],
    ['100000.0', '0x7C00'],
    ['-70000.0', '0xFC00'],
    ['1.5', '1.500000e+00'],
    ['11.0', '1.100000e+01'],
    ['12345.0', '1.234400e+04'],
    ['4097.0', '4.096000e+03'],
    ['0.5', '5.000000e-01'],
    ['-2.5', '-2.500000e+00'],
    ['1.0e-7', '1.192090e-07'],
    ['0x7C00', '0x7C00'],
    ['0xFC00', '0xFC00'],
    ['0x7E00', '0x7E00'],
    ['0xFE00', '0xFE00'],
    ['0x7C01', '0x7C01'],
    ['0x0001', '5.960460e-08'],
    ['0x8001', '-5.960460e-08'],
    ['0x03FF', '6.097560e-05'],
    ['0x7BFF', '6.550400e+04'],
    ['0x3C01', '1.000980e+00'],
    ['0x7FFF', '0x7FFF'],
  ],
  bf16: [
    ['1.0', '1.000000e+00'],
    ['0.1', '1.000980e-01'],
    ['3.0e38', '3.004060e+38'],
    ['3.3895313892515355e38', '3.389530e+38'],
    ['1.0e-40', '9.183550e-41'],
    ['255.0', '2.550000e+02'],
    ['256.0', '2.560000e+02'],
    ['257.0', '2.560000e+02'],
    ['1000.0', '1.000000e+03'],
    ['3.140625', '3.140630e+00'],
    ['0.0', '0.000000e+00'],
    ['-0.0', '-0.000000e+00'],
    ['1.0e39', '0x7F80'],
    ['12345.0', '1.235200e+04'],
    ['9.183549615799121e-41', '9.183550e-41'],
    ['1.17549435e-38', '1.175490e-38'],
    ['0.5', '5.000000e-01'],
    ['-2.5', '-2.500000e+00'],
    ['3.14159', '3.140630e+00'],
    ['0x7F80', '0x7F80'],
    ['0xFF80', '0xFF80'],
    ['0x7FC0', '0x7FC0'],
    ['0xFFC0', '0xFFC0'],
    ['0x7F81', '0x7F81'],
    ['0x0001', '9.183550e-41'],
    ['0x8001', '-9.183550e-41'],
    ['0x7F7F', '3.389530e+38'],
    ['0x3F81', '1.007810e+00'],
    ['0x4B81', '1.690830e+07'],
  ],
};

describe('formatFloatMLIR matches mlir-opt 19', () => {
  for (const kind of KINDS) {
    it.each(MLIR_OUTPUTS[kind])(`${kind}: %s prints as %s`, (input, expected) => {
      if (input.startsWith('0x')) {
        expect(formatFloatBitsMLIR(hexLiteralToBits(input, kind), kind)).toBe(expected);
        if (!Number.isNaN(parseHexFloatBits(input, kind))) {
          expect(formatFloatMLIR(parseHexFloatBits(input, kind), kind)).toBe(expected);
        }
      } else {
        expect(formatFloatMLIR(parseFloatLiteral(input, kind), kind)).toBe(expected);
      }
    });
  }

  it('formats JS numbers directly', () => {
    expect(formatFloatMLIR(1, 'f32')).toBe('1.000000e+00');
    expect(formatFloatMLIR(0.1 + 0.2, 'f64')).toBe('0.30000000000000004');
    expect(formatFloatMLIR(-0, 'f64')).toBe('-0.000000e+00');
    expect(formatFloatMLIR(123456789, 'f32')).toBe('0x4CEB79A3');
    expect(formatFloatMLIR(NaN, 'f16')).toBe('0x7E00');
    expect(formatFloatMLIR(NaN, 'bf16')).toBe('0x7FC0');
    expect(formatFloatMLIR(NaN, 'f32')).toBe('0x7FC00000');
    expect(formatFloatMLIR(NaN, 'f64')).toBe('0x7FF8000000000000');
    expect(formatFloatMLIR(Infinity, 'f16')).toBe('0x7C00');
    expect(formatFloatMLIR(-Infinity, 'bf16')).toBe('0xFF80');
    expect(formatFloatMLIR(Infinity, 'f32')).toBe('0x7F800000');
    expect(formatFloatMLIR(-Infinity, 'f32')).toBe('0xFF800000');
    expect(formatFloatMLIR(Infinity, 'f64')).toBe('0x7FF0000000000000');
    // The hex form is not zero-padded (APInt::toString).
    expect(formatFloatBitsMLIR(0x0001n, 'f16')).toBe('5.960460e-08');
    expect(formatFloatBitsMLIR(0x7c01n, 'f16')).toBe('0x7C01');
    expect(formatFloatBitsMLIR(0x0000000000000001n, 'f64')).toBe('4.940660e-324');
  });

  it('reproduces LLVM truncating (not rounding) the decimal expansion', () => {
    // f16(0.1) = 0.0999755859375: correctly rounded to 6 digits it would be 9.99756e-02.
    expect(parseFloatLiteral('0.1', 'f16')).toBe(0.0999755859375);
    expect(formatFloatMLIR(0.0999755859375, 'f16')).toBe('9.997550e-02');
    // 2^-1074 = 4.9406564...e-324.
    expect(formatFloatMLIR(5e-324, 'f64')).toBe('4.940660e-324');
  });
});

describe('apFloatToString (LLVM APFloat::toString)', () => {
  it('uses LLVM defaults: precision from the semantics, max padding 3, truncated zeros', () => {
    expect(apFloatToString(1, 'f32')).toBe('1');
    expect(apFloatToString(1000, 'f32')).toBe('1000');
    expect(apFloatToString(10000, 'f32')).toBe('1.0E+4');
    expect(apFloatToString(123456789, 'f32')).toBe('123456792');
    expect(apFloatToString(0.001, 'f64')).toBe('0.001');
    expect(apFloatToString(0.0001, 'f64')).toBe('1.0E-4');
    expect(apFloatToString(0.0625, 'f64')).toBe('0.0625');
    expect(apFloatToString(1e-7, 'f64')).toBe('9.9999999999999995E-8');
    expect(apFloatToString(0, 'f32')).toBe('0');
    expect(apFloatToString(-0, 'f32')).toBe('-0');
    expect(apFloatToString(Infinity, 'f32')).toBe('+Inf');
    expect(apFloatToString(-Infinity, 'f64')).toBe('-Inf');
    expect(apFloatToString(NaN, 'f16')).toBe('NaN');
  });

  it('prints the scientific form MLIR tries first', () => {
    expect(apFloatToString(1, 'f32', 6, 0, false)).toBe('1.000000e+00');
    expect(apFloatToString(0.5, 'f64', 6, 0, false)).toBe('5.000000e-01');
    expect(apFloatToString(-2.5, 'f64', 6, 0, false)).toBe('-2.500000e+00');
    expect(apFloatToString(0, 'f64', 6, 0, false)).toBe('0.000000e+00');
    expect(apFloatToString(-0, 'f64', 6, 0, false)).toBe('-0.000000e+00');
    expect(apFloatToString(1e300, 'f64', 6, 0, false)).toBe('1.000000e+300');
    // Round half up on the first dropped digit (carrying through nines)...
    expect(apFloatToString(1234564, 'f64', 6, 0, false)).toBe('1.234560e+06');
    expect(apFloatToString(1234565, 'f64', 6, 0, false)).toBe('1.234570e+06');
    expect(apFloatToString(1299995, 'f64', 6, 0, false)).toBe('1.300000e+06');
    // ...but only after whole digits were truncated away: 9.99999904632568359375 (f32).
    expect(apFloatToString(bitsToFloat(0x411fffffn, 'f32'), 'f32', 6, 0, false)).toBe('9.999990e+00');
  });
});

describe('bit casts', () => {
  it('knows the widths', () => {
    expect(KINDS.map(floatBitWidth)).toEqual([16, 16, 32, 64]);
  });

  it('gives the canonical NaN and infinity patterns', () => {
    expect(floatToBits(NaN, 'f16')).toBe(0x7e00n);
    expect(floatToBits(NaN, 'bf16')).toBe(0x7fc0n);
    expect(floatToBits(NaN, 'f32')).toBe(0x7fc00000n);
    expect(floatToBits(NaN, 'f64')).toBe(0x7ff8000000000000n);
    expect(floatToBits(Infinity, 'f16')).toBe(0x7c00n);
    expect(floatToBits(-Infinity, 'bf16')).toBe(0xff80n);
    expect(floatToBits(Infinity, 'f32')).toBe(0x7f800000n);
    expect(floatToBits(-Infinity, 'f64')).toBe(0xfff0000000000000n);
    expect(floatToBits(-0, 'f16')).toBe(0x8000n);
    expect(floatToBits(1, 'f16')).toBe(0x3c00n);
    expect(floatToBits(1, 'bf16')).toBe(0x3f80n);
    expect(floatToBits(65504, 'f16')).toBe(0x7bffn);
    expect(floatToBits(2 ** -24, 'f16')).toBe(0x0001n);
    expect(floatToBits(2 ** -133, 'bf16')).toBe(0x0001n);
    expect(floatToBits(0.1, 'f16')).toBe(0x2e66n);
    expect(floatToBits(0.1, 'bf16')).toBe(0x3dcdn);
  });

  it('rounds values that are not representable', () => {
    expect(floatToBits(65520, 'f16')).toBe(0x7c00n);
    expect(floatToBits(1 + 2 ** -11, 'f16')).toBe(0x3c00n);
    expect(floatToBits(1 + 3 * 2 ** -11, 'f16')).toBe(0x3c02n);
    expect(floatToBits(0.1, 'f32')).toBe(0x3dcccccdn);
  });

  it('keeps quiet NaN payloads and signs through JS numbers', () => {
    for (const [bits, kind] of [
      [0x7e01n, 'f16'],
      [0xfe00n, 'f16'],
      [0x7fc1n, 'bf16'],
      [0xffc0n, 'bf16'],
      [0x7fc00001n, 'f32'],
      [0xffc12345n, 'f32'],
      [0x7ff8000000000123n, 'f64'],
    ] as const) {
      expect(floatToBits(bitsToFloat(bits, kind), kind)).toBe(bits);
    }
  });

  it('never narrows a NaN into an infinity', () => {
    // Payload only in bits that f32/f16 drop (V8 may also quiet it on the way).
    const x = bitsToFloat(0x7ff0000000000001n, 'f64');
    expect(Number.isNaN(bitsToFloat(floatToBits(x, 'f32'), 'f32'))).toBe(true);
    expect(Number.isNaN(bitsToFloat(floatToBits(x, 'f16'), 'f16'))).toBe(true);
  });

  it('rejects patterns wider than the kind', () => {
    expect(() => bitsToFloat(0x10000n, 'f16')).toThrow(RangeError);
    expect(() => bitsToFloat(-1n, 'f32')).toThrow(RangeError);
  });

  it('decodes every f16 and bf16 pattern correctly', () => {
    const failures: string[] = [];
    for (let b = 0; b < 0x10000; b++) {
      const sign = b & 0x8000 ? -1 : 1;
      // f16 by the textbook formula (exact in doubles).
      const e = (b >> 10) & 0x1f;
      const f = b & 0x3ff;
      const half = e === 0x1f ? (f ? NaN : sign * Infinity) : e === 0 ? sign * f * 2 ** -24 : sign * (1 + f / 1024) * 2 ** (e - 15);
      // bf16 is the top half of an f32.
      dv.setUint32(0, b << 16);
      const brain = dv.getFloat32(0);
      if (!Object.is(bitsToFloat(BigInt(b), 'f16'), half)) failures.push(`f16 decode ${b}`);
      if (!Object.is(bitsToFloat(BigInt(b), 'bf16'), brain)) failures.push(`bf16 decode ${b}`);
      if (!Number.isNaN(half) && floatToBits(half, 'f16') !== BigInt(b)) failures.push(`f16 encode ${b}`);
      if (!Number.isNaN(brain) && floatToBits(brain, 'bf16') !== BigInt(b)) failures.push(`bf16 encode ${b}`);
    }
    expect(failures).toEqual([]);
  });

  it('round-trips random non-NaN f32 and f64 patterns', () => {
    const rng = makeRng(7);
    const failures: string[] = [];
    for (let i = 0; i < 20000; i++) {
      for (const kind of ['f32', 'f64'] as const) {
        const bits = randomBits(rng, floatBitWidth(kind));
        const x = bitsToFloat(bits, kind);
        if (Number.isNaN(x)) continue;
        if (kind === 'f32') {
          dv.setUint32(0, Number(bits));
          if (!Object.is(x, dv.getFloat32(0))) failures.push(`f32 decode 0x${bits.toString(16)}`);
        }
        if (floatToBits(x, kind) !== bits) failures.push(`${kind} encode 0x${bits.toString(16)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('roundToKind', () => {
  /** Every finite non-negative value of the kind in increasing order, plus 2^(emax+1) standing in for overflow. */
  function ladder(kind: 'f16' | 'bf16'): number[] {
    const out: number[] = [];
    const infBits = kind === 'f16' ? 0x7c00 : 0x7f80;
    for (let b = 0; b < infBits; b++) out.push(bitsToFloat(BigInt(b), kind));
    out.push(kind === 'f16' ? 2 ** 16 : 2 ** 128);
    return out;
  }

  /** x * 2^1074 as an exact integer. */
  function scaled(x: number): bigint {
    const bits = f64Bits(x) & 0x7fffffffffffffffn;
    const exp = Number(bits >> 52n);
    const frac = bits & ((1n << 52n) - 1n);
    return exp === 0 ? frac : (frac | (1n << 52n)) << BigInt(exp - 1);
  }

  /** Slow exact reference: nearest ladder value by exact integer distance, ties to the even pattern. */
  function referenceRound(x: number, values: readonly number[], scaledValues: readonly bigint[]): number {
    if (!Number.isFinite(x) || x === 0) return x;
    const a = scaled(Math.abs(x));
    let lo = 0;
    let hi = values.length - 1;
    if (a >= scaledValues[hi]!) return x < 0 ? -Infinity : Infinity;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (scaledValues[mid]! <= a) lo = mid;
      else hi = mid;
    }
    const dLo = a - scaledValues[lo]!;
    const dHi = scaledValues[hi]! - a;
    const pick = dLo < dHi ? lo : dHi < dLo ? hi : lo % 2 === 0 ? lo : hi;
    const y = pick === values.length - 1 ? Infinity : values[pick]!;
    return x < 0 ? -y : y;
  }

  for (const kind of ['f16', 'bf16'] as const) {
    it(`matches an exact reference for ${kind}`, () => {
      const values = ladder(kind);
      const scaledValues = values.map(scaled);
      const rng = makeRng(kind === 'f16' ? 1 : 2);
      const check = (x: number): void => {
        const got = roundToKind(x, kind);
        const want = referenceRound(x, values, scaledValues);
        if (!Object.is(got, want)) expect({ x, got }).toEqual({ x, got: want });
      };
      // Random doubles over (and beyond) the kind's range.
      const [lowExp, highExp] = kind === 'f16' ? [-30, 18] : [-140, 130];
      for (let i = 0; i < 20000; i++) {
        const x = (rng() < 0.5 ? -1 : 1) * (1 + rng()) * 2 ** (lowExp + Math.floor(rng() * (highExp - lowExp)));
        check(x);
      }
      // Exact midpoints between neighbours and the doubles right next to them.
      for (let i = 0; i < 5000; i++) {
        const k = Math.floor(rng() * (values.length - 1));
        const mid = (values[k]! + values[k + 1]!) / 2;
        const bits = f64Bits(mid);
        check(mid);
        check(f64FromBits(bits + 1n));
        if (mid > 0) check(f64FromBits(bits - 1n));
        check(-mid);
      }
      for (const x of [0, -0, NaN, Infinity, -Infinity, Number.MIN_VALUE, -Number.MIN_VALUE, Number.MAX_VALUE]) check(x);
    });
  }

  it('handles the f16 edges', () => {
    expect(roundToKind(65504, 'f16')).toBe(65504);
    expect(roundToKind(65519.99, 'f16')).toBe(65504);
    expect(roundToKind(65520, 'f16')).toBe(Infinity);
    expect(roundToKind(-65520, 'f16')).toBe(-Infinity);
    expect(roundToKind(2 ** -25, 'f16')).toBe(0);
    expect(Object.is(roundToKind(-(2 ** -25), 'f16'), -0)).toBe(true);
    expect(roundToKind(1.5 * 2 ** -25, 'f16')).toBe(2 ** -24);
    expect(roundToKind(2049, 'f16')).toBe(2048);
    expect(roundToKind(2051, 'f16')).toBe(2052);
    expect(Number.isNaN(roundToKind(NaN, 'f16'))).toBe(true);
  });

  it('is Math.fround for f32 and the identity for f64', () => {
    const rng = makeRng(3);
    for (let i = 0; i < 1000; i++) {
      const x = (rng() - 0.5) * 2 ** Math.floor(rng() * 300 - 150);
      expect(roundToKind(x, 'f32')).toBe(Math.fround(x));
      expect(roundToKind(x, 'f64')).toBe(x);
    }
  });

  it('matches bfloat16 as the top 16 bits of f32 with round-to-nearest-even', () => {
    const rng = makeRng(4);
    for (let i = 0; i < 20000; i++) {
      dv.setUint32(0, Math.floor(rng() * 2 ** 32));
      const x = dv.getFloat32(0);
      if (!Number.isFinite(x)) continue;
      const u = dv.getUint32(0);
      const rounded = u + 0x7fff + ((u >>> 16) & 1);
      dv.setUint32(0, (rounded >>> 16) << 16);
      expect(Object.is(roundToKind(x, 'bf16'), dv.getFloat32(0))).toBe(true);
    }
  });
});

/** Scientific (MLIR's or LLVM's), plain decimal, or hex. */
const PRINTED_FORM = /^(-?\d\.\d+(e[-+]\d{2,3}|E[-+]\d+)?|-?\d+\.\d+|0x[0-9A-F]+)$/;

describe('format/parse round trips', () => {
  for (const kind of KINDS) {
    it(`parses what it prints back to the same bits (${kind})`, () => {
      const width = floatBitWidth(kind);
      const rng = makeRng(width + (kind === 'bf16' ? 1 : 0));
      const patterns: bigint[] = [];
      if (width === 16) for (let b = 0; b < 0x10000; b++) patterns.push(BigInt(b));
      else for (let i = 0; i < 5000; i++) patterns.push(randomBits(rng, width));
      const failures: string[] = [];
      for (const bits of patterns) {
        const text = formatFloatBitsMLIR(bits, kind);
        if (!PRINTED_FORM.test(text)) failures.push(`0x${bits.toString(16)} printed as '${text}'`);
        else if (parsePrinted(text, kind) !== bits) failures.push(`0x${bits.toString(16)} -> '${text}' does not round-trip`);
        else if (!text.startsWith('0x') && !Object.is(parseFloatLiteral(text, kind), bitsToFloat(bits, kind))) {
          failures.push(`0x${bits.toString(16)} -> '${text}' parses to a different number`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('parseFloatLiteral', () => {
  it('parses MLIR decimal literals', () => {
    expect(parseFloatLiteral('1.0', 'f32')).toBe(1);
    expect(parseFloatLiteral('1.', 'f64')).toBe(1);
    expect(parseFloatLiteral('-2.5e-3', 'f64')).toBe(-0.0025);
    expect(parseFloatLiteral('+1.5E2', 'f64')).toBe(150);
    expect(parseFloatLiteral('0.1', 'f32')).toBe(Math.fround(0.1));
    expect(Object.is(parseFloatLiteral('-0.0', 'f16'), -0)).toBe(true);
    expect(parseFloatLiteral('65520.0', 'f16')).toBe(Infinity);
    expect(parseFloatLiteral('65519.99', 'f16')).toBe(65504);
    expect(parseFloatLiteral('1.0e400', 'f64')).toBe(Infinity);
    expect(parseFloatLiteral('-1.0e99999999999999999999', 'f32')).toBe(-Infinity);
    expect(Object.is(parseFloatLiteral('-1.0e-400', 'f64'), -0)).toBe(true);
    expect(parseFloatLiteral('2.4703282292062328e-324', 'f64')).toBe(5e-324);
    expect(parseFloatLiteral('2.4703282292062327e-324', 'f64')).toBe(0);
    expect(() => parseFloatLiteral('1.0.0', 'f32')).toThrow(/invalid floating point literal/);
    expect(() => parseFloatLiteral('inf', 'f32')).toThrow(/invalid floating point literal/);
    expect(() => parseFloatLiteral('', 'f32')).toThrow(/invalid floating point literal/);
  });

  it('rounds once, exactly, unlike a detour through f64', () => {
    // Just above the halfway point between f16 1.0 and 1.0009765625; as an f64 it *is* the
    // halfway point, which then ties to even. mlir-opt 19 prints 1.000000e+00 (it goes via f64).
    const text = '1.00048828125000000001';
    expect(parseFloatLiteral(text, 'f16')).toBe(1.0009765625);
    expect(parseFloatLiteral(text, 'f16', { viaF64: true })).toBe(1);
    // Same for f32, a hair above 1 + 2^-24.
    const f32Text = '1.00000005960464477539063328';
    expect(parseFloatLiteral(f32Text, 'f32')).toBe(1 + 2 ** -23);
    expect(parseFloatLiteral(f32Text, 'f32', { viaF64: true })).toBe(1);
  });

  it('agrees with Number() for f64', () => {
    const rng = makeRng(5);
    for (let i = 0; i < 5000; i++) {
      let digits = String(1 + Math.floor(rng() * 9));
      const n = 1 + Math.floor(rng() * 25);
      for (let j = 1; j < n; j++) digits += Math.floor(rng() * 10);
      const cut = 1 + Math.floor(rng() * digits.length);
      const text = `${digits.slice(0, cut)}.${digits.slice(cut)}e${Math.floor(rng() * 660) - 330}`;
      expect(parseFloatLiteral(text, 'f64')).toBe(Number(text));
    }
  });

  it('agrees with rounding the exact f64 value when that value is exact', () => {
    const rng = makeRng(6);
    for (let i = 0; i < 5000; i++) {
      const kind = KINDS[i % 4]!;
      const x = Math.floor(rng() * 2 ** 40) * 2 ** Math.floor(rng() * 80 - 60); // exact double
      expect(parseFloatLiteral(formatExact(x), kind)).toBe(roundToKind(x, kind));
    }
  });
});

/** Exact decimal expansion of a non-negative dyadic double, as a literal. */
function formatExact(x: number): string {
  let e = 0;
  while (!Number.isInteger(x)) {
    x *= 2;
    e += 1;
  }
  const s = (BigInt(x) * 5n ** BigInt(e)).toString().padStart(e + 1, '0');
  return `${s.slice(0, s.length - e)}.${s.slice(s.length - e)}`;
}

describe('parseHexFloatBits', () => {
  it('reinterprets the bits in the kind', () => {
    expect(Number.isNaN(parseHexFloatBits('0x7FC00000', 'f32'))).toBe(true);
    expect(parseHexFloatBits('0x7F800000', 'f32')).toBe(Infinity);
    expect(parseHexFloatBits('0x3C00', 'f16')).toBe(1);
    expect(parseHexFloatBits('0x3f80', 'bf16')).toBe(1);
    expect(parseHexFloatBits('0x3FF0000000000000', 'f64')).toBe(1);
    expect(parseHexFloatBits('0x0001', 'f16')).toBe(2 ** -24);
    expect(parseHexFloatBits('0x00003C00', 'f16')).toBe(1); // leading zeros don't count
    expect(hexLiteralToBits('0x7FC00001', 'f32')).toBe(0x7fc00001n);
  });

  it('rejects literals wider than the kind, like MLIR', () => {
    expect(() => parseHexFloatBits('0x10000', 'f16')).toThrow('hexadecimal float constant out of range for type');
    expect(() => parseHexFloatBits('0xffffffff', 'bf16')).toThrow(/out of range/);
    expect(() => parseHexFloatBits('0x1FFFFFFFF', 'f32')).toThrow(/out of range/);
    expect(() => parseHexFloatBits('0x10000000000000000', 'f64')).toThrow(/out of range/);
    expect(() => parseHexFloatBits('-0x3C00', 'f16')).toThrow(/leading minus/);
    expect(() => parseHexFloatBits('0x', 'f16')).toThrow(/invalid hexadecimal/);
    expect(() => parseHexFloatBits('3C00', 'f16')).toThrow(/invalid hexadecimal/);
  });
});

// Live cross-check against a local mlir-opt, when one is installed. The hard-coded table above is
// what the suite relies on; this only widens the sample.
const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-19/bin/mlir-opt';
const haveMlirOpt = existsSync(MLIR_OPT);
if (!haveMlirOpt) {
  console.warn(`[float-format.test] NOTICE: ${MLIR_OPT} not found; skipping the live mlir-opt cross-check (set MLIR_OPT to enable it).`);
}

describe.skipIf(!haveMlirOpt)(`live cross-check against ${MLIR_OPT}`, () => {
  function mlirPrint(kind: FloatKind, literals: readonly string[]): string[] {
    const src = `func.func @f() {\n${literals.map((l, i) => `  %c${i} = arith.constant ${l} : ${kind}\n`).join('')}  return\n}\n`;
    const out = execFileSync(MLIR_OPT, ['-'], { input: src, maxBuffer: 1 << 28 }).toString();
    return [...out.matchAll(/= arith\.constant (\S+) : /g)].map((m) => m[1]!);
  }

  for (const kind of KINDS) {
    it(`prints random ${kind} bit patterns like mlir-opt`, () => {
      const rng = makeRng(100 + floatBitWidth(kind));
      const patterns = Array.from({ length: 3000 }, () => randomBits(rng, floatBitWidth(kind)));
      const printed = mlirPrint(
        kind,
        patterns.map((b) => `0x${b.toString(16)}`),
      );
      expect(printed).toEqual(patterns.map((b) => formatFloatBitsMLIR(b, kind)));
    });

    it(`parses random ${kind} decimal literals like mlir-opt (viaF64)`, () => {
      const rng = makeRng(200 + floatBitWidth(kind));
      const literals = Array.from({ length: 2000 }, () => {
        let digits = String(1 + Math.floor(rng() * 9));
        const n = 1 + Math.floor(rng() * 20);
        for (let j = 1; j < n; j++) digits += Math.floor(rng() * 10);
        const span = kind === 'f16' ? 8 : kind === 'f64' ? 320 : 42;
        return `${digits[0]}.${digits.slice(1)}e${Math.floor(rng() * 2 * span) - span}`;
      });
      const printed = mlirPrint(kind, literals);
      expect(printed).toEqual(literals.map((l) => formatFloatBitsMLIR(decimalLiteralToBits(l, kind, { viaF64: true }), kind)));
    });
  }
});
