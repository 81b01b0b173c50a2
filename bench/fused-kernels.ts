#!/usr/bin/env node
/**
 * Fused row kernels and matmul epilogues, every peer measured in the same run:
 *
 * 1. row kernels, f32, over the last dimension: softmax (examples/softmax.mlir @softmax),
 *    LayerNorm (examples/layernorm.mlir @layernorm, biased variance, eps 1e-5) and RMSNorm
 *    (examples/rmsnorm.mlir @rmsnorm, eps 1e-6) at --row-shapes, in GB/s of X read once + Y written
 *    once (+ gamma, beta), against torch.softmax / F.layer_norm / F.rms_norm (CUDA events),
 *    TensorFlow.js, jax-js and ONNX Runtime Web's WebGPU EP (one-node ONNX models) on the same Dawn;
 * 2. C = gelu_tanh(A·B + bias) (examples/matmul-epilogue.mlir @matmul_bias_gelu, and
 *    @matmul_bias_relu) at N^3 for --matmul-sizes, in TFLOP/s of 2·N^3: our fused kernel, our plain
 *    matmul (examples/matmul.mlir @matmul_f32), our unfused pair (that matmul, then the separate
 *    elementwise kernel of bench/fused/bias-act.mlir; the two kernel times summed), and cuBLAS
 *    followed by torch's bias + GELU (`F.gelu(A@B + bias, approximate='tanh')`) and plain cuBLAS.
 *
 * Ours: each configuration of --row-configs / --matmul-configs compiled through @tile-wgsl,
 * checked against the interpreter on a small twin of the problem, then timed by GPU timestamps
 * and wall clock (tools/tune's measureFresh: a Dawn runner process of its own per measurement,
 * killed at --timeout-s); the fastest configuration is reported. Library peers: one child
 * process per problem (bench/peers/*-peer.js), killed at --timeout-s. No step starts after
 * --deadline-s (the device runs a command for at most 10 minutes).
 *
 *   node build/bench/fused-kernels.js [--quick] [--ops softmax,layernorm,rmsnorm]
 *     [--row-shapes 4096x4096,16384x1024] [--matmul-sizes 2048,4096] [--activations gelu,relu]
 *     [--row-configs 'OPTS;OPTS'] [--row-base OPTS] [--matmul-configs 'OPTS;OPTS'] [--matmul-base OPTS] [--map-config OPTS]
 *     [--peers torch,tfjs,jaxjs,ortweb] [--ort-builds webgpu,jsep] [--file NAME=PATH]
 *     [--rounds 5] [--warm-ms 500] [--timeout-s 60] [--deadline-s 540] [--check-rows 32] [--check-cols 1024]
 *
 * Prints Markdown tables headed by the machine, adapter and command; exits 1 when a peer's result
 * is wrong. docs/fused-kernels.md says how to run it on the GPU machine.
 */
import { InvalidArgumentError } from 'commander';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPassRegistry } from '../tools/opt-passes.js';
import type { Problem } from '../tools/tune/measure.js';
import { generatedProblem } from '../tools/tune/problem.js';
import { ratio, type PeerFigure } from './lib/gpu.js';
import { addTimingOptions, benchCommand, benchDefaults, list, oneOf, parseCommand, positiveInt, positiveInts, runIfMain, shapes, type TimingSettings, valueOption } from './lib/cli.js';
import * as compare from './lib/compare.js';
import { num } from './lib/compare.js';
import { table } from './lib/measure.js';
import { matmulProblemArgs, twinProblem } from './lib/tuned-problem.js';
import { rowBytes, ROW_OPS, type PeerCase, type RowOp } from './peers/peer-gpu.js';
import { machine, type LibFigure } from './seed-tables.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

type Shape2 = [number, number];
type Activation = 'gelu' | 'relu';
const PEERS = ['torch', ...compare.LIB_PEERS] as const;

export interface Options extends Required<TimingSettings> {
  ops: RowOp[];
  rowShapes: Shape2[];
  matmulSizes: number[];
  activations: Activation[];
  /** @tile-wgsl options tried for each row kernel ('' = the defaults); the fastest is reported. */
  rowConfigs: string[];
  /** Options of the row kernels' pipelines, before each configuration's. */
  rowBase: string;
  /** @tile-wgsl options tried for the fused and the plain matmul alike; the fastest of each is reported. */
  matmulConfigs: string[];
  /** Options of the matmul pipelines, before each configuration's. */
  matmulBase: string;
  /** @tile-wgsl options of the unfused epilogue's elementwise kernel. */
  mapConfig: string;
  peers: Set<string>;
  ortBuilds: ('webgpu' | 'jsep')[];
  /** Programs by name: softmax, layernorm, rmsnorm, epilogue (matmul + bias + activation), matmul, map. */
  files: Record<string, string>;
  /** The correctness check's twin: rows and columns of the row ops (matmuls: 64 per dimension). */
  checkRows: number;
  checkCols: number;
}

const FILES: Record<string, string> = {
  softmax: 'examples/softmax.mlir',
  layernorm: 'examples/layernorm.mlir',
  rmsnorm: 'examples/rmsnorm.mlir',
  epilogue: 'examples/matmul-epilogue.mlir',
  matmul: 'examples/matmul.mlir',
  map: 'bench/fused/bias-act.mlir',
};

const FULL: Options = {
  ops: [...ROW_OPS],
  rowShapes: [
    [4096, 4096],
    [16384, 1024],
  ],
  matmulSizes: [2048, 4096],
  activations: ['gelu', 'relu'],
  rowConfigs: ['num-warps=4', 'num-warps=8', 'num-warps=8 subgroups=true'],
  // LayerNorm's kernel takes 20 KiB of workgroup memory with the defaults (WebGPU's default limit is 16 KiB).
  rowBase: 'max-workgroup-memory=49152',
  // The H200's best A·B configurations of the seed tables (bench/RESULTS.md, docs/seed-tables.md).
  matmulConfigs: ['tile-sizes=128,128,16 num-warps=8 num-stages=1 transpose-lhs=true', 'tile-sizes=128,128,16 num-warps=8 num-stages=2 pack-lhs=true'],
  matmulBase: 'max-workgroup-memory=49152',
  // The elementwise add's 1-buffer configuration of the seed tables.
  mapConfig: 'tile-sizes=1,1024 num-warps=8 num-stages=1 async-copy-loads=dot-operands',
  peers: new Set(PEERS),
  ortBuilds: ['webgpu'],
  files: { ...FILES },
  ...compare.PEER_BENCH_TIMING,
  checkRows: 32,
  checkCols: 1024,
};

/** Small problems for software adapters (SwiftShader): the whole command in a few minutes. */
const QUICK: Partial<Options> = {
  rowShapes: [[64, 256]],
  matmulSizes: [64],
  rowConfigs: ['num-warps=4'],
  rowBase: 'max-workgroup-memory=32768',
  matmulConfigs: ['tile-sizes=32,32,8 num-warps=4 num-stages=2'],
  mapConfig: 'tile-sizes=1,256 num-warps=2 num-stages=1 async-copy-loads=dot-operands',
  ...compare.PEER_BENCH_QUICK_TIMING,
};

export function parseArgs(argv: readonly string[]): Options {
  const d = benchDefaults(argv, { ...FULL, peers: new Set(FULL.peers), files: { ...FULL.files } }, QUICK);
  const cmd = benchCommand('fused-kernels', 'Fused row kernels and matmul epilogues against every peer, measured in the same run')
    .option('--quick', 'small problems for software adapters (SwiftShader): the whole command in a few minutes')
    .addOption(valueOption('--ops <LIST>', 'the row kernels measured', oneOf(ROW_OPS), d.ops))
    .addOption(valueOption('--row-shapes <RxC,...>', "the row kernels' problems, over the last dimension", (t) => shapes('RxC')(t) as Shape2[], d.rowShapes))
    .addOption(valueOption('--matmul-sizes <N,...>', "the matmul epilogues' problems, at N^3", positiveInts, d.matmulSizes))
    .addOption(valueOption('--activations <LIST>', 'the epilogues measured', oneOf(['gelu', 'relu'] as const), d.activations))
    .addOption(valueOption('--row-configs <OPTS;OPTS>', "@tile-wgsl options tried for each row kernel ('' = the defaults); the fastest is reported", list(';', true), d.rowConfigs, ';'))
    .addOption(valueOption('--row-base <OPTS>', "options of the row kernels' pipelines, before each configuration's", String, d.rowBase))
    .addOption(
      valueOption('--matmul-configs <OPTS;OPTS>', '@tile-wgsl options tried for the fused and the plain matmul alike; the fastest of each is reported', list(';'), d.matmulConfigs, ';'),
    )
    .addOption(valueOption('--matmul-base <OPTS>', "options of the matmul pipelines, before each configuration's", String, d.matmulBase))
    .addOption(valueOption('--map-config <OPTS>', "@tile-wgsl options of the unfused epilogue's elementwise kernel", String, d.mapConfig))
    .addOption(valueOption('--peers <LIST>', 'the peers measured', (t) => new Set<string>(oneOf(PEERS)(t)), d.peers))
    .addOption(valueOption('--ort-builds <LIST>', "ONNX Runtime Web's builds measured", oneOf(['webgpu', 'jsep'] as const), d.ortBuilds))
    .addOption(
      valueOption('--file <NAME=PATH>', `a program by name (${Object.keys(FILES).join(', ')}); repeatable`, fileFlag, d.files).default(
        d.files,
        Object.entries(d.files)
          .map(([name, file]) => `${name}=${file}`)
          .join(' '),
      ),
    )
    .addOption(valueOption('--check-rows <N>', "the correctness check's twin: rows of the row ops (matmuls: 64 per dimension)", positiveInt, d.checkRows))
    .addOption(valueOption('--check-cols <N>', "the correctness check's twin: columns of the row ops", positiveInt, d.checkCols));
  const { file, ...o } = parseCommand<Omit<Options, 'files'> & { file: Record<string, string> }>(addTimingOptions(cmd, d), argv);
  if (o.rowConfigs.length === 0) o.rowConfigs = [''];
  return { ...o, files: file };
}

/** One program by name, over the others given so far. */
function fileFlag(text: string, files: Record<string, string>): Record<string, string> {
  const [name, file] = text.split('=');
  if (!name || !file || !(name in FILES)) throw new InvalidArgumentError(`expected NAME=PATH with NAME one of ${Object.keys(FILES).join(', ')}`);
  return { ...files, [name]: file };
}

// ------------------------------------------------------------------------------------ problems

/** A path given relative to the project root (or absolute). */
const resolveFile = (f: string): string => (path.isAbsolute(f) ? f : path.join(repoRoot, f));

/** A row op's arguments by the examples' names: X, gamma (LayerNorm, RMSNorm), beta (LayerNorm), Y. */
export function rowArgs(op: RowOp, [r, c]: Shape2): string[] {
  return [`X=rand:${r}x${c}xf32`, ...(op === 'softmax' ? [] : [`gamma=rand:${c}xf32`]), ...(op === 'layernorm' ? [`beta=rand:${c}xf32`] : []), `Y=zeros:${r}x${c}xf32`];
}

/** A row op's problem: the full shape timed, checked on rows x cols shrunk to the check's twin (whole rows of up to checkCols columns). */
function rowProblem(file: string, op: RowOp, shape: Shape2, o: Options): Promise<Problem> {
  return twinProblem(file, op, rowArgs(op, shape), rowArgs(op, [Math.min(shape[0], o.checkRows), Math.min(shape[1], o.checkCols)]));
}

/** The matmul epilogue's arguments at N^3 (C = act(A·B + bias)). */
export const epilogueArgs = (n: number): string[] => [`A=rand:${n}x${n}xf32`, `B=rand:${n}x${n}xf32`, `bias=rand:${n}xf32`, `C=zeros:${n}x${n}xf32`];

// ------------------------------------------------------------------------------------ main

const shape2 = (s: Shape2): string => `${s[0]}x${s[1]}`;

export async function main(argv: readonly string[]): Promise<number> {
  const o = parseArgs(argv);
  const run = new compare.BenchRun(o.deadlineS);
  const log = (s: string): void => run.log(s);
  const registry = createPassRegistry();
  log(`fused-kernels: ${machine()}`);
  log(
    `row ops ${o.ops.join(', ')} at ${o.rowShapes.map(shape2).join(', ')}; matmul + bias + ${o.activations.join('/')} at ${o.matmulSizes.map((n) => `${n}^3`).join(', ')}; peers ${[...o.peers].join(', ')}`,
  );

  // 1. torch / cuBLAS: every figure in one process.
  const torch = await compare.torchFigures(run, o, { rowOps: o.ops, rowShapes: o.rowShapes, epilogueSizes: o.matmulSizes }, (fs) => `${fs.length} figures`);
  const torchOf = (kernel: string, shape: string): PeerFigure | undefined => (typeof torch === 'string' ? undefined : torch.find((p) => p.kernel === kernel && p.shape === shape));

  // 2. the WebGPU library peers, one child process per problem.
  const libs = compare.libraryPeers(o.peers, o.ortBuilds);
  const lib = new Map<string, LibFigure>();
  for (const l of libs) {
    for (const op of o.ops) {
      for (const s of o.rowShapes) {
        if (run.late(`${l.label} ${op} ${shape2(s)}`)) continue;
        const c: PeerCase = { op, dtype: 'f32', shape: s, rounds: o.rounds, warmMs: o.warmMs, minRoundMs: 20, check: true };
        lib.set(`${l.key} ${op} ${shape2(s)}`, await compare.runLibraryCase(run, l, `${op} ${shape2(s)}`, c, o.timeoutS, 'GB/s'));
      }
    }
  }
  const libRate = (key: string, op: string, s: Shape2): number | undefined => compare.checkedRate(lib.get(`${key} ${op} ${shape2(s)}`));

  // 3. ours.
  const adapter = await compare.dawnAdapter();
  if (typeof adapter !== 'string') run.notes.push(`tile-opt: dawn unavailable: ${adapter.why}`);
  const f: compare.FastestOptions = { run, registry, timing: compare.measureTiming(o), adapter };
  /** Every configuration measured; the fastest by GPU time. */
  const best = (what: string, problem: () => Promise<Problem>, base: string, configs: readonly string[]): Promise<compare.Best | string> =>
    compare.fastestConfig(f, what, problem, base, configs);
  const rows = new Map<string, compare.Best | string>();
  for (const op of o.ops) {
    const file = resolveFile(o.files[op]!);
    for (const s of o.rowShapes) {
      const key = `${op} ${shape2(s)}`;
      if (!existsSync(file)) {
        rows.set(key, `${path.relative(repoRoot, file)} missing`);
        continue;
      }
      rows.set(key, await best(`${op} ${shape2(s)}`, () => rowProblem(file, op, s, o), o.rowBase, o.rowConfigs));
    }
  }
  const mm = new Map<string, compare.Best | string>();
  const matmulFile = resolveFile(o.files['matmul']!);
  const epilogueFile = resolveFile(o.files['epilogue']!);
  const mapFile = resolveFile(o.files['map']!);
  for (const n of o.matmulSizes) {
    const plain = matmulProblemArgs({ dtype: 'f32', transposedA: false }, [n, n, n]);
    mm.set(`plain ${n}`, await best(`matmul ${n}^3`, () => generatedProblem(matmulFile, plain.entry, plain.args, 64), o.matmulBase, o.matmulConfigs));
    for (const act of o.activations) {
      mm.set(
        `fused ${act} ${n}`,
        existsSync(epilogueFile)
          ? await best(`matmul_bias_${act} ${n}^3`, () => generatedProblem(epilogueFile, `matmul_bias_${act}`, epilogueArgs(n), 64), o.matmulBase, o.matmulConfigs)
          : `${path.relative(repoRoot, epilogueFile)} missing`,
      );
      mm.set(
        `map ${act} ${n}`,
        await best(`bias_${act} ${n}x${n}`, () => generatedProblem(mapFile, `bias_${act}`, [`T=rand:${n}x${n}xf32`, `bias=rand:${n}xf32`, `C=zeros:${n}x${n}xf32`], 64), '', [o.mapConfig]),
      );
    }
  }

  // ---------------------------------------------------------------------------------- tables
  const out = compare.reportHead(run, 'Fused row kernels and matmul epilogues', typeof adapter === 'string' ? adapter : undefined, `node build/bench/fused-kernels.js ${argv.join(' ')}`);
  out.push(
    `- tile-opt: the fastest of \`@tile-wgsl{...}\` with \`${o.rowBase}\` + ${o.rowConfigs.map((c) => `\`${c || '(defaults)'}\``).join(', ')} (row ops) and \`${o.matmulBase}\` + ${o.matmulConfigs.map((c) => `\`${c}\``).join(', ')} (matmuls, fused and plain alike); each checked against the interpreter on a small twin (row ops ${o.checkRows} x ≤${o.checkCols}, matmuls 64³), timed after ${o.warmMs} ms of warm-up, median of ${o.rounds} rounds`,
  );
  out.push('');

  const rowRate = (key: string, s: Shape2, op: RowOp, wall = false): number | undefined => {
    const b = rows.get(key);
    return b && typeof b !== 'string' ? rowBytes(op, s[0], s[1]) / (wall ? b.wallMs : b.ms) / 1e6 : undefined;
  };
  if (o.ops.length && o.rowShapes.length) {
    out.push('### Row kernels, f32, GB/s (X read once + Y written once, + gamma/beta)', '');
    const head = [
      'op',
      'shape',
      'tile-opt (GPU time)',
      'tile-opt (wall)',
      'torch (CUDA events)',
      ...libs.map((l) => `${l.label} (wall)`),
      'tile-opt / torch (GPU)',
      ...libs.map((l) => `tile-opt / ${l.label} (wall)`),
      'tile-opt configuration',
    ];
    const t: string[][] = [head];
    for (const op of o.ops) {
      for (const s of o.rowShapes) {
        const key = `${op} ${shape2(s)}`;
        const b = rows.get(key);
        const ours = rowRate(key, s, op);
        const oursWall = rowRate(key, s, op, true);
        const tr = torchOf(op, shape2(s))?.rate;
        t.push([
          op,
          shape2(s),
          num(ours),
          num(oursWall),
          num(tr),
          ...libs.map((l) => num(libRate(l.key, op, s))),
          ratio(ours, tr),
          ...libs.map((l) => ratio(oursWall, libRate(l.key, op, s))),
          b && typeof b !== 'string' ? `\`${b.options}\`` : '-',
        ]);
        compare.noteBest(run, key, b);
      }
    }
    out.push(table(t), '');
    out.push(
      'torch: `torch.softmax(x, -1)`, `F.layer_norm(x, (C,), gamma, beta, eps=1e-5)`, `F.rms_norm(x, (C,), gamma, eps=1e-6)`. TF.js: `tf.softmax`; LayerNorm and RMSNorm composed of `tf.moments`/`tf.mean`, `tf.rsqrt` and elementwise ops (several kernels). jax-js: jitted `nn.softmax`, `nn.standardize(x) * gamma + beta`, `x / sqrt(mean(x²) + eps) * gamma`. ORT-web: one-node ONNX models (Softmax axis=-1, LayerNormalization, SimplifiedLayerNormalization), inputs and output on the GPU, one `session.run` per call. Ratios to torch by GPU time (timestamps against CUDA events); to the WebGPU libraries by wall clock on both sides.',
      '',
    );
  }

  const tf = (n: number, ms: number | undefined): number | undefined => (ms === undefined || !Number.isFinite(ms) ? undefined : (2 * n ** 3) / ms / 1e9);
  const oursMs = (key: string, wall = false): number | undefined => {
    const b = mm.get(key);
    return b && typeof b !== 'string' ? (wall ? b.wallMs : b.ms) : undefined;
  };
  for (const act of o.activations) {
    if (!o.matmulSizes.length) break;
    out.push(`### Matmul + bias + ${act === 'gelu' ? 'GELU (tanh)' : 'ReLU'}, f32, TFLOP/s (2·N³)`, '');
    const t: string[][] = [['kernel', ...o.matmulSizes.map((n) => `${n}³`)]];
    const fused = (n: number, wall = false) => tf(n, oursMs(`fused ${act} ${n}`, wall));
    const plain = (n: number) => tf(n, oursMs(`plain ${n}`));
    const unfusedMs = (n: number): number | undefined => {
      const a = oursMs(`plain ${n}`);
      const b = oursMs(`map ${act} ${n}`);
      return a !== undefined && b !== undefined ? a + b : undefined;
    };
    const unfused = (n: number) => tf(n, unfusedMs(n));
    const torchAct = (n: number) => torchOf(`matmul-bias-${act}`, `${n}x${n}x${n}`)?.rate;
    const cublas = (n: number) => torchOf('matmul', `${n}x${n}x${n}`)?.rate;
    const tflops = (g: number | undefined) => (g === undefined ? undefined : g / 1000);
    t.push([`tile-opt fused \`@matmul_bias_${act}\` (GPU time)`, ...o.matmulSizes.map((n) => num(fused(n)))]);
    t.push([`tile-opt fused (wall)`, ...o.matmulSizes.map((n) => num(fused(n, true)))]);
    t.push(['tile-opt plain matmul `@matmul_f32` (GPU time)', ...o.matmulSizes.map((n) => num(plain(n)))]);
    t.push([`tile-opt unfused: plain matmul, then \`@bias_${act}\` (GPU time, both kernels)`, ...o.matmulSizes.map((n) => num(unfused(n)))]);
    t.push([
      `cuBLAS + torch bias + ${act === 'gelu' ? "`F.gelu(A@B + bias, approximate='tanh')`" : '`F.relu(A@B + bias)`'} (CUDA events)`,
      ...o.matmulSizes.map((n) => num(tflops(torchAct(n)))),
    ]);
    t.push(['cuBLAS SGEMM alone, TF32 off (CUDA events)', ...o.matmulSizes.map((n) => num(tflops(cublas(n))))]);
    t.push(['fused / unfused (tile-opt)', ...o.matmulSizes.map((n) => ratio(fused(n), unfused(n)))]);
    t.push(['fused / plain matmul (tile-opt)', ...o.matmulSizes.map((n) => ratio(fused(n), plain(n)))]);
    t.push(['fused / cuBLAS + torch epilogue', ...o.matmulSizes.map((n) => ratio(fused(n), tflops(torchAct(n))))]);
    t.push(['cuBLAS + torch epilogue / cuBLAS alone', ...o.matmulSizes.map((n) => ratio(tflops(torchAct(n)), tflops(cublas(n))))]);
    out.push(table(t), '');
    const cfg: string[][] = [['kernel', ...o.matmulSizes.map((n) => `${n}³`)]];
    const cell = (key: string): string => {
      const b = mm.get(key);
      return b === undefined ? '-' : typeof b === 'string' ? b.slice(0, 80) : `\`${b.options}\``;
    };
    cfg.push([`fused @matmul_bias_${act}`, ...o.matmulSizes.map((n) => cell(`fused ${act} ${n}`))]);
    cfg.push(['plain @matmul_f32', ...o.matmulSizes.map((n) => cell(`plain ${n}`))]);
    cfg.push([`@bias_${act} (bench/fused/bias-act.mlir)`, ...o.matmulSizes.map((n) => cell(`map ${act} ${n}`))]);
    out.push(table(cfg), '');
  }
  for (const [k, b] of mm) compare.noteBest(run, k, b);
  compare.printReport(run, out);
  return compare.anyWrong(lib.values()) ? 1 : 0;
}

runIfMain(import.meta.url, 'fused-kernels', main);
