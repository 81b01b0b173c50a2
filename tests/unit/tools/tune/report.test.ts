/**
 * tile-tune's report texts: a measured time with each launch's share when a configuration
 * launches several kernels (pack-lhs), the time alone when it launches one, and a failure with
 * its kind and reason.
 */
import { describe, expect, it } from 'vitest';
import type { LaunchTiming, Measured } from '../../../../tools/tune/cache.js';
import { launchSummary, outcomeText, timeText } from '../../../../tools/tune/report.js';

const pack: LaunchTiming = { kernel: '@kernels::@matmul_f32_pack_lhs', grid: [32, 32, 1], ms: 0.00911, wallMs: 0.00989, repeat: 1000 };
const matmul: LaunchTiming = { kernel: '@kernels::@matmul_f32', grid: [16, 16, 1], ms: 0.37, wallMs: 0.389, repeat: 54 };

describe('tile-tune report texts', () => {
  it('names each launch with its GPU time, wall time and dispatches a submit', () => {
    expect(launchSummary([pack, matmul])).toBe('@kernels::@matmul_f32_pack_lhs 0.00911 ms (wall 0.00989, x1000) + @kernels::@matmul_f32 0.370 ms (wall 0.389, x54)');
  });

  it('shows the launches only when there are several', () => {
    const two = { status: 'ok', ms: 0.37911, method: 'timestamp-query', maxError: 0, launches: [pack, matmul] } as const;
    expect(timeText(two)).toBe(`0.379 ms (${launchSummary([pack, matmul])})`);
    expect(timeText({ ...two, ms: 0.37, launches: [matmul] })).toBe('0.370 ms');
    expect(timeText({ status: 'ok', ms: 12.5, method: 'wall-clock', maxError: 0 })).toBe('12.500 ms');
  });

  it('gives a failure its kind and reason', () => {
    const failed: Measured = {
      options: 'tile-sizes=256,128,16',
      pipeline: '@tile-wgsl{tile-sizes=256,128,16}',
      outcome: { status: 'failed', failure: 'limits', reason: 'too much workgroup memory' },
    };
    expect(outcomeText(failed)).toBe('failed (limits): too much workgroup memory');
  });
});
