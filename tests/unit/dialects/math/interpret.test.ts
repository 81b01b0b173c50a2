import { describe, expect, it } from 'vitest';
import { run } from '../../core/interpret/helpers.js';
import type { RtValue } from '../../../../core/interpret/values.js';

function un(op: string, type: string, a: RtValue): RtValue {
  return run(`func.func @f(%a: ${type}) -> ${type} {\n  %r = math.${op} %a : ${type}\n  return %r : ${type}\n}`, 'f', [a])[0]!;
}

describe('math semantics', () => {
  it('computes and rounds to the type', () => {
    expect(un('sqrt', 'f32', 2)).toBe(Math.fround(Math.SQRT2));
    expect(un('sqrt', 'f16', 2)).toBe(1.4140625);
    expect(un('exp', 'f64', 1)).toBe(Math.E);
    expect(un('erf', 'f64', 1)).toBeCloseTo(0.8427007929497149, 14);
    expect(un('erf', 'f64', -3)).toBeCloseTo(-0.9999779095030014, 14);
    expect(un('erf', 'f64', 0.5)).toBeCloseTo(0.5204998778130465, 14);
    expect(un('round', 'f32', -2.5)).toBe(-3);
    expect(un('roundeven', 'f32', 2.5)).toBe(2);
    expect(un('roundeven', 'f32', 3.5)).toBe(4);
    expect(un('trunc', 'f32', -2.7)).toBe(-2);
    expect(un('rsqrt', 'f32', 4)).toBe(0.5);
  });
  it('integer ops', () => {
    expect(un('ctlz', 'i32', 1)).toBe(31);
    expect(un('cttz', 'i32', 8)).toBe(3);
    expect(un('ctpop', 'i8', -1)).toBe(8);
    expect(un('absi', 'i8', -128)).toBe(-128);
    expect(un('absi', 'i64', -5n)).toBe(5n);
    const ipowi = run(`func.func @f(%a: i32, %b: i32) -> i32 {\n  %r = math.ipowi %a, %b : i32\n  return %r : i32\n}`, 'f', [3, 5])[0];
    expect(ipowi).toBe(243);
  });
});
