#!/usr/bin/env node
/**
 * GPU kernel benchmark: the gpu-dialect kernels compiled by targets/wgsl, timed on WebGPU under
 * Dawn and wgpu, with the hand-written WGSL of /work/shared/gpu/baseline.mjs measured in the same
 * run for ratios.
 *
 *   node build/bench/gpu-kernels.js [--providers dawn,wgpu] [--sizes 1024,2048] [--add-elems N]
 *        [--baseline PATH] [--repeat N] [--rounds N] [--timeout-s S] [--matmul FILE]
 *
 * Kernels: the tiled matmul (default tests/filecheck/targets/wgsl/Inputs/matmul-tiled.mlir,
 * 16x16 workgroup tiles, one output per thread) at each size^3, and an elementwise add over
 * --add-elems f32 elements (default 32M; a 2-D grid, as 32M / 256 workgroups exceed WebGPU's
 * 65535 per dimension). Each (provider, kernel) runs in a child process killed after --timeout-s
 * (in-process Dawn cannot stop a kernel). Per kernel: `repeat` dispatches per submit (more when
 * a submit would last under 20 ms), `rounds` measured submits after 500 ms of warm-up (the GPU
 * leaves its idle clocks), queued back to back; medians by GPU timestamps (where the device has
 * timestamp-query) and by wall clock (over the timed rounds; baseline.mjs times one submit to
 * onSubmittedWorkDone).
 * Ratios against the baseline use the wall clock on both sides. Outputs are checked: every add
 * element exactly, 64 sampled matmul elements against an f64 reference.
 * Runs from built JS without npm install: Dawn from TILE_DAWN_NODE, wgpu from TILE_DENO.
 */
import { parseModule } from '../dialects/builtin/parse-module.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Operation } from '../core/ir/operation.js';
import { symbolName } from '../core/ir/symbol-table.js';
import { createContext } from '../dialects/registry.js';
import { adapterSummary, benchmarkWarm, openRuntime, RuntimeError, throughput, type KernelArgValue, type ProviderName, type WebGpuRuntime } from '../runtime/webgpu/index.js';
import { emitWgsl, type EmittedKernel } from '../targets/wgsl/index.js';
import { runPassManager } from '../core/pass/pass-manager.js';
import { PipelineBuilder } from '../core/pass/pipeline-builder.js';
import { createPassRegistry } from '../tools/opt-passes.js';
import { fmt, lastLines, random, ratio, runBaseline, runBounded, runTorchPeers } from './lib/gpu.js';
import { benchCommand, commandLineExit, list, oneOf, parseCommand, positiveInt, positiveInts, shapes, valueOption } from './lib/cli.js';
import { table } from './lib/measure.js';
import { matmulProblemArgs } from './lib/tuned-problem.js';
import { generatedProblem } from '../tools/tune/problem.js';
import { measure } from '../tools/tune/measure.js';
import { launchSummary } from '../tools/tune/report.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_MATMUL = path.join(repoRoot, 'tests', 'filecheck', 'targets', 'wgsl', 'Inputs', 'matmul-tiled.mlir');

/** c[i] = a[i] + b[i] for i < n over a 2-D grid of 256-thread workgroups (gx * gy >= n / 256). */
const ADD_2D = `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %c256 = arith.constant 256 : index
      %row = arith.muli %by, %gx : index
      %block = arith.addi %row, %bx : index
      %base = arith.muli %block, %c256 : index
      %i = arith.addi %base, %tx : index
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %s = arith.addf %x, %y : f32
        memref.store %s, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
`;

// ------------------------------------------------------------------------------------ options

interface Options {
  providers: ProviderName[];
  sizes: number[];
  addElems: number;
  baseline?: string;
  repeat: number;
  rounds: number;
  timeoutS: number;
  matmul: string;
  /** @tile-wgsl option sets to compile examples/matmul.mlir's @matmul_f32 with (the compiled kernels). */
  tileWgsl: string[];
  /** @tile-wgsl option sets to compile examples/matmul-transposed-a.mlir's @matmul_f32_transposed_a with (A given K x M, the baseline's problem). */
  tileWgslTransposedA: string[];
  /** @tile-wgsl option sets (each with tile-sizes=R,C) to compile examples/add.mlir's @add with. */
  tileWgslAdd: string[];
  /** Shapes [rows, cols] the compiled add runs at. */
  addShapes: [number, number][];
  /** Also measure cuBLAS SGEMM (TF32 off) and torch.add through python3's torch, in the same run. */
  torch: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const resolved = (t: string): string => path.resolve(t);
  const cmd = benchCommand('gpu-kernels', 'The gpu-dialect kernels compiled by targets/wgsl, timed on WebGPU under Dawn and wgpu, beside hand-written WGSL')
    .addOption(valueOption('--providers <LIST>', 'the WebGPU providers measured', oneOf(['dawn', 'wgpu'] as const), ['dawn', 'wgpu']))
    .addOption(valueOption('--sizes <N,...>', 'the matmuls, at N^3', positiveInts, [1024, 2048]))
    .addOption(valueOption('--add-elems <N>', 'f32 elements of the elementwise add', positiveInt, 32 * 1024 * 1024))
    .option('--baseline <PATH>', 'the hand-written WGSL measured in the same run (baseline.mjs)', resolved)
    .addOption(valueOption('--repeat <N>', 'dispatches per submit (more when a submit would last under 20 ms)', positiveInt, 10))
    .addOption(valueOption('--rounds <N>', 'measured submits per kernel (the median is kept)', positiveInt, 5))
    .addOption(valueOption('--timeout-s <S>', 'the child process measuring one kernel is killed after this long', positiveInt, 120))
    .addOption(valueOption('--matmul <FILE>', 'the tiled matmul', resolved, DEFAULT_MATMUL).default(DEFAULT_MATMUL, path.relative(repoRoot, DEFAULT_MATMUL)))
    .addOption(valueOption('--tile-wgsl <OPTIONS;OPTIONS...>', "@tile-wgsl option sets to compile examples/matmul.mlir's @matmul_f32 with", list(';'), [] as string[]))
    .addOption(
      valueOption(
        '--tile-wgsl-transposed-a <OPTIONS;...>',
        "@tile-wgsl option sets to compile examples/matmul-transposed-a.mlir's @matmul_f32_transposed_a with (A given K x M)",
        list(';'),
        [] as string[],
      ),
    )
    .addOption(valueOption('--tile-wgsl-add <OPTIONS;...>', "@tile-wgsl option sets (each with tile-sizes=R,C) to compile examples/add.mlir's @add with", list(';'), [] as string[]))
    .addOption(
      valueOption('--add-shapes <RxC,RxC>', 'shapes the compiled add runs at', (t) => shapes('RxC')(t) as [number, number][], [
        [4096, 8192],
        [1000, 2000],
        [4000, 120],
      ]),
    )
    .option('--torch', "also measure cuBLAS SGEMM (TF32 off) and torch.add through python3's torch, in the same run", false);
  return parseCommand<Options>(cmd, argv);
}

// ------------------------------------------------------------------------------------ one case (child process)

interface Case {
  provider: ProviderName;
  kernel: 'matmul' | 'add';
  /** matmul: M = N = K = size; add: elements. */
  size: number;
  repeat: number;
  rounds: number;
  matmul: string;
  /** Compile examples/matmul.mlir (add: examples/add.mlir) through @tile-wgsl{tileWgsl} instead of the fixed kernels. */
  tileWgsl?: string;
  /** matmul: examples/matmul-transposed-a.mlir instead (C = Aᵀ·B, A stored K x M). */
  transposedA?: boolean;
  /** The compiled add's shape. */
  shape?: [number, number];
}

interface CaseResult {
  provider: string;
  adapter: string;
  kernel: string;
  size: number;
  method: string;
  medianMs: number;
  wallMedianMs: number;
  rate: number;
  wallRate: number;
  unit: 'GFLOP/s' | 'GB/s';
  check: string;
}

/** A case's result: `kernel` at `size`, timed on the GPU (`ms`, by `method`) and by wall clock, its rates in GFLOP/s of `work.flops` or GB/s of `work.bytes`. */
function caseResult(
  t: { provider: string; adapter: string; method: string; medianMs: number; wallMedianMs: number },
  kernel: string,
  size: number,
  work: { flops: number } | { bytes: number },
  check: string,
): CaseResult {
  const rate = (ms: number): number => ('flops' in work ? throughput(ms, work).gflops! : throughput(ms, work).gbps!);
  const { provider, adapter, method, medianMs, wallMedianMs } = t;
  return { provider, adapter, kernel, size, method, medianMs, wallMedianMs, rate: rate(medianMs), wallRate: rate(wallMedianMs), unit: 'flops' in work ? 'GFLOP/s' : 'GB/s', check };
}

/** Every element of c = a + b, exactly as f32 adds: ok, or the first wrong element. */
function addCheck(out: Float32Array, a: Float32Array, b: Float32Array, n: number): string {
  let bad = -1;
  for (let i = 0; i < n && bad < 0; i++) if (out[i] !== Math.fround(a[i]! + b[i]!)) bad = i;
  return bad < 0 ? 'ok (every element exact)' : `WRONG at element ${bad}`;
}

function parseProgram(text: string, name: string): Operation {
  return parseModule(text, createContext(), name);
}

function kernelOf(text: string, name: string): EmittedKernel {
  const out = emitWgsl(parseProgram(text, name));
  if (out.kernels.length !== 1) throw new Error(`${name}: expected one kernel, found ${out.kernels.length}`);
  return out.kernels[0]!;
}

/**
 * examples/FILE compiled by @tile-wgsl{options}: the WGSL kernel of its @entry, and how many
 * kernels @entry launches (2 with pack-lhs: the packing kernel, then the matmul).
 */
function compiledExample(example: string, entry: string, options: string): { kernel: EmittedKernel; launches: number } {
  const file = path.join(repoRoot, 'examples', example);
  const context = createContext();
  const module = parseModule(readFileSync(file, 'utf8'), context, file);
  const messages: string[] = [];
  const pm = new PipelineBuilder(createPassRegistry()).parse(`@tile-wgsl{${options}}`);
  if (!runPassManager(pm, module, { context, onDiagnostic: (d) => messages.push(d.message) })) throw new Error(`@tile-wgsl{${options}}: ${messages.join('; ')}`);
  let launches = 0;
  module.walk((op) => {
    const fn = op.name === 'gpu.launch_func' ? op.parentOfType((p) => p.name === 'func.func') : undefined;
    if (fn && symbolName(fn) === entry) launches++;
  });
  const kernel = emitWgsl(module).kernels.find((k) => k.manifest.symbol.endsWith(`@${entry}`));
  if (!kernel) throw new Error(`@tile-wgsl{${options}}: no ${entry} kernel`);
  return { kernel, launches };
}

/** The tile sizes of a matmul configuration: each workgroup computes a tileM x tileN block of C. */
function matmulTile(options: string): { tileM: number; tileN: number } {
  const sizes = /tile-sizes=(\d+),(\d+)/.exec(options);
  return { tileM: Number(sizes?.[1] ?? 32), tileN: Number(sizes?.[2] ?? 32) };
}

/**
 * A compiled matmul that launches more than one kernel (pack-lhs: the packing kernel, then the
 * matmul), timed as tile-tune times a configuration: the host code runs with every launch
 * recorded, then each launch is timed warm and the times are summed; the check is against the
 * interpreter on the problem shrunk to 64 per dimension.
 */
async function runMultiLaunchMatmul(rt: WebGpuRuntime, c: Case, timing: { repeat: number; rounds: number; warmup: number }): Promise<CaseResult> {
  const n = c.size;
  const { file, entry, args } = matmulProblemArgs({ dtype: 'f32', transposedA: c.transposedA ?? false }, [n, n, n]);
  const problem = await generatedProblem(path.join(repoRoot, 'examples', file), entry, args, 64);
  const outcome = await measure(problem.file, problem, `@tile-wgsl{${c.tileWgsl}}`, createPassRegistry(), rt, { timeoutMs: 600_000, ...timing, warm: { warmMs: 500, minSubmitMs: 20 } });
  if (outcome.status !== 'ok') throw new Error(`@tile-wgsl{${c.tileWgsl}}: ${outcome.failure}: ${outcome.reason}`);
  const flops = 2 * n * n * n;
  const wallMs = outcome.wallMs ?? outcome.ms;
  return caseResult(
    { provider: rt.provider, adapter: adapterSummary(rt.adapter), method: outcome.method, medianMs: outcome.ms, wallMedianMs: wallMs },
    `@tile-wgsl{${c.tileWgsl}}${c.transposedA ? ' Aᵀ·B' : ''}`,
    n,
    { flops },
    `ok (launches timed and summed: ${launchSummary(outcome.launches ?? [])}; vs the interpreter at <= 64 per dimension, max err ${outcome.maxError.toExponential(1)})`,
  );
}

/**
 * examples/add.mlir compiled with `options` on rows x cols: tile-tiling gives a rank-2 map one
 * workgroup per R rows of its R,C tile (the columns are the loop inside), so the grid is
 * ceil(rows / R); every output element is checked.
 */
async function runCompiledAdd(rt: WebGpuRuntime, c: Case, timing: { repeat: number; rounds: number; warmup: number }): Promise<CaseResult> {
  const tile = /tile-sizes=(\d+),(\d+)/.exec(c.tileWgsl!);
  if (!tile) throw new Error(`--tile-wgsl-add '${c.tileWgsl}': give tile-sizes=R,C (the grid is ceil(rows / R))`);
  const k = compiledExample('add.mlir', 'add', c.tileWgsl!).kernel;
  const [rows, cols] = c.shape!;
  const n = rows * cols;
  const [x, y] = [random(n, 3), random(n, 4)];
  const args: KernelArgValue[] = [
    { data: x, shape: [rows, cols] },
    { data: y, shape: [rows, cols] },
    { data: new Float32Array(n), shape: [rows, cols] },
  ];
  const b = await benchmarkWarm(rt, { manifest: k.manifest, wgsl: k.wgsl, args, grid: [Math.ceil(rows / Number(tile[1])), 1, 1], timeoutMs: 600_000 }, timing);
  return caseResult(b, `add @tile-wgsl{${c.tileWgsl}}`, n, { bytes: 3 * 4 * n }, addCheck(b.result.outputs.get(2) as Float32Array, x, y, n));
}

async function runCase(c: Case): Promise<CaseResult> {
  const rt = await openRuntime({ provider: c.provider });
  try {
    const timing = { repeat: c.repeat, rounds: c.rounds, warmup: 1 };
    if (c.kernel === 'matmul') {
      const { file, entry } = matmulProblemArgs({ dtype: 'f32', transposedA: c.transposedA ?? false }, [c.size, c.size, c.size]);
      const compiled = c.tileWgsl !== undefined ? { ...compiledExample(file, entry, c.tileWgsl), ...matmulTile(c.tileWgsl) } : undefined;
      if (compiled && compiled.launches > 1) return await runMultiLaunchMatmul(rt, c, timing);
      const k = compiled?.kernel ?? kernelOf(readFileSync(c.matmul, 'utf8'), c.matmul);
      const n = c.size;
      const [wx, wy] = compiled ? [compiled.tileN, compiled.tileM] : k.manifest.workgroupSize;
      const A = random(n * n, 1);
      const B = random(n * n, 2);
      const args: KernelArgValue[] = [
        { data: A, shape: [n, n] },
        { data: B, shape: [n, n] },
        { data: new Float32Array(n * n), shape: [n, n] },
      ];
      const b = await benchmarkWarm(rt, { manifest: k.manifest, wgsl: k.wgsl, args, grid: [Math.ceil(n / wx), Math.ceil(n / wy), 1], timeoutMs: 600_000 }, timing);
      const C = b.result.outputs.get(2) as Float32Array;
      let worst = 0;
      for (let s = 0; s < 64; s++) {
        const [i, j] = [(s * 997) % n, (s * 131 + 7) % n];
        let ref = 0;
        let mag = 0;
        for (let q = 0; q < n; q++) {
          const a = c.transposedA ? A[q * n + i]! : A[i * n + q]!;
          ref += a * B[q * n + j]!;
          mag += Math.abs(a * B[q * n + j]!);
        }
        worst = Math.max(worst, Math.abs(C[i * n + j]! - ref) / mag);
      }
      // f32 accumulation of n terms: error well under n * 2^-24 of sum |a*b|.
      const ok = worst <= n * 2 ** -24;
      const kernel = compiled ? `@tile-wgsl{${c.tileWgsl}}${c.transposedA ? ' Aᵀ·B' : ''}` : 'matmul-tiled-16x16';
      return caseResult(b, kernel, n, { flops: 2 * n * n * n }, `${ok ? 'ok' : 'WRONG'} (max err ${worst.toExponential(1)} of sum|ab| over 64 samples)`);
    }
    if (c.tileWgsl !== undefined) return await runCompiledAdd(rt, c, timing);
    const k = kernelOf(ADD_2D, 'add-2d.mlir');
    const n = c.size;
    const blocks = Math.ceil(n / 256);
    const gx = Math.min(blocks, 1024);
    const a = random(n, 3);
    const bb = random(n, 4);
    const b = await benchmarkWarm(rt, { manifest: k.manifest, wgsl: k.wgsl, args: [a, bb, new Float32Array(n), n], grid: [gx, Math.ceil(blocks / gx), 1], timeoutMs: 600_000 }, timing);
    return caseResult(b, 'add', n, { bytes: 3 * 4 * n }, addCheck(b.result.outputs.get(2) as Float32Array, a, bb, n));
  } finally {
    await rt.close();
  }
}

// ------------------------------------------------------------------------------------ parent

const RESULT = 'GPU-KERNELS-RESULT ';
const NO_ADAPTER = 'GPU-KERNELS-NO-ADAPTER ';
const ERROR = 'gpu-kernels: error: ';

/** The case's result, `{ noAdapter }` when the provider finds none, or why it failed. */
async function runChild(c: Case, timeoutS: number): Promise<CaseResult | { noAdapter: string } | string> {
  const r = await runBounded([process.execPath, fileURLToPath(import.meta.url), '--child', JSON.stringify(c)], timeoutS);
  if (r.timedOut) return `timed out after ${timeoutS} s`;
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith(RESULT));
  if (line) return JSON.parse(line.slice(RESULT.length)) as CaseResult;
  const noAdapter = (r.stdout ?? '').split('\n').find((l) => l.startsWith(NO_ADAPTER));
  if (noAdapter) return { noAdapter: noAdapter.slice(NO_ADAPTER.length) };
  const own = (r.stderr ?? '').split('\n').find((l) => l.startsWith(ERROR));
  return `failed (exit ${r.status ?? r.signal}): ${own ? own.slice(ERROR.length) : lastLines(`${r.stdout ?? ''}\n${r.stderr ?? ''}`)}`;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === '--child') {
    try {
      const r = await runCase(JSON.parse(argv[1]!) as Case);
      process.stdout.write(`${RESULT}${JSON.stringify(r)}\n`);
      return 0;
    } catch (e) {
      if (!(e instanceof RuntimeError && e.kind === 'no-adapter')) throw e;
      process.stdout.write(
        `${NO_ADAPTER}${e.message
          .split('\n')
          .map((l) => l.trim())
          .join(' ')}\n`,
      );
      return 0;
    }
  }
  const o = parseArgs(argv);
  console.log(
    `gpu-kernels: providers ${o.providers.join(', ')}; matmul ${path.relative(repoRoot, o.matmul)} at ${o.sizes.map((s) => `${s}^3`).join(', ')}; add of ${o.addElems} f32; ${o.repeat} dispatches per submit, ${o.rounds} rounds; timeout ${o.timeoutS} s per case`,
  );
  const rows: string[][] = [
    ['kernel', 'size', 'provider', 'GPU median ms', 'rate (GPU)', 'wall median ms', 'rate (wall)', 'baseline (wall)', 'ratio (wall)', 'vs cuBLAS/torch (GPU)', 'check'],
  ];
  let failed = 0;
  const peers = o.torch
    ? await runTorchPeers({ ...o, transposedA: o.tileWgslTransposedA.length > 0, addShapes: o.tileWgslAdd.length ? o.addShapes : [], warmMs: 500, minRoundMs: 20, timeoutS: o.timeoutS * 2 })
    : [];
  if (typeof peers === 'string') console.log(`torch peers: ${peers}`);
  else for (const p of peers) console.log(`peer ${JSON.stringify(p)}`);
  const peerFigure = (kernel: string, size: number) => (typeof peers === 'string' ? undefined : peers.find((p) => p.kernel === kernel && p.size === size && (p.dtype ?? 'f32') === 'f32'));
  const peerOf = (c: Case) => peerFigure(c.kernel === 'matmul' && c.transposedA ? 'matmul-transposed-a' : c.kernel, c.size);
  if (typeof peers !== 'string')
    for (const p of peers) rows.push([p.peer, p.kernel !== 'add' ? `${p.size}^3` : String(p.size), 'cuda', fmt(p.ms), `${fmt(p.rate)} ${p.unit}`, '-', '-', '-', '-', '1.00x', '-']);
  for (const provider of o.providers) {
    const baselines = new Map<number, Awaited<ReturnType<typeof runBaseline>>>();
    if (o.baseline) {
      for (const size of o.sizes) {
        const b = await runBaseline(o.baseline, provider, size, o.timeoutS * 2);
        baselines.set(size, b);
        if (typeof b === 'string') console.log(`baseline ${provider} ${size}: ${b}`);
        else for (const l of b.lines) console.log(`baseline ${provider} ${size}: ${l}`);
      }
    }
    const cases: Case[] = [
      ...o.sizes.map((size) => ({ provider, kernel: 'matmul' as const, size, repeat: o.repeat, rounds: o.rounds, matmul: o.matmul })),
      ...o.tileWgsl.flatMap((tileWgsl) => o.sizes.map((size) => ({ provider, kernel: 'matmul' as const, size, repeat: o.repeat, rounds: o.rounds, matmul: o.matmul, tileWgsl }))),
      ...o.tileWgslTransposedA.flatMap((tileWgsl) =>
        o.sizes.map((size) => ({ provider, kernel: 'matmul' as const, size, repeat: o.repeat, rounds: o.rounds, matmul: o.matmul, tileWgsl, transposedA: true })),
      ),
      { provider, kernel: 'add', size: o.addElems, repeat: o.repeat, rounds: o.rounds, matmul: o.matmul },
      ...o.tileWgslAdd.flatMap((tileWgsl) =>
        o.addShapes.map((shape) => ({ provider, kernel: 'add' as const, size: shape[0] * shape[1], repeat: o.repeat, rounds: o.rounds, matmul: o.matmul, tileWgsl, shape })),
      ),
    ];
    for (const c of cases) {
      const r = await runChild(c, o.timeoutS);
      if (typeof r === 'object' && 'noAdapter' in r) {
        console.log(`${provider}: skipped, ${r.noAdapter}`);
        break;
      }
      if (typeof r === 'string') {
        console.log(`${c.kernel} ${c.size} ${provider}: ${r}`);
        rows.push([c.kernel, String(c.size), provider, '-', '-', '-', '-', '-', '-', '-', r.slice(0, 60)]);
        failed++;
        continue;
      }
      console.log(`result ${JSON.stringify(r)}`);
      if (!r.check.startsWith('ok')) failed++;
      const base = o.baseline ? baselines.get(c.kernel === 'matmul' ? c.size : o.sizes[0]!) : undefined;
      const figure = base && typeof base !== 'string' ? (c.kernel === 'matmul' ? base.matmul : base.add) : undefined;
      const sizeText = c.kernel === 'matmul' ? `${c.size}^3` : c.shape ? `${c.shape[0]}x${c.shape[1]}` : String(c.size);
      rows.push([
        r.kernel,
        sizeText,
        `${provider} (${r.method === 'timestamp-query' ? 'ts' : 'wall'})`,
        fmt(r.medianMs),
        `${fmt(r.rate)} ${r.unit}`,
        fmt(r.wallMedianMs),
        `${fmt(r.wallRate)} ${r.unit}`,
        figure ? `${fmt(figure.rate)} ${r.unit} ${figure.kernel}` : '-',
        ratio(r.wallRate, figure?.rate),
        ratio(r.rate, peerOf(c)?.rate),
        r.check,
      ]);
    }
  }
  console.log(`\n${table(rows)}\n`);
  console.log(
    "rate (GPU): by timestamp-query where the device has it (provider marked ts), else wall clock; ratio: our wall-clock rate / the baseline's best variant (wall clock, median of its rounds). Baseline add figures are at 32M elements.",
  );
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    const code = commandLineExit('gpu-kernels', e);
    if (code !== undefined) process.exit(code);
    process.stderr.write(`gpu-kernels: error: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}\n`);
    process.exit(1);
  },
);
