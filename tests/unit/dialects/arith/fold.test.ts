import { describe, expect, it } from 'vitest';
import { roundScaled } from '../../../../dialects/arith/fold-utils.js';

describe('exact integer-to-float rounding (sitofp/uitofp folds)', () => {
  it('rounds once, not through f64 (mlir-opt 19 folds 2^60+2^36+1 to 2^60+2^37 in f32)', () => {
    const v = (1n << 60n) + (1n << 36n) + 1n;
    expect(roundScaled(v, 0, 'f32')).toBe(2 ** 60 + 2 ** 37);
    expect(Math.fround(Number(v))).toBe(2 ** 60); // what double rounding would give
  });
  it('rounds ties to even and overflows to infinity', () => {
    expect(roundScaled(2049n, 0, 'f16')).toBe(2048);
    expect(roundScaled(2051n, 0, 'f16')).toBe(2052);
    expect(roundScaled(65520n, 0, 'f16')).toBe(Infinity);
    expect(roundScaled(-65519n, 0, 'f16')).toBe(-65504);
  });
  it('handles subnormal results of scaled values', () => {
    expect(roundScaled(3n, -1076, 'f64')).toBe(2 ** -1074); // 0.75 ulp rounds to one ulp
    expect(roundScaled(1n, -1075, 'f64')).toBe(0); // a tie rounds to even zero
  });
});
