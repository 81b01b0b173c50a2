/**
 * Runs emitted kernels on a WebGPU device through Deno (wgpu), for execution tests of the WGSL
 * target: buffers by binding, the uniform block as bytes (packed by the caller from the
 * manifest's offsets, which is what such a test checks), one dispatch each, all in one Deno run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findDeno } from './naga-validate.js';

export interface GpuJob {
  readonly code: string;
  readonly entryPoint: string;
  /** Storage buffers: 32-bit elements ('f32' | 'i32' | 'u32'). */
  readonly buffers: readonly { readonly binding: number; readonly type: 'f32' | 'i32' | 'u32'; readonly data: readonly number[] }[];
  readonly uniform?: { readonly binding: number; readonly bytes: readonly number[] };
  readonly groups: readonly [number, number, number];
  /** The kernel uses f16: run only where the adapter offers 'shader-f16' (its output is null elsewhere). */
  readonly needsF16?: boolean;
}

export type GpuRunResult =
  | { readonly available: false; readonly reason: string }
  | { readonly available: true; readonly adapter: string; readonly outputs: readonly (readonly number[][] | null)[] };

const SCRIPT = `
const jobs = JSON.parse(await Deno.readTextFile(Deno.args[0]));
const adapter = await navigator.gpu?.requestAdapter();
if (!adapter) { console.log(JSON.stringify({ available: false, reason: 'Deno found no WebGPU adapter' })); Deno.exit(0); }
const f16 = adapter.features.has('shader-f16');
const device = await adapter.requestDevice({ requiredFeatures: f16 ? ['shader-f16'] : [] });
const info = adapter.info ?? {};
const adapterName = [info.vendor, info.architecture, info.device, info.description].filter(Boolean).join(' ') || 'unknown adapter';
const Arrays = { f32: Float32Array, i32: Int32Array, u32: Uint32Array };
const outputs = [];
for (const job of jobs) {
  if (job.needsF16 && !f16) { outputs.push(null); continue; }
  // A shader the device rejects must fail the run, not leave the output buffers as they were.
  device.pushErrorScope('validation');
  const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code: job.code }), entryPoint: job.entryPoint } });
  const rejected = await device.popErrorScope();
  if (rejected) { console.error('pipeline for ' + job.entryPoint + ' rejected: ' + rejected.message); Deno.exit(3); }
  const entries = [];
  const buffers = job.buffers.map((b) => {
    const data = new Arrays[b.type](b.data);
    const buf = device.createBuffer({ size: data.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buf, 0, data);
    entries.push({ binding: b.binding, resource: { buffer: buf } });
    return buf;
  });
  if (job.uniform) {
    const bytes = new Uint8Array(job.uniform.bytes);
    const buf = device.createBuffer({ size: bytes.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buf, 0, bytes);
    entries.push({ binding: job.uniform.binding, resource: { buffer: buf } });
  }
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries }));
  pass.dispatchWorkgroups(...job.groups);
  pass.end();
  const reads = buffers.map((b) => {
    const r = device.createBuffer({ size: b.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    encoder.copyBufferToBuffer(b, 0, r, 0, b.size);
    return r;
  });
  device.queue.submit([encoder.finish()]);
  const out = [];
  for (let i = 0; i < reads.length; i++) {
    await reads[i].mapAsync(GPUMapMode.READ);
    out.push([...new Arrays[job.buffers[i].type](reads[i].getMappedRange().slice(0))]);
  }
  outputs.push(out);
}
console.log(JSON.stringify({ available: true, adapter: adapterName, outputs }));
`;

export function runOnGpu(jobs: readonly GpuJob[]): GpuRunResult {
  const deno = findDeno();
  if (!deno) return { available: false, reason: 'node_modules/.bin/deno not found (npm install)' };
  const dir = mkdtempSync(path.join(tmpdir(), 'tile-gpu-'));
  try {
    writeFileSync(path.join(dir, 'run.ts'), SCRIPT);
    writeFileSync(path.join(dir, 'jobs.json'), JSON.stringify(jobs));
    const run = spawnSync(deno, ['run', '-A', '--quiet', path.join(dir, 'run.ts'), path.join(dir, 'jobs.json')], {
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 64 << 20,
      env: { ...process.env, XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? tmpdir(), NO_COLOR: '1' },
    });
    // Status 3: the device rejected a shader, which is the test's failure, not a missing GPU.
    if (run.status === 3) throw new Error(run.stderr.trim().split('\n').pop());
    const line = run.stdout?.trim().split('\n').pop();
    if (run.status !== 0 || !line) return { available: false, reason: `deno failed (${run.error?.message ?? `status ${run.status}`}): ${run.stderr?.trim().slice(0, 800)}` };
    return JSON.parse(line) as GpuRunResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
