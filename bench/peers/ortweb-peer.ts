#!/usr/bin/env node
/**
 * ONNX Runtime Web 1.30 (npm onnxruntime-web) with its WebGPU execution provider, as a peer of
 * bench/fused-kernels.ts: a one-node ONNX model per row op (onnx-model.ts writes it), float32,
 * symbolic rows x cols:
 *
 *   softmax    Softmax (opset 13, axis=-1)
 *   layernorm  LayerNormalization (opset 17, axis=-1, epsilon=1e-5), gamma and beta inputs
 *   rmsnorm    SimplifiedLayerNormalization (ORT's own op in the ai.onnx domain, axis=-1,
 *              epsilon=1e-6), gamma input: the op ORT's graph fusions produce for RMSNorm
 *
 *   node build/peers/ortweb-peer.js --case '{"op":"softmax","dtype":"f32","shape":[4096,4096],"rounds":5,"warmMs":500,"minRoundMs":20,"check":true}'
 *
 * `ortBuild` picks the bundle: 'webgpu' (default; `onnxruntime-web/webgpu`, the C++ WebGPU EP
 * compiled to ort-wasm-simd-threaded.asyncify.wasm) or 'jsep' (`onnxruntime-web/all`, the JavaScript
 * kernels of ort-wasm-simd-threaded.jsep.wasm). The session refuses to place a node on the CPU
 * (`session.disable_cpu_ep_fallback`). Inputs and the output stay on the GPU
 * (`Tensor.fromGpuBuffer`, the output bound as a fetch): a call is one `session.run`, awaited
 * before the next (a session runs one call at a time), then `queue.onSubmittedWorkDone()` after
 * the round; wall clock (peer-gpu.ts timeCalls).
 *
 * Under Dawn in Node, ORT needs one shim: its WebAssembly memory is a SharedArrayBuffer (the
 * threaded build; there is no other), and Dawn's `GPUQueue.writeBuffer` does not take views of
 * one (npm webgpu 0.6.2 segfaults on a Uint8Array over a SharedArrayBuffer, or throws "Invalid
 * argument" from ORT's uniform uploads): such views are copied into an ArrayBuffer first.
 *
 * The .wasm (27 or 28 MB, 3.8 MB xz-compressed) is not bundled: it is read from, in order,
 * $TILE_ORT_WASM_DIR, ./ort/ beside this file (bench/device-build.sh puts the .wasm.xz files
 * there; `xz -dc` unpacks them) and the installed onnxruntime-web package.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { oneNodeModel, type OnnxNode } from './onnx-model.js';
import { checkRows, isDeno, isRowOp, peerMain, ROW_EPS, rowInputs, timeCalls, type PeerCase, type PeerLibrary, type RowOp } from './peer-gpu.js';

type Ort = typeof import('onnxruntime-web');

const WASM: Record<'webgpu' | 'jsep', string> = { webgpu: 'ort-wasm-simd-threaded.asyncify.wasm', jsep: 'ort-wasm-simd-threaded.jsep.wasm' };

/** The .wasm of a build, as bytes (see the header for where it is looked for). */
function wasmBinary(build: 'webgpu' | 'jsep'): { bytes: Uint8Array; from: string } {
  const name = WASM[build];
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dirs = [process.env['TILE_ORT_WASM_DIR'], path.join(here, 'ort')].filter((d): d is string => !!d);
  for (const d of dirs) {
    const file = path.join(d, name);
    if (existsSync(file)) return { bytes: readFileSync(file), from: file };
    if (existsSync(`${file}.xz`)) {
      const r = spawnSync('xz', ['-dc', `${file}.xz`], { maxBuffer: 256 << 20 });
      if (r.status !== 0) throw new Error(`xz -dc ${file}.xz failed: ${r.error?.message ?? r.stderr?.toString()}`);
      return { bytes: r.stdout, from: `${file}.xz` };
    }
  }
  try {
    const file = createRequire(import.meta.url).resolve(`onnxruntime-web/${name}`);
    return { bytes: readFileSync(file), from: file };
  } catch {
    throw new Error(`${name} not found (looked in ${dirs.join(', ')} and the onnxruntime-web package)`);
  }
}

/** Dawn's writeBuffer does not take views of a SharedArrayBuffer (ORT's WebAssembly memory): copy those. */
function shimWriteBuffer(): void {
  const queue = (globalThis as { GPUQueue?: { prototype: GPUQueue } }).GPUQueue?.prototype;
  if (!queue || typeof SharedArrayBuffer === 'undefined') return;
  const original = queue.writeBuffer;
  queue.writeBuffer = function (this: GPUQueue, buffer: GPUBuffer, offset: number, data: BufferSource | SharedArrayBuffer, dataOffset?: number, size?: number): void {
    const view = ArrayBuffer.isView(data) ? data : undefined;
    const shared = view ? view.buffer instanceof SharedArrayBuffer : data instanceof SharedArrayBuffer;
    if (!shared) return original.call(this, buffer, offset, data as BufferSource, dataOffset, size);
    const bytes = view ? new Uint8Array(view.buffer, view.byteOffset, view.byteLength) : new Uint8Array(data as SharedArrayBuffer);
    // For typed arrays, dataOffset and size count elements.
    const unit = view && 'BYTES_PER_ELEMENT' in view ? (view as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT : 1;
    const start = (dataOffset ?? 0) * unit;
    const length = size !== undefined ? size * unit : bytes.byteLength - start;
    return original.call(this, buffer, offset, bytes.slice(start, start + length), 0, length);
  } as GPUQueue['writeBuffer'];
}

/** The one-node model of a row op. */
export function rowModel(op: RowOp): OnnxNode {
  const X = { name: 'X', dims: ['rows', 'cols'] };
  const Y = { name: 'Y', dims: ['rows', 'cols'] };
  const vec = (name: string) => ({ name, dims: ['cols'] });
  if (op === 'softmax') return { opType: 'Softmax', inputs: [X], outputs: [Y], attributes: [{ name: 'axis', i: -1 }], opsets: [['', 13]] };
  if (op === 'layernorm')
    return {
      opType: 'LayerNormalization',
      inputs: [X, vec('gamma'), vec('beta')],
      outputs: [Y],
      attributes: [
        { name: 'axis', i: -1 },
        { name: 'epsilon', f: ROW_EPS.layernorm },
      ],
      opsets: [['', 17]],
    };
  return {
    opType: 'SimplifiedLayerNormalization',
    inputs: [X, vec('gamma')],
    outputs: [Y],
    attributes: [
      { name: 'axis', i: -1 },
      { name: 'epsilon', f: ROW_EPS.rmsnorm },
    ],
    opsets: [['', 17]],
  };
}

async function load(build: 'webgpu' | 'jsep'): Promise<PeerLibrary> {
  if (!isDeno) shimWriteBuffer();
  const ort: Ort = build === 'jsep' ? ((await import('onnxruntime-web/all')) as unknown as Ort) : ((await import('onnxruntime-web/webgpu')) as unknown as Ort);
  const wasm = wasmBinary(build);
  ort.env.wasm.wasmBinary = wasm.bytes;
  // No worker threads (and no proxy worker): the session runs on this thread.
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  ort.env.logLevel = 'error';
  return {
    name: `ONNX Runtime Web (${build === 'jsep' ? 'onnxruntime-web/all, JSEP' : 'onnxruntime-web/webgpu, WebGPU EP'})`,
    version: () => ort.env.versions?.web ?? ort.env.versions?.common ?? '?',
    supports: (c) => (!isRowOp(c.op) ? `ortweb-peer runs the row ops only, not ${c.op}` : c.dtype !== 'f32' ? 'float32 only here' : undefined),
    async run(c: PeerCase) {
      const op = c.op as RowOp;
      const [rows, cols] = c.shape as [number, number];
      const session = await ort.InferenceSession.create(oneNodeModel(rowModel(op)), {
        executionProviders: ['webgpu'],
        preferredOutputLocation: 'gpu-buffer',
        logSeverityLevel: 3,
        extra: { session: { disable_cpu_ep_fallback: '1' } },
      });
      const device = (await ort.env.webgpu.device) as GPUDevice;
      const inp = rowInputs(op, rows, cols);
      const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
      const buffers: GPUBuffer[] = [];
      const tensor = (data: Float32Array | number, dims: number[]) => {
        const n = typeof data === 'number' ? data : data.length;
        const b = device.createBuffer({ size: 4 * n, usage });
        buffers.push(b);
        if (typeof data !== 'number') device.queue.writeBuffer(b, 0, data as Float32Array<ArrayBuffer>);
        return ort.Tensor.fromGpuBuffer(b, { dataType: 'float32', dims });
      };
      const feeds: Record<string, InstanceType<Ort['Tensor']>> = { X: tensor(inp.x, [rows, cols]) };
      if (inp.gamma) feeds['gamma'] = tensor(inp.gamma, [cols]);
      if (inp.beta) feeds['beta'] = tensor(inp.beta, [cols]);
      const Y = tensor(rows * cols, [rows, cols]);
      const fetches = { Y };
      let check = 'not checked';
      await session.run(feeds, fetches);
      if (c.check) {
        const read = device.createBuffer({ size: 4 * rows * cols, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
        const enc = device.createCommandEncoder();
        enc.copyBufferToBuffer(buffers[buffers.length - 1]!, 0, read, 0, 4 * rows * cols);
        device.queue.submit([enc.finish()]);
        await read.mapAsync(GPUMapMode.READ);
        check = checkRows(op, rows, cols, inp, new Float32Array(read.getMappedRange().slice(0)));
        read.destroy();
      }
      // One call at a time: each call chains after the one before; a round's calls are awaited, then the queue.
      let chain: Promise<unknown> = Promise.resolve();
      const call = (): Promise<unknown> => (chain = chain.then(() => session.run(feeds, fetches)));
      const t = await timeCalls(
        call,
        async (outs) => {
          await Promise.all(outs);
          await device.queue.onSubmittedWorkDone();
        },
        () => undefined,
        { rounds: c.rounds, warmMs: c.warmMs, minRoundMs: c.minRoundMs, maxCalls: 1000 },
      );
      await session.release();
      for (const b of buffers) b.destroy();
      return { ...t, check: `${check}; wasm ${path.basename(wasm.from)}` };
    },
  };
}

const caseArg = (isDeno ? (globalThis as unknown as { Deno: { args: string[] } }).Deno.args : process.argv.slice(2))[1];
const build = caseArg ? ((JSON.parse(caseArg) as PeerCase).ortBuild ?? 'webgpu') : 'webgpu';
await peerMain(() => load(build));
