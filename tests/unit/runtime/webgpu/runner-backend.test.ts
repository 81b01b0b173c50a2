/**
 * The runner subprocess of both providers (runner-backend.ts), against a stand-in runner that
 * speaks the wire protocol without a GPU: a request past its deadline kills the runner, fails with
 * a message naming what ran and for how long, and the next request gets a fresh runner. Also which
 * Vulkan driver each provider's runner is given (TILE_DAWN_ICD reaches Dawn only).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../temp-dir.js';
import { dawnRunnerSpec } from '../../../../runtime/webgpu/dawn-backend.js';
import { RuntimeError } from '../../../../runtime/webgpu/errors.js';
import { RunnerBackend, type RunnerSpec } from '../../../../runtime/webgpu/runner-backend.js';
import { wgpuRunnerSpec } from '../../../../runtime/webgpu/wgpu-backend.js';
import { WIRE_PREFIX } from '../../../../runtime/webgpu/wire.js';

const dir = tempDir('runner-backend-');

// Greets with an adapter; a 'run' whose label contains 'hang' never answers, 'lose' reports a lost
// device, others answer with binding 0 holding the runner's pid (so that a test sees whether the
// runner was replaced) and a pipeline creation time of 1.25 ms.
const STAND_IN = `
import { createInterface } from 'node:readline';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
const reply = (r) => process.stdout.write(${JSON.stringify(WIRE_PREFIX)} + JSON.stringify(r) + '\\n');
console.log('driver noise on stdout');
console.error('driver noise on stderr');
const limits = { maxComputeWorkgroupsPerDimension: 65535, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupStorageSize: 16384, maxStorageBufferBindingSize: 1 << 27, maxStorageBuffersPerShaderStage: 8 };
reply({ id: 0, ok: true, source: 'stand-in', adapter: { vendor: 'test', architecture: '', device: '', description: 'stand-in adapter', software: true, features: [], limits } });
createInterface({ input: process.stdin }).on('line', (line) => {
  const req = JSON.parse(line);
  if (req.op === 'compile') return reply({ id: req.id, ok: true, messages: [] });
  if (req.label.includes('hang')) return;
  if (req.label.includes('lose')) return reply({ id: req.id, ok: false, error: { kind: 'device-lost', message: 'WebGPU device lost (unknown): test' } });
  writeFileSync(join(req.dir, 'out-0.bin'), new Uint32Array([process.pid]));
  reply({ id: req.id, ok: true, outputs: [{ binding: 0, file: 'out-0.bin' }], pipelineMs: 1.25 });
});
`;
const script = path.join(dir, 'stand-in.mjs');
writeFileSync(script, STAND_IN);
const spec: RunnerSpec = { provider: 'dawn', name: 'stand-in runner', command: process.execPath, args: () => [script] };

const request = (label: string) => ({
  label,
  wgsl: '',
  entryPoint: 'main',
  grid: [1, 1, 1] as const,
  bindings: [{ binding: 0, kind: 'storage' as const, data: new Uint8Array(4), readBack: true }],
});
const pidOf = (r: { outputs: ReadonlyMap<number, Uint8Array> }) => new Uint32Array(r.outputs.get(0)!.slice().buffer)[0];

describe('RunnerBackend', () => {
  it('kills a runner past its deadline with a message naming the work and its time, then starts a fresh one', async () => {
    const backend = await RunnerBackend.open(spec);
    try {
      expect(backend.adapter.description).toBe('stand-in adapter');
      expect(backend.source).toBe('stand-in');
      const ok = await backend.execute(request('kernel @m::@ok'), 5_000);
      const first = pidOf(ok);
      expect(ok.pipelineMs).toBe(1.25); // the runner's pipeline creation time comes over the wire
      const started = Date.now();
      const e = await backend.execute(request('kernel @m::@hang'), 300).then(
        () => undefined,
        (x: unknown) => x,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(e).toBeInstanceOf(RuntimeError);
      expect((e as RuntimeError).kind).toBe('timeout');
      expect((e as RuntimeError).message).toMatch(
        /^running kernel @m::@hang did not finish within 300 ms under dawn: stopped after (\d+) ms by killing its stand-in runner; the next run starts a new one$/,
      );
      expect(Number(/after (\d+) ms/.exec((e as RuntimeError).message)![1])).toBeGreaterThanOrEqual(300);
      const second = pidOf(await backend.execute(request('kernel @m::@ok'), 5_000));
      expect(second).not.toBe(first);
      expect(await backend.compile('fn f() {}', 5_000)).toEqual([]);
    } finally {
      await backend.close();
    }
  });

  it('replaces a runner whose device was lost', async () => {
    const backend = await RunnerBackend.open(spec);
    try {
      const first = pidOf(await backend.execute(request('kernel @m::@ok'), 5_000));
      await expect(backend.execute(request('kernel @m::@lose'), 5_000)).rejects.toMatchObject({ kind: 'device-lost' });
      expect(pidOf(await backend.execute(request('kernel @m::@ok'), 5_000))).not.toBe(first);
    } finally {
      await backend.close();
    }
  });

  it('reports a runner that cannot start as a provider error naming it', async () => {
    const e = await RunnerBackend.open({ ...spec, command: path.join(dir, 'no-such-binary') }).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(RuntimeError);
    expect((e as RuntimeError).kind).toBe('provider');
    expect((e as RuntimeError).message).toMatch(/^stand-in runner could not start: /);
  });
});

describe('the buffer folder of a runner', () => {
  // A process with a runner mid-run (a kernel that hangs, its buffer file written), then a signal.
  const child = path.join(dir, 'interrupted.mjs');
  const built = path.resolve(import.meta.dirname, '..', '..', '..', '..', 'build', 'runtime', 'webgpu', 'runner-backend.js');
  writeFileSync(
    child,
    `import { RunnerBackend } from ${JSON.stringify(built)};
const backend = await RunnerBackend.open({ provider: 'dawn', name: 'stand-in runner', command: process.execPath, args: () => [${JSON.stringify(script)}] });
const request = { label: 'kernel @m::@hang', wgsl: '', entryPoint: 'main', grid: [1, 1, 1], bindings: [{ binding: 0, kind: 'storage', data: new Uint8Array(4), readBack: true }] };
backend.execute(request, 60_000).catch(() => undefined);
setTimeout(() => console.log('running'), 200);
setInterval(() => undefined, 1000);
`,
  );

  // tile-tune listens with process.once, which removes its listener before it runs: that too counts.
  for (const listen of ['on', 'once'] as const)
    it(`stays while another listener (process.${listen}) handles the signal (a run finishing what is in flight), and goes at exit`, async () => {
      const tmp = mkdtempSync(path.join(dir, 'tmp-'));
      const handled = path.join(dir, `handled-${listen}.mjs`);
      writeFileSync(
        handled,
        `import fs from 'node:fs';
process.${listen}('SIGINT', () => {
  // After every listener of the signal has run, as the rest of a run that finishes would.
  setTimeout(() => {
    console.log('folders after SIGINT: ' + fs.readdirSync(process.env.TMPDIR).length);
    process.exit(0);
  }, 100);
});
await import(${JSON.stringify(child)});
`,
      );
      const p = spawn(process.execPath, [handled], { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      p.stdout.on('data', (d: Buffer) => (out += d.toString()));
      await new Promise<void>((resolve) => p.stdout.on('data', () => out.includes('running') && resolve()));
      p.kill('SIGINT');
      const [code] = (await once(p, 'exit')) as [number | null];
      expect(code).toBe(0);
      expect(out).toContain('folders after SIGINT: 1');
      expect(readdirSync(tmp)).toEqual([]);
    });

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`is removed when the process is stopped by ${signal}, which still ends it`, async () => {
      const tmp = mkdtempSync(path.join(dir, 'tmp-'));
      const p = spawn(process.execPath, [child], { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve) => p.stdout.on('data', (d: Buffer) => d.toString().includes('running') && resolve()));
      expect(readdirSync(tmp)).toHaveLength(1);
      expect(readdirSync(path.join(tmp, readdirSync(tmp)[0]!))).toEqual(['in-0.bin']);
      p.kill(signal);
      const [, how] = (await once(p, 'exit')) as [number | null, NodeJS.Signals | null];
      expect(how).toBe(signal);
      expect(readdirSync(tmp)).toEqual([]);
    });
  }
});

describe('which Vulkan driver each runner gets', () => {
  it('gives Dawn the driver of TILE_DAWN_ICD, and leaves wgpu on the system drivers', () => {
    const icd = '/usr/lib/chromium/vk_swiftshader_icd.json';
    expect(dawnRunnerSpec({ TILE_DAWN_ICD: icd }).env).toEqual({ VK_ICD_FILENAMES: icd, VK_DRIVER_FILES: icd });
    expect(dawnRunnerSpec({}).env).toEqual({});
    expect(wgpuRunnerSpec().env).toBeUndefined();
  });
});
