import { describe, expect, it } from 'vitest';
import { dcePass } from '../../../passes/dce.js';
import { expectMeaningPreserved } from './meaning.js';
import { runPass } from './pass-harness.js';

describe('dce', () => {
  it('erases dead chains in any order, nested ones first, and counts them', () => {
    const r = runPass(
      `func.func @f(%a: i32, %c: i1) {
        %0 = arith.addi %a, %a : i32
        %1 = scf.if %c -> i32 {
          %2 = arith.muli %0, %0 : i32
          scf.yield %2 : i32
        } else {
          scf.yield %0 : i32
        }
        %3 = arith.subi %1, %a : i32
        return
      }`,
      dcePass,
    );
    expect(r.statistics.get('num-erased-ops')).toBe(6);
    expect(r.output).toMatch(/func.func @f\(%a: i32, %c: i1\) \{\n\s+return\n/);
  });

  it('keeps ops with effects, unknown ops, terminators and symbols', () => {
    const text = `func.func private @p()
      func.func @f(%m: memref<4xi32>, %a: i32, %i: index) {
        memref.store %a, %m[%i] : memref<4xi32>
        %u = "x.op"() : () -> i32
        return
      }`;
    const r = runPass(text, dcePass);
    expect(r.statistics.size).toBe(0);
  });

  it('erases blocks the entry cannot reach, even when they use each other', () => {
    const r = runPass(
      `func.func @f(%a: i32) {
        "x.region"() ({
          "x.end"() : () -> ()
        ^bb1(%x: i32):
          %y = arith.addi %x, %a : i32
          "x.br"(%y)[^bb1] : (i32) -> ()
        }) : () -> ()
        return
      }`,
      dcePass,
    );
    expect(r.statistics.get('num-erased-blocks')).toBe(1);
    expect(r.output).not.toContain('arith.addi');
  });

  it('preserves the meaning of random programs', () => {
    const { changed } = expectMeaningPreserved(dcePass, 60);
    expect(changed).toBeGreaterThan(20);
  });
});
