import { describe, expect, it } from 'vitest';
import { bf16ToBits, bitsToBF16, bitsToF16, f16ToBits, roundBF16, roundF16 } from '../../../../core/interpret/float16.js';

describe('f16 rounding (round to nearest, ties to even)', () => {
  it('rounds to known values', () => {
    expect(roundF16(1 / 3)).toBe(0.333251953125);
    expect(roundF16(0.1)).toBe(0.0999755859375);
    expect(roundF16(65504)).toBe(65504);
    expect(roundF16(65519)).toBe(65504);
    expect(roundF16(-65520)).toBe(-Infinity); // a tie between 65504 and 2^16 goes to the even one: overflow
    expect(roundF16(1 + 2 ** -11)).toBe(1); // tie, to even
    expect(roundF16(1 + 3 * 2 ** -11)).toBe(1 + 2 ** -9); // tie, to even (upwards)
    expect(roundF16(2 ** -24)).toBe(2 ** -24); // smallest subnormal
    expect(roundF16(2 ** -25)).toBe(0); // tie with zero
    expect(roundF16(3 * 2 ** -25)).toBe(2 ** -23);
    expect(Object.is(roundF16(-1e-30), -0)).toBe(true);
    expect(roundF16(NaN)).toBeNaN();
  });
  it('encodes and decodes bits', () => {
    expect(f16ToBits(1)).toBe(0x3c00);
    expect(f16ToBits(-2)).toBe(0xc000);
    expect(f16ToBits(65504)).toBe(0x7bff);
    expect(f16ToBits(2 ** -24)).toBe(1);
    expect(f16ToBits(Infinity)).toBe(0x7c00);
    expect(f16ToBits(-0)).toBe(0x8000);
    expect(bitsToF16(0x3555)).toBe(0.333251953125);
    expect(bitsToF16(0x7e00)).toBeNaN();
  });
  it('round-trips every non-NaN bit pattern, and rounding keeps f16 values', () => {
    const bad: number[] = [];
    for (let b = 0; b < 0x10000; b++) {
      const x = bitsToF16(b);
      if (!Number.isNaN(x) && (f16ToBits(x) !== b || !Object.is(roundF16(x), x))) bad.push(b);
    }
    expect(bad).toEqual([]);
  });
});

describe('bf16 rounding', () => {
  it('rounds to known values', () => {
    expect(roundBF16(1 / 3)).toBe(0.333984375);
    expect(roundBF16(1 + 2 ** -8)).toBe(1); // tie, to even
    expect(roundBF16(1 + 3 * 2 ** -8)).toBe(1 + 2 ** -6);
    // Rounding through f32 first would give a tie and 1: rounding must be done once, from the exact value.
    expect(roundBF16(1 + 2 ** -8 + 2 ** -30)).toBe(1 + 2 ** -7);
    expect(roundBF16(3.4028234663852886e38)).toBe(Infinity);
    expect(roundBF16(2 ** -133)).toBe(2 ** -133); // smallest subnormal
  });
  it('encodes and decodes bits', () => {
    expect(bf16ToBits(1)).toBe(0x3f80);
    expect(bf16ToBits(-0.333984375)).toBe(0xbeab);
    for (let b = 0; b < 0x10000; b += 7) {
      const x = bitsToBF16(b);
      if (!Number.isNaN(x)) expect(bf16ToBits(x)).toBe(b);
    }
  });
});
