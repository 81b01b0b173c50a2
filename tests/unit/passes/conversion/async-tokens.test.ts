// Async tokens through arith.select, scf.if and loop iter_args, lowered by convert-async-to-gpu,
// keep the meaning: the pipelined DMA chain (tokens carried for `after` chains, selected in the
// prologue, shared with the committed groups) over @tile-wgsl option combinations at edge sizes,
// and a hand-written kernel choosing its copy in an scf.if and an arith.select, run in the
// interpreter against the whole-problem matmul and the unlowered kernel.
import { describe, expect, it } from 'vitest';
import { compile, example, expectMatmulClose, random, runEntry } from '../tile/kernel-meaning.js';

describe('async tokens through select, if and loops', () => {
  it('examples/matmul-dma-chain.mlir through @tile-wgsl', () => {
    const reference = compile(example('matmul.mlir'), 'canonicalize');
    for (const options of ['num-stages=1', 'num-stages=2', 'num-stages=3', 'num-stages=2 peel-epilogue=false', 'num-stages=3 peel-epilogue=false', 'num-stages=2 synchronous-copies=true']) {
      const lowered = compile(example('matmul-dma-chain.mlir'), `@tile-wgsl{${options}}`);
      for (const [M, N, K] of [
        [37, 29, 45],
        [1, 1, 1],
        [33, 31, 17],
        [32, 32, 5],
      ] as const) {
        const [a, b] = [random(M * K, M + K), random(K * N, N)];
        const io = () => [a, b, new Float32Array(M * N).fill(NaN)];
        const dims = [
          [M, K],
          [K, N],
          [M, N],
        ];
        expectMatmulClose(runEntry(lowered, 'matmul_f32', dims, io())[2]!, runEntry(reference, 'matmul_f32', dims, io())[2]!, a, b, [M, N, K], 1e-5, `${options} at ${M}x${N}x${K}`);
      }
    }
  });

  it('a copy chosen by scf.if and arith.select', () => {
    const text = `
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @pick(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %bx = gpu.block_id x
      %odd = arith.remui %bx, %c2 : index
      %p = arith.cmpi eq, %odd, %c0 : index
      %third = arith.remui %bx, %c3 : index
      %q = arith.cmpi eq, %third, %c0 : index
      %nq = arith.cmpi ne, %third, %c0 : index
      %b = tile.alloc : memref<1x32xf32, #wg>
      %b2 = tile.alloc : memref<1x32xf32, #wg>
      %t = scf.if %p -> !async.token {
        %c = async.copy %X[%bx, %c0], %b[%c0, %c0] shape [1, 32] masked : memref<?x?xf32> to memref<1x32xf32, #wg>
        scf.yield %c : !async.token
      } else {
        %c = async.copy %Y[%bx, %c0], %b[%c0, %c0] shape [1, 32] masked : memref<?x?xf32> to memref<1x32xf32, #wg>
        scf.yield %c : !async.token
      }
      %u = async.copy %Y[%bx, %c0], %b2[%c0, %c0] shape [1, 32] masked if %q : memref<?x?xf32> to memref<1x32xf32, #wg>
      %v = async.copy %X[%bx, %c0], %b2[%c0, %c0] shape [1, 32] masked if %nq after %u : memref<?x?xf32> to memref<1x32xf32, #wg>
      %s = arith.select %q, %u, %v : !async.token
      %g = async.commit %t, %s
      async.wait 0 for %g
      %x = tile.load %b[%c0, %c0] : memref<1x32xf32, #wg> -> tensor<1x32xf32>
      %y = tile.load %b2[%c0, %c0] : memref<1x32xf32, #wg> -> tensor<1x32xf32>
      %z = arith.addf %x, %y : tensor<1x32xf32>
      tile.store %z, %Z[%bx, %c0] : tensor<1x32xf32> -> memref<?x?xf32>
      gpu.return
    }
  }
  func.func @main(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %M = memref.dim %X, %c0 : memref<?x?xf32>
    gpu.launch_func @k::@pick blocks in (%M, %c1, %c1) threads in (%c32, %c1, %c1) args(%X : memref<?x?xf32>, %Y : memref<?x?xf32>, %Z : memref<?x?xf32>)
    return
  }
}`;
    const reference = compile(text, 'canonicalize');
    const lowered = compile(text, 'tile-assign-layouts,convert-async-to-gpu,convert-tile-to-gpu,canonicalize,cse');
    const [M, N] = [7, 30];
    const io = () => [random(M * N, 1), random(M * N, 2), new Float32Array(M * N).fill(NaN)];
    const want = runEntry(
      reference,
      'main',
      [
        [M, N],
        [M, N],
        [M, N],
      ],
      io(),
    )[2]!;
    expect(want.some(Number.isNaN)).toBe(false);
    expect([
      ...runEntry(
        lowered,
        'main',
        [
          [M, N],
          [M, N],
          [M, N],
        ],
        io(),
      )[2]!,
    ]).toEqual([...want]);
  });
});
