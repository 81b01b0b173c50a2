/**
 * The pipelined DMA chain (async tokens carried for `after` chains, selected in the prologue)
 * compiled by @tile-wgsl and run on WebGPU, against the interpreter running the whole-problem
 * matmul.
 */
import { afterAll, describe, it } from 'vitest';
import { MemRefType, f32, type Type } from '../../core/ir/types.js';
import { Interpreter } from '../../core/interpret/engine.js';
import { Buffer, MemRef } from '../../core/interpret/values.js';
import { createSemantics } from '../../dialects/semantics.js';
import { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import { compile, example, expectMatmulClose } from '../unit/passes/tile/kernel-meaning.js';
import { openTestRuntime } from './gpu-env.js';
import { randomF32 } from './programs.js';

const runtime = await openTestRuntime();
const launcher = runtime ? new WebGpuLauncher(runtime, { timeoutMs: 60_000 }) : undefined;
afterAll(() => runtime?.close());

const memref = (data: Float32Array, shape: readonly number[]) => MemRef.contiguous(MemRefType.get(shape.map(() => -1), f32 as Type), new Buffer(f32, data.slice(), undefined, 'test input'), shape);

async function run(module: ReturnType<typeof compile>, inputs: readonly [Float32Array, number[]][], onGpu: boolean): Promise<Float32Array> {
  const args = inputs.map(([data, shape]) => memref(data, shape));
  await new Interpreter(module, { semantics: createSemantics(), kernelLauncher: onGpu ? launcher!.launch : undefined }).runAsync('matmul_f32', args);
  return args.at(-1)!.buffer.data as Float32Array;
}

describe.skipIf(!runtime)(`async tokens on ${runtime?.description ?? 'no adapter'}`, () => {
  for (const options of ['num-stages=2', 'num-stages=3 peel-epilogue=false']) {
    it(`matmul-dma-chain.mlir @tile-wgsl{${options}}`, async () => {
      const module = compile(example('matmul-dma-chain.mlir'), `@tile-wgsl{${options}}`);
      const reference = compile(example('matmul.mlir'), 'canonicalize');
      for (const [M, N, K] of [[37, 29, 45], [1, 1, 1]] as const) {
        const [a, b] = [randomF32(M * K, M + K), randomF32(K * N, N)];
        const inputs: [Float32Array, number[]][] = [[a, [M, K]], [b, [K, N]], [new Float32Array(M * N), [M, N]]];
        expectMatmulClose(await run(module, inputs, true), await run(reference, inputs, false), a, b, [M, N, K], 1e-5, `${options} at ${M}x${N}x${K}`);
      }
    }, 300_000);
  }
});
