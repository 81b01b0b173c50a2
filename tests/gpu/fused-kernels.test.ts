/**
 * Fused kernels on WebGPU: softmax, LayerNorm, RMSNorm (row kernels) and matmul + bias + GELU /
 * ReLU (matmul epilogues) from examples/, compiled by @tile-wgsl on seeded random configurations of
 * the shared option space (tests/unit/passes/tile/fusion/fused-cases.ts; the workgroup memory limit
 * and subgroups as the adapter allows), run with their kernels on the device against the
 * whole-problem programs in the interpreter, on shapes around the tile edges with rows of 4097
 * elements (passes over column blocks). Each entry launches exactly one kernel (with pack-lhs also
 * the packing of A, and the padding of B where N is not a multiple of 4), counted at run time,
 * whatever the row length; with fuse=false (per-op default tile sizes) the same results come from
 * one kernel per whole-problem op. Tolerances: those of fused-cases.ts (f32: 1e-5 relative,
 * LayerNorm also 1e-5 absolute; epilogues 1e-5 of the product's rounding bound), the device's exp,
 * rsqrt and tanh included. Once per provider (Dawn, wgpu); TILE_SLOW=1 runs more configurations,
 * and the random ones under Dawn on SwiftShader (gpu-env.ts, runsConfigurations).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../core/ir/operation.js';
import { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import { runPipeline } from '../../testing/fuzz/harness.js';
import { SLOW_TIMEOUT_MS } from '../../testing/slow.js';
import type { TileOptionValue } from '../../testing/tile-options.js';
import { example } from '../unit/passes/tile/kernel-meaning.js';
import {
  EPILOGUE_WORKLOADS,
  expectedLaunches,
  expectFusedClose,
  FUSED_EXAMPLES,
  fusedInputs,
  fusedShapes,
  hostLaunches,
  isRows,
  randomFusedCase,
  referenceOutput,
  ROW_WORKLOADS,
  runFused,
  type FusedWorkload,
} from '../unit/passes/tile/fusion/fused-cases.js';
import { fitToDevice } from './device-options.js';
import { closeAll, openTestRuntimes, runsConfigurations } from './gpu-env.js';

const runtimes = await openTestRuntimes();
afterAll(() => closeAll(runtimes));

const slow = !!process.env['TILE_SLOW'];
const rowConfigs = slow ? 24 : 4;
const epilogueConfigs = slow ? 12 : 2;
const TIMEOUT_MS = Math.max(SLOW_TIMEOUT_MS, 180_000);

/** Compiles `workload` with `pipeline`; undefined when the configuration is refused in option terms. */
function compileFused(workload: FusedWorkload, pipeline: string): Operation | undefined {
  const outcome = runPipeline(example(FUSED_EXAMPLES[workload].file), pipeline);
  if (outcome.kind === 'refused') return undefined;
  if (outcome.kind !== 'ok') throw new Error(`@${workload} ${pipeline}: ${outcome.kind}: ${outcome.message}`);
  return outcome.module;
}

for (const { runtime, on } of runtimes)
  describe.skipIf(!runtime)(`fused kernels ${on}`, () => {
    const configurations = runsConfigurations(runtime);
    let launcher: WebGpuLauncher;
    beforeAll(() => {
      launcher = new WebGpuLauncher(runtime!, { timeoutMs: 60_000 });
    });

    /**
     * Runs `module`'s `workload` (compiled with `options`) on the device at each shape against the
     * whole problem, with the kernels expectedLaunches says (per shape: a matmul's packing kernels
     * depend on its rows and columns).
     */
    async function expectOnDevice(module: Operation, workload: FusedWorkload, options: Readonly<Record<string, TileOptionValue>>, shapes: readonly number[][], what: string): Promise<void> {
      expect(hostLaunches(module, workload), `${what}: gpu.launch_func in @${workload}`).toBe(expectedLaunches(workload, options));
      for (const shape of shapes) {
        const at = `${what} at ${shape.join('x')}`;
        const inputs = fusedInputs(workload, shape);
        const gpu = await runFused(module, workload, inputs, launcher.launch);
        const matmul = !isRows(workload);
        expect(gpu.launches, `${at}: kernels launched`).toBe(expectedLaunches(workload, options, matmul ? shape[0] : undefined, matmul ? shape[1] : undefined));
        expectFusedClose(workload, gpu.output, await referenceOutput(workload, shape), inputs, `${at}: WebGPU vs whole problem`);
      }
    }

    it.skipIf(!configurations)(
      `row programs @tile-wgsl on ${rowConfigs} random configurations, rows up to 4097 elements, one kernel each`,
      async () => {
        // Seeds whose configuration the compiler refuses in option terms are passed over.
        let [compiled, seed] = [0, 9000];
        while (compiled < rowConfigs && seed < 9000 + 3 * rowConfigs) {
          const c = randomFusedCase(++seed, 'tile-wgsl', ROW_WORKLOADS, (options) => fitToDevice(runtime!, options));
          const module = compileFused(c.workload, c.pipeline);
          if (!module) continue;
          compiled++;
          const shapes = fusedShapes(c, seed, { maxRowLength: 4097, maxRows: 40, long: true, maxMatmulDim: 0 });
          await expectOnDevice(module, c.workload, c.config.options, shapes, `seed ${seed}: @${c.workload} ${c.pipeline}`);
        }
        expect(compiled, 'configurations compiled').toBe(rowConfigs);
      },
      TIMEOUT_MS,
    );

    it.skipIf(!configurations)(
      `matmul epilogues @tile-wgsl on ${epilogueConfigs} random configurations, one kernel each (more with pack-lhs)`,
      async () => {
        let [compiled, seed] = [0, 9500];
        while (compiled < epilogueConfigs && seed < 9500 + 4 * epilogueConfigs) {
          const c = randomFusedCase(++seed, 'tile-wgsl', EPILOGUE_WORKLOADS, (options) => fitToDevice(runtime!, options));
          const module = compileFused(c.workload, c.pipeline);
          if (!module) continue;
          compiled++;
          const shapes = [...fusedShapes(c, seed, { maxRowLength: 0, maxRows: 0, long: false, maxMatmulDim: 96 }), [37, 29, 45]];
          await expectOnDevice(module, c.workload, c.config.options, shapes, `seed ${seed}: @${c.workload} ${c.pipeline}`);
        }
        expect(compiled, 'configurations compiled').toBe(epilogueConfigs);
      },
      TIMEOUT_MS,
    );

    // The defaults (row programs: 4 x 256 blocks up to 256 columns, 2 x 1024 up to 1024, 1 x 2048
    // up to 2048, else 1 x 4096, chosen at run time; 16384 bytes of workgroup memory, which LayerNorm's three stages exceed: two stages
    // there), fused and not (unfused: softmax here, all five in the slow suite and in the
    // interpreter, tests/unit/passes/tile/fusion/unfused.test.ts).
    for (const workload of [...ROW_WORKLOADS, ...EPILOGUE_WORKLOADS]) {
      const fuses = slow || workload === 'softmax' ? [true, false] : [true];
      it(
        `@${workload} @tile-wgsl with its defaults, fuse=${fuses.join(' and fuse=')}`,
        async () => {
          const limit = runtime!.adapter.limits.maxComputeWorkgroupStorageSize;
          const base = `max-workgroup-memory=${Math.min(16384, limit)}${workload === 'layernorm' ? ' num-stages=2' : ''}`;
          const shapes = isRows(workload)
            ? [
                [1, 1],
                [9, 4097],
                [33, 513],
                [7, 1025],
                [5, 2049],
                // Row lengths of a multiple of 4 inside their block: edge tiles in vectors of 4 (tile.vector_edges).
                [4, 60],
                [3, 3072],
              ]
            : [
                [1, 1, 1],
                [37, 29, 45],
              ];
          for (const fuse of fuses) {
            const pipeline = `@tile-wgsl{${base} fuse=${fuse}}`;
            const module = compileFused(workload, pipeline);
            if (!module) throw new Error(`@${workload} ${pipeline} refused`);
            await expectOnDevice(module, workload, { fuse }, shapes, `@${workload} ${pipeline}`);
          }
        },
        TIMEOUT_MS,
      );
    }
  });
