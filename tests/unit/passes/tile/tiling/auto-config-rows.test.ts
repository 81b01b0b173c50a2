// tile-tiling's automatic row configuration (no tile-sizes): a row program (softmax, LayerNorm,
// RMSNorm) gets a kernel per row length it reads at once, 4 x 256 on 2 warps, 2 x 1024 on 4, 1 x
// 2048 on 4 and 1 x 4096 on 8 (which walks longer rows in blocks), launched by the row length at run
// time; each equals the whole-problem program on rows around the blocks (1, 63-65, 255-257,
// 1023-1025, 2047-2049, 4096, 4097).
import { describe, expect, it } from 'vitest';
import { ROW_CANDIDATES, rowVariants } from '../../../../../passes/tile/tiling/auto-config.js';
import { runPipeline } from '../../../../../testing/fuzz/harness.js';
import { SLOW_TIMEOUT_MS } from '../../../../../testing/slow.js';
import { expectFusedClose, FUSED_EXAMPLES, fusedInputs, hostLaunches, referenceOutput, ROW_WORKLOADS, runFused } from '../fusion/fused-cases.js';
import { example } from '../kernel-meaning.js';

const chosen = (rank: number, numWarps = 0, unfit: (sizes: readonly number[], w: number) => boolean = () => false) =>
  rowVariants(rank, { numWarps, unfit }).map((c) => `${c.sizes.join('x')} w${c.numWarps}`);

describe('the automatic row configuration', () => {
  it('takes 4 x 256 on 2 warps, 2 x 1024 on 4, 1 x 2048 on 4, then 1 x 4096 on 8, batch dimensions one row each; given warps for all; drops what the lowering cannot lay out', () => {
    expect(ROW_CANDIDATES.map((c) => c.columns)).toEqual([256, 1024, 2048, 4096]);
    expect(chosen(2)).toEqual(['4x256 w2', '2x1024 w4', '1x2048 w4', '1x4096 w8']);
    expect(chosen(3)).toEqual(['1x4x256 w2', '1x2x1024 w4', '1x1x2048 w4', '1x1x4096 w8']);
    expect(chosen(2, 4)).toEqual(['4x256 w4', '2x1024 w4', '1x2048 w4', '1x4096 w4']);
    expect(chosen(2, 0, (sizes) => sizes[1] === 4096)).toEqual(['4x256 w2', '2x1024 w4', '1x2048 w4']);
    expect(chosen(2, 0, () => true)).toEqual([]);
  });

  for (const pipeline of ['@tile-tiled', '@tile-wgsl']) {
    it(
      `${pipeline} without tile sizes: softmax, LayerNorm and RMSNorm launch the kernel their row length fits, and equal the whole-problem programs`,
      async () => {
        // The SIMT interpreter is slow: @tile-wgsl's lowered kernels run on shorter rows (both kernels still taken).
        const shapes =
          pipeline === '@tile-tiled'
            ? [
                [1, 1],
                [3, 63],
                [2, 64],
                [5, 65],
                [3, 1023],
                [2, 1024],
                [3, 1025],
                [2, 2047],
                [1, 2048],
                [2, 2049],
                [1, 4096],
                [2, 4097],
              ]
            : [
                [1, 1],
                [3, 65],
                [1, 1025],
                // Rows of a multiple of 4 inside their block: edge tiles read and written in vectors of 4 (tile.vector_edges).
                [3, 60],
                [1, 2052],
              ];
        for (const workload of ROW_WORKLOADS) {
          const outcome = runPipeline(example(FUSED_EXAMPLES[workload].file), `builtin.module(${pipeline})`);
          expect(outcome.kind, `@${workload} ${pipeline}: ${'message' in outcome ? outcome.message : ''}`).toBe('ok');
          if (outcome.kind !== 'ok') continue;
          // Four kernels, under scf.ifs on the row length: one launched at run time.
          expect(hostLaunches(outcome.module, workload), `@${workload}: launches in the IR`).toBe(1);
          for (const shape of shapes) {
            const inputs = fusedInputs(workload, shape);
            const { output, launches } = await runFused(outcome.module, workload, inputs);
            const what = `@${workload} ${pipeline} at ${shape.join('x')}`;
            expect(launches, `${what}: launches`).toBe(1);
            expectFusedClose(workload, output, await referenceOutput(workload, shape), inputs, what);
          }
        }
      },
      SLOW_TIMEOUT_MS,
    );
  }
});
