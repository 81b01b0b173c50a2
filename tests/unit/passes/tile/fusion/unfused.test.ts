// With fuse=false the examples of fused kernels (softmax, LayerNorm, RMSNorm, matmul + bias +
// GELU / ReLU) still compute what the whole-problem programs do, one kernel per whole-problem op
// (4, 6, 4 and 2; pack-lhs adds the packing kernel before a matmul) instead of one: through
// @tile-tiled, @tile-pipelined and @tile-wgsl on seeded random configurations of the shared
// option space with the per-op default tile sizes (explicit sizes cannot fit both the rank-1 and
// rank-2 ops of an unfused norm, nor a matmul and a row map), run in the interpreter on 1 row
// and 1 column, rows of 65 and, at tile level, of 1100 elements (past the default 512 columns per
// block: passes over column blocks), matmuls of 1x1x1 and 17x15x9; the tolerances of
// fused-cases.ts. Refusals in option terms are counted and stay a minority.
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS } from '../../../../../testing/slow.js';
import { runPipeline } from '../../../../../testing/fuzz/harness.js';
import type { TilePipeline } from '../../../../../testing/tile-options.js';
import { example } from '../kernel-meaning.js';
import { EPILOGUE_WORKLOADS, expectedLaunches, forInterpreter, FUSED_EXAMPLES, hostLaunches, isRows, ROW_WORKLOADS, runFusedCases, type FusedWorkload } from './fused-cases.js';

const slow = !!process.env['TILE_SLOW'];
/** Configurations per pipeline and workload. */
const configs = slow ? 20 : 2;
const ALL: readonly FusedWorkload[] = [...ROW_WORKLOADS, ...EPILOGUE_WORKLOADS];

describe('fuse=false', () => {
  it('launches one kernel per whole-problem op where fusing launches one', () => {
    for (const pipeline of ['@tile-tiled', '@tile-pipelined', '@tile-wgsl{max-workgroup-memory=32768}']) {
      for (const workload of ALL) {
        const file = example(FUSED_EXAMPLES[workload].file);
        const fused = runPipeline(file, pipeline);
        const unfused = runPipeline(file, pipeline.includes('{') ? pipeline.replace('{', '{fuse=false ') : `${pipeline}{fuse=false}`);
        if (fused.kind !== 'ok' || unfused.kind !== 'ok')
          throw new Error(`@${workload} ${pipeline}: ${fused.kind === 'ok' ? '' : fused.message} ${unfused.kind === 'ok' ? '' : unfused.message}`);
        expect(hostLaunches(fused.module, workload), `@${workload} ${pipeline}`).toBe(1);
        // Configured automatically, the unfused matmul packs A first and pads B where N is not a multiple of 4 (two kernels more).
        expect(hostLaunches(unfused.module, workload), `@${workload} ${pipeline} fuse=false`).toBe(expectedLaunches(workload, { fuse: false }));
      }
    }
  });

  for (const [pipeline, firstSeed] of [
    ['tile-tiled', 5001],
    ['tile-pipelined', 6001],
    ['tile-wgsl', 7001],
  ] as [TilePipeline, number][]) {
    const lowered = pipeline === 'tile-wgsl';
    it(
      `@${pipeline}{fuse=false} on ${configs} random configurations per example equals the whole-problem programs`,
      async () => {
        let [compiled, refused] = [0, 0];
        for (const [k, workload] of ALL.entries()) {
          const r = await runFusedCases(
            pipeline,
            configs,
            firstSeed + 100 * k,
            [workload],
            (c) =>
              isRows(c.workload)
                ? [[1, 1], [3, 65], ...(lowered ? [] : [[2, 1100]])]
                : [
                    [1, 1, 1],
                    [17, 15, 9],
                  ],
            (options) => {
              options['tile-sizes'] = [];
              options['fuse'] = false;
              forInterpreter(options);
            },
          );
          [compiled, refused] = [compiled + r.compiled, refused + r.refused];
        }
        expect(refused, `refused ${refused} of ${compiled + refused}`).toBeLessThan((compiled + refused) * 0.35);
        console.log(`@${pipeline}{fuse=false}: ${compiled + refused} configurations, ${compiled} compiled, ${refused} refused`);
      },
      SLOW_TIMEOUT_MS,
    );
  }
});
