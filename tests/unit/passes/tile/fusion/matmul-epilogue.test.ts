// Matmul epilogues keep the meaning: examples/matmul-epilogue.mlir's @matmul_bias_gelu and
// @matmul_bias_relu (C = act(A·B + bias) through a buffer the program allocates), which tile-fuse
// groups into one tile.fusion and tile-tiling computes on the matmul's accumulator tile (one
// kernel, C stored once), through @tile-tiled, @tile-pipelined and @tile-wgsl on seeded random
// configurations of the shared option space (testing/tile-options.ts: matmul tile sizes, every
// other option over its range), run in the interpreter on shapes around the tile edges (1x1x1,
// tile - 1, tile, tile + 1, K below and past the pipeline's depth) equal to the whole-problem
// program within 1e-5 of the product's rounding bound sum_k |a_ik b_kj| + |bias_j| (plus 1e-6).
// Each entry launches one kernel (with pack-lhs two: the packing of A, then the matmul; three
// where N is not a multiple of 4, B's rows padded between them), in the IR and at run time. Refusals in option terms (tile sizes the lowering cannot lay out, workgroup
// memory) are counted and stay a minority; any other failure fails the test.
// TILE_FUSION_CONFIGS sets the number of configurations per pipeline; the slow suite (TILE_SLOW=1,
// as CI runs it) runs many more.
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS } from '../../../../../testing/slow.js';
import type { TilePipeline } from '../../../../../testing/tile-options.js';
import { EPILOGUE_WORKLOADS, forInterpreter, fusedShapes, runFusedCases } from './fused-cases.js';

const slow = !!process.env['TILE_SLOW'];
const configs = Number(process.env['TILE_FUSION_CONFIGS'] ?? (slow ? 60 : 6));

describe('matmul epilogues fused into the matmul kernel', () => {
  for (const [pipeline, firstSeed, maxMatmulDim] of [
    ['tile-tiled', 1, 64],
    ['tile-pipelined', 3001, 64],
    ['tile-wgsl', 2001, 40],
  ] as [TilePipeline, number, number][]) {
    it(
      `@${pipeline} on ${configs} random configurations x shapes equals the whole-problem programs, one kernel each`,
      async () => {
        const limits = { maxRowLength: 0, maxRows: 0, long: false, maxMatmulDim };
        const r = await runFusedCases(pipeline, configs, firstSeed, EPILOGUE_WORKLOADS, (c, seed) => fusedShapes(c, seed, limits), forInterpreter);
        expect(r.compiled + r.refused).toBe(configs);
        // A third of the shared space's matmul tile sizes are odd ones the lowering may refuse: a
        // minority over many configurations, at most half over the few of the quick suite.
        expect(r.refused, `refused ${r.refused} of ${configs}`).toBeLessThanOrEqual(configs * (configs >= 20 ? 0.35 : 0.5));
        expect(r.configs.some((c) => c.options['pack-lhs'] === true) || !slow, 'pack-lhs drawn').toBe(true);
        console.log(`@${pipeline}: ${configs} configurations, ${r.compiled} compiled (${r.runs} runs compared), ${r.refused} refused`);
      },
      SLOW_TIMEOUT_MS,
    );
  }
});
