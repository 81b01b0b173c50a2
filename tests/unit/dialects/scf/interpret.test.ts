import { describe, expect, it } from 'vitest';
import { errorOf, run } from '../../core/interpret/helpers.js';

describe('scf semantics', () => {
  it('scf.for carries values and runs zero times when empty', () => {
    const text = `func.func @f(%lb: index, %ub: index, %step: index) -> (index, f32) {
  %z = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%s = %z, %p = %one) -> (index, f32) {
    %s2 = arith.addi %s, %i : index
    %two = arith.constant 2.0 : f32
    %p2 = arith.mulf %p, %two : f32
    scf.yield %s2, %p2 : index, f32
  }
  return %r#0, %r#1 : index, f32
}`;
    expect(run(text, 'f', [0, 10, 3])).toEqual([0 + 3 + 6 + 9, 16]);
    expect(run(text, 'f', [5, 5, 1])).toEqual([0, 1]);
    expect(run(text, 'f', [-4, 0, 1])).toEqual([-10, 16]);
    expect(errorOf(() => run(text, 'f', [0, 10, 0]))).toBe("4:10: 'scf.for' op step must be positive, got 0");
  });

  it('scf.for over i64 bounds', () => {
    const text = `func.func @f(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (i64) : i64 {
    %s2 = arith.addi %s, %i : i64
    scf.yield %s2 : i64
  }
  return %r : i64
}`;
    expect(run(text, 'f', [5n])).toEqual([10n]);
  });

  it('scf.if yields the taken branch results', () => {
    const text = `func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    %y = arith.subi %a, %b : i32
    scf.yield %y : i32
  }
  return %r : i32
}`;
    expect(run(text, 'f', [true, 5, 3])).toEqual([8]);
    expect(run(text, 'f', [false, 5, 3])).toEqual([2]);
  });

  it('scf.while with results (Collatz steps)', () => {
    const text = `func.func @f(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%x = %n, %k = %c0) : (i32, i32) -> (i32, i32) {
    %c1 = arith.constant 1 : i32
    %more = arith.cmpi ne, %x, %c1 : i32
    scf.condition(%more) %x, %k : i32, i32
  } do {
  ^bb0(%x: i32, %k: i32):
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %odd = arith.andi %x, %c1 : i32
    %isodd = arith.cmpi ne, %odd, %c0 : i32
    %next = scf.if %isodd -> (i32) {
      %t = arith.muli %x, %c3 : i32
      %u = arith.addi %t, %c1 : i32
      scf.yield %u : i32
    } else {
      %h = arith.divui %x, %c2 : i32
      scf.yield %h : i32
    }
    %k2 = arith.addi %k, %c1 : i32
    scf.yield %next, %k2 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}`;
    expect(run(text, 'f', [27])).toEqual([1, 111]);
    expect(run(text, 'f', [1])).toEqual([1, 0]);
  });

  it('scf.execute_region', () => {
    const text = `func.func @f(%a: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %x = arith.muli %a, %a : i32
    scf.yield %x : i32
  }
  return %r : i32
}`;
    expect(run(text, 'f', [7])).toEqual([49]);
  });
});
