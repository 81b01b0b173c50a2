/**
 * The WebGPU library peers of bench/seed-tables.ts (TensorFlow.js, jax-js), as the bench runs
 * them: the bundles of build/peers in a child process (node for Dawn, deno for wgpu), on small
 * problems whose results they check against float64 (every add element, 64 matmul elements).
 * Skipped with a notice where a provider has no adapter or the bundles are not built.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runsSlow } from '../../testing/slow.js';
import { findDeno } from '../../runtime/webgpu/wgpu-backend.js';
import type { PeerCase, PeerResult } from '../../bench/peers/peer-gpu.js';
import { closeAll, openTestRuntimes } from './gpu-env.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bundles = path.join(repoRoot, 'build', 'peers');
const built = existsSync(path.join(bundles, 'tfjs-peer.js')) && existsSync(path.join(bundles, 'jaxjs-peer.js'));
if (!built) console.warn(`[bench peer tests skipped: ${path.relative(repoRoot, bundles)} not built (npm run build)]`);

const runtimes = await openTestRuntimes();
const f16 = new Map(runtimes.map((r) => [r.provider, r.runtime?.adapter.features.includes('shader-f16') ?? false]));
await closeAll(runtimes);

function runPeer(peer: string, provider: string, c: Partial<PeerCase>): { result?: PeerResult; unsupported?: string; output: string } {
  const file = path.join(bundles, `${peer}-peer.js`);
  const json = JSON.stringify({ rounds: 2, warmMs: 10, minRoundMs: 5, check: true, ...c });
  const argv = provider === 'dawn' ? [process.execPath, file, '--case', json] : [findDeno(), 'run', '-A', file, '--case', json];
  const r = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8', timeout: 120_000 });
  const output = `${r.stdout}\n${r.stderr}`;
  const line = r.stdout.split('\n').find((l) => l.startsWith('PEER-RESULT '));
  const unsupported = r.stdout.split('\n').find((l) => l.startsWith('PEER-UNSUPPORTED '));
  return {
    result: line ? (JSON.parse(line.slice(12)) as PeerResult) : undefined,
    unsupported: unsupported ? (JSON.parse(unsupported.slice(17)) as { reason: string }).reason : undefined,
    output,
  };
}

for (const { provider, runtime, on } of runtimes) {
  describe.skipIf(!runtime || !built)(`bench peers ${on}`, () => {
    for (const peer of ['tfjs', 'jaxjs']) {
      it(`${peer}: f32 matmul 67x45x33 (A·B and Aᵀ·B) and add 40x12 are right and timed`, () => {
        const cases = [
          { op: 'matmul', dtype: 'f32', shape: [67, 45, 33] },
          { op: 'matmul', dtype: 'f32', shape: [67, 45, 33], transposeA: true },
          { op: 'add', dtype: 'f32', shape: [40, 12] },
        ] as const;
        for (const c of cases) {
          const { result, output } = runPeer(peer, provider, { ...c, shape: [...c.shape] });
          expect(result, output).toBeDefined();
          expect(result!.transposeA ?? false).toBe('transposeA' in c);
          expect(result!.check).toMatch(/^ok/);
          expect(result!.runtime).toMatch(provider === 'dawn' ? /^Dawn/ : /^wgpu/);
          expect(result!.ms).toBeGreaterThan(0);
          expect(result!.rate).toBeGreaterThan(0);
          expect(result!.unit).toBe(c.op === 'matmul' ? 'GFLOP/s' : 'GB/s');
        }
      }, 240_000);
    }
    it('f16 matmul: jax-js where the adapter has shader-f16, TF.js never', () => {
      const tf = runPeer('tfjs', provider, { op: 'matmul', dtype: 'f16', shape: [32, 48, 40] });
      expect(tf.unsupported, tf.output).toBe('TF.js has no float16 dtype');
      const jax = runPeer('jaxjs', provider, { op: 'matmul', dtype: 'f16', shape: [32, 48, 40] });
      if (f16.get(provider)) expect(jax.result?.check, jax.output).toMatch(/^ok/);
      else expect(jax.unsupported, jax.output).toBe('the adapter has no shader-f16');
    }, 240_000);
  });
}

const dawn = runtimes.find((r) => r.provider === 'dawn');
// ~25 s on two cores: in the slow suite.
describe.skipIf(!runsSlow('seed-tables end to end') || !dawn?.runtime || !built)(`seed-tables end to end ${dawn?.on ?? ''}`, () => {
  it('prints the three tables with our tuned kernels and a peer measured in the same run', () => {
    const argv = ['--quick', '--sizes', '32', '--odd', '33x17x9', '--add-shapes', '8x16', '--budget', '2', '--f16-provider', 'none', '--peers', 'tfjs'];
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'build', 'bench', 'seed-tables.js'), ...argv], { encoding: 'utf8', timeout: 240_000 });
    const out = `${r.stdout}\n${r.stderr}`;
    expect(r.status, out).toBe(0);
    for (const title of ['### Pipelined matmul, f32 inputs, C = A·B', '### Pipelined matmul, f32 inputs, C = Aᵀ·B', '### Elementwise add, f32, GB/s', '### GFLOP/s by size'])
      expect(out).toContain(title);
    expect(out).toMatch(/\| tile-opt, tuned \(dawn, GPU time\) +\| +[0-9.]+ \| +[0-9.]+ \|/);
    expect(out).toMatch(/\| TensorFlow\.js 4\.22 \(dawn, wall\) +\| +[0-9.]+ \| +[0-9.]+ \|/);
    expect(out).toMatch(/\| tile-opt f32, Aᵀ·B \(the baseline's problem\), tuned \(dawn, GPU time\) +\| +[0-9.]+ \| +[0-9.]+ \|/);
    expect(out).toMatch(/\| TensorFlow\.js 4\.22 `tf\.matMul\(a, b, true, false\)` \(dawn, wall\) +\| +[0-9.]+ \| +[0-9.]+ \|/);
    expect(out).toMatch(/\| tile-opt \/ TF\.js Aᵀ·B \(wall\) +\| +[0-9.]+x \| +[0-9.]+x \|/);
    expect(out).toMatch(/\| 33x17x9 +\| `tile-sizes=/);
    // The best configuration's kernels: WGSL size and pipeline creation time.
    expect(out).toMatch(/\| shape +\| +best configuration \| WGSL KB \| pipeline ms \| measured \| failed \| tuning s \|/);
    expect(out).toMatch(/\| 33x17x9 +\| `tile-sizes=[^`]+` \| +[0-9.]+ \| +[0-9.]+ \| +\d+ \|/);
    // The search's two configurations are timed again, and the faster of them reported.
    expect(out.match(/ finalist tile-sizes=/g)?.length).toBe(2 * 2 * 2);
    expect(out).not.toMatch(/WRONG/);
  }, 300_000);
});
