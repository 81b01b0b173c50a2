/**
 * tile-tune's report texts: a measured time with each launch's share when a configuration
 * launches several kernels (pack-lhs), the time alone when it launches one, and a failure with
 * its kind and reason; the kernels' WGSL size and pipeline creation time per launch, summed in
 * the table and given with the best configuration (`-` for results cached without them).
 */
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { LaunchTiming, Measured } from '../../../../tools/tune/cache.js';
import { bestText, kernelCost, launchSummary, outcomeText, resultTable, timeText } from '../../../../tools/tune/report.js';

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

describe('WGSL size and pipeline creation time', () => {
  const packed: LaunchTiming = { ...pack, wgslBytes: 1934, pipelineMs: 30.25 };
  const mm: LaunchTiming = { ...matmul, wgslBytes: 3712, pipelineMs: 50.1 };
  const ok = (ms: number, launches: LaunchTiming[]) => ({ status: 'ok', ms, method: 'timestamp-query', maxError: 0, launches }) as const;
  const twoKernels: Measured = { options: 'pack-lhs=true', pipeline: '@tile-wgsl{pack-lhs=true}', outcome: ok(0.37911, [packed, mm]) };
  const oneKernel: Measured = { options: 'pack-lhs=false', pipeline: '@tile-wgsl{pack-lhs=false}', outcome: ok(0.5, [{ ...mm, pipelineMs: 0.42 }]) };
  const cachedBefore: Measured = { options: 'num-warps=8', pipeline: '@tile-wgsl{num-warps=8}', outcome: ok(0.6, [matmul]) };
  const failed: Measured = { options: 'num-warps=16', pipeline: '@tile-wgsl{num-warps=16}', outcome: { status: 'failed', failure: 'limits', reason: 'too many invocations' } };

  it('gives each launch its WGSL size and pipeline creation time', () => {
    expect(launchSummary([packed, mm])).toBe(
      '@kernels::@matmul_f32_pack_lhs 0.00911 ms (wall 0.00989, x1000; WGSL 1.9 KB, pipeline 30.3 ms) + @kernels::@matmul_f32 0.370 ms (wall 0.389, x54; WGSL 3.7 KB, pipeline 50.1 ms)',
    );
  });

  it('sums them over the distinct kernels of a configuration; none for failures and older cache entries', () => {
    expect(kernelCost(twoKernels.outcome)).toMatchObject({ wgslBytes: 1934 + 3712, pipelineMs: 30.25 + 50.1 });
    // A kernel launched twice is compiled once.
    expect(kernelCost(ok(1, [mm, mm]))).toMatchObject({ wgslBytes: 3712, pipelineMs: 50.1, kernels: [{ kernel: mm.kernel }] });
    expect(kernelCost(cachedBefore.outcome)).toBeUndefined();
    expect(kernelCost(failed.outcome)).toBeUndefined();
  });

  it('the table has WGSL KB and pipeline ms columns', () => {
    const lines = resultTable([cachedBefore, failed, oneKernel, twoKernels], new Chalk({ level: 0 }))
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([
      '#  time (ms)  vs best  WGSL KB  pipeline ms  configuration',
      '1      0.379    1.00x      5.6         80.3  pack-lhs=true',
      '2      0.500    1.32x      3.7         0.42  pack-lhs=false',
      '3      0.600    1.58x        -            -  num-warps=8',
      '-     failed   limits        -            -  num-warps=16: too many invocations',
    ]);
  });

  it('the best: its -p line, then its time, WGSL size and pipeline creation time (per kernel where there are several)', () => {
    expect(bestText(oneKernel)).toBe("best: -p '@tile-wgsl{pack-lhs=false}'\n  0.500 ms; WGSL 3.7 KB, pipeline 0.42 ms\n");
    expect(bestText(twoKernels, 'best so far')).toBe(
      "best so far: -p '@tile-wgsl{pack-lhs=true}'\n  0.379 ms; WGSL 5.6 KB, pipeline 80.3 ms (@kernels::@matmul_f32_pack_lhs WGSL 1.9 KB, pipeline 30.3 ms + @kernels::@matmul_f32 WGSL 3.7 KB, pipeline 50.1 ms)\n",
    );
    expect(bestText(cachedBefore)).toBe("best: -p '@tile-wgsl{num-warps=8}'\n  0.600 ms\n");
  });
});
