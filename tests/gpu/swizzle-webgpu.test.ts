/**
 * Workgroup buffers with a #tile.shared swizzle, compiled to WGSL and run on WebGPU: the
 * double-buffered async add and the 3-stage async f16 matmul with swizzled buffers equal the
 * interpreter running the whole-problem programs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { f16, f32, MemRefType, type Type } from '../../core/ir/types.js';
import { Buffer, MemRef } from '../../core/interpret/values.js';
import { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import { compile, example, expectMatmulClose, random } from '../unit/passes/tile/kernel-meaning.js';
import { openTestRuntime, skipNotice } from './gpu-env.js';
import { runLast } from './programs.js';

const runtime = await openTestRuntime();
const launcher = runtime ? new WebGpuLauncher(runtime, { timeoutMs: 60_000 }) : undefined;
afterAll(() => runtime?.close());

const CONVERSIONS = 'tile-assign-layouts,convert-async-to-gpu,convert-tile-to-gpu,canonicalize,cse';
const LAYOUT = '#tile.shared<vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]>';
const swizzled = (file: string) => example(file).replaceAll('tile.alloc :', `tile.alloc layout ${LAYOUT} :`);

async function run(module: ReturnType<typeof compile>, entry: string, inputs: readonly [Float32Array, number[], Type][], onGpu: boolean): Promise<Float32Array> {
  const args = inputs.map(([data, shape, elem]) => {
    const buffer = Buffer.allocate(elem, data.length, undefined, 'test input');
    (buffer.data as Float32Array).set(data);
    return MemRef.contiguous(
      MemRefType.get(
        shape.map(() => -1),
        elem,
      ),
      buffer,
      shape,
    );
  });
  return runLast(module, entry, args, onGpu ? launcher : undefined);
}

describe.skipIf(!runtime)(`swizzled workgroup buffers on ${runtime?.description ?? 'no adapter'}`, () => {
  it('add-async-2buf.mlir with swizzled buffers is exact', async () => {
    const module = compile(swizzled('add-async-2buf.mlir'), CONVERSIONS);
    const reference = compile(example('add.mlir'), 'canonicalize');
    for (const [M, N] of [
      [9, 130],
      [1, 1],
    ] as const) {
      const inputs: [Float32Array, number[], Type][] = [
        [random(M * N, M), [M, N], f32],
        [random(M * N, N), [M, N], f32],
        [new Float32Array(M * N), [M, N], f32],
      ];
      expect([...(await run(module, 'add', inputs, true))], `${M}x${N}`).toEqual([...(await run(reference, 'add', inputs, false))]);
    }
  }, 180_000);

  const noF16 = !runtime?.hasFeature('shader-f16');
  if (noF16) skipNotice('the swizzled f16 matmul needs shader-f16', runtime);
  it.skipIf(noF16)(
    'matmul-async-3stage.mlir (f16) with swizzled buffers',
    async () => {
      const module = compile(swizzled('matmul-async-3stage.mlir'), CONVERSIONS);
      const reference = compile(example('matmul.mlir'), 'canonicalize');
      for (const [M, N, K] of [
        [37, 29, 45],
        [1, 1, 1],
      ] as const) {
        const [a, b] = [random(M * K, M + K, true), random(K * N, N, true)];
        const inputs: [Float32Array, number[], Type][] = [
          [a, [M, K], f16],
          [b, [K, N], f16],
          [new Float32Array(M * N), [M, N], f32],
        ];
        const gpu = await run(module, 'matmul_f16', inputs, true);
        expectMatmulClose(gpu, await run(reference, 'matmul_f16', inputs, false), a, b, [M, N, K], 1e-5, `${M}x${N}x${K}`);
      }
    },
    180_000,
  );
});
