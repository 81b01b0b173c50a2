/**
 * FlashAttention on WebGPU: examples/attention.mlir's @attention, @attention_causal and (where the
 * adapter has shader-f16) @attention_f16 compiled by @tile-wgsl (tile-fuse + tile-tiling make one
 * kernel of each; its K and V loads asynchronous copies, multibuffered and software-pipelined)
 * run with their kernel on the device against the whole-problem programs in the interpreter,
 * at S and T of 1, 63, 64, 65 and 77 (S != T), head dimension 32 (and 64 in the slow suite),
 * batches of 2 x 2, and with K and V loaded into registers (async-copy-loads=none) and the head
 * dimension in two chunks (BK = 16), and without options (the automatic configuration's kernel for
 * the head dimension, chosen at run time). One kernel launched per entry. Tolerances:
 * tests/unit/passes/tile/fusion/attention-cases.ts (f32 1e-5 absolute, f16 2e-3), the device's exp
 * included. Once per provider (Dawn, wgpu); the explicit configurations under Dawn on SwiftShader in
 * the slow suite (gpu-env.ts, runsConfigurations).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import { runPipeline } from '../../testing/fuzz/harness.js';
import { SLOW_TIMEOUT_MS } from '../../testing/slow.js';
import { ENTRIES, expectAttentionClose, inputs, referenceOutput, type Shape, source, tolerance } from '../unit/passes/tile/fusion/attention-cases.js';
import { runFused } from '../unit/passes/tile/fusion/fused-cases.js';
import { closeAll, openTestRuntimes, runsConfigurations, skipNotice } from './gpu-env.js';

const runtimes = await openTestRuntimes();
afterAll(() => closeAll(runtimes));

const TIMEOUT_MS = Math.max(SLOW_TIMEOUT_MS, 300_000);
const slow = !!process.env['TILE_SLOW'];

for (const { runtime, on } of runtimes)
  describe.skipIf(!runtime)(`FlashAttention ${on}`, () => {
    const configurations = runsConfigurations(runtime);
    let launcher: WebGpuLauncher;
    beforeAll(() => {
      launcher = new WebGpuLauncher(runtime!, { timeoutMs: 120_000 });
    });

    /** Each entry of `pipeline`'s output equals the whole-problem program at head dimension `d`, one kernel launched. */
    async function expectEntriesOnDevice(pipeline: string, D: number): Promise<void> {
      const outcome = runPipeline(source, pipeline);
      expect(outcome.kind, 'message' in outcome ? outcome.message : '').toBe('ok');
      if (outcome.kind !== 'ok') return;
      const shapes: Shape[] = [
        [2, 2, 63, 77, D],
        [1, 2, 65, 64, D],
        [1, 1, 1, 1, D],
      ];
      for (const entry of ENTRIES) {
        if (entry === 'attention_f16' && !runtime!.hasFeature('shader-f16')) {
          skipNotice('@attention_f16 (the adapter has no shader-f16)', runtime);
          continue;
        }
        for (const shape of shapes) {
          const data = inputs(entry, shape);
          const want = await referenceOutput(entry, shape);
          const gpu = await runFused(outcome.module, entry, data, launcher.launch);
          const what = `@${entry} at ${shape.join('x')} on ${on}`;
          expect(gpu.launches, `${what}: kernels launched`).toBe(1);
          expectAttentionClose(gpu.output, want, tolerance(entry), what);
        }
      }
    }

    // D = 64 in the slow suite (SwiftShader compiles its larger kernel for tens of seconds). With
    // async-copy-loads=none, K's tile reaches the dot from registers: staged once and read in place
    // as Kᵀ (the benchmarks' configuration on the H200), here with the head dimension in chunks of 16.
    const configs = [[32, '16,16,32 num-stages=3'], [32, '16,16,32,16 num-stages=1 async-copy-loads=none'], ...(slow ? ([[64, '16,16,64 num-stages=2']] as const) : [])] as const;
    for (const [D, config] of configs) {
      it.skipIf(!configurations)(
        `D = ${D} (tile-sizes=${config}): each entry equals the whole-problem program, one kernel`,
        () => expectEntriesOnDevice(`builtin.module(@tile-wgsl{num-warps=4 max-workgroup-memory=${runtime!.adapter.limits.maxComputeWorkgroupStorageSize} tile-sizes=${config}})`, D),
        TIMEOUT_MS,
      );
    }

    // The automatic configuration: the kernel of BD 32 (64 and 128 in the slow suite), chosen at run time, K and V in registers.
    for (const D of slow ? [32, 64, 128] : [32])
      it(`D = ${D}, @tile-wgsl without options: each entry equals the whole-problem program, one kernel`, () => expectEntriesOnDevice('builtin.module(@tile-wgsl)', D), TIMEOUT_MS);
  });
