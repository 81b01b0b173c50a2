/**
 * A GPU check without vitest, for machines with no npm install (the GPU machine): runs the
 * test kernels under each provider and prints one JSON line per check; exit 1 if any failed.
 * Usage: node build/tests/gpu/device-check.js [dawn|wgpu ...]   (env TILE_GPU_CHECKS=add,timeout picks checks)
 */
import { benchmarkKernel, openRuntime, RuntimeError, throughput, type ProviderName, type WebGpuRuntime } from '../../runtime/webgpu/index.js';
import { addMasked, blockReverse, compileError, spin, uniformFields } from './kernels.js';

type Check = (rt: WebGpuRuntime) => Promise<Record<string, unknown>>;

const checks: Record<string, Check> = {
  async add(rt) {
    const n = 1000;
    const r = await rt.run({
      manifest: addMasked.manifest,
      wgsl: addMasked.wgsl,
      args: [new Float32Array(1024).fill(1), Float32Array.from({ length: 1024 }, (_, i) => i), new Float32Array(1024).fill(-1), n],
      grid: [16, 1, 1],
    });
    const c = r.outputs.get(2)!;
    const bad = [...c].findIndex((v, i) => v !== (i < n ? i + 1 : -1));
    if (bad >= 0) throw new Error(`c[${bad}] = ${c[bad]}`);
    return {};
  },
  async uniforms(rt) {
    const r = await rt.run({
      manifest: uniformFields.manifest,
      wgsl: uniformFields.wgsl,
      args: [{ data: new Float32Array(6).fill(2), shape: [2, 3] }, new Uint32Array(8), 1.5, 77, -7, 0.5],
      grid: [1, 1, 1],
    });
    const got = [...r.outputs.get(1)!].slice(0, 7);
    const want = [0x3fc00000, 77, 0xfffffff9, 2, 3, 0x3f000000, 0x40000000];
    if (got.join() !== want.join()) throw new Error(`got ${got}`);
    return {};
  },
  async barrier(rt) {
    const src = Int32Array.from({ length: 128 }, (_, i) => i);
    const r = await rt.run({ manifest: blockReverse.manifest, wgsl: blockReverse.wgsl, args: [src, new Int32Array(128)], grid: [2, 1, 1] });
    const d = r.outputs.get(1)!;
    if (d[0] !== 63 || d[64] !== 127 || d[127] !== 64) throw new Error(`got ${d[0]}, ${d[64]}, ${d[127]}`);
    return {};
  },
  async compileError(rt) {
    try {
      await rt.run({ manifest: compileError.manifest, wgsl: compileError.wgsl, args: [new Float32Array(4), new Float32Array(4), new Float32Array(4), 4], grid: [1, 1, 1] });
    } catch (e) {
      if (e instanceof RuntimeError && e.kind === 'compile') return { message: e.message.split('\n')[0] };
      throw e;
    }
    throw new Error('no compile error');
  },
  async timeout(rt) {
    const t0 = Date.now();
    try {
      // Seconds of work on an H100; at 500 ms the provider's runner process is killed, and the next run starts a new one.
      await rt.run({ manifest: spin.manifest, wgsl: spin.wgsl, args: [new Uint32Array(4096 * 64), 8192], grid: [4096, 1, 1], timeoutMs: 500 });
    } catch (e) {
      if (!(e instanceof RuntimeError && e.kind === 'timeout')) throw e;
      const afterMs = Date.now() - t0;
      const r = await rt.run({ manifest: spin.manifest, wgsl: spin.wgsl, args: [new Uint32Array(64), 2], grid: [1, 1, 1], timeoutMs: 60_000 });
      return { afterMs, recoveredMs: Date.now() - t0 - afterMs, out5: r.outputs.get(0)![5] };
    }
    return { note: 'finished within 500 ms (no timeout to observe)', ms: Date.now() - t0 };
  },
  async benchmarkAdd(rt) {
    const n = 64 * 65535;
    const b = await benchmarkKernel(
      rt,
      { manifest: addMasked.manifest, wgsl: addMasked.wgsl, args: [new Float32Array(n).fill(1), new Float32Array(n).fill(2), new Float32Array(n), n], grid: [65535, 1, 1] },
      { repeat: 20 },
    );
    if (b.result.outputs.get(2)![n - 1] !== 3) throw new Error('wrong sum');
    return { method: b.method, medianMs: b.medianMs, wallMedianMs: b.wallMedianMs, GBps: throughput(b.medianMs, { bytes: 3 * 4 * n }).gbps };
  },
};

async function main(): Promise<number> {
  const providers = (process.argv.slice(2).length ? process.argv.slice(2) : ['dawn', 'wgpu']) as ProviderName[];
  let failed = 0;
  for (const provider of providers) {
    let rt: WebGpuRuntime;
    try {
      const t0 = Date.now();
      rt = await openRuntime({ provider });
      console.log(JSON.stringify({ provider, source: rt.source, open: rt.description, features: rt.adapter.features, ms: Date.now() - t0 }));
    } catch (e) {
      console.log(JSON.stringify({ provider, open: 'failed', error: e instanceof Error ? e.message : String(e) }));
      failed++;
      continue;
    }
    const only = process.env['TILE_GPU_CHECKS']?.split(',');
    for (const [name, check] of Object.entries(checks).filter(([n]) => !only || only.includes(n))) {
      const t0 = Date.now();
      try {
        console.log(JSON.stringify({ provider, check: name, ok: true, ...(await check(rt)), ms: Date.now() - t0 }));
      } catch (e) {
        failed++;
        console.log(JSON.stringify({ provider, check: name, ok: false, error: e instanceof Error ? e.message : String(e), ms: Date.now() - t0 }));
      }
    }
    await rt.close();
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
