// Shared by the meaning tests of FlashAttention (tests/unit/passes/tile/fusion/attention.test.ts, in
// the interpreter; tests/gpu/attention.test.ts, on WebGPU): examples/attention.mlir's entries, their
// seeded inputs, tolerances and the comparison with the whole-problem program.
import { expect } from 'vitest';
import { parseModule } from '../../pass-harness.js';
import { example, random } from '../kernel-meaning.js';
import { type FusedInputs, runFused } from './fused-cases.js';

export const ENTRIES = ['attention', 'attention_causal', 'attention_f16'] as const;
export type Entry = (typeof ENTRIES)[number];
export const source = example('attention.mlir');
export const reference = parseModule(source);

/** [B, H, S, T, D] */
export type Shape = readonly [number, number, number, number, number];

export function inputs(entry: Entry, [B, H, S, T, D]: Shape): FusedInputs {
  const seed = B * 7 + H * 13 + S * 31 + T * 61 + D;
  const half = entry === 'attention_f16';
  return {
    shapes: [
      [B, H, S, D],
      [B, H, T, D],
      [B, H, T, D],
      [B, H, S, D],
    ],
    data: [random(B * H * S * D, seed, half), random(B * H * T * D, seed + 1, half), random(B * H * T * D, seed + 2, half), new Float32Array(B * H * S * D).fill(NaN)],
  };
}

/** Fails unless `got` equals `want` within `abs`; NaN where the program gives NaN (a causal row with no keys). */
export function expectAttentionClose(got: Float32Array, want: Float32Array, abs: number, what: string): void {
  const bad: string[] = [];
  for (let i = 0; i < want.length && bad.length < 5; i++) {
    const same = Number.isNaN(want[i]!) ? Number.isNaN(got[i]!) : Math.abs(got[i]! - want[i]!) <= abs;
    if (!same) bad.push(`[${i}] got ${got[i]} want ${want[i]}`);
  }
  expect(bad, what).toEqual([]);
}

export const tolerance = (entry: Entry) => (entry === 'attention_f16' ? 2e-3 : 1e-5);
export const pow2AtLeast = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(n, 16)));

const referenceRuns = new Map<string, Promise<Float32Array>>();

/**
 * The whole-problem program's output for `entry` at `shape` on its `inputs(entry, shape)`,
 * interpreted once a process: the tests compare many pipelines and configurations (and both
 * WebGPU providers) with the same references.
 */
export function referenceOutput(entry: Entry, shape: Shape): Promise<Float32Array> {
  const key = `${entry} ${shape.join('x')}`;
  let run = referenceRuns.get(key);
  if (!run) referenceRuns.set(key, (run = runFused(reference, entry, inputs(entry, shape)).then((r) => r.output)));
  return run;
}
