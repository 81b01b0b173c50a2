// tile.cast lowered to SIMT code keeps its meaning for every element conversion the tile dialect
// defines (docs/dialects/tile.md: float<->float, int->float, float->int, int<->int with i1
// zero-extended), in place and with a change of layout: kernels run in the interpreter before and
// after tile-assign-layouts + convert-tile-to-gpu on random inputs, at edge sizes.
import { describe, expect, it } from 'vitest';
import { compile, expectClose, random, runEntry } from '../tile/kernel-meaning.js';

const LOWER = 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse';

/** A kernel casting R x C tiles of X (element `from`) to `to`, stored to Y; `relayout` gives the result a layout of its own. */
function castKernel(from: string, to: string, relayout: boolean, R = 4, C = 32): string {
  const resultType = relayout
    ? `tensor<${R}x${C}x${to}, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerGroup = [1, 1], order = [1, 0]>>`
    : `tensor<${R}x${C}x${to}>`;
  return `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%X: memref<?x?x${from}>, %Y: memref<?x?x${to}>) kernel {
      %c0 = arith.constant 0 : index
      %cR = arith.constant ${R} : index
      %bx = gpu.block_id x
      %r0 = arith.muli %bx, %cR : index
      %x = tile.load %X[%r0, %c0] : memref<?x?x${from}> -> tensor<${R}x${C}x${from}>
      %y = tile.cast %x : tensor<${R}x${C}x${from}> to ${resultType}
      tile.store %y, %Y[%r0, %c0] : ${resultType} -> memref<?x?x${to}>
      gpu.return
    }
  }
  func.func @main(%X: memref<?x?x${from}>, %Y: memref<?x?x${to}>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cR = arith.constant ${R} : index
    %t = arith.constant 32 : index
    %M = memref.dim %X, %c0 : memref<?x?x${from}>
    %g = arith.ceildivui %M, %cR : index
    gpu.launch_func @k::@f blocks in (%g, %c1, %c1) threads in (%t, %c1, %c1) args(%X : memref<?x?x${from}>, %Y : memref<?x?x${to}>)
    return
  }
}`;
}

/** Inputs that exercise the conversion: floats of magnitude up to `scale`, integers of the source width (wrapping in the narrower ones). */
function inputs(from: string, n: number, seed: number): Float32Array {
  const scale = from.startsWith('f') ? 300 : from === 'i1' ? 1 : 70000;
  return random(n, seed).map((x) => (from.startsWith('f') ? x * scale : from === 'i1' ? (x > 0 ? 1 : 0) : Math.trunc(x * scale)));
}

const CASTS: readonly [string, string][] = [
  ['f32', 'i32'],
  ['f32', 'i16'],
  ['f16', 'i32'],
  ['i32', 'f32'],
  ['i32', 'f16'],
  ['i32', 'i16'],
  ['i32', 'i8'],
  ['i16', 'i32'],
  ['i8', 'i32'],
  ['i1', 'i32'],
  ['f32', 'f16'],
  ['f16', 'f32'],
];

describe('tile.cast lowered to SIMT code', () => {
  for (const [from, to] of CASTS) {
    for (const relayout of [false, true]) {
      it(`${from} -> ${to}${relayout ? ' with a change of layout' : ''}`, () => {
        const text = castKernel(from, to, relayout);
        const reference = compile(text, 'canonicalize');
        const lowered = compile(text, LOWER);
        lowered.walk((op) => void expect(op.dialect, `${op.name} left after lowering`).not.toBe('tile'));
        for (const [M, N] of [
          [1, 1],
          [5, 32],
          [9, 17],
        ] as const) {
          const x = inputs(from, M * N, M * 31 + N);
          const io = () => [x, new Float32Array(M * N).fill(-7)];
          const want = runEntry(
            reference,
            'main',
            [
              [M, N],
              [M, N],
            ],
            io(),
          )[1]!;
          expectClose(
            runEntry(
              lowered,
              'main',
              [
                [M, N],
                [M, N],
              ],
              io(),
            )[1]!,
            want,
            0,
            `${from} -> ${to} at ${M}x${N}`,
          );
        }
      });
    }
  }
});
