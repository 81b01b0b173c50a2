// tile-assign-layouts: after it, every register tile of the compiled examples has a #tile.blocked
// layout for exactly the kernel's workgroup size, values that must share a type share one, and
// the programs compute what they did (interpreter, edge sizes).
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../core/ir/operation.js';
import { RankedTensorType } from '../../../../core/ir/types.js';
import { BlockedLayoutAttr } from '../../../../dialects/tile/index.js';
import { accessLayoutFor, accumulatorLayoutFor } from '../../../../passes/tile/layouts.js';
import { compile, example, expectClose, random, runEntry } from './kernel-meaning.js';

/** The layouts of every tile value in the module, and the thread counts they expect. */
function tileLayouts(module: Operation): { untyped: string[]; threads: Set<number> } {
  const untyped: string[] = [];
  const threads = new Set<number>();
  module.walk((op) => {
    const values = [...op.results, ...op.regions.flatMap((r) => r.blocks.flatMap((b) => b.arguments))];
    for (const v of values) {
      if (!(v.type instanceof RankedTensorType)) continue;
      const e = v.type.encoding;
      if (e instanceof BlockedLayoutAttr) threads.add(e.numThreads);
      else untyped.push(`${op.name}: ${v.type}`);
    }
  });
  return { untyped, threads };
}

describe('tile-assign-layouts', () => {
  const cases: [file: string, pipeline: string, threads: number][] = [
    ['add.mlir', '@tile-pipelined,tile-assign-layouts', 256],
    ['add.mlir', '@tile-pipelined{tile-sizes=2,8 num-warps=1},tile-assign-layouts', 32],
    ['matmul.mlir', '@tile-pipelined{tile-sizes=16,16,8 num-warps=2},tile-assign-layouts', 64],
    ['matmul.mlir', '@tile-tiled{tile-sizes=64,32,16 num-warps=4},tile-assign-layouts', 128],
    ['rgb2gray.mlir', '@tile-pipelined{tile-sizes=1,4,16},tile-assign-layouts', 128],
  ];
  for (const [file, pipeline, threads] of cases) {
    it(`gives every tile of ${file} a layout for ${threads} threads (${pipeline})`, () => {
      const { untyped, threads: seen } = tileLayouts(compile(example(file), pipeline));
      expect(untyped).toEqual([]);
      expect([...seen]).toEqual([threads]);
    });
  }

  it('keeps the meaning of the compiled matmul and add at edge sizes', () => {
    const reference = compile(example('matmul.mlir'), 'canonicalize');
    const laid = compile(example('matmul.mlir'), '@tile-pipelined{tile-sizes=16,16,8 num-warps=2 num-stages=3},tile-assign-layouts');
    for (const [M, N, K] of [
      [1, 1, 1],
      [15, 17, 9],
      [16, 16, 8],
      [33, 20, 40],
    ] as const) {
      const io = () => [random(M * K, M + K), random(K * N, N), new Float32Array(M * N).fill(NaN)];
      const dims = [
        [M, K],
        [K, N],
        [M, N],
      ];
      expectClose(runEntry(laid, 'matmul_f32', dims, io())[2]!, runEntry(reference, 'matmul_f32', dims, io())[2]!, 1e-5, `${M}x${N}x${K}`);
    }
    const addRef = compile(example('add.mlir'), 'canonicalize');
    const add = compile(example('add.mlir'), '@tile-pipelined,tile-assign-layouts');
    for (const [M, N] of [
      [1, 1],
      [5, 65],
      [9, 200],
    ] as const) {
      const io = () => [random(M * N, M), random(M * N, N), new Float32Array(M * N).fill(NaN)];
      const dims = [
        [M, N],
        [M, N],
        [M, N],
      ];
      expectClose(runEntry(add, 'add', dims, io())[2]!, runEntry(addRef, 'add', dims, io())[2]!, 0, `${M}x${N}`);
    }
  });

  it('chooses register-blocked accumulators and coalesced, vectorized access layouts', () => {
    expect(String(accumulatorLayoutFor([128, 128], 256))).toBe('#tile.blocked<sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerGroup = [8, 1], order = [1, 0]>');
    expect(String(accumulatorLayoutFor([32, 32], 128))).toBe('#tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>');
    // 4x64 over 128 threads: 2 elements each, no thread holding a copy of another's.
    const add = accessLayoutFor([4, 64], 128, true);
    expect(String(add)).toBe('#tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerGroup = [4, 1], order = [1, 0]>');
    expect(add.shapePerGroup).toEqual([4, 64]);
    // Not contiguous in memory: one element per thread.
    expect(accessLayoutFor([8, 64], 128, false).sizePerThread).toEqual([1, 1]);
    for (const [shape, threads] of [
      [[64, 8], 256],
      [[8, 64], 32],
      [[1, 16], 64],
      [[256], 128],
      [[2, 4, 64], 128],
    ] as const) {
      const l = accessLayoutFor(shape, threads, true);
      expect(l.numThreads, `${shape} ${threads}`).toBe(threads);
    }
  });
});
