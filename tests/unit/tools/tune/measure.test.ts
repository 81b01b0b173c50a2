/**
 * measureFresh: each configuration on a runtime of its own. A runtime that cannot be opened is a
 * recorded device failure (tuning goes on), and measurements one after another each open, check,
 * time and close a runtime of their own; a configuration of several launches reports each, with
 * its kernel's WGSL bytes and pipeline creation time. A provider without an adapter skips with a
 * notice (tests/gpu/gpu-env.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPassRegistry } from '../../../../tools/opt-passes.js';
import { measureFresh, type MeasureOptions } from '../../../../tools/tune/measure.js';
import { generatedProblem } from '../../../../tools/tune/problem.js';
import { launchSummary } from '../../../../tools/tune/report.js';
import { openTestRuntime } from '../../../gpu/gpu-env.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const MATMUL = path.join(repoRoot, 'examples', 'matmul.mlir');
const ARGS = ['A=rand:40x24xf32', 'B=rand:24x36xf32', 'C=zeros:40x36xf32'];
const PIPELINE = '@tile-wgsl{tile-sizes=32,32,8 num-warps=4 num-stages=2}';
const TIMING: MeasureOptions = { timeoutMs: 60_000, repeat: 2, rounds: 2, warmup: 1 };

describe('measureFresh', () => {
  afterEach(() => void vi.unstubAllEnvs());

  it('records a runtime that cannot be opened as a device failure with its reason', async () => {
    const problem = await generatedProblem(MATMUL, 'matmul_f32', ARGS, 64);
    vi.stubEnv('TILE_DENO', path.join(repoRoot, 'no-such-deno'));
    const outcome = await measureFresh('wgpu', MATMUL, problem, PIPELINE, createPassRegistry(), TIMING);
    expect(outcome.status).toBe('failed');
    if (outcome.status !== 'failed') return;
    expect(outcome.failure).toBe('device');
    expect(outcome.reason).toMatch(/no-such-deno|adapter/);
  });

  it('measures configurations one after another, each checked and timed on its own runtime', async (ctx) => {
    const probe = await openTestRuntime('dawn');
    if (!probe) return ctx.skip();
    await probe.close();
    const problem = await generatedProblem(MATMUL, 'matmul_f32', ARGS, 64);
    const registry = createPassRegistry();
    for (const pipeline of [PIPELINE, '@tile-wgsl{tile-sizes=16,16,8 num-warps=2 num-stages=1}']) {
      const outcome = await measureFresh('dawn', MATMUL, problem, pipeline, registry, TIMING);
      expect(outcome, pipeline).toMatchObject({ status: 'ok' });
      if (outcome.status !== 'ok') continue;
      expect(outcome.ms).toBeGreaterThan(0);
      // One kernel: its WGSL's bytes and its pipeline's creation time (cold, in this runtime's runner).
      const [launch] = outcome.launches!;
      expect(launch!.wgslBytes).toBeGreaterThan(0);
      expect(launch!.pipelineMs).toBeGreaterThan(0);
    }
  });

  it('reports each launch of a configuration that launches several kernels, its times summing to the whole', async (ctx) => {
    const probe = await openTestRuntime('dawn');
    if (!probe) return ctx.skip();
    await probe.close();
    const problem = await generatedProblem(MATMUL, 'matmul_f32', ARGS, 64);
    const outcome = await measureFresh('dawn', MATMUL, problem, '@tile-wgsl{tile-sizes=32,32,8 num-warps=4 num-stages=2 pack-lhs=true}', createPassRegistry(), TIMING);
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    const launches = outcome.launches!;
    expect(launches).toHaveLength(2);
    expect(launches.map((l) => l.repeat)).toEqual([TIMING.repeat, TIMING.repeat]);
    expect(launches[0]!.kernel).not.toBe(launches[1]!.kernel);
    for (const l of launches) {
      expect(l.ms).toBeGreaterThan(0);
      expect(l.wgslBytes).toBeGreaterThan(0);
      expect(l.pipelineMs).toBeGreaterThan(0);
    }
    expect(launches[0]!.ms + launches[1]!.ms).toBeCloseTo(outcome.ms, 12);
    expect(launches[0]!.wallMs + launches[1]!.wallMs).toBeCloseTo(outcome.wallMs!, 12);
    const launch = String.raw`@\S+ \S+ ms \(wall \S+, x2; WGSL [0-9.]+ KB, pipeline [0-9.]+ ms\)`;
    expect(launchSummary(launches)).toMatch(new RegExp(`^${launch} \\+ ${launch}$`));
  });
});
