import { describe, expect, it } from 'vitest';
import { licmPass } from '../../../passes/licm.js';
import { expectMeaningPreserved } from './meaning.js';
import { runPass } from './pass-harness.js';

const loop = (body: string) => `func.func @f(%lb: index, %ub: index, %s: index, %a: i32, %b: i32) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  scf.for %i = %lb to %ub step %s {
${body}
  }
  return
}`;

describe('loop-invariant-code-motion', () => {
  it('hoists pure ops whose operands come from outside, and then their users', () => {
    const r = runPass(loop(`%x = arith.addi %a, %b : i32\n%y = arith.muli %x, %x : i32\n"x.use"(%y) : (i32) -> ()`), licmPass);
    expect(r.statistics.get('num-hoisted')).toBe(2);
    expect(r.output).toMatch(/arith.muli %0, %0 : i32\n\s+scf.for/);
  });

  it('keeps divisions that may trap, and hoists those by a safe constant', () => {
    const r = runPass(loop(`%d = arith.divsi %a, %b : i32\n%e = arith.divsi %a, %c3 : i32\n%z = arith.divui %a, %c0 : i32\n"x.use"(%d, %e, %z) : (i32, i32, i32) -> ()`), licmPass);
    expect(r.statistics.get('num-hoisted')).toBe(1);
    expect(r.output).toMatch(/arith.divsi %arg3, %c3_i32 : i32\n\s+scf.for/);
  });

  it('keeps ops that depend on the induction variable or touch memory', () => {
    const r = runPass(
      `func.func @f(%lb: index, %ub: index, %s: index, %m: memref<4xi32>) {
        scf.for %i = %lb to %ub step %s {
          %v = memref.load %m[%lb] : memref<4xi32>
          %j = arith.addi %i, %lb : index
          "x.use"(%v, %j) : (i32, index) -> ()
        }
        return
      }`,
      licmPass,
    );
    expect(r.statistics.get('num-hoisted')).toBeUndefined();
  });

  it('moves code out of a loop nest, innermost first', () => {
    const r = runPass(
      `func.func @f(%lb: index, %ub: index, %s: index, %a: i32) {
        scf.for %i = %lb to %ub step %s {
          scf.for %j = %lb to %ub step %s {
            %x = arith.muli %a, %a : i32
            "x.use"(%x) : (i32) -> ()
          }
        }
        return
      }`,
      licmPass,
    );
    expect(r.output).toMatch(/func.func @f\([^)]*\) \{\n\s+%0 = arith.muli %arg3, %arg3 : i32\n\s+scf.for/);
  });

  it('preserves the meaning of random programs', () => {
    const { changed } = expectMeaningPreserved(licmPass, 60);
    expect(changed).toBeGreaterThan(5);
  });
});
