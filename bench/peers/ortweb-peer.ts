#!/usr/bin/env node
/**
 * ONNX Runtime Web 1.30 (npm onnxruntime-web) with its WebGPU execution provider, as a peer of
 * bench/fused-kernels.ts and bench/attention.ts: a one-node ONNX model per op (onnx-model.ts writes it),
 * float32, symbolic dimensions:
 *
 *   softmax    Softmax (opset 13, axis=-1)
 *   layernorm  LayerNormalization (opset 17, axis=-1, epsilon=1e-5), gamma and beta inputs
 *   rmsnorm    SimplifiedLayerNormalization (ORT's own op in the ai.onnx domain, axis=-1,
 *              epsilon=1e-6), gamma input: the op ORT's graph fusions produce for RMSNorm
 *   attention  com.microsoft MultiHeadAttention (num_heads = H, the default scale 1/√D,
 *              unidirectional = 1 for the causal mask), Q, K, V and the output as its 3-D
 *              [B, S, H·D] inputs (BSNH, transposed from bench/attention.ts's [B, H, S, D] before
 *              timing). Where the device has subgroups ORT runs it as a CopyKVCache program (K and
 *              V into BNSH) then one FlashAttention program (its verbose log on SwiftShader). Not
 *              run where subgroups are narrower than 8 lanes (SwiftShader's are 4): ORT's
 *              FlashAttention shader gives wrong results there.
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
import {
  attentionInputs,
  caseTiming,
  checkAttention,
  checkRows,
  isDeno,
  isRowOp,
  peerMain,
  ROW_EPS,
  rowCase,
  timeCalls,
  type AttentionShape,
  type PeerCase,
  type PeerLibrary,
  type PeerRun,
  type RowOp,
} from './peer-gpu.js';

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
    supports: (c, adapter) => {
      if (!isRowOp(c.op) && c.op !== 'attention') return `ortweb-peer runs the row ops and attention only, not ${c.op}`;
      if (c.dtype !== 'f32') return 'float32 only here';
      if (c.op !== 'attention') return undefined;
      if (c.causal && c.shape[2] !== c.shape[3]) return "MultiHeadAttention's unidirectional mask has ORT's own alignment: measured at S = T only";
      // Seen on SwiftShader (subgroups of 4): max error 0.1-0.2 at S = T >= 32, right at S <= 17.
      if (adapter.subgroupMaxSize > 0 && adapter.subgroupMaxSize < 8)
        return `ORT 1.30's WebGPU FlashAttention (MultiHeadAttention's path where the device has subgroups) reads 8 or 16 keys per step by subgroupShuffle and so needs subgroups of at least 8 lanes; this adapter's are ${adapter.subgroupMaxSize} and its results are wrong`;
      return undefined;
    },
    async run(c: PeerCase) {
      if (c.op === 'attention') {
        const shape = c.shape as AttentionShape;
        const [b, h, s, t, d] = shape;
        const causal = c.causal ?? false;
        const inp = attentionInputs(shape);
        // Q, K, V as MultiHeadAttention's 3-D inputs [B, S, H·D] (BSNH), made before timing.
        const bsnh = (x: Float32Array, n: number): Float32Array => {
          const y = new Float32Array(x.length);
          for (let bh = 0; bh < b * h; bh++) for (let i = 0; i < n; i++) y.set(x.subarray((bh * n + i) * d, (bh * n + i + 1) * d), ((Math.floor(bh / h) * n + i) * h + (bh % h)) * d);
          return y;
        };
        const r = await timeModel(
          c,
          attentionModel(h, d, causal),
          { query: { data: bsnh(inp.q, s), dims: [b, s, h * d] }, key: { data: bsnh(inp.k, t), dims: [b, t, h * d] }, value: { data: bsnh(inp.v, t), dims: [b, t, h * d] } },
          { name: 'output', dims: [b, s, h * d] },
          (out) => checkAttention(shape, causal, inp, (bh, i, e) => out[((Math.floor(bh / h) * s + i) * h + (bh % h)) * d + e]!),
        );
        return { ...r, check: `${r.check}; com.microsoft MultiHeadAttention${causal ? ' unidirectional=1' : ''}` };
      }
      const op = c.op as RowOp;
      const { rows, cols, inp } = rowCase(c, op);
      const feeds: Record<string, Feed> = { X: { data: inp.x, dims: [rows, cols] } };
      if (inp.gamma) feeds['gamma'] = { data: inp.gamma, dims: [cols] };
      if (inp.beta) feeds['beta'] = { data: inp.beta, dims: [cols] };
      return timeModel(c, rowModel(op), feeds, { name: 'Y', dims: [rows, cols] }, (out) => checkRows(op, rows, cols, inp, out));
    },
  };

  /**
   * A one-node model's session on the WebGPU EP, its inputs and output GPU buffers: the output
   * checked after a first call, then `session.run` timed.
   */
  async function timeModel(c: PeerCase, model: OnnxNode, inputs: Record<string, Feed>, output: { name: string; dims: number[] }, check: (out: Float32Array) => string): Promise<PeerRun> {
    const session = await ort.InferenceSession.create(oneNodeModel(model), {
      executionProviders: ['webgpu'],
      preferredOutputLocation: 'gpu-buffer',
      logSeverityLevel: 3,
      extra: { session: { disable_cpu_ep_fallback: '1' } },
    });
    const device = (await ort.env.webgpu.device) as GPUDevice;
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
    const buffers: GPUBuffer[] = [];
    const buffer = (n: number, data?: Float32Array): GPUBuffer => {
      const b = device.createBuffer({ size: 4 * n, usage });
      buffers.push(b);
      if (data) device.queue.writeBuffer(b, 0, data as Float32Array<ArrayBuffer>);
      return b;
    };
    const feeds: Record<string, InstanceType<Ort['Tensor']>> = {};
    for (const [name, f] of Object.entries(inputs)) feeds[name] = ort.Tensor.fromGpuBuffer(buffer(f.data.length, f.data), { dataType: 'float32', dims: f.dims });
    const n = output.dims.reduce((a, b) => a * b, 1);
    const out = buffer(n);
    const fetches = { [output.name]: ort.Tensor.fromGpuBuffer(out, { dataType: 'float32', dims: output.dims }) };
    let checked = 'not checked';
    await session.run(feeds, fetches);
    if (c.check) {
      const read = device.createBuffer({ size: 4 * n, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
      const enc = device.createCommandEncoder();
      enc.copyBufferToBuffer(out, 0, read, 0, 4 * n);
      device.queue.submit([enc.finish()]);
      await read.mapAsync(GPUMapMode.READ);
      checked = check(new Float32Array(read.getMappedRange().slice(0)));
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
      caseTiming(c, 1000),
    );
    await session.release();
    for (const b of buffers) b.destroy();
    return { ...t, check: `${checked}; wasm ${path.basename(wasm.from)}` };
  }
}

/** An input of a one-node model: its data and dimensions. */
interface Feed {
  data: Float32Array;
  dims: number[];
}

/**
 * Attention as one com.microsoft MultiHeadAttention node: query [B, S, H·D], key and value
 * [B, T, H·D] (the 3-D BSNH form), output [B, S, H·D]; num_heads = H, the scale its default
 * 1/√D; `unidirectional` = 1 for the causal mask.
 */
export function attentionModel(heads: number, d: number, causal: boolean): OnnxNode {
  const v = (name: string, seq: string) => ({ name, dims: ['batch', seq, heads * d] });
  return {
    opType: 'MultiHeadAttention',
    domain: 'com.microsoft',
    inputs: [v('query', 'S'), v('key', 'T'), v('value', 'T')],
    outputs: [v('output', 'S')],
    attributes: [{ name: 'num_heads', i: heads }, ...(causal ? [{ name: 'unidirectional', i: 1 }] : [])],
    opsets: [
      ['', 17],
      ['com.microsoft', 1],
    ],
  };
}

const caseArg = (isDeno ? (globalThis as unknown as { Deno: { args: string[] } }).Deno.args : process.argv.slice(2))[1];
const build = caseArg ? ((JSON.parse(caseArg) as PeerCase).ortBuild ?? 'webgpu') : 'webgpu';
await peerMain(() => load(build));
