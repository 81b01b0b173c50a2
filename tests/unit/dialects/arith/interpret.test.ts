import { describe, expect, it } from 'vitest';
import { errorOf, run } from '../../core/interpret/helpers.js';
import type { RtValue } from '../../../../core/interpret/values.js';
import type { ShapedValue } from '../../../../core/interpret/values.js';

/** Runs `%r = arith.<op> %a, %b : <type>` on the arguments. */
function bin(op: string, type: string, a: RtValue, b: RtValue): RtValue {
  const text = `func.func @f(%a: ${type}, %b: ${type}) -> ${type} {\n  %r = arith.${op} %a, %b : ${type}\n  return %r : ${type}\n}`;
  return run(text, 'f', [a, b])[0]!;
}

function cast(op: string, from: string, to: string, a: RtValue): RtValue {
  const text = `func.func @f(%a: ${from}) -> ${to} {\n  %r = arith.${op} %a : ${from} to ${to}\n  return %r : ${to}\n}`;
  return run(text, 'f', [a])[0]!;
}

describe('integer arithmetic wraps to the type width', () => {
  it('i8', () => {
    expect(bin('addi', 'i8', 127, 1)).toBe(-128);
    expect(bin('subi', 'i8', -128, 1)).toBe(127);
    expect(bin('muli', 'i8', 16, 16)).toBe(0);
    expect(bin('muli', 'i8', -3, 100)).toBe(-44); // -300 mod 256
    expect(bin('xori', 'i8', -1, 0x0f)).toBe(-16);
    expect(bin('shli', 'i8', 1, 7)).toBe(-128);
  });
  it('i32', () => {
    expect(bin('addi', 'i32', 2147483647, 1)).toBe(-2147483648);
    expect(bin('muli', 'i32', 65536, 65536)).toBe(0);
    expect(bin('muli', 'i32', 123456789, 987654321)).toBe(Number(BigInt.asIntN(32, 123456789n * 987654321n)));
  });
  it('i64 (bigint)', () => {
    expect(bin('addi', 'i64', 2n ** 63n - 1n, 1n)).toBe(-(2n ** 63n));
    expect(bin('muli', 'i64', 2n ** 62n, 4n)).toBe(0n);
    expect(bin('divui', 'i64', -1n, 2n)).toBe(2n ** 63n - 1n);
    expect(bin('shrui', 'i64', -1n, 60n)).toBe(15n);
    expect(bin('shrsi', 'i64', -16n, 2n)).toBe(-4n);
  });
  it('index wraps at 64 bits but must stay exactly representable', () => {
    expect(bin('addi', 'index', 2 ** 52, 2 ** 52 - 1)).toBe(2 ** 53 - 1);
    expect(errorOf(() => bin('muli', 'index', 2 ** 40, 2 ** 20))).toMatch(/'arith.muli' op index value 1152921504606846976 is outside the range/);
  });
});

describe('signed and unsigned interpretations', () => {
  it('divides, shifts and compares by the op signedness', () => {
    expect(bin('divsi', 'i8', -7, 2)).toBe(-3);
    expect(bin('divui', 'i8', -7, 2)).toBe(124); // 249 / 2
    expect(bin('remsi', 'i8', -7, 2)).toBe(-1);
    expect(bin('remui', 'i8', -1, 10)).toBe(5); // 255 % 10
    expect(bin('ceildivsi', 'i8', 7, -2)).toBe(-3);
    expect(bin('floordivsi', 'i8', 7, -2)).toBe(-4);
    expect(bin('ceildivui', 'i8', 7, 2)).toBe(4);
    expect(bin('shrsi', 'i8', -128, 1)).toBe(-64);
    expect(bin('shrui', 'i8', -128, 1)).toBe(64);
    expect(bin('maxsi', 'i8', -1, 1)).toBe(1);
    expect(bin('maxui', 'i8', -1, 1)).toBe(-1);
    expect(bin('minui', 'i32', -1, 5)).toBe(5);
    expect(bin('minsi', 'i64', -1n, 5n)).toBe(-1n);
  });
  it('divides unsigned the same on numbers as on their bigint views (index, i32; the dividend 0, large, or negative)', () => {
    const big = { divui: (x: bigint, y: bigint) => x / y, remui: (x: bigint, y: bigint) => x % y, ceildivui: (x: bigint, y: bigint) => (x + y - 1n) / y };
    const cases: [string, number, number][] = [
      ['index', 0, 7],
      ['index', 2 ** 53 - 1, 3],
      ['index', 2 ** 53 - 2, 2 ** 53 - 1],
      ['index', 1000, 1],
      ['i32', 2 ** 31 - 1, 2 ** 31 - 2],
      ['i32', -5, 3],
      ['i32', 6, -1],
    ];
    for (const [type, a, b] of cases)
      for (const [op, f] of Object.entries(big)) {
        const width = type === 'i32' ? 32 : 64;
        const [x, y] = [BigInt.asUintN(width, BigInt(a)), BigInt.asUintN(width, BigInt(b))];
        expect(bin(op, type, a, b), `${op} ${a}, ${b} : ${type}`).toBe(Number(BigInt.asIntN(width, f(x, y))));
      }
    expect(errorOf(() => bin('divui', 'index', 5, 0))).toBe("2:8: 'arith.divui' op division by zero");
  });
  it('compares with every cmpi predicate', () => {
    const cmp = (pred: string, a: number, b: number) => run(`func.func @f(%a: i8, %b: i8) -> i1 {\n  %r = arith.cmpi ${pred}, %a, %b : i8\n  return %r : i1\n}`, 'f', [a, b])[0];
    const table: Record<string, boolean> = { eq: false, ne: true, slt: true, sle: true, sgt: false, sge: false, ult: false, ule: false, ugt: true, uge: true };
    for (const [pred, expected] of Object.entries(table)) expect(cmp(pred, -1, 1), pred).toBe(expected);
    expect(cmp('eq', 5, 5)).toBe(true);
    expect(cmp('uge', 5, 5)).toBe(true);
  });
  it('reports undefined behaviour as errors', () => {
    expect(errorOf(() => bin('divsi', 'i32', 1, 0))).toBe("2:8: 'arith.divsi' op division by zero");
    expect(errorOf(() => bin('remui', 'i64', 1n, 0n))).toBe("2:8: 'arith.remui' op division by zero");
    expect(errorOf(() => bin('divsi', 'i8', -128, -1))).toBe("2:8: 'arith.divsi' op signed division overflow");
    expect(errorOf(() => bin('shli', 'i8', 1, 8))).toBe("2:8: 'arith.shli' op shift amount 8 is not less than the bit width 8");
  });
  it('computes extended results', () => {
    const two = (op: string, a: number, b: number) =>
      run(
        `func.func @f(%a: i8, %b: i8) -> (i8, ${op === 'addui_extended' ? 'i1' : 'i8'}) {\n  %r:2 = arith.${op} %a, %b : ${op === 'addui_extended' ? 'i8, i1' : 'i8'}\n  return %r#0, %r#1 : i8, ${op === 'addui_extended' ? 'i1' : 'i8'}\n}`,
        'f',
        [a, b],
      );
    expect(two('addui_extended', -56, 100)).toEqual([44, true]); // 200 + 100 = 300
    expect(two('addui_extended', 1, 2)).toEqual([3, false]);
    expect(two('mulsi_extended', -128, 2)).toEqual([0, -1]);
    expect(two('mului_extended', -1, -1)).toEqual([1, -2]); // 255 * 255 = 0xfe01
  });
});

describe('casts', () => {
  it('extends, truncates and converts', () => {
    expect(cast('extsi', 'i8', 'i32', -1)).toBe(-1);
    expect(cast('extui', 'i8', 'i32', -1)).toBe(255);
    expect(cast('extui', 'i1', 'i64', true)).toBe(1n);
    expect(cast('extsi', 'i1', 'i8', true)).toBe(-1);
    expect(cast('trunci', 'i32', 'i8', 300)).toBe(44);
    expect(cast('trunci', 'i64', 'i1', 3n)).toBe(true);
    expect(cast('index_cast', 'i32', 'index', -5)).toBe(-5);
    expect(cast('index_castui', 'i32', 'index', -1)).toBe(4294967295);
    expect(cast('index_cast', 'index', 'i8', 257)).toBe(1);
    expect(cast('sitofp', 'i8', 'f32', -3)).toBe(-3);
    expect(cast('uitofp', 'i8', 'f32', -1)).toBe(255);
    expect(cast('sitofp', 'i32', 'f16', 2049)).toBe(2048); // f16 has 11 significant bits: tie to even
    expect(cast('fptosi', 'f32', 'i32', -3.75)).toBe(-3);
    expect(cast('fptoui', 'f64', 'i8', 255.9)).toBe(-1);
    expect(cast('extf', 'f16', 'f32', 0.333251953125)).toBe(0.333251953125);
    expect(cast('truncf', 'f32', 'f16', Math.fround(0.1))).toBe(0.0999755859375);
    expect(cast('truncf', 'f32', 'bf16', Math.fround(1 / 3))).toBe(0.333984375);
    expect(cast('bitcast', 'f32', 'i32', 1)).toBe(0x3f800000);
    expect(cast('bitcast', 'f16', 'i16', 1)).toBe(0x3c00);
    expect(cast('bitcast', 'i64', 'f64', 0x4000000000000000n)).toBe(2);
  });
  it('reports out-of-range float to integer conversions', () => {
    expect(errorOf(() => cast('fptosi', 'f32', 'i8', 128))).toBe("2:8: 'arith.fptosi' op 128 is out of the range of signed i8");
    expect(errorOf(() => cast('fptoui', 'f32', 'i32', NaN))).toBe("2:8: 'arith.fptoui' op cannot convert NaN to an integer");
  });
});

describe('floating point', () => {
  it('rounds f16 and bf16 results after every operation', () => {
    // f16(0.1) + f16(0.2) = 0.2999267578125 exactly: a tie between two f16 values, to even.
    expect(bin('addf', 'f16', 0.0999755859375, 0.199951171875)).toBe(0.2998046875);
    expect(bin('mulf', 'bf16', 1.0078125, 1.0078125)).toBe(1.015625);
    expect(bin('addf', 'f16', 65504, 8)).toBe(65504);
    expect(bin('addf', 'f16', 65504, 16)).toBe(Infinity); // a tie with 2^16, rounded to even: overflow
    expect(bin('addf', 'f16', 65504, 32)).toBe(Infinity);
    expect(bin('divf', 'f32', 1, 3)).toBe(Math.fround(1 / 3));
    expect(bin('addf', 'f64', 0.1, 0.2)).toBe(0.1 + 0.2);
    expect(bin('remf', 'f32', -7, 2)).toBe(-1);
  });
  it('distinguishes NaN-propagating and NaN-ignoring min/max', () => {
    expect(bin('maximumf', 'f32', NaN, 1)).toBeNaN();
    expect(bin('maxnumf', 'f32', NaN, 1)).toBe(1);
    expect(bin('minnumf', 'f32', 2, NaN)).toBe(2);
    expect(Object.is(bin('maximumf', 'f32', -0, 0), 0)).toBe(true);
    expect(Object.is(bin('minimumf', 'f32', -0, 0), -0)).toBe(true);
  });
  it('compares with every cmpf predicate, NaN included', () => {
    const cmp = (pred: string, a: number, b: number) => run(`func.func @f(%a: f32, %b: f32) -> i1 {\n  %r = arith.cmpf ${pred}, %a, %b : f32\n  return %r : i1\n}`, 'f', [a, b])[0];
    // [1 vs 2, 2 vs 2, NaN vs 1]
    const table: Record<string, [boolean, boolean, boolean]> = {
      false: [false, false, false],
      oeq: [false, true, false],
      ogt: [false, false, false],
      oge: [false, true, false],
      olt: [true, false, false],
      ole: [true, true, false],
      one: [true, false, false],
      ord: [true, true, false],
      ueq: [false, true, true],
      ugt: [false, false, true],
      uge: [false, true, true],
      ult: [true, false, true],
      ule: [true, true, true],
      une: [true, false, true],
      uno: [false, false, true],
      true: [true, true, true],
    };
    for (const [pred, [lt, eq, nan]] of Object.entries(table)) {
      expect([cmp(pred, 1, 2), cmp(pred, 2, 2), cmp(pred, NaN, 1)], pred).toEqual([lt, eq, nan]);
    }
  });
});

describe('constants, select and vectors', () => {
  it('applies ops elementwise to vectors', () => {
    const text = `func.func @f(%c: i1) -> (vector<4xi8>, vector<4xi8>, vector<4xi1>) {
  %a = arith.constant dense<[100, 20, -128, 1]> : vector<4xi8>
  %b = arith.constant dense<100> : vector<4xi8>
  %s = arith.addi %a, %b : vector<4xi8>
  %m = arith.cmpi slt, %a, %b : vector<4xi8>
  %r = arith.select %m, %a, %s : vector<4xi1>, vector<4xi8>
  %t = arith.select %c, %s, %a : vector<4xi8>
  return %r, %t, %m : vector<4xi8>, vector<4xi8>, vector<4xi1>
}`;
    const [r, t, m] = run(text, 'f', [true]) as ShapedValue[];
    expect(r!.toArray()).toEqual([-56, 20, -128, 1]);
    expect(t!.toArray()).toEqual([-56, 120, -28, 101]);
    expect(m!.toArray()).toEqual([false, true, true, true]);
  });
  it('rounds float constants to their type', () => {
    const text = `func.func @f() -> (f16, bf16, f32) {
  %a = arith.constant 0.1 : f16
  %b = arith.constant 0.1 : bf16
  %c = arith.constant 0.1 : f32
  return %a, %b, %c : f16, bf16, f32
}`;
    expect(run(text, 'f')).toEqual([0.0999755859375, 0.10009765625, Math.fround(0.1)]);
  });
});
