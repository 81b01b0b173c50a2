/**
 * bench/gpu-kernels.ts end to end under Dawn: a compiled matmul that launches two kernels
 * (pack-lhs: the packing kernel, then the matmul) is timed launch by launch (each shown) and summed, and
 * checked against the interpreter, beside a one-kernel configuration checked against float64.
 * Skipped with a notice where Dawn has no adapter.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runsSlow } from '../../testing/slow.js';
import { closeAll, openTestRuntimes } from './gpu-env.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// ~10 s on two cores: in the slow suite (no runtime is opened without it).
const slow = runsSlow('gpu-kernels end to end');
const runtimes = slow ? await openTestRuntimes() : [];
const dawn = runtimes.find((r) => r.provider === 'dawn');
await closeAll(runtimes);

describe.skipIf(!slow || !dawn?.runtime)(`gpu-kernels end to end ${dawn?.on ?? ''}`, () => {
  it('times a pack-lhs matmul as the sum of its two launches, and a one-kernel one as before', () => {
    const argv = ['--providers', 'dawn', '--sizes', '40', '--tile-wgsl', 'tile-sizes=32,32,8 pack-lhs=true;tile-sizes=32,32,8', '--add-elems', '1024', '--rounds', '2', '--timeout-s', '120'];
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'build', 'bench', 'gpu-kernels.js'), ...argv], { encoding: 'utf8', timeout: 300_000 });
    const out = `${r.stdout}\n${r.stderr}`;
    expect(r.status, out).toBe(0);
    expect(out).toMatch(
      /\| @tile-wgsl\{tile-sizes=32,32,8 pack-lhs=true\} +\| +40\^3 \| dawn \(ts\) \| +[0-9.]+ \|.*\| +ok \(launches timed and summed: @kernels::@\w+ [0-9.e+-]+ ms \(wall [0-9.e+-]+, x\d+; WGSL [0-9.]+ KB, pipeline [0-9.]+ ms\) \+ @kernels::@\w+ [0-9.e+-]+ ms \(wall [0-9.e+-]+, x\d+; WGSL [0-9.]+ KB, pipeline [0-9.]+ ms\); vs the interpreter at <= 64 per dimension, max err [0-9.e+-]+\) \|/,
    );
    expect(out).toMatch(/\| @tile-wgsl\{tile-sizes=32,32,8\} +\| +40\^3 \| dawn \(ts\) \| +[0-9.]+ \|.*\| +ok \(max err [0-9.e+-]+ of sum\|ab\| over 64 samples\) \|/);
    expect(out).not.toMatch(/WRONG|failed/);
  }, 300_000);
});
