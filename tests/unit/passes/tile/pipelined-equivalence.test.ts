// @tile-pipelined preserves meaning: seeded random configurations drawn from the whole option
// space of the pipeline (testing/tile-options.ts: every parameter of pass-pipelines/
// tile-pipelined.yaml over its range, equal and tiny tile sizes, every async-copy-loads value,
// 1-5 stages, extra buffers, register stages, workgroup memory limits) compile the whole-problem
// matmul (f32, f16; A or B transposed) and add, and static problems whose trip count equals the
// stage count (a KxN-by-K matmul with K = BK x stages, a map over R x (TN x stages)); the
// compiled kernels run in the interpreter on shapes around the tile edges (1, tile-1, tile,
// tile+1, K below one tile and below stages x tile) equal to the whole-problem programs: f32
// within 1e-4 of the error bound sum|a||b|, add exactly. The interpreter throws on a race (a
// buffer read or overwritten while a copy into it is in flight), which fails the test. A
// configuration the compiler refuses in option terms (`tile-sizes=...:`, the workgroup memory
// limit) counts as refused, and refusals stay a minority; any other failure (a diagnostic,
// invalid IR after a pass, an exception) fails the test.
// TILE_EQUIVALENCE_CONFIGS sets the number of configurations; the slow suite (TILE_SLOW=1,
// which CI sets) runs 1200.
import { SLOW_TIMEOUT_MS } from '../../../../testing/slow.js';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../../../testing/fuzz/harness.js';
import { parseModule } from '../pass-harness.js';
import { expectMatmulClose, random, runEntry } from './kernel-meaning.js';
import { expectFullCoverage, randomCase, runCases, type Workload } from './random-cases.js';

// The slow suite (TILE_SLOW=1, as CI runs it) takes many more.
const configs = Number(process.env.TILE_EQUIVALENCE_CONFIGS ?? (process.env.TILE_SLOW ? 1200 : 180));
const ALL: readonly Workload[] = ['matmul_f32', 'matmul_f16', 'matmul_ta', 'matmul_tb', 'matmul_static', 'add', 'map_static'];

describe('@tile-pipelined on random option combinations', () => {
  it('the option space covers every parameter of @tile-pipelined and @tile-wgsl over its range', () => {
    for (const pipeline of ['tile-pipelined', 'tile-wgsl'] as const) {
      // As many configurations as the default run of the smaller suite draws.
      const drawn = Array.from({ length: 60 }, (_, i) => randomCase(i + 1, pipeline, ALL).config);
      expectFullCoverage(pipeline, drawn);
    }
  });

  it(
    `${configs} configurations x shapes equal the whole-problem programs; refusals stay a minority`,
    () => {
      const r = runCases('tile-pipelined', configs, 1, ALL);
      expect(r.compiled + r.refused).toBe(configs);
      expect(r.refused, `refused ${r.refused} of ${configs}`).toBeLessThan(configs * 0.25);
      // Static problems whose trip count equals the stage count ran too.
      expect(r.byWorkload.get('matmul_static') ?? 0).toBeGreaterThan(0);
      expect(r.byWorkload.get('map_static') ?? 0).toBeGreaterThan(0);
      console.log(`@tile-pipelined: ${configs} configurations, ${r.compiled} compiled (${r.runs} runs compared), ${r.refused} refused`);
    },
    SLOW_TIMEOUT_MS,
  );

  it('static problems whose trip count equals num-stages compile and compute the same', () => {
    const matmul = `func.func @m(%A: memref<32x48xf32>, %B: memref<48x32xf32>, %C: memref<32x32xf32>) {
  tile.matmul %A, %B, %C : memref<32x48xf32>, memref<48x32xf32>, memref<32x32xf32>
  return
}
`;
    for (const pipeline of ['@tile-pipelined{tile-sizes=32,32,16 num-stages=3}', '@tile-wgsl']) {
      const outcome = runPipeline(matmul, pipeline);
      expect(outcome.kind, pipeline).toBe('ok');
      if (outcome.kind !== 'ok') continue;
      const [a, b] = [random(32 * 48, 1), random(48 * 32, 2)];
      const io = () => [a, b, new Float32Array(32 * 32).fill(NaN)];
      const want = runEntry(
        parseModule(matmul),
        'm',
        [
          [32, 48],
          [48, 32],
          [32, 32],
        ],
        io(),
      )[2]!;
      expectMatmulClose(
        runEntry(
          outcome.module,
          'm',
          [
            [32, 48],
            [48, 32],
            [32, 32],
          ],
          io(),
        )[2]!,
        want,
        a,
        b,
        [32, 32, 48],
        1e-4,
        pipeline,
      );
    }
  });
});
