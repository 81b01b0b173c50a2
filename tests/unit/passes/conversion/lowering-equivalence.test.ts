// The lowering to SIMT code keeps the meaning: @tile-wgsl (tiling, pipelining, layouts,
// register-staged copies, unrolled register tiles) on seeded random option combinations of the
// whole-problem matmul (f32, f16) and add, and the hand-written tile-level examples through the
// conversions alone, run in the interpreter (threads as coroutines meeting at barriers; a read of
// a buffer region with a copy in flight is an error) equal to the whole-problem programs at
// edge sizes. TILE_LOWERING_CONFIGS sets the number of combinations (TILE_SLOW=1: 150).
import { SLOW_TIMEOUT_MS } from '../../../../testing/slow.js';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../core/ir/operation.js';
import { mulberry32 } from '../../../../testing/random.js';
import { compile, example, expectClose, expectMatmulClose, random, runEntry } from '../tile/kernel-meaning.js';

const CONVERSIONS = 'tile-assign-layouts,convert-async-to-gpu,convert-tile-to-gpu,canonicalize,cse';

/** No tile, async or tensor value is left: the module is SIMT code. */
function expectSimt(module: Operation, what: string): void {
  const left: string[] = [];
  module.walk((op) => {
    if (op.dialect === 'tile' || op.dialect === 'async' || op.results.some((r) => String(r.type).startsWith('tensor<'))) left.push(op.name);
  });
  expect(left, what).toEqual([]);
}

function expectSameMatmul(reference: Operation, lowered: Operation, entry: 'matmul_f32' | 'matmul_f16', shapes: readonly (readonly [number, number, number])[], what: string): void {
  const half = entry === 'matmul_f16';
  for (const [M, N, K] of shapes) {
    const [a, b] = [random(M * K, M * 7 + K, half), random(K * N, N * 3 + K, half)];
    const io = () => [a, b, new Float32Array(M * N).fill(NaN)];
    const dims = [[M, K], [K, N], [M, N]];
    expectMatmulClose(runEntry(lowered, entry, dims, io())[2]!, runEntry(reference, entry, dims, io())[2]!, a, b, [M, N, K], 1e-5, `${what} at ${M}x${N}x${K}`);
  }
}

function expectSameAdd(reference: Operation, lowered: Operation, shapes: readonly (readonly [number, number])[], what: string): void {
  for (const [M, N] of shapes) {
    const io = () => [random(M * N, M), random(M * N, N + 1), new Float32Array(M * N).fill(NaN)];
    const dims = [[M, N], [M, N], [M, N]];
    expectClose(runEntry(lowered, 'add', dims, io())[2]!, runEntry(reference, 'add', dims, io())[2]!, 0, `${what} at ${M}x${N}`);
  }
}

const configs = Number(process.env.TILE_LOWERING_CONFIGS ?? (process.env.TILE_SLOW ? 150 : 24));

describe('lowering to SIMT code', () => {
  const matmul = compile(example('matmul.mlir'), 'canonicalize');
  const add = compile(example('add.mlir'), 'canonicalize');

  it(`@tile-wgsl on ${configs} random option combinations equals the whole-problem programs`, () => {
    for (let seed = 1; seed <= configs; seed++) {
      const rnd = mulberry32(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
      const isAdd = rnd() < 0.3;
      const sizes = isAdd ? pick([[2, 8], [4, 16], [1, 32]]) : pick([[8, 8, 4], [16, 8, 8], [8, 16, 4]]);
      const stages = 1 + Math.floor(rnd() * 4);
      const options = `tile-sizes=${sizes.join(',')} num-warps=${pick([1, 2])} num-stages=${stages} peel-epilogue=${rnd() < 0.5} synchronous-copies=${rnd() < 0.25} transpose-lhs=${rnd() < 0.5}`;
      const what = `seed ${seed}: @tile-wgsl{${options}}`;
      if (isAdd) {
        const lowered = compile(example('add.mlir'), `@tile-wgsl{${options}}`);
        expectSimt(lowered, what);
        expectSameAdd(add, lowered, [[1, 1], [sizes[0]! + 1, sizes[1]! * stages + 3]], what);
      } else {
        const entry = rnd() < 0.5 ? 'matmul_f32' : 'matmul_f16';
        const lowered = compile(example('matmul.mlir'), `@tile-wgsl{${options}}`);
        expectSimt(lowered, what);
        const [bm, bn, bk] = sizes as [number, number, number];
        expectSameMatmul(matmul, lowered, entry, [[1, 1, 1], [bm + 1, bn - 1, bk * stages + 1], [bm, bn, Math.max(1, bk - 1)]], what);
      }
    }
  }, SLOW_TIMEOUT_MS);

  it('lowers the hand-written tiled and asynchronous examples', () => {
    for (const file of ['matmul-tiled.mlir', 'matmul-async-3stage.mlir']) {
      const lowered = compile(example(file), CONVERSIONS);
      expectSimt(lowered, file);
      expectSameMatmul(matmul, lowered, 'matmul_f16', [[37, 29, 45], [1, 1, 1]], file);
    }
    expectSameMatmul(matmul, compile(example('matmul-tiled.mlir'), CONVERSIONS), 'matmul_f32', [[33, 40, 17]], 'matmul-tiled.mlir');
    for (const file of ['add-tiled.mlir', 'add-async-2buf.mlir', 'add-async-3buf.mlir']) {
      const lowered = compile(example(file), CONVERSIONS);
      expectSimt(lowered, file);
      expectSameAdd(add, lowered, [[1, 1], [9, 130]], file);
    }
    // tile.view becomes a clamped memref.subview.
    const rgb2gray = compile(example('rgb2gray-tiled.mlir'), CONVERSIONS);
    expectSimt(rgb2gray, 'rgb2gray-tiled.mlir');
    const reference = compile(example('rgb2gray.mlir'), 'canonicalize');
    for (const [N, H, W] of [[1, 1, 1], [2, 9, 70]] as const) {
      const io = () => [random(N * 3 * H * W, H), new Float32Array(N * H * W).fill(NaN)];
      const dims = [[N, 3, H, W], [N, H, W]];
      expectClose(runEntry(rgb2gray, 'rgb2gray', dims, io())[1]!, runEntry(reference, 'rgb2gray', dims, io())[1]!, 0, `rgb2gray-tiled.mlir at ${N}x${H}x${W}`);
    }
  });

  it('refuses what it cannot lower with a located error that says what to change', () => {
    expect(() => compile(example('matmul.mlir'), '@tile-tiled{tile-sizes=128,128,8 num-warps=1},tile-assign-layouts,convert-tile-to-gpu')).toThrow(
      /cannot unroll a 128x128 tile: each thread would hold 512 of its elements in registers \(at most 256\); use smaller tile sizes or more warps/,
    );
    expect(() => compile(example('matmul.mlir'), '@tile-tiled,convert-tile-to-gpu')).toThrow(/run tile-assign-layouts first/);
    expect(() => compile(example('matmul.mlir'), '@tile-wgsl{tile-sizes=128,128,32 num-warps=8 num-stages=3}')).toThrow(
      /this kernel uses 98304 bytes of workgroup memory, more than the 16384 allowed .*use smaller tile sizes or fewer stages/,
    );
    expect(() => compile(example('matmul.mlir'), '@tile-wgsl{tile-sizes=128,128,32 num-warps=8 num-stages=3 max-workgroup-memory=131072}')).not.toThrow();
  });
});
