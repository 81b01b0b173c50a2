// tile.store of a tile smaller than its layout's extent (several threads hold each element): the
// first holder alone writes, so a tile loaded, changed and stored back where it was read is
// written once, not again by a later holder that read the first one's result.
import { describe, expect, it } from 'vitest';
import { compile, expectClose, expectSimt, random, runEntry } from '../tile/kernel-meaning.js';

/** `threads` threads add one to each element of a [n] tile of C (n below the layout's extent), in place. */
function incrementInPlace(n: number, threads: number): string {
  const t = `tensor<${n}xf32>`;
  return `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%C: memref<?xf32>) kernel {
      %bx = gpu.block_id x
      %cn = arith.constant ${n} : index
      %i0 = arith.muli %bx, %cn : index
      %one = arith.constant dense<1.0> : ${t}
      %c = tile.load %C[%i0] : memref<?xf32> -> ${t}
      %d = arith.addf %c, %one : ${t}
      tile.store %d, %C[%i0] : ${t} -> memref<?xf32>
      gpu.return
    }
  }
  func.func @main(%C: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %cn = arith.constant ${n} : index
    %t = arith.constant ${threads} : index
    %N = memref.dim %C, %c0 : memref<?xf32>
    %g = arith.ceildivui %N, %cn : index
    gpu.launch_func @k::@f blocks in (%g, %c1, %c1) threads in (%t, %c1, %c1) args(%C : memref<?xf32>)
    return
  }
}`;
}

describe('tile.store lowering', () => {
  it('a replicated tile stored where it was loaded is written once per element', () => {
    for (const [n, threads] of [
      [16, 128],
      [8, 256],
      [64, 64],
    ] as const) {
      const text = incrementInPlace(n, threads);
      const lowered = compile(text, 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse');
      expectSimt(lowered);
      const length = 2 * n + 3;
      const c = random(length, n);
      const want = c.map((x) => Math.fround(x + 1));
      expectClose(runEntry(lowered, 'main', [[length]], [c])[0]!, want, 0, `[${n}] on ${threads} threads`);
      expect(runEntry(compile(text, 'canonicalize'), 'main', [[length]], [c])[0]!).toEqual(want);
    }
  });
});
