/**
 * tile.reduce and tile.broadcast compiled to WGSL and run on WebGPU, against the interpreter
 * running the tile-level program: the softmax example (max and sum reductions, broadcasts)
 * through the workgroup-memory path, and through subgroup shuffles where the adapter offers the
 * 'subgroups' feature (wgpu on llvmpipe does not: that case is then skipped with a notice).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DiagnosticError } from '../../core/ir/diagnostics.js';
import { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import { compile, example } from '../unit/passes/tile/kernel-meaning.js';
import { openTestRuntime, skipNotice } from './gpu-env.js';
import { f32MemRef, randomF32, runLast } from './programs.js';

const runtime = await openTestRuntime();
const launcher = runtime ? new WebGpuLauncher(runtime, { timeoutMs: 60_000 }) : undefined;
afterAll(() => runtime?.close());

const run = (module: ReturnType<typeof compile>, inputs: readonly [Float32Array, number[]][], onGpu: boolean): Promise<Float32Array> =>
  runLast(
    module,
    'softmax',
    inputs.map(([data, shape]) => f32MemRef(data, shape)),
    onGpu ? launcher : undefined,
  );

describe.skipIf(!runtime)(`tile.reduce / tile.broadcast on ${runtime?.description ?? 'no adapter'}`, () => {
  for (const subgroups of [false, true]) {
    const unsupported = subgroups && !runtime?.hasFeature('subgroups');
    if (unsupported) skipNotice("softmax with subgroup shuffles: the adapter lacks the 'subgroups' feature", runtime);
    it.skipIf(unsupported)(
      `softmax-tiled.mlir @tile-wgsl{subgroups=${subgroups}}`,
      async () => {
        const module = compile(example('softmax-tiled.mlir'), `@tile-wgsl{subgroups=${subgroups}}`);
        const reference = compile(example('softmax-tiled.mlir'), 'canonicalize');
        for (const [M, N] of [
          [37, 50],
          [1, 1],
          [8, 64],
          [5, 63],
        ] as const) {
          const inputs: [Float32Array, number[]][] = [
            [randomF32(M * N, M + N), [M, N]],
            [new Float32Array(M * N), [M, N]],
          ];
          const gpu = await run(module, inputs, true);
          const want = await run(reference, inputs, false);
          gpu.forEach((g, i) => expect(Math.abs(g - want[i]!), `[${i}] at ${M}x${N}`).toBeLessThanOrEqual(1e-6));
        }
      },
      180_000,
    );
  }

  // A kernel compiled for larger subgroups than the adapter may have is refused before it runs.
  const minLanes = runtime?.adapter.subgroupMinSize;
  const unknownLanes = !runtime?.hasFeature('subgroups') || minLanes === undefined || minLanes >= 128;
  if (unknownLanes) skipNotice("a subgroup size the adapter lacks: the adapter has no 'subgroups' feature or does not say its smallest subgroup", runtime);
  it.skipIf(unknownLanes)(
    'refuses a kernel compiled for subgroups larger than the adapter has',
    async () => {
      const module = compile(example('softmax-tiled.mlir'), `@tile-wgsl{subgroups=true subgroup-size=${minLanes! * 2}}`);
      const inputs: [Float32Array, number[]][] = [
        [randomF32(8 * 8, 1), [8, 8]],
        [new Float32Array(64), [8, 8]],
      ];
      await expect(run(module, inputs, true)).rejects.toThrow(
        new RegExp(
          `was compiled for subgroups of at least ${minLanes! * 2} lanes \\(subgroup-size=${minLanes! * 2}\\), but .* has subgroups of ${minLanes}; compile with subgroup-size=${minLanes}`,
        ),
      );
      const fits = compile(example('softmax-tiled.mlir'), `@tile-wgsl{subgroups=true subgroup-size=${minLanes}}`);
      const gpu = await run(fits, inputs, true);
      expect(gpu.every(Number.isFinite)).toBe(true);
    },
    180_000,
  );

  // Where the device rejects the shader (wgpu's naga does not know `enable subgroups;`), the
  // error names the IR op the WGSL line came from (the tile.reduce) and shows the line.
  const rejects = runtime?.hasFeature('subgroups') !== false;
  if (rejects) skipNotice('a rejected subgroup shader: the adapter offers subgroups', runtime);
  it.skipIf(rejects)(
    'a shader the device rejects is reported at the IR op of the WGSL line',
    async () => {
      const module = compile(example('softmax-tiled.mlir'), '@tile-wgsl{subgroups=true}');
      const inputs: [Float32Array, number[]][] = [
        [randomF32(8 * 8, 1), [8, 8]],
        [new Float32Array(64), [8, 8]],
      ];
      const error = await run(module, inputs, true).then(
        () => undefined,
        (e: unknown) => e as DiagnosticError,
      );
      expect(error).toBeInstanceOf(DiagnosticError);
      expect(error!.diagnostic.loc.fileLineCol()).toMatchObject({ line: 14, col: 12 }); // %m = tile.reduce max ...
      expect(error!.message).toMatch(/^WGSL of @kernels::@softmax_rows does not compile on .*\(softmax_rows\.wgsl:\d+:\d+\)$/);
      expect(error!.diagnostic.notes.map((n) => n.message)).toContainEqual(expect.stringMatching(/^WGSL line \d+: enable subgroups;$/));
    },
    180_000,
  );
});
