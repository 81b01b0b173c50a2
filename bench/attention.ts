#!/usr/bin/env node
/**
 * Attention, f32, every peer measured in the same run (issue 37, point 6): O = softmax(Q·Kᵀ/√D)·V
 * over [B, H, S, D] (K, V: [B, H, T, D]), with and without the causal mask (key j masked for
 * query i when j > i + T − S), at --shapes B x H x S x T x D, in TFLOP/s of 4·B·H·S·T·D (halved
 * for causal).
 *
 * Ours: examples/attention.mlir's @attention / @attention_causal through @tile-wgsl, whose
 * tile-fuse makes one FlashAttention kernel of the chain when the head dimension fits the tile
 * (`tile-sizes=BM,BN,BD` with BD >= D; a configuration whose BD is smaller would run the unfused
 * fallback, and is skipped). Each configuration of --configs (`D` in them stands for the shape's
 * head dimension) after --base is compiled (the measured entry alone: the file's other entries,
 * e.g. @attention_f16 and its workgroup memory, do not refuse it), checked against the
 * interpreter on a small twin (1 x min(H, 2) x --check-seq x --check-seq x D) and timed by GPU
 * timestamps and wall clock (tools/tune's measureFresh: a Dawn runner process of its own, killed
 * at --timeout-s); the fastest is reported with its configuration.
 *
 * Peers (bench/lib/compare.ts runs the WebGPU libraries one problem per child process, killed at
 * --timeout-s): torch `F.scaled_dot_product_attention` in f32 (bench/peers/torch_peers.py, CUDA
 * events; the backend torch picked is named, from the aten op torch.profiler records), attention
 * composed from TensorFlow.js ops and from jax-js ops (matmul with Kᵀ, scale, the causal mask
 * added as -Infinity, softmax, matmul), and ONNX Runtime Web 1.30's WebGPU EP (a one-node
 * com.microsoft MultiHeadAttention model, `unidirectional` for causal), all under Dawn. Every
 * peer's output is checked against float64 on sampled rows; a wrong one fails the run (exit 1).
 * No step starts after --deadline-s (the device runs a command for at most 10 minutes).
 *
 *   node build/bench/attention.js [--quick] [--shapes 4x16x1024x1024x64,...] [--causal both|true|false]
 *     [--configs 'OPTS;OPTS'] [--base OPTS] [--peers torch,tfjs,jaxjs,ortweb] [--file PATH]
 *     [--rounds 5] [--warm-ms 500] [--timeout-s 60] [--deadline-s 540] [--check-seq 80]
 *
 * Prints a Markdown table headed by the machine, adapter and command. docs/fused-kernels.md says
 * how to run it on the GPU machine.
 */
import { InvalidArgumentError } from 'commander';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ATTENTION_AUTO_HEAD_DIMS } from '../passes/tile/tiling/auto-config.js';
import { ATTENTION_DEFAULT_TILE_SIZES } from '../passes/tile/tiling/tiling-attention.js';
import { createPassRegistry } from '../tools/opt-passes.js';
import { addTimingOptions, benchCommand, benchDefaults, list, oneOf, parseCommand, positiveInt, runIfMain, shapes, type TimingSettings, valueOption } from './lib/cli.js';
import * as compare from './lib/compare.js';
import { num } from './lib/compare.js';
import { ratio, type PeerFigure } from './lib/gpu.js';
import { table } from './lib/measure.js';
import { twinProblem } from './lib/tuned-problem.js';
import { attentionFlops, type AttentionShape, type PeerCase } from './peers/peer-gpu.js';
import { machine, type LibFigure } from './seed-tables.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

const PEERS = ['torch', ...compare.LIB_PEERS] as const;

export interface Options extends Required<TimingSettings> {
  shapes: AttentionShape[];
  /** Without the mask, with it, or both (in that order). */
  causal: boolean[];
  /** @tile-wgsl options tried per problem, `D` standing for the head dimension; the fastest is reported. */
  configs: string[];
  /** Options before each configuration's. */
  base: string;
  peers: Set<string>;
  /** The program: @attention and @attention_causal over Q, K, V, O. */
  file: string;
  /** The correctness check's twin: S and T shrunk to at most this (B to 1, H to at most 2, D kept). */
  checkSeq: number;
}

const FULL: Options = {
  shapes: [
    [4, 16, 1024, 1024, 64],
    [4, 16, 1024, 1024, 128],
    [4, 16, 4096, 4096, 64],
    [4, 16, 4096, 4096, 128],
  ],
  causal: [false, true],
  // The fastest on the H200 of sweeps (bench/RESULTS.md): direct loads of K and V
  // (async-copy-loads=none: 3x faster than copies into workgroup memory), 64 x 64 blocks with 8
  // warps, with or without register double buffering; the head dimension in chunks of 64 (at
  // D = 128 the only way 64 x 64 blocks fit 48 KiB; the same kernel as no chunks at D = 64);
  // 128-query blocks, the fastest at D = 64 without the mask (0.86-0.87x torch against 0.72-0.77).
  configs: ['tile-sizes=64,64,D,64 num-warps=8 num-stages=1', 'tile-sizes=64,64,D,64 num-warps=8 num-stages=1 register-stages=2', 'tile-sizes=128,64,D,64 num-warps=8 num-stages=1'],
  // The H200's limit (Dawn on Vulkan): WebGPU's default of 16 KiB holds only the smallest tiles.
  base: 'max-workgroup-memory=49152 subgroups=true subgroup-size=32 async-copy-loads=none',
  peers: new Set(PEERS),
  file: 'examples/attention.mlir',
  ...compare.PEER_BENCH_TIMING,
  checkSeq: 80,
};

/** Tiny problems for software adapters (SwiftShader, 32 KiB of workgroup memory): the whole command in a few minutes. */
const QUICK: Partial<Options> = {
  shapes: [[1, 2, 128, 128, 32]],
  configs: ['tile-sizes=16,16,D num-warps=4 num-stages=2', 'tile-sizes=32,32,D num-warps=4 num-stages=1'],
  base: 'max-workgroup-memory=32768',
  ...compare.PEER_BENCH_QUICK_TIMING,
};

export function parseArgs(argv: readonly string[]): Options {
  const d = benchDefaults(argv, { ...FULL, peers: new Set(FULL.peers) }, QUICK);
  const cmd = benchCommand('attention', 'Attention, f32: our fused kernel against every peer, measured in the same run')
    .option('--quick', 'tiny problems for software adapters (SwiftShader): the whole command in a few minutes')
    .addOption(valueOption('--shapes <BxHxSxTxD,...>', 'problem shapes (K, V: B x H x T x D)', (t) => shapes('BxHxSxTxD')(t) as AttentionShape[], d.shapes))
    .addOption(
      valueOption('--causal <both|true|false>', 'without the causal mask, with it, or both', causalFlag, d.causal).default(d.causal, d.causal.length === 2 ? 'both' : String(d.causal[0])),
    )
    .addOption(valueOption('--configs <OPTS;OPTS>', '@tile-wgsl options tried per problem, D standing for the head dimension; the fastest is reported', list(';', true), d.configs, ';'))
    .addOption(valueOption('--base <OPTS>', "options before each configuration's", String, d.base))
    .addOption(valueOption('--peers <LIST>', 'the peers measured', (t) => new Set<string>(oneOf(PEERS)(t)), d.peers))
    .addOption(valueOption('--file <PATH>', 'the program: @attention and @attention_causal over Q, K, V, O', String, d.file))
    .addOption(valueOption('--check-seq <N>', "the correctness check's twin: S and T shrunk to at most this (B to 1, H to at most 2)", positiveInt, d.checkSeq));
  const o = parseCommand<Options>(addTimingOptions(cmd, d), argv);
  if (o.configs.length === 0) o.configs = [''];
  return o;
}

function causalFlag(text: string): boolean[] {
  const c = { both: [false, true], true: [true], false: [false] }[text];
  if (!c) throw new InvalidArgumentError(`expected both, true or false, got '${text}'`);
  return c;
}

// ------------------------------------------------------------------------------------ problems

export const shapeText = (s: AttentionShape): string => s.join('x');

/**
 * A configuration for head dimension `d`: `D` in it replaced by d; why not when its BD (the third
 * tile size; without tile sizes, the largest of the automatic configuration's kernels, or
 * tile-tiling's fixed default with auto-config=false) is below d, which would run the unfused
 * chain (its S x T scores in global memory) instead of the FlashAttention kernel.
 */
export function attentionConfig(cfg: string, d: number): { options: string } | { why: string } {
  const options = cfg.replace(/\bD\b/g, String(d));
  const sizes = /(?:^|\s)tile-sizes=([0-9,]+)/.exec(options)?.[1]?.split(',').map(Number);
  const automatic = !/(?:^|\s)auto-config=false\b/.test(options);
  const bd = sizes ? sizes[2] : automatic ? Math.max(...ATTENTION_AUTO_HEAD_DIMS) : ATTENTION_DEFAULT_TILE_SIZES[2];
  if (bd === undefined || !(bd >= d)) return { why: `\`${cfg}\`: BD ${bd ?? '(none)'} < D ${d} (the unfused fallback), skipped` };
  return { options };
}

/** The entry's arguments at a shape: Q, K, V random, O zeros. */
export function attentionArgs([b, h, s, t, d]: AttentionShape): string[] {
  return [`Q=rand:${b}x${h}x${s}x${d}xf32`, `K=rand:${b}x${h}x${t}x${d}xf32`, `V=rand:${b}x${h}x${t}x${d}xf32`, `O=zeros:${b}x${h}x${s}x${d}xf32`];
}

/** The check's twin of a shape: 1 x min(H, 2) x min(S, seq) x min(T, seq) x D. */
export const twinShape = ([, h, s, t, d]: AttentionShape, seq: number): AttentionShape => [1, Math.min(h, 2), Math.min(s, seq), Math.min(t, seq), d];

const entryOf = (causal: boolean): string => (causal ? 'attention_causal' : 'attention');

// ------------------------------------------------------------------------------------ main

/** The issue's targets: our TFLOP/s at least this many times each peer's. */
export const TARGETS: Record<string, number> = { torch: 0.8, tfjs: 4, jaxjs: 4, 'ortweb-webgpu': 1.5 };

export async function main(argv: readonly string[]): Promise<number> {
  const o = parseArgs(argv);
  const run = new compare.BenchRun(o.deadlineS);
  const problems = o.shapes.flatMap((shape) => o.causal.map((causal) => ({ shape, causal, key: `${shapeText(shape)} ${causal ? 'causal' : 'full'}` })));
  run.log(`attention: ${machine()}`);
  run.log(`shapes ${o.shapes.map(shapeText).join(', ')} (BxHxSxTxD), causal ${o.causal.join('/')}; peers ${[...o.peers].join(', ')}`);

  // 1. torch: every figure in one process.
  const torch = await compare.torchFigures(run, o, { attentionShapes: o.shapes, attentionCausal: o.causal }, (fs) =>
    fs.map((f) => `${f.shape} ${f.kernel} ${(f.rate / 1000).toPrecision(3)} TFLOP/s ${f.backend} ${f.check}`).join('; '),
  );
  if (typeof torch !== 'string') for (const f of torch) if (!f.check?.startsWith('ok')) run.notes.push(`torch ${f.shape} ${f.kernel}: ${f.check ?? 'not checked'}`);
  const torchOf = (shape: AttentionShape, causal: boolean): PeerFigure | undefined =>
    typeof torch === 'string' ? undefined : torch.find((f) => f.shape === shapeText(shape) && f.kernel === (causal ? 'attention-causal' : 'attention'));
  const torchWrong = typeof torch !== 'string' && torch.some((f) => !f.check?.startsWith('ok'));

  // 2. ours: the fastest configuration per problem.
  const adapter = await compare.dawnAdapter();
  if (typeof adapter !== 'string') run.notes.push(`tile-opt: dawn unavailable: ${adapter.why}`);
  const f: compare.FastestOptions = { run, registry: createPassRegistry(), timing: compare.measureTiming(o), adapter };
  const file = path.isAbsolute(o.file) ? o.file : path.join(repoRoot, o.file);
  const ours = new Map<string, compare.Best | string>();
  for (const p of problems) {
    if (!existsSync(file)) {
      ours.set(p.key, `${path.relative(repoRoot, file)} missing`);
      continue;
    }
    const configs: string[] = [];
    for (const cfg of o.configs) {
      const c = attentionConfig(cfg, p.shape[4]);
      if ('why' in c) run.notes.push(`tile-opt ${shapeText(p.shape)}: ${c.why}`);
      else configs.push(c.options);
    }
    const problem = () => twinProblem(file, entryOf(p.causal), attentionArgs(p.shape), attentionArgs(twinShape(p.shape, o.checkSeq)));
    ours.set(p.key, configs.length ? await compare.fastestConfig(f, p.key, problem, o.base, configs, entryOf(p.causal)) : 'no configuration with BD >= D');
  }

  // 3. the WebGPU library peers, one child process per problem.
  const libs = compare.libraryPeers(o.peers, ['webgpu']);
  const lib = new Map<string, LibFigure>();
  for (const l of libs) {
    for (const p of problems) {
      if (run.late(`${l.label} ${p.key}`)) continue;
      const c: PeerCase = { op: 'attention', dtype: 'f32', shape: p.shape, causal: p.causal, rounds: o.rounds, warmMs: o.warmMs, minRoundMs: 20, check: true };
      lib.set(`${l.key} ${p.key}`, await compare.runLibraryCase(run, l, p.key, c, o.timeoutS, 'TFLOP/s', 1e-3));
    }
  }

  // ---------------------------------------------------------------------------------- table
  const tflops = (p: { shape: AttentionShape; causal: boolean }, ms: number | undefined): number | undefined =>
    ms === undefined || !Number.isFinite(ms) ? undefined : attentionFlops(p.shape, p.causal) / ms / 1e9;
  const out = compare.reportHead(run, 'Attention, f32', typeof adapter === 'string' ? adapter : adapter.why, `node build/bench/attention.js ${argv.join(' ')}`);
  out.push(
    `- tile-opt: \`${path.relative(repoRoot, file)}\` @attention / @attention_causal, the fastest of \`@tile-wgsl{...}\` with \`${o.base}\` + ${o.configs.map((c) => `\`${c || '(defaults)'}\``).join(', ')} (D: the head dimension), each checked against the interpreter on a twin of 1 x ≤2 x ≤${o.checkSeq} x ≤${o.checkSeq} x D, timed after ${o.warmMs} ms of warm-up, median of ${o.rounds} rounds`,
  );
  out.push('');
  const head = [
    'B x H x S x T x D',
    'causal',
    'tile-opt (GPU time)',
    'tile-opt (wall)',
    'torch SDPA (CUDA events)',
    'torch backend',
    ...libs.map((l) => `${l.label} (wall)`),
    'tile-opt / torch (GPU)',
    ...libs.map((l) => `tile-opt / ${l.label} (wall)`),
    'targets (≥0.8x torch, ≥4x TF.js and jax-js, ≥1.5x ORT-web)',
    'tile-opt configuration',
  ];
  const t: string[][] = [head];
  for (const p of problems) {
    const b = ours.get(p.key);
    const best = b && typeof b !== 'string' ? b : undefined;
    const gpu = tflops(p, best?.ms);
    const wall = tflops(p, best?.wallMs);
    const tf = torchOf(p.shape, p.causal);
    const torchRate = tf?.check?.startsWith('ok') ? tf.rate / 1000 : undefined;
    const libRate = (key: string): number | undefined => {
      const r = compare.checkedRate(lib.get(`${key} ${p.key}`));
      return r === undefined ? undefined : r / 1000;
    };
    const ratios: [string, string, number | undefined][] = [
      ['torch', 'torch', gpu && torchRate ? gpu / torchRate : undefined],
      ...libs.map((l): [string, string, number | undefined] => {
        const r = libRate(l.key);
        return [l.key, l.label, wall && r ? wall / r : undefined];
      }),
    ];
    const missed = ratios.filter(([key, , r]) => r !== undefined && TARGETS[key] !== undefined && r < TARGETS[key]!).map(([, label, r]) => `${label} ${r!.toFixed(2)}x`);
    const measured = ratios.filter(([key, , r]) => r !== undefined && TARGETS[key] !== undefined).length;
    t.push([
      shapeText(p.shape),
      p.causal ? 'yes' : 'no',
      num(gpu),
      num(wall),
      num(torchRate),
      tf?.backend ? `${tf.backend}${tf.cudaKernel && tf.cudaKernel !== '?' ? ` (\`${tf.cudaKernel.slice(0, 60)}\`)` : ''}` : '-',
      ...libs.map((l) => num(libRate(l.key))),
      ratio(gpu, torchRate),
      ...libs.map((l) => ratio(wall, libRate(l.key))),
      measured === 0 ? '-' : missed.length ? `missed: ${missed.join(', ')}` : `met (${measured})`,
      best ? `\`${best.options}\`` : '-',
    ]);
    compare.noteBest(run, p.key, b);
  }
  out.push(table(t), '');
  out.push(
    'TFLOP/s of 4·B·H·S·T·D (Q·Kᵀ and P·V), halved for causal. torch: `F.scaled_dot_product_attention(q, k, v, is_causal=...)` in f32 (its causal mask aligns top-left, ours bottom-right: the same at S = T), the backend named by the aten op torch.profiler records (`_scaled_dot_product_efficient_attention`: EFFICIENT_ATTENTION, ...) with its heaviest CUDA kernel. TF.js and jax-js: `matmul(softmax(matmul(q, kᵀ) · 1/√D + mask), v)` composed from their ops (jax-js jitted), the heads split into calls of at most 1 GiB of scores. ORT-web: one com.microsoft MultiHeadAttention node (`unidirectional` = 1 for causal), inputs [B, S, H·D] on the GPU. Ratios to torch by GPU time (timestamps against CUDA events); to the WebGPU libraries by wall clock on both sides. Every peer checked against float64 before it is timed.',
    '',
  );
  compare.printReport(run, out);
  return compare.anyWrong(lib.values()) || torchWrong ? 1 : 0;
}

runIfMain(import.meta.url, 'attention', main);
