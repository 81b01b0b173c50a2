import { describe, expect, it } from 'vitest';
import { sccpPass } from '../../../passes/sccp.js';
import { expectMeaningPreserved } from './meaning.js';
import { runPass } from './pass-harness.js';

describe('sccp', () => {
  it('folds through a branch whose condition is constant and erases the branch', () => {
    const r = runPass(
      `func.func @f(%a: i32) -> i32 {
        %t = arith.constant true
        %c2 = arith.constant 2 : i32
        %r = scf.if %t -> i32 {
          %x = arith.muli %c2, %c2 : i32
          scf.yield %x : i32
        } else {
          scf.yield %a : i32
        }
        return %r : i32
      }`,
      sccpPass,
    );
    expect(r.output).not.toContain('scf.if');
    expect(r.output).toMatch(/%c4_i32 = arith.constant 4 : i32[\s\S]*return %c4_i32 : i32/);
  });

  it('does not treat a value joined from different constants as constant', () => {
    const r = runPass(
      `func.func @f(%c: i1) -> i32 {
        %c1 = arith.constant 1 : i32
        %c2 = arith.constant 2 : i32
        %r = scf.if %c -> i32 {
          scf.yield %c1 : i32
        } else {
          scf.yield %c2 : i32
        }
        return %r : i32
      }`,
      sccpPass,
    );
    expect(r.output).toMatch(/%0 = scf.if %c[\s\S]*return %0 : i32/);
  });

  it('leaves blocks that cannot execute alone', () => {
    const r = runPass(
      `func.func @f(%a: i32) -> i32 {
        %f = arith.constant false
        %c1 = arith.constant 1 : i32
        scf.if %f {
          %x = arith.addi %c1, %c1 : i32
          "x.use"(%x) : (i32) -> ()
        }
        return %c1 : i32
      }`,
      sccpPass,
    );
    expect(r.output).toContain('arith.addi %c1_i32, %c1_i32');
  });

  it('propagates into private functions from their calls only when run on the module', () => {
    const text = `func.func private @g(%x: i32) -> i32 {
        %y = arith.addi %x, %x : i32
        return %y : i32
      }
      func.func @h() -> i32 {
        %c3 = arith.constant 3 : i32
        %r = func.call @g(%c3) : (i32) -> i32
        return %r : i32
      }`;
    expect(runPass(text, sccpPass).output).toMatch(/return %c6_i32 : i32\n\s+\}\n\s+func.func @h[\s\S]*return %c6_i32/);
    expect(runPass(text, sccpPass, { on: 'func.func' }).output).not.toContain('6');
  });

  it('preserves the meaning of random programs', () => {
    const { changed } = expectMeaningPreserved(sccpPass, 60);
    expect(changed).toBeGreaterThan(20);
    expectMeaningPreserved(sccpPass, 20, { on: 'func.func' });
  });
});
