import { describe, expect, it } from 'vitest';
import { csePass } from '../../../passes/cse.js';
import { expectMeaningPreserved } from './meaning.js';
import { runPass } from './pass-harness.js';

describe('cse', () => {
  it('counts the ops it merges and the dead ops it meets', () => {
    const r = runPass(
      `func.func @f(%a: i32) -> (i32, i32) {
        %0 = arith.addi %a, %a : i32
        %1 = arith.addi %a, %a : i32
        %2 = arith.muli %0, %1 : i32
        %3 = arith.muli %1, %0 : i32
        %dead = arith.subi %a, %a : i32
        return %2, %3 : i32, i32
      }`,
      csePass,
    );
    expect(r.statistics.get("num-cse'd")).toBe(2);
    expect(r.statistics.get("num-dce'd")).toBe(1);
    expect(r.output).toContain('%1 = arith.muli %0, %0 : i32\n    return %1, %1 : i32, i32');
  });

  it('keeps ops whose attributes or result types differ', () => {
    const r = runPass(
      `func.func @f(%a: i32) -> (i64, i64, i32, i32) {
        %0 = arith.extsi %a : i32 to i64
        %1 = arith.extui %a : i32 to i64
        %2 = arith.addi %a, %a overflow<nsw> : i32
        %3 = arith.addi %a, %a : i32
        return %0, %1, %2, %3 : i64, i64, i32, i32
      }`,
      csePass,
    );
    expect(r.statistics.get("num-cse'd")).toBeUndefined();
  });

  it('merges reads only within one block with no write between them', () => {
    const r = runPass(
      `func.func @f(%m: memref<4xf32>, %i: index, %v: f32) -> (f32, f32, f32, f32) {
        %0 = memref.load %m[%i] : memref<4xf32>
        %1 = memref.load %m[%i] : memref<4xf32>
        memref.store %v, %m[%i] : memref<4xf32>
        %2 = memref.load %m[%i] : memref<4xf32>
        %3 = memref.load %m[%i] : memref<4xf32>
        return %0, %1, %2, %3 : f32, f32, f32, f32
      }`,
      csePass,
    );
    expect(r.output).toContain('return %0, %0, %1, %1');
  });

  it('does not leak values into isolated regions', () => {
    const r = runPass(
      `func.func @f(%a: i32) -> i32 {
        %c = arith.constant 1 : i32
        "x.isolated"() ({
          %d = arith.constant 1 : i32
          "x.use"(%d) : (i32) -> ()
        }) : () -> ()
        return %c : i32
      }`,
      csePass,
    );
    expect(r.output.match(/arith.constant 1/g)).toHaveLength(2);
  });

  it('keeps many known ops per scope, and forgets the ops of a scope when it ends', () => {
    // 300 distinct constants outside a loop, their duplicates inside it (merged), 300 other
    // constants inside it, and duplicates of those after the loop (not merged: the loop's scope has
    // ended). Enough entries to make the table grow several times within one scope.
    const n = 300;
    const consts = (from: number, indent: string, prefix: string) =>
      Array.from({ length: n }, (_, i) => `${indent}%${prefix}${i} = arith.constant ${from + i} : i32\n${indent}func.call @sink(%${prefix}${i}) : (i32) -> ()\n`).join('');
    const r = runPass(
      `func.func private @sink(i32)
      func.func @f(%lb: index, %ub: index, %s: index) {
${consts(0, '  ', 'outer')}  scf.for %i = %lb to %ub step %s {
${consts(0, '    ', 'dup')}${consts(1000, '    ', 'inner')}  }
${consts(1000, '  ', 'after')}  return
      }`,
      csePass,
    );
    expect(r.statistics.get("num-cse'd")).toBe(n);
    expect(r.statistics.get("num-dce'd")).toBeUndefined();
    expect(r.output.match(/arith\.constant 1299 : i32/g)).toHaveLength(2);
    expect(r.output.match(/arith\.constant 299 : i32/g)).toHaveLength(1);
  });

  it('preserves the meaning of random programs', () => {
    const { changed } = expectMeaningPreserved(csePass, 60);
    expect(changed).toBeGreaterThan(10);
  });
});
