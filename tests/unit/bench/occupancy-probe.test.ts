/**
 * bench/occupancy-probe.ts: the probe kernel declares the workgroup memory and workgroup size it
 * is asked for (the step it measures depends on both), and runs the whole dependent chain.
 */
import { describe, expect, it } from 'vitest';
import { compileProbe } from '../../../bench/occupancy-probe.js';

describe('occupancy-probe', () => {
  it.each([
    [128, 0, 1],
    [128, 16, 4096],
    [256, 28, 7168],
  ])('%i threads with %i KiB declare array<f32, %i> of workgroup memory', (threads, kib, floats) => {
    const { wgsl } = compileProbe(threads, kib, 10);
    expect(wgsl).toContain(`var<workgroup> arg1: array<f32, ${floats}>;`);
    expect(wgsl).toContain(`@workgroup_size(${threads}, 1, 1)`);
    expect(wgsl).toMatch(/for \(var \w+: i32 = \w+; \w+ < \w+; /);
    expect(wgsl.match(/fma\(/g)).toHaveLength(4);
  });
});
