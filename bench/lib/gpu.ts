/**
 * Helpers of the GPU benchmarks (gpu-kernels.ts, seed-tables.ts): commands in a process group
 * killed at a deadline, the hand-written WGSL of ../shared/gpu/baseline.mjs and the torch/cuBLAS
 * peers (peers/torch_peers.py) as subprocesses, deterministic inputs, number formatting.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findDeno } from '../../runtime/webgpu/wgpu-backend.js';
import type { ProviderName } from '../../runtime/webgpu/index.js';
import { mulberry32 } from '../../testing/random.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function random(n: number, seed: number): Float32Array {
  const next = mulberry32(seed);
  return Float32Array.from({ length: n }, () => next() - 0.5);
}

export function lastLines(text: string, n = 3): string {
  return text.trim().split('\n').slice(-n).join(' | ');
}

export interface Bounded {
  stdout: string;
  stderr: string;
  status: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
}

/**
 * Runs a command in its own process group and kills the whole group after `timeoutS` (a killed
 * node child would otherwise leave its wgpu runner, a deno process, behind).
 */
export function runBounded(argv: readonly string[], timeoutS: number, env?: NodeJS.ProcessEnv): Promise<Bounded> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: env ?? process.env });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutS * 1000);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ stdout, stderr: `${stderr}\n${e.message}`, status: null, signal: null, timedOut });
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, status, signal, timedOut });
    });
  });
}

export interface BaselineFigure {
  kernel: string;
  ms: number;
  rate: number;
}

/** Runs baseline.mjs under a provider at one matmul size: its JSON lines, or why not. */
export async function runBaseline(
  file: string,
  provider: ProviderName,
  size: number,
  timeoutS: number,
): Promise<{ matmul?: BaselineFigure; add?: BaselineFigure; lines: string[] } | string> {
  let argv: string[];
  if (provider === 'dawn') {
    const dawn = process.env['TILE_DAWN_NODE'] ?? resolveWebgpuPackage();
    if (!dawn) return 'no Dawn (TILE_DAWN_NODE unset, npm webgpu not installed)';
    argv = [process.env['TILE_NODE'] ?? process.execPath, file, String(size), dawn];
  } else {
    argv = [findDeno(), 'run', '-A', file, String(size)];
  }
  // baseline.mjs knows no TILE_DAWN_ICD: give Dawn the driver it names (SwiftShader without a GPU).
  const icd = process.env['TILE_DAWN_ICD'];
  const r = await runBounded(argv, timeoutS, provider === 'dawn' && icd ? { ...process.env, VK_ICD_FILENAMES: icd, VK_DRIVER_FILES: icd } : undefined);
  if (r.timedOut) return `timed out after ${timeoutS} s`;
  const lines = (r.stdout ?? '').split('\n').filter((l) => l.startsWith('{'));
  const figures = lines.map((l) => JSON.parse(l) as { kernel?: string; ms?: number; gflops?: number; GBps?: number });
  const best = (key: 'gflops' | 'GBps'): BaselineFigure | undefined =>
    figures
      .filter((f) => f.kernel && f[key] !== undefined)
      .map((f) => ({ kernel: f.kernel!, ms: f.ms!, rate: f[key]! }))
      .sort((a, b) => b.rate - a.rate)[0];
  if (!figures.some((f) => f.kernel)) return `no figures (exit ${r.status ?? r.signal}): ${lastLines(`${r.stdout ?? ''}\n${r.stderr ?? ''}`)}`;
  return { matmul: best('gflops'), add: best('GBps'), lines };
}

export function resolveWebgpuPackage(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('webgpu');
  } catch {
    return undefined;
  }
}

export interface PeerFigure {
  peer: string;
  kernel: 'matmul' | 'matmul-transposed-a' | 'add' | 'softmax' | 'layernorm' | 'rmsnorm' | 'matmul-bias-gelu' | 'matmul-bias-relu' | 'attention' | 'attention-causal';
  /** matmul: N of N x N x N (null for other shapes); add: elements. */
  size: number;
  /** matmul: MxNxK; add: RxC; attention: BxHxSxTxD. */
  shape?: string;
  dtype?: 'f32' | 'f16';
  ms: number;
  rate: number;
  unit: string;
  /** attention: the SDPA backend torch picked (torch.nn.attention.SDPBackend's name), its heaviest CUDA kernel, and the check against float64 (`ok (...)` or `WRONG (...)`). */
  backend?: string;
  cudaKernel?: string;
  check?: string;
}

/** What torch_peers.py measures: square matmuls, MxNxK matmuls (f32, and f16 with `f16`), adds. */
export interface TorchRequest {
  sizes: readonly number[];
  shapes?: readonly (readonly [number, number, number])[];
  f16?: boolean;
  /** Also C = Aᵀ·B with A stored K x M (kernel 'matmul-transposed-a'). */
  transposedA?: boolean;
  addShapes: readonly (readonly [number, number])[];
  /** Row ops (softmax, layernorm, rmsnorm) at rows x cols shapes, and matmul + bias + GELU/ReLU at N^3 (bench/fused-kernels.ts). */
  rowOps?: readonly string[];
  rowShapes?: readonly (readonly [number, number])[];
  epilogueSizes?: readonly number[];
  /** F.scaled_dot_product_attention at B x H x S x T x D shapes, with and/or without the causal mask (bench/attention.ts). */
  attentionShapes?: readonly (readonly [number, number, number, number, number])[];
  attentionCausal?: readonly boolean[];
  repeat: number;
  rounds: number;
  /** Warm-up before timing, and the shortest timed round, as our kernels are timed (benchmarkWarm). */
  warmMs: number;
  minRoundMs: number;
  timeoutS: number;
}

/** cuBLAS and torch figures from bench/peers/torch_peers.py (python3 with torch), or why not. */
export async function runTorchPeers(o: TorchRequest): Promise<PeerFigure[] | string> {
  const script = path.join(repoRoot, 'bench', 'peers', 'torch_peers.py');
  const argv = [
    'python3',
    script,
    '--sizes',
    o.sizes.join(','),
    '--shapes',
    (o.shapes ?? []).map((s) => s.join('x')).join(','),
    ...(o.f16 ? ['--f16'] : []),
    ...(o.transposedA ? ['--transposed-a'] : []),
    '--add-shapes',
    o.addShapes.map(([a, b]) => `${a}x${b}`).join(','),
    ...(o.rowOps?.length ? ['--row-ops', o.rowOps.join(','), '--row-shapes', (o.rowShapes ?? []).map(([a, b]) => `${a}x${b}`).join(',')] : []),
    ...(o.epilogueSizes?.length ? ['--epilogue-sizes', o.epilogueSizes.join(',')] : []),
    ...(o.attentionShapes?.length ? ['--attention-shapes', o.attentionShapes.map((s) => s.join('x')).join(','), '--attention-causal', (o.attentionCausal ?? [false]).join(',')] : []),
    '--repeat',
    String(o.repeat),
    '--rounds',
    String(o.rounds),
    '--warm-ms',
    String(o.warmMs),
    '--min-round-ms',
    String(o.minRoundMs),
  ];
  const r = await runBounded(argv, o.timeoutS);
  if (r.timedOut) return `timed out after ${o.timeoutS} s`;
  // Lines with `missing` (an op this torch lacks) are left out: their figure stays empty.
  const lines = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as PeerFigure & { error?: string; missing?: string })
    .filter((l) => !l.missing);
  const error = lines.find((l) => l.error);
  if (error) return error.error!;
  if (lines.length === 0) return `no figures (exit ${r.status ?? r.signal}): ${lastLines(`${r.stdout}\n${r.stderr}`)}`;
  return lines;
}

export const fmt = (x: number, digits = 3): string => (Number.isFinite(x) ? String(Number(x.toPrecision(digits))) : '-');
/** a / b as `1.09x`: three digits, so that a ratio just under a target (1.087 against 1.1) does not print as the target. */
export const ratio = (a: number | undefined, b: number | undefined): string => (a && b && Number.isFinite(a) && Number.isFinite(b) ? `${fmt(a / b)}x` : '-');
