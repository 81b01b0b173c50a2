// tile-tiling's automatic attention configuration (no tile-sizes): a FlashAttention kernel per
// head dimension it covers (BD of 32, 64 and 128), the largest candidate blocks that fit the
// workgroup memory; each candidate's declared workgroup memory bounds what its kernels use
// (compiled with exactly that budget, the lowering's own check refuses a kernel that needs more).
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../../core/ir/operation.js';
import { symbolName } from '../../../../../core/ir/symbol-table.js';
import { workgroupAttributionBytes } from '../../../../../dialects/gpu/kernels.js';
import { ATTENTION_AUTO_HEAD_DIMS, ATTENTION_CANDIDATES, attentionVariants } from '../../../../../passes/tile/tiling/auto-config.js';
import { runPipeline } from '../../../../../testing/fuzz/harness.js';
import { source } from '../fusion/attention-cases.js';

const chosen = (o: { numWarps?: number; maxWorkgroupMemory?: number; unfit?: (sizes: readonly number[], w: number) => boolean } = {}) =>
  attentionVariants({ numWarps: o.numWarps ?? 0, maxWorkgroupMemory: o.maxWorkgroupMemory ?? 0, unfit: o.unfit ?? (() => false) }).map((c) => `${c.sizes.join('x')} w${c.numWarps}`);

/** The FlashAttention kernels of a compiled module, with the workgroup memory each uses. */
function attentionKernels(module: Operation): Map<string, number> {
  const kernels = new Map<string, number>();
  module.walk((op) => {
    const name = op.name === 'gpu.func' ? symbolName(op) : undefined;
    if (name?.endsWith('_attention')) kernels.set(name, workgroupAttributionBytes(op));
  });
  return kernels;
}

describe('the automatic attention configuration', () => {
  it('takes per head dimension the largest blocks that fit: 64 x 32 in WebGPU’s default 16 KiB, 64 x 64 on 8 warps in 48 KiB', () => {
    expect(chosen()).toEqual(['64x32x32x32 w4', '64x32x64x32 w4', '64x32x128x32 w4']);
    expect(chosen({ maxWorkgroupMemory: 12288 })).toEqual(['32x32x32x32 w4', '32x32x64x32 w4', '32x32x128x32 w4']);
    expect(chosen({ maxWorkgroupMemory: 49152 })).toEqual(['64x64x32x32 w8', '64x64x64x64 w8', '64x64x128x64 w8']);
    expect(chosen({ maxWorkgroupMemory: 8192 })).toEqual(['16x16x32x16 w4', '16x16x64x16 w4', '16x16x128x16 w4']);
    expect(chosen({ maxWorkgroupMemory: 4096 })).toEqual([]);
  });

  it('drops a candidate given fewer warps than its own, but the smallest; keeps to what the lowering can lay out', () => {
    expect(chosen({ maxWorkgroupMemory: 49152, numWarps: 4 })).toEqual(['64x32x32x32 w4', '64x32x64x32 w4', '64x32x128x32 w4']);
    expect(chosen({ numWarps: 2 })).toEqual(['16x16x32x16 w2', '16x16x64x16 w2', '16x16x128x16 w2']);
    expect(chosen({ maxWorkgroupMemory: 49152, numWarps: 16 })).toEqual(['64x64x32x32 w16', '64x64x64x64 w16', '64x64x128x64 w16']);
    expect(chosen({ unfit: (sizes) => sizes[2] === 128 && sizes[0] === 64 })).toEqual(['64x32x32x32 w4', '64x32x64x32 w4', '32x32x128x32 w4']);
  });

  it('compiles every candidate within the workgroup memory it declares (f32 and f16 entries, its own warps and 8)', () => {
    expect(ATTENTION_AUTO_HEAD_DIMS).toEqual([32, 64, 128]);
    for (const c of ATTENTION_CANDIDATES) {
      for (const warps of [0, 8]) {
        // The unfused path's kernels (fixed default sizes, copies in two stages) need up to 8 KiB: a smaller budget would
        // refuse them, not the candidate's kernels (whose loads are not copies: num-stages does not reach them).
        const pipeline = `builtin.module(@tile-wgsl{max-workgroup-memory=${Math.max(c.bytes, 8192)} num-stages=2${warps ? ` num-warps=${warps}` : ''}})`;
        const outcome = runPipeline(source, pipeline);
        expect(outcome.kind, `${pipeline}: ${'message' in outcome ? outcome.message : ''}`).toBe('ok');
        if (outcome.kind !== 'ok') continue;
        const kernels = attentionKernels(outcome.module);
        const want = ['attention', 'attention_causal', 'attention_f16'].flatMap((entry) =>
          ATTENTION_AUTO_HEAD_DIMS.map((bd) => `${entry}_${c.blocks[0]}x${c.blocks[1]}x${bd}x${Math.min(c.bk, bd)}_attention`),
        );
        expect([...kernels.keys()].sort(), pipeline).toEqual(want.sort());
        for (const [name, bytes] of kernels) expect(bytes, `${pipeline}: @${name}`).toBeLessThanOrEqual(c.bytes);
      }
    }
  }, 120_000);
});
