import { describe, expect, it } from 'vitest';
import { f32, index, MemRefType } from '../../../../core/ir/types.js';
import { errorOf, memrefOf, run } from '../../core/interpret/helpers.js';
import type { MemRef } from '../../../../core/interpret/values.js';

describe('scf.parallel, scf.forall and scf.index_switch semantics', () => {
  it('scf.parallel visits every index tuple and folds each reduction in order', () => {
    const text = `func.func @f(%m: memref<3x4xf32>, %n: index) -> (f32, f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %neg = arith.constant -1.0e9 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %n) step (%c1, %c2) {
    %ii = arith.index_cast %i : index to i32
    %v = arith.sitofp %ii : i32 to f32
    memref.store %v, %m[%i, %j] : memref<3x4xf32>
  }
  %r:3 = scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c2) step (%c1, %c1) init (%zero, %neg, %c0) -> (f32, f32, index) {
    %v = memref.load %m[%i, %j] : memref<3x4xf32>
    scf.reduce(%v, %v, %c1 : f32, f32, index) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      %s = arith.maximumf %a, %b : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%a: index, %b: index):
      %s = arith.addi %a, %b : index
      scf.reduce.return %s : index
    }
  }
  return %r#0, %r#1, %r#2 : f32, f32, index
}`;
    const m = memrefOf(MemRefType.get([3, 4], f32), new Array(12).fill(7));
    // Columns 0 and 2 get the row number (step 2 over 4 columns); 1 and 3 keep 7.
    expect(run(text, 'f', [m, 4])).toEqual([0 + 7 + 1 + 7 + 2 + 7, 7, 6]);
    expect((m as MemRef).readAll()).toEqual([0, 7, 0, 7, 1, 7, 1, 7, 2, 7, 2, 7]);
    // An empty dimension runs no iteration: the results are the inits.
    const empty = memrefOf(MemRefType.get([3, 4], f32), new Array(12).fill(7));
    expect(run(text.replace('to (%c3, %c2)', 'to (%c0, %c2)'), 'f', [empty, 0])).toEqual([0, -1e9, 0]);
    expect(errorOf(() => run(text.replace('step (%c1, %c2)', 'step (%c1, %n)'), 'f', [m, 0]))).toBe("8:3: 'scf.parallel' op step must be positive, got 0");
  });

  it('scf.forall runs its body for every index of mixed static and dynamic bounds', () => {
    const text = `func.func @f(%m: memref<10xindex>, %n: index) {
  scf.forall (%i) = (1) to (%n) step (3) {
    memref.store %i, %m[%i] : memref<10xindex>
  }
  scf.forall (%i, %j) in (2, 2) {
    %k = arith.muli %i, %j : index
    %s = arith.addi %k, %i : index
    memref.store %s, %m[%j] : memref<10xindex>
  }
  return
}`;
    const m = memrefOf(MemRefType.get([10], index), new Array(10).fill(-1));
    run(text, 'f', [m, 10]);
    // Indices 1, 4, 7 from the first loop; [0] and [1] from the last iteration (1, j) of the second.
    expect((m as MemRef).readAll()).toEqual([1, 2, -1, -1, 4, -1, -1, 7, -1, -1]);
  });

  it('scf.index_switch runs the matching case or the default region', () => {
    const text = `func.func @f(%a: index, %x: f32) -> f32 {
  %r = scf.index_switch %a -> f32
  case 2 {
    %d = arith.addf %x, %x : f32
    scf.yield %d : f32
  }
  case -5 {
    %d = arith.mulf %x, %x : f32
    scf.yield %d : f32
  }
  default {
    scf.yield %x : f32
  }
  return %r : f32
}`;
    expect(run(text, 'f', [2, 3])).toEqual([6]);
    expect(run(text, 'f', [-5, 3])).toEqual([9]);
    expect(run(text, 'f', [7, 3])).toEqual([3]);
  });
});
