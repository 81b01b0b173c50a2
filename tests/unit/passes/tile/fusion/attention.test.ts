// FlashAttention keeps the meaning: examples/attention.mlir's @attention, @attention_causal and
// @attention_f16 through @tile-tiled, @tile-pipelined and @tile-wgsl (tile-fuse recognizes the
// chain, tile-tiling makes one kernel of it) equal the whole-problem programs in the interpreter
// on seeded random configurations (tile sizes BM, BN in 16 and 32, BD the head dimension rounded
// up to a power of two, with or without chunks of the head dimension (BK), warps, stages, copies) and on shapes with S and T of 1, 63, 64, 65 and 77,
// S != T, head dimensions 32, 64 and 128 (S = T = 1000 in the slow suite). A head dimension past
// BD takes the unfused path of the same entry. Without tile sizes (the automatic configuration),
// the kernel of the head dimension is chosen at run time among those of BD 32, 64 and 128. Tolerances: f32 1e-5 absolute (outputs are
// averages of values in [-1, 1]); f16 inputs 2e-3 (the probabilities rounded to f16 before P·V,
// unnormalized in the kernel and normalized in the program).
import { describe, expect, it } from 'vitest';
import { SLOW_TIMEOUT_MS } from '../../../../../testing/slow.js';
import { runPipeline } from '../../../../../testing/fuzz/harness.js';
import { mulberry32 } from '../../../../../testing/random.js';
import { ENTRIES, type Entry, expectAttentionClose, inputs, pow2AtLeast, referenceOutput, type Shape, source, tolerance } from './attention-cases.js';
import { hostLaunches, runFused } from './fused-cases.js';

const slow = !!process.env['TILE_SLOW'];
/** The examples compiled once per pipeline (each compile takes all three entries through it). */
const compiled = new Map<string, ReturnType<typeof runPipeline>>();
const compile = (pipeline: string): ReturnType<typeof runPipeline> => compiled.get(pipeline) ?? compiled.set(pipeline, runPipeline(source, pipeline)).get(pipeline)!;

async function expectSameAttention(entry: Entry, pipeline: string, shapes: readonly Shape[], fused: boolean): Promise<void> {
  const outcome = compile(pipeline);
  expect(outcome.kind, `${pipeline}: ${'message' in outcome ? outcome.message : ''}`).toBe('ok');
  if (outcome.kind !== 'ok') return;
  // One kernel (under an scf.if on the head dimension) plus the unfused path's kernels.
  if (fused) expect(hostLaunches(outcome.module, entry), pipeline).toBeGreaterThan(1);
  for (const shape of shapes) {
    const data = inputs(entry, shape);
    const want = await referenceOutput(entry, shape);
    const { output, launches } = await runFused(outcome.module, entry, data);
    const what = `@${entry} ${pipeline} at BxHxSxTxD = ${shape.join('x')}`;
    if (fused) expect(launches, `${what}: launches`).toBe(1);
    expectAttentionClose(output, want, tolerance(entry), what);
  }
}

describe('attention fused into one FlashAttention kernel', () => {
  const lengths = [1, 63, 64, 65, 77];
  it(
    `@tile-tiled: S and T of ${slow ? '1, 63, 64, 65, 77' : '1, 64, 65, 77'} (S != T), head dimensions 32, 64 and 128, each entry equals the whole-problem program`,
    async () => {
      const rnd = mulberry32(37);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
      for (const entry of ENTRIES) {
        // Three lengths at D = 32 and one at the larger head dimensions (the interpreter's time); every length in the slow suite.
        for (const [D, queries] of [
          [32, slow ? lengths : [1, 64, 77]],
          [64, slow ? lengths : [65]],
          [128, slow ? lengths : [65]],
        ] as const) {
          const shapes: Shape[] = queries.map((S) => [1, 2, S, pick(lengths), D]);
          // Half the configurations take the head dimension in two chunks (a fourth size, BK = BD / 2).
          const bd = pow2AtLeast(D);
          const sizes = [pick([16, 32]), pick([16, 32]), bd, ...(pick([false, true]) ? [bd / 2] : [])];
          await expectSameAttention(entry, `builtin.module(@tile-tiled{tile-sizes=${sizes.join(',')} num-warps=${pick([2, 4])}})`, shapes, true);
        }
      }
    },
    SLOW_TIMEOUT_MS,
  );

  it(
    '@tile-pipelined and @tile-wgsl on random configurations equal the whole-problem programs (small shapes, batches of 2 x 2)',
    async () => {
      const rnd = mulberry32(41);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
      for (const [i, entry] of ENTRIES.entries()) {
        const D = pick([8, 20, 32]);
        const sizes = [16, pick([16, 32]), 32, ...(pick([false, true]) ? [pick([8, 16])] : [])];
        const stages = pick([1, 2, 3]);
        const common = `tile-sizes=${sizes.join(',')} num-warps=${pick([1, 2])} num-stages=${stages} peel-epilogue=${pick([true, false])}`;
        const shapes: Shape[] = [
          [2, 2, 17, 33, D],
          [1, 1, 1, 1, D],
          [1, 2, 33, 9, D],
        ];
        await expectSameAttention(entry, `builtin.module(@tile-pipelined{${common} async-copy-loads=${pick(['all', 'dot-operands', 'none'])}})`, shapes, true);
        if (i < 2 || slow) await expectSameAttention(entry, `builtin.module(@tile-wgsl{${common} max-workgroup-memory=65536})`, shapes.slice(0, 2), true);
      }
    },
    SLOW_TIMEOUT_MS,
  );

  it(
    'without tile sizes, @tile-pipelined and @tile-wgsl launch the kernel whose BD (32, 64, 128) the head dimension fits, chosen at run time; past 128 the unfused ops',
    async () => {
      const entries = slow ? ENTRIES : (['attention', 'attention_f16'] as const);
      const runs = [
        ['@tile-pipelined', [33, 128]],
        // BD 32, 64 and 128 (128 itself through @tile-pipelined; every edge in the slow suite).
        ['@tile-wgsl', slow ? [1, 20, 32, 33, 64, 100, 128] : [20, 33, 100]],
      ] as const;
      for (const entry of entries)
        for (const [pipeline, heads] of runs) {
          const shapes = heads.map((D, i): Shape => [1, 2, [17, 1, 33][i % 3]!, [33, 9, 1][i % 3]!, D]);
          await expectSameAttention(entry, `builtin.module(${pipeline})`, shapes, true);
          await expectSameAttention(entry, `builtin.module(${pipeline})`, [[1, 1, 5, 7, 130]], false);
        }
    },
    SLOW_TIMEOUT_MS,
  );

  it(
    'a head dimension past BD, and fuse=false, run the unfused ops: same results',
    async () => {
      await expectSameAttention('attention_causal', 'builtin.module(@tile-tiled{tile-sizes=16,16,32})', [[1, 2, 9, 12, 40]], false);
      await expectSameAttention('attention', 'builtin.module(@tile-tiled{fuse=false})', [[2, 1, 9, 12, 40]], false);
    },
    SLOW_TIMEOUT_MS,
  );

  it.runIf(slow)(
    '@tile-tiled at S = T = 1000 (slow suite)',
    async () => {
      for (const entry of ENTRIES) await expectSameAttention(entry, 'builtin.module(@tile-tiled{tile-sizes=32,32,32})', [[1, 1, 1000, 1000, 32]], true);
    },
    SLOW_TIMEOUT_MS,
  );
});
