// @tile-pipelined preserves meaning: seeded random option combinations (tile sizes, 1-5 stages,
// buffers, peeled or predicated epilogue) compile the whole-problem matmul (f32, f16) and add,
// and the compiled kernels run in the interpreter on shapes around the tile edges (1, tile-1,
// tile, tile+1, K below one tile and below stages x tile) equal to the whole-problem programs:
// f32 within 1e-4 of the error bound sum|a||b|, add exactly. The interpreter throws on a race
// (a buffer read or overwritten while a copy into it is in flight), which fails the test.
// TILE_EQUIVALENCE_CONFIGS sets the number of configurations; the slow suite (TILE_SLOW=1,
// which CI sets) runs 1200.
import { SLOW_TIMEOUT_MS } from '../../../../testing/slow.js';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../core/ir/operation.js';
import { mulberry32 } from '../../../../testing/random.js';
import { parseModule } from '../pass-harness.js';
import { compile, example, expectMatmulClose, random, runEntry } from './kernel-meaning.js';

type Workload = 'matmul_f32' | 'matmul_f16' | 'add';

interface Config {
  workload: Workload;
  tileSizes: number[];
  numStages: number;
  numBuffers: number;
  peel: boolean;
  numWarps: number;
}

function randomConfig(seed: number): Config {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const workload = pick<Workload>(['matmul_f32', 'matmul_f16', 'add']);
  const tileSizes = workload === 'add' ? pick([[4, 16], [2, 8], [1, 32], [4, 64], [3, 8]]) : pick([[16, 16, 8], [8, 16, 4], [32, 32, 16], [16, 8, 16], [8, 8, 8]]);
  const numStages = 1 + Math.floor(rnd() * 5);
  // 0: what the schedule needs (numStages - 1, at least 1); or more than it needs.
  const numBuffers = pick([0, 0, numStages, numStages + 1]);
  return { workload, tileSizes, numStages, numBuffers, peel: rnd() < 0.5, numWarps: pick([1, 2, 4]) };
}

/** Problem shapes around the tile edges: [M, N, K] (matmul) or [M, N] (add). */
function shapes(config: Config, seed: number): number[][] {
  const rnd = mulberry32(seed * 31 + 7);
  const around = (t: number) => [1, Math.max(1, t - 1), t, t + 1, 1 + Math.floor(rnd() * 3 * t)][Math.floor(rnd() * 5)]!;
  if (config.workload === 'add') {
    const [tm, tn] = config.tileSizes as [number, number];
    return [[around(tm), around(tn)], [around(tm), around(tn) + tn * config.numStages], [1 + Math.floor(rnd() * 9), 1 + Math.floor(rnd() * 90)]];
  }
  const [bm, bn, bk] = config.tileSizes as [number, number, number];
  const belowStages = Math.max(1, (config.numStages - 1) * bk - 1);
  return [
    [around(bm), around(bn), around(bk)],
    [around(bm), around(bn), belowStages],
    [around(bm) + bm, around(bn), bk * config.numStages + 1 + Math.floor(rnd() * bk)],
  ];
}

function pipelineText(c: Config): string {
  return `@tile-pipelined{tile-sizes=${c.tileSizes.join(',')} num-warps=${c.numWarps} num-stages=${c.numStages} num-buffers=${c.numBuffers} peel-epilogue=${c.peel}}`;
}

/** Compares the outputs of the whole-problem and compiled programs on one shape. */
function expectSame(config: Config, reference: Operation, compiled: Operation, shape: number[], seed: number, what: string): void {
  if (config.workload === 'add') {
    const [M, N] = shape as [number, number];
    const args = () => [random(M * N, seed), random(M * N, seed + 1), new Float32Array(M * N).fill(NaN)];
    const want = runEntry(reference, 'add', [[M, N], [M, N], [M, N]], args())[2]!;
    const got = runEntry(compiled, 'add', [[M, N], [M, N], [M, N]], args())[2]!;
    expect(got, what).toEqual(want);
    return;
  }
  const [M, N, K] = shape as [number, number, number];
  const half = config.workload === 'matmul_f16';
  const [a, b] = [random(M * K, seed, half), random(K * N, seed + 1, half)];
  const io = () => [a, b, new Float32Array(M * N).fill(NaN)];
  const dims = [[M, K], [K, N], [M, N]];
  const want = runEntry(reference, config.workload, dims, io())[2]!;
  const got = runEntry(compiled, config.workload, dims, io())[2]!;
  expectMatmulClose(got, want, a, b, [M, N, K], 1e-4, what);
}

// The slow suite (TILE_SLOW=1, as CI runs it) takes many more.
const configs = Number(process.env.TILE_EQUIVALENCE_CONFIGS ?? (process.env.TILE_SLOW ? 1200 : 180));

describe('@tile-pipelined on random option combinations', () => {
  const sources = { matmul: example('matmul.mlir'), add: example('add.mlir') };
  const references = { matmul: parseModule(sources.matmul), add: parseModule(sources.add) };
  it(`${configs} configurations x 3 shapes equal the whole-problem programs`, () => {
    let cases = 0;
    for (let seed = 1; seed <= configs; seed++) {
      const config = randomConfig(seed);
      const kind = config.workload === 'add' ? 'add' : 'matmul';
      const text = pipelineText(config);
      const compiled = compile(sources[kind], text);
      for (const shape of shapes(config, seed)) {
        expectSame(config, references[kind], compiled, shape, seed, `seed ${seed}: ${config.workload} ${text} at ${shape.join('x')}`);
        cases++;
      }
    }
    expect(cases).toBe(configs * 3);
  }, SLOW_TIMEOUT_MS);
});
