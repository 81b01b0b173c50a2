/**
 * What the WebGPU library peers (tfjs-peer.ts, jaxjs-peer.ts) share: `navigator.gpu` from Dawn
 * under Node (the npm `webgpu` package, else the addon at env TILE_DAWN_NODE, the way
 * runtime/webgpu/dawn-runner.ts loads it; the Vulkan driver of env TILE_DAWN_ICD) or wgpu's own
 * under Deno; the problems and their checks; and a fair wall-clock timer.
 *
 * Each peer runs as `node PEER.js --case JSON` (or `deno run -A PEER.js --case JSON`) and prints
 * one `PEER-RESULT {...}` line, so that bench/seed-tables.ts can run every problem in a child
 * process with a timeout (Dawn can abort a process).
 */
import { mulberry32 } from '../../testing/random.js';

/** Row kernels (bench/fused-kernels.ts): over the last dimension of a rows x cols f32 matrix. */
export type RowOp = 'softmax' | 'layernorm' | 'rmsnorm';
export const ROW_OPS: readonly RowOp[] = ['softmax', 'layernorm', 'rmsnorm'];
/** LayerNorm's and RMSNorm's epsilons (F.layer_norm's default; RMSNorm as LLaMA's). */
export const ROW_EPS: Record<RowOp, number> = { softmax: 0, layernorm: 1e-5, rmsnorm: 1e-6 };

export interface PeerCase {
  op: 'matmul' | 'add' | RowOp | 'attention';
  dtype: 'f32' | 'f16';
  /** matmul: [M, N, K]; add and the row ops: [rows, cols]; attention: [B, H, S, T, D]. */
  shape: number[];
  /** attention: key j masked out for query i when j > i + (T - S) (the causal mask, aligned bottom-right). */
  causal?: boolean;
  /** Timed rounds (the median is kept). */
  rounds: number;
  /** Untimed calls for at least this long first (the GPU leaves its idle clocks). */
  warmMs: number;
  /** Each timed round lasts at least this long (calls in flight before one sync). */
  minRoundMs: number;
  /** Check the result against a float64 reference (every element of the add, sampled matmul elements). */
  check: boolean;
  /** matmul: C = Aᵀ·B with A stored K x M (the hand-written baseline's problem) instead of A stored M x K. */
  transposeA?: boolean;
  /** ortweb-peer: which onnxruntime-web build (default 'webgpu', the `onnxruntime-web/webgpu` bundle). */
  ortBuild?: 'webgpu' | 'jsep';
}

export const isRowOp = (op: PeerCase['op']): op is RowOp => (ROW_OPS as readonly string[]).includes(op);

/** Bytes a row op reads and writes once: X read, Y written, and gamma (LayerNorm, RMSNorm) and beta (LayerNorm). */
export function rowBytes(op: RowOp, rows: number, cols: number): number {
  return 4 * (2 * rows * cols + (op === 'layernorm' ? 2 : op === 'rmsnorm' ? 1 : 0) * cols);
}

/** A row op's inputs: X (rows x cols), and gamma and beta (cols) where the op takes them. */
export function rowInputs(op: RowOp, rows: number, cols: number): { x: Float32Array; gamma?: Float32Array; beta?: Float32Array } {
  const x = inputs(rows * cols, 5);
  // Scaled so that softmax's exponentials differ (inputs in [-4, 4)).
  for (let i = 0; i < x.length; i++) x[i] = x[i]! * 8;
  if (op === 'softmax') return { x };
  const gamma = inputs(cols, 6).map((g) => 1 + g);
  return op === 'layernorm' ? { x, gamma, beta: inputs(cols, 7) } : { x, gamma };
}

/** A row op's case: its rows and columns (the case's shape) and its inputs (rowInputs). */
export function rowCase(c: PeerCase, op: RowOp): { rows: number; cols: number; inp: ReturnType<typeof rowInputs> } {
  const [rows, cols] = c.shape as [number, number];
  return { rows, cols, inp: rowInputs(op, rows, cols) };
}

/** One row of a row op in float64. */
export function rowReference(op: RowOp, row: ArrayLike<number>, gamma?: ArrayLike<number>, beta?: ArrayLike<number>): number[] {
  const n = row.length;
  const xs = Array.from(row);
  if (op === 'softmax') {
    const m = Math.max(...xs);
    const e = xs.map((v) => Math.exp(v - m));
    const s = e.reduce((a, b) => a + b, 0);
    return e.map((v) => v / s);
  }
  if (op === 'layernorm') {
    const mean = xs.reduce((a, b) => a + b, 0) / n;
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / n;
    const r = 1 / Math.sqrt(variance + ROW_EPS.layernorm);
    return xs.map((v, j) => (v - mean) * r * gamma![j]! + beta![j]!);
  }
  const ms = xs.reduce((a, b) => a + b * b, 0) / n;
  const r = 1 / Math.sqrt(ms + ROW_EPS.rmsnorm);
  return xs.map((v, j) => v * r * gamma![j]!);
}

/** `ok (...)` or `WRONG (...)`: 16 sampled rows of a row op's output against float64, every element within 1e-4 (absolute, and relative to the element for |y| > 1). */
export function checkRows(op: RowOp, rows: number, cols: number, inp: ReturnType<typeof rowInputs>, out: ArrayLike<number>): string {
  let worst = 0;
  const samples = Math.min(rows, 16);
  for (let s = 0; s < samples; s++) {
    const i = samples === rows ? s : (s * 2039 + 3) % rows;
    const ref = rowReference(op, inp.x.subarray(i * cols, (i + 1) * cols), inp.gamma, inp.beta);
    for (let j = 0; j < cols; j++) {
      const err = Math.abs(out[i * cols + j]! - ref[j]!) / Math.max(1, Math.abs(ref[j]!));
      if (!(err <= worst)) worst = Number.isNaN(err) ? Infinity : err;
    }
  }
  return `${worst <= 1e-4 ? 'ok' : 'WRONG'} (max err ${worst.toExponential(1)} over ${samples} rows)`;
}

// ------------------------------------------------------------------------------------ attention

/** Attention (bench/attention.ts): [B, H, S, T, D]; Q and O are B x H x S x D, K and V B x H x T x D, all row-major. */
export type AttentionShape = [number, number, number, number, number];

/** 4·B·H·S·T·D (Q·Kᵀ and P·V), halved with the causal mask (about half the scores are masked). */
export function attentionFlops([b, h, s, t, d]: AttentionShape, causal: boolean): number {
  return (4 * b * h * s * t * d) / (causal ? 2 : 1);
}

/** Attention's inputs, B x H x S x D (Q) and B x H x T x D (K, V): Q scaled by 8 so that the scores spread (standard deviation about 0.67) and the softmax is far from uniform. */
export function attentionInputs([b, h, s, t, d]: AttentionShape): { q: Float32Array; k: Float32Array; v: Float32Array } {
  const q = inputs(b * h * s * d, 8);
  for (let i = 0; i < q.length; i++) q[i] = q[i]! * 8;
  return { q, k: inputs(b * h * t * d, 9), v: inputs(b * h * t * d, 10) };
}

/** The additive mask of one head, S x T row-major: 0, or -Infinity where key j is masked for query i (j > i + T - S); every element 0 without `causal`. */
export function attentionMask(s: number, t: number, causal: boolean): Float32Array {
  const m = new Float32Array(s * t);
  if (causal) for (let i = 0; i < s; i++) for (let j = Math.max(0, i + t - s + 1); j < t; j++) m[i * t + j] = -Infinity;
  return m;
}

/** Row `i` of head `bh` (b·H + h) of softmax(Q·Kᵀ/√D + mask)·V in float64: D values. */
export function attentionReference(inp: ReturnType<typeof attentionInputs>, [, , s, t, d]: AttentionShape, causal: boolean, bh: number, i: number): number[] {
  const last = causal ? Math.min(t - 1, i + t - s) : t - 1;
  const q = inp.q.subarray((bh * s + i) * d, (bh * s + i + 1) * d);
  const scores: number[] = [];
  for (let j = 0; j <= last; j++) {
    const k = inp.k.subarray((bh * t + j) * d, (bh * t + j + 1) * d);
    let dot = 0;
    for (let e = 0; e < d; e++) dot += q[e]! * k[e]!;
    scores.push(dot / Math.sqrt(d));
  }
  const m = Math.max(...scores);
  const p = scores.map((x) => Math.exp(x - m));
  const l = p.reduce((a, b) => a + b, 0);
  const out = new Array<number>(d).fill(0);
  for (let j = 0; j <= last; j++) for (let e = 0; e < d; e++) out[e]! += (p[j]! / l) * inp.v[(bh * t + j) * d + e]!;
  return out;
}

/**
 * `ok (...)` or `WRONG (...)`: 16 sampled query rows (the first and last of the first and last
 * head among them) of an attention output against float64, every element within 1e-4 (the
 * outputs are averages of V's values in [-0.5, 0.5)). `at(bh, i, e)` reads element e of row i of
 * head bh, whatever the output's layout.
 */
export function checkAttention(shape: AttentionShape, causal: boolean, inp: ReturnType<typeof attentionInputs>, at: (bh: number, i: number, e: number) => number): string {
  const [b, h, s, , d] = shape;
  const heads = b * h;
  const rows: [number, number][] = [
    [0, 0],
    [0, s - 1],
    [heads - 1, 0],
    [heads - 1, s - 1],
  ];
  for (let n = 0; rows.length < 16; n++) rows.push([(n * 7919 + 1) % heads, (n * 2039 + 3) % s]);
  let worst = 0;
  for (const [bh, i] of rows) {
    const ref = attentionReference(inp, shape, causal, bh, i);
    for (let e = 0; e < d; e++) {
      const err = Math.abs(at(bh, i, e) - ref[e]!);
      if (!(err <= worst)) worst = Number.isNaN(err) ? Infinity : err;
    }
  }
  return `${worst <= 1e-4 ? 'ok' : 'WRONG'} (max err ${worst.toExponential(1)} over ${rows.length} rows)`;
}

/**
 * Heads per call of a library that materializes the S x T scores: the most that divide B·H with
 * their scores (heads·S·T·4 bytes) within `maxBytes` (at least one). At S = T = 4096 the scores
 * of all 64 heads take 4 GiB, more than one WebGPU binding may hold.
 */
export function attentionHeadsPerCall([b, h, s, t]: AttentionShape, maxBytes: number): number {
  const heads = b * h;
  let best = 1;
  for (let n = 1; n <= heads; n++) if (heads % n === 0 && n * s * t * 4 <= maxBytes) best = n;
  return best;
}

/**
 * Attention as a library composes it of its own matmul and softmax (jaxjs-peer.ts, tfjs-peer.ts),
 * the S x T scores materialized: the case's shape and inputs, in groups of `per` heads a call
 * (attentionHeadsPerCall: scores of at most 1 GiB and one binding), each group's Q, K and V made
 * by `make` from its slice (per x n x D floats, n = S for Q and T for K and V), the causal mask
 * (S x T) only with `causal`, the check of the groups' outputs (one per group, per x S x D each),
 * timeCalls' settings and the result's note.
 */
export function composedAttention(c: PeerCase, adapter: AdapterSummary) {
  const shape = c.shape as AttentionShape;
  const [b, h, s, t, d] = shape;
  const causal = c.causal ?? false;
  const inp = attentionInputs(shape);
  const per = attentionHeadsPerCall(shape, Math.min(2 ** 30, adapter.maxBinding));
  return {
    s,
    t,
    d,
    per,
    causal,
    mask: causal ? attentionMask(s, t, true) : undefined,
    groups<T>(make: (x: Float32Array, n: number) => T): { q: T; k: T; v: T }[] {
      return Array.from({ length: (b * h) / per }, (_, g) => {
        const part = (x: Float32Array, n: number) => make(x.subarray(g * per * n * d, (g + 1) * per * n * d), n);
        return { q: part(inp.q, s), k: part(inp.k, t), v: part(inp.v, t) };
      });
    },
    check: (data: Float32Array[]): string => checkAttention(shape, causal, inp, (bh, i, e) => data[Math.floor(bh / per)]![((bh % per) * s + i) * d + e]!),
    timing: caseTiming(c, Math.min(maxCallsFor(4 * b * h * s * t), 64)),
    /** The result: `check` and how many heads went into one `call`. */
    result: (time: { ms: number; calls: number }, check: string, call: string) => ({ ...time, check: `${check}; ${per} of ${b * h} heads per ${call}` }),
  };
}

export interface PeerResult {
  peer: string;
  version: string;
  runtime: string;
  adapter: string;
  op: PeerCase['op'];
  dtype: PeerCase['dtype'];
  shape: number[];
  /** matmul: A was stored K x M and multiplied transposed. */
  transposeA?: boolean;
  /** Median per call, wall clock (calls in flight, then one sync), and the calls per round. */
  ms: number;
  calls: number;
  rate: number;
  unit: 'GFLOP/s' | 'GB/s';
  check: string;
}

export const RESULT = 'PEER-RESULT ';
export const UNSUPPORTED = 'PEER-UNSUPPORTED ';

declare const Deno: { args: string[]; exit(code: number): never } | undefined;

export const isDeno = typeof Deno !== 'undefined';

/** Sets globalThis.navigator.gpu (and Dawn's GPUBufferUsage etc. globals under Node); the runtime's name. */
export async function installNavigatorGpu(): Promise<string> {
  if (isDeno) {
    if (!(globalThis as { navigator?: { gpu?: unknown } }).navigator?.gpu) throw new Error('Deno has no navigator.gpu');
    return 'wgpu (Deno)';
  }
  const env = process.env;
  const icd = env['TILE_DAWN_ICD'];
  if (icd) {
    env['VK_ICD_FILENAMES'] = icd;
    env['VK_DRIVER_FILES'] = icd;
  }
  interface DawnAddon {
    create(flags: string[]): unknown;
    globals: object;
  }
  let addon: DawnAddon;
  let source = 'npm webgpu';
  try {
    addon = (await import('webgpu')) as unknown as DawnAddon;
  } catch (e) {
    const file = env['TILE_DAWN_NODE'];
    if (!file) throw new Error(`Dawn is not available: the webgpu package did not load (${e instanceof Error ? e.message.split('\n')[0] : String(e)}) and TILE_DAWN_NODE is not set`);
    const { createRequire } = await import('node:module');
    addon = createRequire(import.meta.url)(file) as DawnAddon;
    source = file;
  }
  Object.assign(globalThis, addon.globals);
  const gpu = addon.create([]);
  // Kept referenced for the life of the process (collecting Dawn's instance crashes its threads).
  (globalThis as { __tileDawnInstance?: unknown }).__tileDawnInstance = gpu;
  const nav = (globalThis as { navigator?: object }).navigator;
  if (nav) Object.defineProperty(nav, 'gpu', { value: gpu, configurable: true });
  // jax-js reads navigator.userAgent (Node 21+ has one; Node 20 has no navigator).
  else Object.defineProperty(globalThis, 'navigator', { value: { gpu, userAgent: `Node.js/${process.versions.node}` }, configurable: true, writable: true });
  return `Dawn (${source})`;
}

/** The adapter as `requestAdapter({ powerPreference: 'high-performance' })` gives it, in words. */
export async function adapterName(): Promise<AdapterSummary> {
  const gpu = (globalThis as unknown as { navigator: { gpu: GPU } }).navigator.gpu;
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) return { name: 'no adapter', f16: false, maxBinding: 0, subgroupMaxSize: 0 };
  const i = adapter.info;
  return {
    name: [i.vendor, i.architecture, i.device, i.description].filter(Boolean).join(' ') || 'unknown adapter',
    f16: adapter.features.has('shader-f16'),
    maxBinding: Math.min(adapter.limits.maxStorageBufferBindingSize, adapter.limits.maxBufferSize),
    subgroupMaxSize: (i as { subgroupMaxSize?: number }).subgroupMaxSize ?? 0,
  };
}

/** The adapter as a peer sees it: its name, shader-f16, the largest storage binding a device on it can have, its widest subgroup (0: not told). */
export interface AdapterSummary {
  name: string;
  f16: boolean;
  maxBinding: number;
  subgroupMaxSize: number;
}

// ------------------------------------------------------------------------------------ problems

/** Deterministic inputs in [-0.5, 0.5) (mulberry32), exactly representable in f16 when `f16`. */
export function inputs(n: number, seed: number, f16 = false): Float32Array {
  const next = mulberry32(seed);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = next() - 0.5;
    // Multiples of 2^-10 in [-0.5, 0.5) are exact in f16.
    out[i] = f16 ? Math.round(r * 1024) / 1024 : r;
  }
  return out;
}

export function work(c: PeerCase): { flops?: number; bytes?: number } {
  if (isRowOp(c.op)) return { bytes: rowBytes(c.op, c.shape[0]!, c.shape[1]!) };
  if (c.op === 'attention') return { flops: attentionFlops(c.shape as AttentionShape, c.causal ?? false) };
  if (c.op === 'matmul') {
    const [m, n, k] = c.shape as [number, number, number];
    return { flops: 2 * m * n * k };
  }
  const elems = c.shape[0]! * c.shape[1]!;
  return { bytes: 3 * (c.dtype === 'f16' ? 2 : 4) * elems };
}

/**
 * `ok (...)` or `WRONG (...)`: the add exactly per element (f32), a matmul on 64 sampled elements
 * against float64 (`a` M x K row-major, or K x M with `transposeA`; `b` K x N; `out` M x N).
 */
export function checkResult(c: PeerCase, a: Float32Array, b: Float32Array, out: ArrayLike<number>): string {
  if (c.op === 'add') {
    for (let i = 0; i < a.length; i++) {
      const want = c.dtype === 'f16' ? a[i]! + b[i]! : Math.fround(a[i]! + b[i]!);
      const tol = c.dtype === 'f16' ? 1e-3 : 0;
      if (!(Math.abs(out[i]! - want) <= tol)) return `WRONG at element ${i}: ${out[i]} != ${want}`;
    }
    return `ok (every element${c.dtype === 'f16' ? ' within 1e-3' : ' exact'})`;
  }
  const [m, n, k] = c.shape as [number, number, number];
  const at = c.transposeA ? (i: number, q: number) => a[q * m + i]! : (i: number, q: number) => a[i * k + q]!;
  let worst = 0;
  for (let s = 0; s < 64; s++) {
    const [i, j] = [(s * 997) % m, (s * 131 + 7) % n];
    let ref = 0;
    let mag = 0;
    for (let q = 0; q < k; q++) {
      ref += at(i, q) * b[q * n + j]!;
      mag += Math.abs(at(i, q) * b[q * n + j]!);
    }
    worst = Math.max(worst, Math.abs(out[i * n + j]! - ref) / Math.max(mag, 1e-30));
  }
  // f32 accumulation: well under k * 2^-24 of sum |ab|; f16 results: one f16 rounding (2^-11) and more.
  const ok = worst <= (c.dtype === 'f16' ? 4e-3 + k * 2 ** -11 : k * 2 ** -24);
  return `${ok ? 'ok' : 'WRONG'} (max err ${worst.toExponential(1)} of sum|ab| over 64 samples)`;
}

// ------------------------------------------------------------------------------------ timing

const now = (): number => performance.now();

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Times `call` by wall clock: a first call (shader compilation) and sync, then rounds of more calls
 * until one lasts `minRoundMs` (or `maxCalls` calls); then calls for `warmMs` untimed; then
 * `rounds` rounds of that many calls
 * kept in flight and alive until one `sync` of all of them returns; then `release`. Lazy
 * libraries must not drop a pending result before it is computed (jax-js skips the work then:
 * see ../shared/gpu/README.md), hence every result is kept until the sync.
 * Returns the median per call.
 */
export async function timeCalls<T>(
  call: () => T,
  sync: (outs: T[]) => Promise<void>,
  release: (outs: T[]) => void,
  o: { rounds: number; warmMs: number; minRoundMs: number; maxCalls: number },
): Promise<{ ms: number; calls: number }> {
  const round = async (n: number): Promise<number> => {
    const t0 = now();
    const outs: T[] = [];
    for (let i = 0; i < n; i++) outs.push(call());
    await sync(outs);
    const t = now() - t0;
    release(outs);
    return t / n;
  };
  // The first call compiles the library's shaders: then as many calls per round as make a round
  // last minRoundMs (doubling from 1, or straight to the estimate).
  await round(1);
  let calls = 1;
  for (;;) {
    const per = Math.max(await round(calls), 1e-4);
    if (per * calls >= o.minRoundMs || calls >= o.maxCalls) break;
    calls = Math.min(o.maxCalls, Math.max(calls * 2, Math.ceil(o.minRoundMs / per)));
  }
  const warmStart = now();
  while (now() - warmStart < o.warmMs) await round(calls);
  const times: number[] = [];
  for (let r = 0; r < o.rounds; r++) times.push(await round(calls));
  return { ms: median(times), calls };
}

/** timeCalls' settings: the case's rounds, warm-up and shortest round, at most `maxCalls` calls a round. */
export function caseTiming(c: PeerCase, maxCalls: number): { rounds: number; warmMs: number; minRoundMs: number; maxCalls: number } {
  return { rounds: c.rounds, warmMs: c.warmMs, minRoundMs: c.minRoundMs, maxCalls };
}

/**
 * A matmul's or an add's inputs A and B (exact in f16 for f16), the shapes they are stored in (A
 * K x M with `transposeA`), and the bytes of one result.
 */
export function binaryInputs(c: PeerCase): { a: Float32Array; b: Float32Array; shapes: [[number, number], [number, number]]; resultBytes: number } {
  const f16 = c.dtype === 'f16';
  const bytes = f16 ? 2 : 4;
  if (c.op === 'matmul') {
    const [m, n, k] = c.shape as [number, number, number];
    return { a: inputs(m * k, 1, f16), b: inputs(k * n, 2, f16), shapes: [c.transposeA ? [k, m] : [m, k], [k, n]], resultBytes: bytes * m * n };
  }
  const [r, cols] = c.shape as [number, number];
  return {
    a: inputs(r * cols, 3, f16),
    b: inputs(r * cols, 4, f16),
    shapes: [
      [r, cols],
      [r, cols],
    ],
    resultBytes: bytes * r * cols,
  };
}

/** At most this many results alive at once (bytes of one result given). */
export function maxCallsFor(resultBytes: number): number {
  return Math.max(1, Math.min(1000, Math.floor(2 ** 31 / resultBytes)));
}

// ------------------------------------------------------------------------------------ main

/** What a peer measured for a case: time per call, the calls timed, and what checking its output found. */
export interface PeerRun {
  ms: number;
  calls: number;
  check: string;
}

export interface PeerLibrary {
  readonly name: string;
  version(): string;
  /** Starts the library on navigator.gpu's adapter; false when it cannot run `c` (e.g. f16 without shader-f16). */
  supports(c: PeerCase, adapter: AdapterSummary): string | undefined;
  run(c: PeerCase, adapter: AdapterSummary): Promise<PeerRun>;
}

/** A peer's main: `--case JSON`; prints PEER-RESULT (or PEER-UNSUPPORTED) and exits. */
export async function peerMain(load: () => Promise<PeerLibrary>): Promise<void> {
  const args = isDeno ? Deno!.args : process.argv.slice(2);
  const exit = (code: number): never => (isDeno ? Deno!.exit(code) : process.exit(code));
  try {
    if (args[0] !== '--case' || !args[1]) throw new Error('usage: PEER --case JSON');
    const c = JSON.parse(args[1]) as PeerCase;
    const runtime = await installNavigatorGpu();
    const adapter = await adapterName();
    const lib = await load();
    const why = lib.supports(c, adapter);
    if (why) {
      console.log(`${UNSUPPORTED}${JSON.stringify({ peer: lib.name, runtime, adapter: adapter.name, reason: why })}`);
      exit(0);
    }
    const r = await lib.run(c, adapter);
    const w = work(c);
    const rate = w.flops !== undefined ? w.flops / r.ms / 1e6 : w.bytes! / r.ms / 1e6;
    const result: PeerResult = {
      peer: lib.name,
      version: lib.version(),
      runtime,
      adapter: adapter.name,
      op: c.op,
      dtype: c.dtype,
      shape: c.shape,
      ...(c.transposeA ? { transposeA: true } : {}),
      ms: r.ms,
      calls: r.calls,
      rate,
      unit: w.flops !== undefined ? 'GFLOP/s' : 'GB/s',
      check: r.check,
    };
    console.log(`${RESULT}${JSON.stringify(result)}`);
    exit(0);
  } catch (e) {
    console.error(`peer: error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    exit(1);
  }
}
