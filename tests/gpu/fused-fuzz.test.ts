/**
 * Random fusion candidates on WebGPU: row programs and matmul epilogues from the fuzzer's
 * generator (testing/fuzz/fused-programs.ts: reductions of the last dimension, broadcasts of
 * per-row values and row vectors, softmax's and the variance's sums and their near misses, rank 2
 * and 3; rows of 1 to 1100 elements) and attention chains (testing/fuzz/attention-programs.ts:
 * score maps such as causal masks, their near misses), compiled by @tile-wgsl on seeded random configurations of
 * the shared option space that the adapter can run, their kernels run on the device and compared
 * with the whole-problem program in the interpreter (the fuzzer's tolerance: 1e-3 absolute and
 * 1e-4 relative, the device's exp and tanh included). Configurations the compiler refuses in option
 * terms are passed over, and so are programs with f16 buffers on adapters without shader-f16.
 * Once per provider; under Dawn on SwiftShader, whose pipeline creation is slow, in the slow suite (TILE_SLOW=1, as CI runs it; gpu-env.ts, runsConfigurations), which also
 * runs more cases (TILE_FUZZ_FUSED_GPU_CASES and TILE_FUZZ_ATTENTION_GPU_CASES set how many).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundF16 } from '../../core/interpret/float16.js';
import { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import type { WebGpuRuntime } from '../../runtime/webgpu/index.js';
import { describeCase, mismatch } from '../../testing/fuzz/differential.js';
import { randomAttentionProgram } from '../../testing/fuzz/attention-programs.js';
import { randomFusedProgram } from '../../testing/fuzz/fused-programs.js';
import { parseProgram, runFunction, runFunctionWith, runPipeline } from '../../testing/fuzz/harness.js';
import { type Program, programArguments, randomSizes, tileSizesFor } from '../../testing/fuzz/programs.js';
import { mulberry32 } from '../../testing/random.js';
import { SLOW_TIMEOUT_MS } from '../../testing/slow.js';
import { pipelineText, randomTileConfig, fusedSizesOnly, type TileConfig } from '../../testing/tile-options.js';
import { fitToDevice } from './device-options.js';
import { closeAll, openTestRuntimes, runsConfigurations } from './gpu-env.js';

const runtimes = await openTestRuntimes();
afterAll(() => closeAll(runtimes));

const slow = process.env['TILE_SLOW'];
const FAMILIES = [
  { what: 'random row programs and epilogues', generate: randomFusedProgram, firstSeed: 20_001, cases: Number(process.env['TILE_FUZZ_FUSED_GPU_CASES'] ?? (slow ? 24 : 4)) },
  { what: 'random attention chains', generate: randomAttentionProgram, firstSeed: 30_001, cases: Number(process.env['TILE_FUZZ_ATTENTION_GPU_CASES'] ?? (slow ? 12 : 2)) },
];
const timeoutMs = (cases: number) => Math.max(SLOW_TIMEOUT_MS, 180_000, cases * 10_000);

/** A random @tile-wgsl configuration of `program` (seed `seed`) that `runtime` can run. */
function deviceConfig(program: Program, seed: number, runtime: WebGpuRuntime): TileConfig {
  const what = tileSizesFor(program);
  const options = fusedSizesOnly(randomTileConfig(mulberry32(seed ^ 0x2545f491), 'tile-wgsl', what).options);
  const rank = (options['tile-sizes'] as number[]).length;
  // The register tiles: a matmul's BM x BN, a row kernel's R x C, attention's scores BM x BN and output BM x BD.
  const spans: [number, number][] =
    what.kind === 'matmul'
      ? [[0, 1]]
      : what.kind === 'attention'
        ? [
            [0, 1],
            [0, 2],
          ]
        : [[rank - 2, rank - 1]];
  for (const span of spans) fitToDevice(runtime, options, span);
  return { pipeline: 'tile-wgsl', options };
}

for (const { runtime, on } of runtimes)
  describe.skipIf(!runtime)(`random fusion candidates ${on}`, () => {
    const configurations = runsConfigurations(runtime);
    let launcher: WebGpuLauncher;
    beforeAll(() => {
      launcher = new WebGpuLauncher(runtime!, { timeoutMs: 60_000 });
    });

    for (const { what: programs, generate, firstSeed, cases } of FAMILIES)
      it.skipIf(!configurations)(
        `${cases} ${programs} @tile-wgsl equal the whole-problem programs`,
        async () => {
          let [compiled, seed] = [0, firstSeed - 1];
          while (compiled < cases && seed < firstSeed + 3 * cases) {
            const program = generate(++seed);
            if (program.half && !runtime!.hasFeature('shader-f16')) continue;
            const config = deviceConfig(program, seed, runtime!);
            const pipeline = pipelineText(config);
            const what = describeCase({ seed, program, pipeline, config });
            const outcome = runPipeline(program.text, pipeline);
            if (outcome.kind === 'refused') continue;
            if (outcome.kind !== 'ok') throw new Error(`${outcome.kind}: ${outcome.message}\n${what}`);
            compiled++;
            const sizes = randomSizes(program, mulberry32(seed * 7 + 3));
            const fn = program.functions[0]!;
            const args = programArguments(fn.params, sizes, seed * 13, roundF16);
            const want = runFunction(parseProgram(program.text), fn.name, args);
            const got = await runFunctionWith(outcome.module, fn.name, args, launcher.launch);
            want.forEach((w, i) => {
              if (w) expect(mismatch(got[i]!, w, program.half), `${what}\nat sizes [${sizes.join(', ')}], argument #${i}`).toBeUndefined();
            });
          }
          expect(compiled, 'configurations compiled').toBe(cases);
        },
        timeoutMs(cases),
      );
  });
