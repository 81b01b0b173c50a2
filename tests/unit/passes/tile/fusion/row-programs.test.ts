// Row kernels keep the meaning: softmax, LayerNorm and RMSNorm (examples/*.mlir), which tile-fuse
// groups into one tile.fusion and tile-tiling turns into one kernel (a row read once when it fits
// a block of C columns, passes over column blocks otherwise), through @tile-tiled,
// @tile-pipelined and @tile-wgsl on seeded random configurations of the shared option space
// (testing/tile-options.ts: row tile sizes [R, C] with R in 1..8 and C a power of two 32..1024,
// every other option of the pipeline over its range), run in the interpreter on shapes around
// the tile edges (1 row, 1 column, rows of 1, 63, 64, 65, C +- 1, 2C + 1 and, at tile level,
// 4097 elements) equal to the whole-problem programs within the tolerances of fused-cases.ts
// (softmax, RMSNorm: 1e-5 relative; LayerNorm: 1e-5 absolute and relative). Each entry launches
// exactly one kernel, in the IR and at run time, whatever the row length. Refusals in option
// terms (workgroup memory) are counted and stay a minority; any other failure fails the test
// (the one known failure, @tile-wgsl's unpeeled epilogue of asynchronous copies in a row kernel,
// is avoided by the random cases and held by an expected failure below).
// The lowered code runs on small shapes (the SIMT interpreter is slow; rows of 4097 run on
// WebGPU in tests/gpu/fused-kernels.test.ts). TILE_FUSION_CONFIGS sets the number of
// configurations per pipeline; the slow suite (TILE_SLOW=1, as CI runs it) runs many more.
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS } from '../../../../../testing/slow.js';
import type { TilePipeline } from '../../../../../testing/tile-options.js';
import { example } from '../kernel-meaning.js';
import { runPipeline } from '../../../../../testing/fuzz/harness.js';
import { expectFusedClose, forInterpreter, fusedInputs, fusedShapes, hostLaunches, referenceOutput, ROW_WORKLOADS, runFused, runFusedCases, type FusedTally } from './fused-cases.js';

const slow = !!process.env['TILE_SLOW'];
const configs = Number(process.env['TILE_FUSION_CONFIGS'] ?? (slow ? 60 : 6));
const seen = { lengths: new Set<number>(), rows: new Set<number>() };

function expectMostlyCompiled(r: FusedTally, what: string): void {
  expect(r.compiled + r.refused).toBe(r.configs.length);
  expect(r.refused, `${what}: refused ${r.refused} of ${r.configs.length}`).toBeLessThan(r.configs.length * 0.35);
  r.rowLengths.forEach((n) => seen.lengths.add(n));
  r.rowCounts.forEach((m) => seen.rows.add(m));
  console.log(`${what}: ${r.configs.length} configurations, ${r.compiled} compiled (${r.runs} runs compared), ${r.refused} refused`);
}

describe('row programs fused into one kernel', () => {
  for (const [pipeline, firstSeed] of [
    ['tile-tiled', 1],
    ['tile-pipelined', 1001],
  ] as [TilePipeline, number][]) {
    it(
      `@${pipeline} on ${configs} random configurations x shapes up to rows of 4097 equals the whole-problem programs, one kernel each`,
      async () => {
        // Rows of 4097 in every third configuration (every one in the slow suite).
        const r = await runFusedCases(pipeline, configs, firstSeed, ROW_WORKLOADS, (c, seed) =>
          fusedShapes(c, seed, { maxRowLength: 2049, maxRows: 9, long: slow || seed % 3 === 0, maxMatmulDim: 0 }),
        );
        expectMostlyCompiled(r, `@${pipeline}`);
      },
      SLOW_TIMEOUT_MS,
    );
  }

  it(
    `@tile-wgsl on ${configs} random configurations x small shapes equals the whole-problem programs, one kernel each`,
    async () => {
      const r = await runFusedCases(
        'tile-wgsl',
        configs,
        2001,
        ROW_WORKLOADS,
        (c, seed) => fusedShapes(c, seed, { maxRowLength: 260, maxRows: 5, long: false, maxMatmulDim: 0 }),
        forInterpreter,
      );
      expectMostlyCompiled(r, '@tile-wgsl');
    },
    SLOW_TIMEOUT_MS,
  );

  it('the random shapes had 1 row and several, rows of 1, 63, 64, 65 and 4097 elements', () => {
    for (const n of [1, 63, 64, 65, 4097]) expect(seen.lengths.has(n), `rows of ${n}: ${[...seen.lengths].join(' ')}`).toBe(true);
    expect(seen.rows.has(1), 'one row').toBe(true);
    expect(
      [...seen.rows].some((m) => m > 1),
      'several rows',
    ).toBe(true);
  });

  // tile-pipeline's unpeeled epilogue leaves the last (predicated-off) copy group of a column loop
  // in flight at the end of the row kernel's scf.if; convert-async-to-gpu drops it, as at the end
  // of a kernel, instead of refusing the kernel.
  it('@tile-wgsl{peel-epilogue=false} compiles the row kernels', () => {
    for (const workload of ROW_WORKLOADS) {
      const outcome = runPipeline(example(`${workload}.mlir`), '@tile-wgsl{peel-epilogue=false max-workgroup-memory=32768}');
      expect(outcome.kind === 'ok' ? 'ok' : outcome.message, `@${workload}`).toBe('ok');
    }
  });

  // Extremes of the row tile sizes: 32 columns per block (rows of 4097: 129 blocks in each pass),
  // 8 x 1024 on one warp (256 elements a thread, the most tile-tiling allows), the defaults (1, 512).
  // One example each (all three in the slow suite).
  const extremes = ['tile-sizes=1,32 num-warps=1', 'tile-sizes=8,1024 num-warps=1', ''];
  extremes.forEach((options, k) => {
    const workloads = slow ? ROW_WORKLOADS : [ROW_WORKLOADS[k]!];
    it(
      `@tile-pipelined{${options}} at rows of 1, 65 and 4097: ${workloads.join(', ')}`,
      async () => {
        for (const workload of workloads) {
          const pipeline = `@tile-pipelined{${options} max-workgroup-memory=0}`;
          const outcome = runPipeline(example(`${workload}.mlir`), pipeline);
          if (outcome.kind !== 'ok') throw new Error(`${pipeline}: ${outcome.kind}: ${outcome.message}`);
          expect(hostLaunches(outcome.module, workload), `@${workload} ${pipeline}`).toBe(1);
          for (const shape of [
            [1, 1],
            [9, 65],
            [2, 4097],
          ]) {
            const inputs = fusedInputs(workload, shape);
            const got = await runFused(outcome.module, workload, inputs);
            expect(got.launches).toBe(1);
            expectFusedClose(workload, got.output, await referenceOutput(workload, shape), inputs, `@${workload} ${pipeline} at ${shape.join('x')}`);
          }
        }
      },
      SLOW_TIMEOUT_MS,
    );
  });
});
