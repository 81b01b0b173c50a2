/**
 * The pipelined DMA chain (async tokens carried for `after` chains, selected in the prologue)
 * compiled by @tile-wgsl and run on WebGPU under each provider, against the interpreter running
 * the whole-problem matmul. SwiftShader (Dawn's software driver in CI) did not finish compiling
 * this 32x32x16 kernel in 400 s, so there the case is skipped with a notice.
 */
import { afterAll, describe, it } from 'vitest';
import { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import { compile, example, expectMatmulClose } from '../unit/passes/tile/kernel-meaning.js';
import { closeAll, openTestRuntimes, skipNotice, type TestRuntime } from './gpu-env.js';
import { f32MemRef, randomF32, runLast } from './programs.js';

const runtimes = await openTestRuntimes();
afterAll(() => closeAll(runtimes));

const run = (module: ReturnType<typeof compile>, inputs: readonly [Float32Array, number[]][], launcher?: WebGpuLauncher): Promise<Float32Array> =>
  runLast(
    module,
    'matmul_f32',
    inputs.map(([data, shape]) => f32MemRef(data, shape)),
    launcher,
  );

const isSwiftShader = (t: TestRuntime) => /swiftshader/i.test(t.runtime?.description ?? '');

describe.each(runtimes)('async tokens $on', (t) => {
  const launcher = t.runtime ? new WebGpuLauncher(t.runtime, { timeoutMs: 60_000 }) : undefined;
  for (const options of ['num-stages=2', 'num-stages=3 peel-epilogue=false']) {
    it.skipIf(!t.runtime)(
      `matmul-dma-chain.mlir @tile-wgsl{${options}}`,
      async (ctx) => {
        if (isSwiftShader(t)) {
          skipNotice('the 32x32x16 DMA-chain kernel (SwiftShader did not finish compiling it in 400 s; llvmpipe takes about a second)', t.runtime);
          return ctx.skip();
        }
        const module = compile(example('matmul-dma-chain.mlir'), `@tile-wgsl{${options}}`);
        const reference = compile(example('matmul.mlir'), 'canonicalize');
        for (const [M, N, K] of [
          [37, 29, 45],
          [1, 1, 1],
        ] as const) {
          const [a, b] = [randomF32(M * K, M + K), randomF32(K * N, N)];
          const inputs: [Float32Array, number[]][] = [
            [a, [M, K]],
            [b, [K, N]],
            [new Float32Array(M * N), [M, N]],
          ];
          expectMatmulClose(await run(module, inputs, launcher), await run(reference, inputs), a, b, [M, N, K], 1e-5, `${options} at ${M}x${N}x${K}`);
        }
      },
      300_000,
    );
  }
});
