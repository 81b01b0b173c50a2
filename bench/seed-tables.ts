#!/usr/bin/env node
/**
 * The seeds' tables from one command, every peer measured in the same run:
 *
 * 1. the pipelined matmul (Tilus's table): examples/matmul.mlir through @tile-wgsl, tuned per
 *    shape over tile sizes and 1-5 stages with tile-tune's machinery (tools/tune: local search
 *    within --budget, each configuration checked against the interpreter, then timed), f32 under
 *    Dawn and f16 under wgpu (Dawn offers no shader-f16 on the H100), at N^3 for --sizes and one
 *    non-square odd shape (--odd MxNxK); and, tuned the same way over its own space, the f32
 *    C = Aᵀ·B of examples/matmul-transposed-a.mlir (A stored K x M: the hand-written baseline's
 *    problem), against peers solving that problem too (--no-transposed-a leaves it out);
 * 2. the elementwise add with 1, 2 and 3 buffers (Gluon's table, GB/s) at --add-shapes;
 * 3. GFLOP/s by size (TVM's table).
 *
 * Peers: cuBLAS SGEMM/HGEMM and torch.add (bench/peers/torch_peers.py, python3 with torch, CUDA
 * events), the hand-written WGSL of ../shared/gpu/baseline.mjs (--baseline; square sizes only),
 * TensorFlow.js 4.22 and jax-js (build/peers/*.js, bundled by `npm run build`) on the same Dawn,
 * jax-js also under wgpu for f16. Every peer problem runs in a child process with a timeout.
 *
 *   node build/bench/seed-tables.js [--quick] [--sizes 1024,2048,4096] [--odd 1999x3001x1021]
 *     [--add-shapes 1000x2000,4000x120,4096x8192] [--budget 6] [--finalists 3] [--space SPACE] [--pipeline P]
 *     [--space-transposed-a SPACE] [--no-transposed-a] [--no-f32-matmul]
 *     [--add-configs 'OPTS;OPTS;OPTS'] [--f32-provider dawn] [--f16-provider wgpu|none]
 *     [--peers torch,baseline,tfjs,jaxjs] [--baseline PATH] [--rounds 5] [--warm-ms 500]
 *     [--timeout-s 60]
 *
 * Prints Markdown tables ready for bench/RESULTS.md, headed by the machine and adapters; exits 1
 * when a peer's result is wrong.
 * docs/seed-tables.md says how to run it on the GPU machine (the carry list).
 */
import { InvalidArgumentError } from 'commander';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UnknownLoc } from '../core/ir/location.js';
import { PipelineBuilder } from '../core/pass/pipeline-builder.js';
import { openRuntime, type ProviderName } from '../runtime/webgpu/index.js';
import { findDeno } from '../runtime/webgpu/wgpu-backend.js';
import { createPassRegistry } from '../tools/opt-passes.js';
import type { Outcome } from '../tools/tune/cache.js';
import { measureFresh, type MeasureOptions, type Problem } from '../tools/tune/measure.js';
import { fmtCreateMs, fmtKB, kernelCost, timeText } from '../tools/tune/report.js';
import { fastestPoints, search } from '../tools/tune/search.js';
import { checkSpace, NAMED_SPACES, parseSpace, pipelineText, pointOptions, spaceSize, splitPipelineRef } from '../tools/tune/space.js';
import { fmt, lastLines, ratio, runBaseline, runBounded, runTorchPeers, type PeerFigure } from './lib/gpu.js';
import { addTimingOptions, benchCommand, benchDefaults, list, oneOf, parseCommand, positiveInt, positiveInts, runIfMain, shape, shapes, valueOption } from './lib/cli.js';
import { table } from './lib/measure.js';
import { matmulProblemArgs } from './lib/tuned-problem.js';
import { generatedProblem } from '../tools/tune/problem.js';
import type { PeerCase, PeerResult } from './peers/peer-gpu.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

// ------------------------------------------------------------------------------------ options

type Shape3 = [number, number, number];
type Shape2 = [number, number];

export interface Options {
  sizes: number[];
  odd?: Shape3;
  addShapes: Shape2[];
  budget: number;
  /** How many of the search's fastest configurations are timed again (final timing) to choose the best. */
  finalists: number;
  /** The search space of examples/matmul.mlir (A stored M x K). */
  space: string;
  /** Tune the f32 matmuls (false: only f16, e.g. a run under wgpu for the f16 table alone; implies no Aᵀ·B). */
  f32Matmul: boolean;
  /** Also C = Aᵀ·B (examples/matmul-transposed-a.mlir, f32), tuned over `spaceTransposedA`. */
  transposedA: boolean;
  spaceTransposedA: string;
  pipeline: string;
  addConfigs: string[];
  f32Provider: ProviderName;
  f16Provider?: ProviderName;
  peers: Set<string>;
  baseline?: string;
  rounds: number;
  warmMs: number;
  timeoutS: number;
  checkSize: number;
}

const FULL: Options = {
  sizes: [1024, 2048, 4096],
  odd: [1999, 3001, 1021],
  addShapes: [
    [1000, 2000],
    [4000, 120],
    [4096, 8192],
  ],
  budget: 6,
  finalists: 3,
  // pack-lhs: A transposed into a K x M buffer by a packing kernel first, so that the matmul reads
  // it as Aᵀ·B does (on the H100 faster than transpose-lhs, which copies A's tiles column-major, at
  // 2048³ and 4096³, and as fast at 1024³: bench/RESULTS.md). A configuration over
  // max-workgroup-memory fails and is counted. 64x64x32 with 4 warps is the fastest at 1024³ on the
  // H100 (0.065 ms against 0.074 for 64x64x16); 256x128x16 with 8 warps at 2048³ and
  // 4096³ (bench/RESULTS.md, the H100 seed tables). It is listed next to 128x128x16 so that the search reaches it in
  // one step of tile size and warps together.
  space: NAMED_SPACES.matmul!.text,
  f32Matmul: true,
  transposedA: true,
  // A's tiles already lie K-major there: transpose-lhs changes nothing.
  spaceTransposedA: 'tile-sizes=64,64,8|64,64,16|64,64,32|128,64,8|128,128,8|128,128,16|256,128,16 num-warps=4|8 num-stages=1|2|3|4|5',
  pipeline: '@tile-wgsl{max-workgroup-memory=49152}',
  addConfigs: ['tile-sizes=1,1024 num-warps=8 num-stages=1 async-copy-loads=dot-operands', 'tile-sizes=1,1024 num-warps=8 num-stages=2', 'tile-sizes=1,1024 num-warps=8 num-stages=3'],
  f32Provider: 'dawn',
  f16Provider: 'wgpu',
  peers: new Set(['torch', 'baseline', 'tfjs', 'jaxjs']),
  rounds: 5,
  warmMs: 500,
  timeoutS: 60,
  checkSize: 64,
};

/** Small problems for software devices (SwiftShader, llvmpipe): the whole command in about a minute. */
const QUICK: Partial<Options> = {
  sizes: [64, 128],
  odd: [67, 45, 33],
  addShapes: [
    [100, 200],
    [40, 12],
    [64, 1024],
  ],
  budget: 2,
  finalists: 2,
  space: 'tile-sizes=32,32,8|64,64,8 num-warps=4 num-stages=1|2|3 pack-lhs=false|true',
  spaceTransposedA: 'tile-sizes=32,32,8|64,64,8 num-warps=4 num-stages=1|2|3',
  addConfigs: ['tile-sizes=1,256 num-warps=2 num-stages=1 async-copy-loads=dot-operands', 'tile-sizes=1,256 num-warps=2 num-stages=2', 'tile-sizes=1,256 num-warps=2 num-stages=3'],
  rounds: 2,
  warmMs: 20,
  // baseline.mjs always adds 32M elements too: two minutes on SwiftShader (--peers brings it back).
  peers: new Set(['torch', 'tfjs', 'jaxjs']),
};

export function parseArgs(argv: readonly string[]): Options {
  const d = benchDefaults(argv, { ...FULL, peers: new Set(FULL.peers) }, { ...QUICK, peers: new Set(QUICK.peers) });
  const cmd = benchCommand('seed-tables', "The seeds' tables (pipelined matmul, elementwise add, GFLOP/s by size) with every peer measured in the same run")
    .option('--quick', 'small problems for software devices (SwiftShader, llvmpipe): the whole command in about a minute')
    .addOption(valueOption('--sizes <N,...>', 'the square matmuls, at N^3', positiveInts, d.sizes))
    .addOption(valueOption('--odd <MxNxK|none>', 'one non-square matmul', (t) => (t === 'none' ? t : (shape('MxNxK')(t) as Shape3)), d.odd ?? 'none', 'x'))
    .addOption(valueOption('--add-shapes <RxC,...>', "the elementwise add's problems", (t) => shapes('RxC')(t) as Shape2[], d.addShapes))
    .addOption(valueOption('--budget <N>', 'configurations measured per matmul by the local search', positiveInt, d.budget))
    .addOption(valueOption('--finalists <N>', "how many of the search's fastest configurations are timed again to choose the best", positiveInt, d.finalists))
    .addOption(valueOption('--space <SPACE>', 'the search space of examples/matmul.mlir (A stored M x K)', String, d.space))
    .addOption(valueOption('--space-transposed-a <SPACE>', 'the search space of examples/matmul-transposed-a.mlir (C = Aᵀ·B)', String, d.spaceTransposedA))
    .option('--no-transposed-a', 'leave out C = Aᵀ·B (examples/matmul-transposed-a.mlir) and its peers')
    .option('--no-f32-matmul', 'tune only the f16 matmuls (implies --no-transposed-a)')
    .addOption(valueOption("--pipeline <'@tile-wgsl{...}'>", 'the pipeline tuned', String, d.pipeline))
    .addOption(valueOption("--add-configs <'OPTS;OPTS;OPTS'>", "@tile-wgsl options of the add's 1-, 2- and 3-buffer kernels", list(';'), d.addConfigs, ';'))
    .addOption(valueOption('--f32-provider <dawn|wgpu>', 'the WebGPU provider of the f32 problems', provider(false), d.f32Provider))
    .addOption(valueOption('--f16-provider <wgpu|dawn|none>', 'the WebGPU provider of the f16 matmuls (none: no f16 table)', provider(true), d.f16Provider ?? 'none'))
    .addOption(valueOption('--peers <LIST>', 'the peers measured', (t) => new Set<string>(oneOf([...FULL.peers], 'peer')(t)), d.peers))
    .option('--baseline <PATH>', 'the hand-written WGSL (baseline.mjs; default: ../shared/gpu/baseline.mjs, or beside the built bench)', (t) => path.resolve(t))
    .addOption(valueOption('--check-size <N>', 'the correctness check runs on the problem shrunk to at most this per dimension', positiveInt, d.checkSize));
  // `none` is read as text: commander keeps no undefined value of a flag.
  const given = parseCommand<Omit<Options, 'odd' | 'f16Provider'> & { odd: Shape3 | 'none'; f16Provider: ProviderName | 'none' }>(addTimingOptions(cmd, d), argv);
  const o: Options = { ...given, odd: given.odd === 'none' ? undefined : given.odd, f16Provider: given.f16Provider === 'none' ? undefined : given.f16Provider };
  // Aᵀ·B is an f32 problem: without the f32 matmuls neither it nor its peers (cuBLAS with A
  // transposed, its table columns) are run.
  if (!o.f32Matmul) o.transposedA = false;
  if (o.peers.has('baseline') && !o.baseline) {
    // Beside the project (../shared/gpu), or beside the built bench (bench/device-build.sh copies it there).
    o.baseline = [path.join(repoRoot, '..', 'shared', 'gpu', 'baseline.mjs'), path.join(here, '..', 'baseline.mjs')].find((f) => existsSync(f));
  }
  return o;
}

/** A WebGPU provider; `none` too with `allowNone`. */
function provider(allowNone: boolean): (text: string) => ProviderName | 'none' {
  return (t) => {
    if (allowNone && t === 'none') return t;
    if (t !== 'dawn' && t !== 'wgpu') throw new InvalidArgumentError(`expected dawn or wgpu${allowNone ? ' or none' : ''}, got '${t}'`);
    return t;
  };
}

// ------------------------------------------------------------------------------------ the library peers

/** A WebGPU library peer's figure, or why there is none. */
export type LibFigure = PeerResult | { why: string };

const PEER_FILES: Record<string, string> = { tfjs: 'tfjs-peer.js', jaxjs: 'jaxjs-peer.js', ortweb: 'ortweb-peer.js' };

/** Runs one problem of a library peer in a child process (node for Dawn, deno for wgpu); bench/fused-kernels.ts uses it too. */
export async function runLibraryPeer(peer: string, provider: ProviderName, c: PeerCase, timeoutS: number): Promise<LibFigure> {
  // Beside the built bench: build/peers, or .build-device/peers (bench/device-build.sh).
  const file = path.join(here, '..', 'peers', PEER_FILES[peer]!);
  if (!existsSync(file)) return { why: `${path.relative(repoRoot, file)} missing (npm run build bundles it)` };
  const argv = provider === 'dawn' ? [process.execPath, file, '--case', JSON.stringify(c)] : [findDeno(), 'run', '-A', file, '--case', JSON.stringify(c)];
  const r = await runBounded(argv, timeoutS);
  if (r.timedOut) return { why: `timed out after ${timeoutS} s` };
  const line = r.stdout.split('\n').find((l) => l.startsWith('PEER-RESULT '));
  if (line) return JSON.parse(line.slice('PEER-RESULT '.length)) as PeerResult;
  const unsupported = r.stdout.split('\n').find((l) => l.startsWith('PEER-UNSUPPORTED '));
  if (unsupported) return { why: (JSON.parse(unsupported.slice('PEER-UNSUPPORTED '.length)) as { reason: string }).reason };
  const own = r.stderr.split('\n').find((l) => l.startsWith('peer: error: '));
  return { why: `failed (exit ${r.status ?? r.signal}): ${own ? own.slice('peer: error: '.length) : lastLines(`${r.stdout}\n${r.stderr}`)}` };
}

// ------------------------------------------------------------------------------------ our kernels

export interface Tuned {
  /** The -p text of the best configuration (undefined when none passed). */
  pipeline?: string;
  options?: string;
  /** Warm re-measurement of the best: GPU time (timestamps where the device has them) and wall clock. */
  ms: number;
  wallMs: number;
  method: string;
  /**
   * Of that re-measurement, summed over the best's kernels: their WGSL in bytes, and the
   * milliseconds from shader module creation to pipeline ready (createComputePipelineAsync, cold:
   * the first creation in its own runner process).
   */
  wgslBytes?: number;
  pipelineMs?: number;
  /** Configurations measured, and failures by kind. */
  measured: number;
  failures: string[];
  seconds: number;
}

const fail = (o: Outcome): string => (o.status === 'failed' ? `${o.failure}: ${o.reason}` : '');

/**
 * The adapter a provider opens, or why it opens none. The runtime is closed at once: every
 * measurement opens its own (measureFresh), so none stays idle beside it.
 */
async function adapterOf(provider: ProviderName): Promise<{ description: string } | { why: string }> {
  try {
    const rt = await openRuntime({ provider });
    const description = rt.description;
    await rt.close();
    return { description };
  } catch (e) {
    return { why: e instanceof Error ? e.message.split('\n')[0]! : String(e) };
  }
}

/** Warm timing of a chosen configuration (as bench/gpu-kernels.ts measures). */
function finalTiming(o: Options): MeasureOptions {
  return { timeoutMs: o.timeoutS * 1000, repeat: 10, rounds: o.rounds, warmup: 1, warm: { warmMs: o.warmMs, minSubmitMs: 20 } };
}

/** tile-tune's local search over the space for one problem, then the best configuration measured warm; each measurement on a runtime of its own (measureFresh). */
async function tune(provider: ProviderName, o: Options, spaceText: string, problem: Problem, log: (s: string) => void): Promise<Tuned> {
  const t0 = Date.now();
  const registry = createPassRegistry();
  const space = parseSpace(spaceText);
  const ref = splitPipelineRef(o.pipeline);
  const builder = new PipelineBuilder(registry);
  checkSpace(space, ref.name, builder.parameters(builder.load(ref.name.slice(1), UnknownLoc.get())));
  // Quicker timing while searching (shorter submits), after the same warm-up as the final timing:
  // the recording of the full problem before each timing leaves the GPU idle long enough for its
  // clocks to drop, and 100 ms of warm-up timed configurations 2.5 to 4x too slow on an H100
  // (bench/RESULTS.md, warm-up).
  const quick: MeasureOptions = { timeoutMs: o.timeoutS * 1000, repeat: 5, rounds: o.rounds, warmup: 1, warm: { warmMs: o.warmMs, minSubmitMs: 10 } };
  const failures: string[] = [];
  let measured = 0;
  const result = await search(space, { kind: 'local', budget: o.budget, seed: 0 }, async (p) => {
    const outcome = await measureFresh(provider, problem.file, problem, pipelineText(o.pipeline, space, p), registry, quick);
    measured++;
    log(`  [${measured}/${Math.min(o.budget, spaceSize(space))}] ${pointOptions(space, p)}: ${outcome.status === 'ok' ? timeText(outcome) : fail(outcome).slice(0, 160)}`);
    if (outcome.status !== 'ok') failures.push(`${pointOptions(space, p)}: ${fail(outcome).slice(0, 120)}`);
    return outcome.status === 'ok' ? outcome.ms : Infinity;
  });
  if (!result.best) return { ms: NaN, wallMs: NaN, method: '', measured, failures, seconds: (Date.now() - t0) / 1000 };
  // The search's timings of close configurations differ by less than their noise (6% at 2048³ on
  // an H100, bench/RESULTS.md): the fastest few are timed again with the final timing and
  // the fastest of those wins; the figure reported is a timing of its own, so that the winner's
  // lucky draw in the play-off does not inflate it.
  let best = result.best;
  const finalists = fastestPoints(result, o.finalists);
  if (finalists.length > 1) {
    let bestMs = Infinity;
    for (const p of finalists) {
      const r = await measureFresh(provider, problem.file, problem, pipelineText(o.pipeline, space, p), registry, finalTiming(o));
      log(`  finalist ${pointOptions(space, p)}: ${r.status === 'ok' ? timeText(r) : fail(r).slice(0, 160)}`);
      if (r.status === 'ok' && r.ms < bestMs) [best, bestMs] = [p, r.ms];
    }
  }
  const pipeline = pipelineText(o.pipeline, space, best);
  const final = await measureFresh(provider, problem.file, problem, pipeline, registry, finalTiming(o));
  if (final.status !== 'ok') failures.push(`best, measured again: ${fail(final)}`);
  const cost = kernelCost(final);
  return {
    ...(cost ? { wgslBytes: cost.wgslBytes, pipelineMs: cost.pipelineMs } : {}),
    pipeline,
    options: pointOptions(space, best),
    ms: final.status === 'ok' ? final.ms : NaN,
    wallMs: final.status === 'ok' ? (final.wallMs ?? NaN) : NaN,
    method: final.status === 'ok' ? final.method : '',
    measured,
    failures,
    seconds: (Date.now() - t0) / 1000,
  };
}

/**
 * Per shape, the best configuration found, its kernels' WGSL size (KB) and pipeline creation time
 * (ms), the configurations measured and failed, and the tuning time; a string: why none was tuned.
 */
export function bestConfigTable(rows: readonly (readonly [string, Tuned | string | undefined])[]): string {
  const cfg: string[][] = [['shape', 'best configuration', 'WGSL KB', 'pipeline ms', 'measured', 'failed', 'tuning s']];
  for (const [shape, t] of rows) {
    cfg.push(
      typeof t === 'string' || !t
        ? [shape, t ?? '-', '-', '-', '-', '-', '-']
        : [
            shape,
            t.options ? `\`${t.options}\`` : 'none passed',
            t.wgslBytes === undefined ? '-' : fmtKB(t.wgslBytes),
            t.pipelineMs === undefined ? '-' : fmtCreateMs(t.pipelineMs),
            String(t.measured),
            String(t.failures.length),
            t.seconds.toFixed(0),
          ],
    );
  }
  return table(cfg);
}

// ------------------------------------------------------------------------------------ main

/** One tuned matmul problem of the tables: f32 C = A·B, f32 C = Aᵀ·B (A stored K x M), f16 C = A·B. */
interface MatmulVariant {
  key: 'f32' | 'f32t' | 'f16';
  dtype: 'f32' | 'f16';
  provider: ProviderName;
  transposedA: boolean;
  space: string;
}

export function matmulVariants(o: Options): MatmulVariant[] {
  return [
    ...(o.f32Matmul ? [{ key: 'f32', dtype: 'f32', provider: o.f32Provider, transposedA: false, space: o.space } as const] : []),
    ...(o.transposedA ? [{ key: 'f32t', dtype: 'f32', provider: o.f32Provider, transposedA: true, space: o.spaceTransposedA } as const] : []),
    ...(o.f16Provider ? [{ key: 'f16', dtype: 'f16', provider: o.f16Provider, transposedA: false, space: o.space } as const] : []),
  ];
}

export const variantName = (v: Pick<MatmulVariant, 'key'>): string => (v.key === 'f32t' ? 'f32 Aᵀ·B' : v.key);

const shape3 = (s: Shape3): string => (s[0] === s[1] && s[1] === s[2] ? `${s[0]}^3` : `${s[0]}x${s[1]}x${s[2]}`);
const shape2 = (s: Shape2): string => `${s[0]}x${s[1]}`;
const tflops = (gflops: number | undefined): string => (gflops === undefined || !Number.isFinite(gflops) ? '-' : fmt(gflops / 1000));

export function machine(): string {
  let gpu = '';
  try {
    gpu = execFileSync('nvidia-smi', ['--query-gpu=name,driver_version,memory.total', '--format=csv,noheader'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch {
    gpu = 'no nvidia-smi';
  }
  return `${os.hostname()}: ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; GPU (nvidia-smi): ${gpu}; node ${process.version}`;
}

export async function main(argv: readonly string[]): Promise<number> {
  const o = parseArgs(argv);
  const t0 = Date.now();
  const log = (s: string): void => {
    process.stdout.write(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)}s] ${s}\n`);
  };
  const shapes: Shape3[] = [...o.sizes.map((n) => [n, n, n] as Shape3), ...(o.odd ? [o.odd] : [])];
  const matmulPeerCase = (s: Shape3, dtype: 'f32' | 'f16', transposeA = false): PeerCase => ({
    op: 'matmul',
    dtype,
    shape: s,
    rounds: o.rounds,
    warmMs: o.warmMs,
    minRoundMs: 20,
    check: true,
    ...(transposeA ? { transposeA } : {}),
  });
  const variants = matmulVariants(o);
  const addPeerCase = (s: Shape2): PeerCase => ({ op: 'add', dtype: 'f32', shape: s, rounds: o.rounds, warmMs: o.warmMs, minRoundMs: 20, check: true });
  log(`seed-tables: ${machine()}`);
  log(
    `matmul at ${shapes.map(shape3).join(', ')} (${o.f32Matmul ? `f32 under ${o.f32Provider}${o.transposedA ? ', also Aᵀ·B' : ''}` : 'no f32'}${o.f16Provider ? `, f16 under ${o.f16Provider}` : ''}); tuning: ${o.pipeline} over '${o.space}'${o.transposedA ? ` (Aᵀ·B: '${o.spaceTransposedA}')` : ''}, budget ${o.budget}; add at ${o.addShapes.map(shape2).join(', ')}; peers ${[...o.peers].join(', ')}`,
  );

  // 1. torch / cuBLAS.
  let torch: PeerFigure[] | string = 'not run (--peers)';
  if (o.peers.has('torch')) {
    torch = await runTorchPeers({
      sizes: [],
      shapes,
      f16: o.f16Provider !== undefined,
      transposedA: o.transposedA,
      addShapes: o.addShapes,
      repeat: 10,
      rounds: o.rounds,
      warmMs: o.warmMs,
      minRoundMs: 20,
      timeoutS: o.timeoutS * 4,
    });
    log(`torch: ${typeof torch === 'string' ? torch : `${torch.length} figures`}`);
  }
  const torchOf = (kernel: string, shape: string, dtype = 'f32'): PeerFigure | undefined =>
    typeof torch === 'string' ? undefined : torch.find((p) => p.kernel === kernel && p.shape === shape && (p.dtype ?? 'f32') === dtype);

  // 2. the hand-written WGSL (C = Aᵀ·B, square sizes; its add is always 32M elements).
  const baseline = new Map<number, Awaited<ReturnType<typeof runBaseline>>>();
  if (o.peers.has('baseline')) {
    if (!o.baseline) log('baseline: baseline.mjs not found (--baseline PATH)');
    else {
      for (const n of o.sizes) {
        if (n % 128 !== 0) {
          baseline.set(n, 'baseline.mjs needs a multiple of 128');
          continue;
        }
        const b = await runBaseline(o.baseline, o.f32Provider, n, o.timeoutS * 2);
        baseline.set(n, b);
        log(`baseline ${n}: ${typeof b === 'string' ? b : `${fmt(b.matmul?.rate ?? NaN)} GFLOP/s (${b.matmul?.kernel}), add ${fmt(b.add?.rate ?? NaN)} GB/s (${b.add?.kernel})`}`);
      }
    }
  }
  const baseOf = (n: number) => {
    const b = baseline.get(n);
    return b && typeof b !== 'string' ? b : undefined;
  };

  // 3. TF.js and jax-js, each problem in a child process.
  const libs = ['tfjs', 'jaxjs'].filter((p) => o.peers.has(p));
  const libMatmul = new Map<string, LibFigure>();
  const libAdd = new Map<string, LibFigure>();
  for (const lib of libs) {
    for (const s of shapes) {
      for (const v of variants) {
        const g = lib === 'tfjs' && v.dtype === 'f16' ? { why: 'TF.js has no float16 dtype' } : await runLibraryPeer(lib, v.provider, matmulPeerCase(s, v.dtype, v.transposedA), o.timeoutS);
        libMatmul.set(`${lib} ${v.key} ${shape3(s)}`, g);
        log(`${lib} matmul ${variantName(v)} ${shape3(s)} (${v.provider}): ${'why' in g ? g.why : `${fmt(g.rate)} GFLOP/s, ${g.check}`}`);
      }
    }
    for (const s of o.addShapes) {
      const f = await runLibraryPeer(lib, o.f32Provider, addPeerCase(s), o.timeoutS);
      libAdd.set(`${lib} ${shape2(s)}`, f);
      log(`${lib} add ${shape2(s)} (${o.f32Provider}): ${'why' in f ? f.why : `${fmt(f.rate)} GB/s, ${f.check}`}`);
    }
  }
  const libRate = (m: Map<string, LibFigure>, key: string): number | undefined => {
    const f = m.get(key);
    return f && !('why' in f) && f.check.startsWith('ok') ? f.rate : undefined;
  };

  // 4. Our kernels: the matmul tuned per shape and precision, the add per buffer count.
  const tuned = new Map<string, Tuned | string>();
  const adapters: string[] = [];
  // Per provider, in order (f32 and f32 Aᵀ·B share Dawn).
  for (const provider of [...new Set(variants.map((v) => v.provider))]) {
    const mine = variants.filter((v) => v.provider === provider);
    const adapter = await adapterOf(provider);
    if ('why' in adapter) {
      for (const v of mine) for (const s of shapes) tuned.set(`${v.key} ${shape3(s)}`, `${provider}: ${adapter.why}`);
      log(`matmul ${mine.map(variantName).join(', ')}: ${provider} unavailable`);
      continue;
    }
    adapters.push(`${provider}: ${adapter.description}`);
    for (const v of mine) {
      for (const s of shapes) {
        const [m, n, k] = s;
        const { file, entry, args } = matmulProblemArgs(v, s);
        log(`tuning matmul ${variantName(v)} ${shape3(s)} under ${provider} (${file} @${entry})`);
        const problem = await generatedProblem(path.join(repoRoot, 'examples', file), entry, args, o.checkSize);
        const t = await tune(provider, o, v.space, problem, log);
        tuned.set(`${v.key} ${shape3(s)}`, t);
        const gflops = (2 * m * n * k) / t.ms / 1e6;
        log(
          `matmul ${variantName(v)} ${shape3(s)}: ${t.pipeline ? `${fmt(gflops)} GFLOP/s (${t.method}), ${t.options}` : 'no configuration passed'} (${t.measured} measured, ${t.failures.length} failed, ${t.seconds.toFixed(0)} s)`,
        );
      }
    }
  }
  const ourRate = (key: string, s: Shape3, wall = false): number | undefined => {
    const t = tuned.get(`${key} ${shape3(s)}`);
    if (!t || typeof t === 'string' || !t.pipeline) return undefined;
    return (2 * s[0] * s[1] * s[2]) / (wall ? t.wallMs : t.ms) / 1e6;
  };

  const addResults = new Map<string, Outcome | string>();
  const addAdapter = o.addShapes.length ? await adapterOf(o.f32Provider) : undefined;
  if (addAdapter && 'why' in addAdapter) {
    for (const s of o.addShapes) for (const c of o.addConfigs) addResults.set(`${c} ${shape2(s)}`, addAdapter.why);
  } else if (addAdapter) {
    const registry = createPassRegistry();
    const addFile = path.join(repoRoot, 'examples', 'add.mlir');
    for (const s of o.addShapes) {
      const problem = await generatedProblem(
        addFile,
        'add',
        ['X', 'Y', 'Z'].map((v) => `${v}=${v === 'Z' ? 'zeros' : 'rand'}:${s[0]}x${s[1]}xf32`),
        o.checkSize,
      );
      for (const c of o.addConfigs) {
        const r = await measureFresh(o.f32Provider, addFile, problem, `@tile-wgsl{${c}}`, registry, finalTiming(o));
        addResults.set(`${c} ${shape2(s)}`, r);
        log(`add ${shape2(s)} @tile-wgsl{${c}}: ${r.status === 'ok' ? `${fmt((12 * s[0] * s[1]) / r.ms / 1e6)} GB/s (${r.method})` : fail(r)}`);
      }
    }
  }
  const addRate = (c: string, s: Shape2, wall = false): number | undefined => {
    const r = addResults.get(`${c} ${shape2(s)}`);
    return r && typeof r !== 'string' && r.status === 'ok' ? (12 * s[0] * s[1]) / (wall ? (r.wallMs ?? NaN) : r.ms) / 1e6 : undefined;
  };

  // ---------------------------------------------------------------------------------- tables
  const out: string[] = [];
  out.push(`## Seed tables (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${((Date.now() - t0) / 1000).toFixed(0)} s)`, '');
  out.push(`- machine: ${machine()}`);
  for (const a of adapters) out.push(`- adapter ${a}`);
  out.push(`- command: \`node build/bench/seed-tables.js ${argv.join(' ')}\``);
  out.push(
    `- tuning: \`${o.pipeline}\` over \`${o.space}\`${o.transposedA ? ` (Aᵀ·B: over \`${o.spaceTransposedA}\`)` : ''}, local search, budget ${o.budget} per shape (tools/tune), its ${o.finalists} fastest timed again to choose the best; each configuration checked against the interpreter on the problem shrunk to ${o.checkSize} per dimension`,
  );
  out.push('');

  const sqKey = (s: Shape3): number | undefined => (s[0] === s[1] && s[1] === s[2] ? s[0] : undefined);
  // The hand-written kernel solves C = Aᵀ·B: its figures and ratios go with the Aᵀ·B problem
  // (in the A·B table, without a ratio, only when that problem is left out).
  const handWritten = (s: Shape3): number | undefined => (sqKey(s) ? baseOf(sqKey(s)!)?.matmul?.rate : undefined);
  const handWrittenIn = (v: MatmulVariant): boolean => o.peers.has('baseline') && (v.transposedA || (!o.transposedA && v.key === 'f32'));
  const libLabel = (lib: string, v: MatmulVariant): string =>
    lib === 'tfjs' ? `TensorFlow.js 4.22${v.transposedA ? ' `tf.matMul(a, b, true, false)`' : ''}` : `jax-js${v.transposedA ? ' `np.matmul(a.transpose(), b)`' : ''}`;
  const torchKernel = (v: MatmulVariant): string => (v.transposedA ? 'matmul-transposed-a' : 'matmul');
  for (const v of variants) {
    const { dtype, provider } = v;
    const cublas = v.transposedA
      ? 'cuBLAS SGEMM, A transposed (`torch.matmul(a.t(), b)`), TF32 off'
      : dtype === 'f32'
        ? 'cuBLAS SGEMM, TF32 off'
        : 'cuBLAS HGEMM (f16 in and out, tensor cores)';
    const ours = v.transposedA ? "tile-opt f32, Aᵀ·B (the baseline's problem), tuned" : 'tile-opt, tuned';
    const problem = v.transposedA ? ", C = Aᵀ·B (A stored K x M: the hand-written baseline's problem)" : dtype === 'f32' ? ', C = A·B (A stored M x K)' : ' (f32 accumulation and output)';
    out.push(`### Pipelined matmul, ${dtype} inputs${problem}, TFLOP/s (tuned: ${provider})`, '');
    const cuRate = (s: Shape3): number | undefined => torchOf(torchKernel(v), s.join('x'), dtype)?.rate;
    const libOf = (lib: string, s: Shape3): number | undefined => libRate(libMatmul, `${lib} ${v.key} ${shape3(s)}`);
    const rows: string[][] = [['kernel', ...shapes.map(shape3)]];
    rows.push([cublas, ...shapes.map((s) => tflops(cuRate(s)))]);
    rows.push([`${ours} (${provider}, GPU time)`, ...shapes.map((s) => tflops(ourRate(v.key, s)))]);
    rows.push([`${ours} (${provider}, wall)`, ...shapes.map((s) => tflops(ourRate(v.key, s, true)))]);
    if (handWrittenIn(v)) rows.push([`hand-written WGSL${v.transposedA ? '' : ' (solves Aᵀ·B)'}, best variant (${o.f32Provider}, wall)`, ...shapes.map((s) => tflops(handWritten(s)))]);
    for (const lib of libs) rows.push([`${libLabel(lib, v)} (${provider}, wall)`, ...shapes.map((s) => tflops(libOf(lib, s)))]);
    rows.push([`tile-opt / cuBLAS${v.transposedA ? ' Aᵀ·B' : ''} (GPU time)`, ...shapes.map((s) => ratio(ourRate(v.key, s), cuRate(s)))]);
    if (handWrittenIn(v) && v.transposedA) rows.push(['tile-opt / hand-written (wall)', ...shapes.map((s) => ratio(ourRate(v.key, s, true), handWritten(s)))]);
    for (const lib of libs)
      rows.push([`tile-opt / ${lib === 'tfjs' ? 'TF.js' : 'jax-js'}${v.transposedA ? ' Aᵀ·B' : ''} (wall)`, ...shapes.map((s) => ratio(ourRate(v.key, s, true), libOf(lib, s)))]);
    out.push(table(rows), '');
    out.push(bestConfigTable(shapes.map((s) => [shape3(s), tuned.get(`${v.key} ${shape3(s)}`)])), '');
  }
  out.push(
    'GPU time: timestamp-query where the adapter has it (else wall clock), median of rounds after a warm-up; cuBLAS by CUDA events; wall: the timed submits, queued back to back, to the last onSubmittedWorkDone (ours), one submit to onSubmittedWorkDone (hand-written) or calls in flight then one sync (TF.js, jax-js). Ratios to WebGPU peers use wall clock on both sides; each ratio compares implementations of the same problem (A·B or Aᵀ·B).',
    '',
    "WGSL KB and pipeline ms: the best configuration's kernels (summed where it launches several), their WGSL size and the time from shader module creation to the pipeline being ready, by createComputePipelineAsync, cold (the first creation in the runner process of its own that each measurement opens).",
    '',
  );

  out.push('### Elementwise add, f32, GB/s (bytes read + written)', '');
  const addRows: string[][] = [['kernel', ...o.addShapes.map(shape2)]];
  addRows.push(['torch.add', ...o.addShapes.map((s) => fmt(torchOf('add', shape2(s))?.rate ?? NaN))]);
  o.addConfigs.forEach((c, i) =>
    addRows.push([
      `tile-opt \`@tile-wgsl{${c}}\` (${i + 1} buffer${i ? 's' : ''}; GPU time)`,
      ...o.addShapes.map((s) => `${fmt(addRate(c, s) ?? NaN)} (${ratio(addRate(c, s), torchOf('add', shape2(s))?.rate)})`),
    ]),
  );
  const b32 = [...baseline.values()].find((b) => typeof b !== 'string' && b.add);
  addRows.push([
    `hand-written vec4 (${o.f32Provider}, wall; 32M elements only)`,
    ...o.addShapes.map((s) => (s[0] * s[1] === 32 * 2 ** 20 && b32 && typeof b32 !== 'string' ? fmt(b32.add!.rate) : '-')),
  ]);
  for (const lib of libs)
    addRows.push([`${lib === 'tfjs' ? 'TensorFlow.js 4.22' : 'jax-js'} (${o.f32Provider}, wall)`, ...o.addShapes.map((s) => fmt(libRate(libAdd, `${lib} ${shape2(s)}`) ?? NaN))]);
  const best = (s: Shape2, wall: boolean): number | undefined => Math.max(...o.addConfigs.map((c) => addRate(c, s, wall) ?? -Infinity)) || undefined;
  for (const lib of libs)
    addRows.push([`best tile-opt / ${lib === 'tfjs' ? 'TF.js' : 'jax-js'} (wall)`, ...o.addShapes.map((s) => ratio(best(s, true), libRate(libAdd, `${lib} ${shape2(s)}`)))]);
  out.push(table(addRows), '', 'tile-opt cells: rate (ratio to torch.add).', '');

  out.push('### GFLOP/s by size (f32 unless marked; Aᵀ·B: A stored K x M)', '');
  const libName = (l: string): string => (l === 'tfjs' ? 'TF.js' : 'jax-js');
  const hasBaseline = o.peers.has('baseline');
  const cols = [
    'tile-opt f32',
    'cuBLAS SGEMM',
    ...libs.map(libName),
    ...(o.transposedA ? ['tile-opt f32 Aᵀ·B', 'cuBLAS Aᵀ·B'] : []),
    ...(hasBaseline ? ['hand-written (Aᵀ·B)'] : []),
    ...(o.transposedA ? libs.map((l) => `${libName(l)} Aᵀ·B`) : []),
    ...(o.f16Provider ? ['tile-opt f16', 'cuBLAS HGEMM', ...(libs.includes('jaxjs') ? ['jax-js f16'] : [])] : []),
  ];
  const gRows: string[][] = [['size (MxNxK)', ...cols]];
  for (const s of shapes) {
    const g = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '-' : x >= 100 ? String(Math.round(x)) : fmt(x));
    gRows.push([
      s.join('x'),
      g(ourRate('f32', s)),
      g(torchOf('matmul', s.join('x'))?.rate),
      ...libs.map((l) => g(libRate(libMatmul, `${l} f32 ${shape3(s)}`))),
      ...(o.transposedA ? [g(ourRate('f32t', s)), g(torchOf('matmul-transposed-a', s.join('x'))?.rate)] : []),
      ...(hasBaseline ? [g(handWritten(s))] : []),
      ...(o.transposedA ? libs.map((l) => g(libRate(libMatmul, `${l} f32t ${shape3(s)}`))) : []),
      ...(o.f16Provider ? [g(ourRate('f16', s)), g(torchOf('matmul', s.join('x'), 'f16')?.rate), ...(libs.includes('jaxjs') ? [g(libRate(libMatmul, `jaxjs f16 ${shape3(s)}`))] : [])] : []),
    ]);
  }
  out.push(table(gRows), '');

  const notes: string[] = [];
  for (const [k, f] of [...libMatmul, ...libAdd]) if ('why' in f) notes.push(`${k.replace(' f32t ', ' f32 Aᵀ·B ')}: ${f.why}`);
  for (const [k, f] of [...libMatmul, ...libAdd]) if (!('why' in f) && !f.check.startsWith('ok')) notes.push(`${k.replace(' f32t ', ' f32 Aᵀ·B ')}: ${f.check}`);
  for (const [n, b] of baseline) if (typeof b === 'string') notes.push(`hand-written ${n}: ${b}`);
  if (typeof torch === 'string') notes.push(`torch: ${torch}`);
  for (const [k, t] of tuned) if (typeof t === 'string') notes.push(`matmul ${k}: ${t}`);
  for (const [k, r] of addResults) if (typeof r === 'string' || r.status !== 'ok') notes.push(`add ${k}: ${typeof r === 'string' ? r : fail(r)}`);
  if (notes.length) out.push('Missing figures:', '', ...notes.map((n) => `- ${n}`), '');
  process.stdout.write(`\n${out.join('\n')}\n`);
  log('done');
  // A peer whose result is wrong fails the run (ours: a wrong configuration is never chosen).
  return [...libMatmul.values(), ...libAdd.values()].some((f) => !('why' in f) && !f.check.startsWith('ok')) ? 1 : 0;
}

runIfMain(import.meta.url, 'seed-tables', main);
