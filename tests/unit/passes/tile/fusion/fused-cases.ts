// Shared by the meaning tests of fused kernels (tile-fuse + tile-tiling of row programs and matmul
// epilogues): the examples softmax, layernorm, rmsnorm and matmul-epilogue with their inputs and
// tolerances, random configurations from the shared option space (testing/tile-options.ts), shapes
// around the tile edges, the kernels each entry launches, and the comparison with the
// whole-problem program in the interpreter. tests/unit/passes/tile/fusion/*.test.ts run the
// compiled programs in the interpreter, tests/gpu/fused-kernels.test.ts with their kernels on WebGPU.
import { expect } from 'vitest';
import type { Operation } from '../../../../../core/ir/operation.js';
import { symbolName } from '../../../../../core/ir/symbol-table.js';
import type { MemRefType } from '../../../../../core/ir/types.js';
import { Interpreter, type KernelLauncher } from '../../../../../core/interpret/engine.js';
import { Buffer, MemRef } from '../../../../../core/interpret/values.js';
import { interpretKernelLaunch } from '../../../../../dialects/gpu/interpret.js';
import { createSemantics } from '../../../../../dialects/semantics.js';
import {
  matmulWorkgroupBytes,
  operandPathOf,
  sliceSumWorkgroupBytes,
  splitPartialsBytes,
  vectorMatrixSizes,
  vectorMatrixWorkgroupBytes,
} from '../../../../../passes/tile/tiling/auto-config.js';
import { runPipeline } from '../../../../../testing/fuzz/harness.js';
import { mulberry32 } from '../../../../../testing/random.js';
import { pipelineText, randomTileConfig, type TileConfig, type TileOptionValue, type TilePipeline } from '../../../../../testing/tile-options.js';
import { parseModule } from '../../pass-harness.js';
import { example, random } from '../kernel-meaning.js';
import { caseShapes } from '../random-cases.js';

export type FusedWorkload = 'softmax' | 'layernorm' | 'rmsnorm' | 'matmul_bias_gelu' | 'matmul_bias_relu';
export const ROW_WORKLOADS: readonly FusedWorkload[] = ['softmax', 'layernorm', 'rmsnorm'];
export const EPILOGUE_WORKLOADS: readonly FusedWorkload[] = ['matmul_bias_gelu', 'matmul_bias_relu'];

/**
 * How close a result must be to the whole-problem program's: |got - want| <= abs + rel x scale,
 * where scale is |want| for row programs and sum_k |a_ik b_kj| + |bias_j| for matmul epilogues
 * (the bound of f32 rounding of the product in any summation order; GELU and ReLU do not
 * magnify it).
 */
export interface Tolerance {
  readonly abs: number;
  readonly rel: number;
}

interface FusedExample {
  readonly file: string;
  readonly kind: 'rows' | 'epilogue';
  /** Kernels the entry launches with fuse=false (one per whole-problem op; pack-lhs adds one). */
  readonly unfusedKernels: number;
  readonly tolerance: Tolerance;
}

/**
 * Inputs are uniform in [-1, 1). Softmax's outputs are about 1/N (down to 2.4e-4 at 4097
 * columns): relative 1e-5. LayerNorm's are (X - mean) x rstd x gamma + beta, some near 0 after
 * cancellation: 1e-5 absolute and relative. RMSNorm's are products: relative 1e-5. The epilogues:
 * 1e-5 of the product's rounding bound (see Tolerance).
 */
export const FUSED_EXAMPLES: Readonly<Record<FusedWorkload, FusedExample>> = {
  softmax: { file: 'softmax.mlir', kind: 'rows', unfusedKernels: 4, tolerance: { abs: 1e-7, rel: 1e-5 } },
  layernorm: { file: 'layernorm.mlir', kind: 'rows', unfusedKernels: 6, tolerance: { abs: 1e-5, rel: 1e-5 } },
  rmsnorm: { file: 'rmsnorm.mlir', kind: 'rows', unfusedKernels: 4, tolerance: { abs: 1e-7, rel: 1e-5 } },
  matmul_bias_gelu: { file: 'matmul-epilogue.mlir', kind: 'epilogue', unfusedKernels: 2, tolerance: { abs: 1e-6, rel: 1e-5 } },
  matmul_bias_relu: { file: 'matmul-epilogue.mlir', kind: 'epilogue', unfusedKernels: 2, tolerance: { abs: 1e-6, rel: 1e-5 } },
};

export const isRows = (w: FusedWorkload): boolean => FUSED_EXAMPLES[w].kind === 'rows';

/** The seeded inputs of `workload` at `shape` ([M, N] rows, [M, N, K] matmuls), the output (last) filled with NaN. */
export interface FusedInputs {
  readonly shapes: number[][];
  readonly data: Float32Array[];
}

export function fusedInputs(workload: FusedWorkload, shape: readonly number[]): FusedInputs {
  const seed = shape.reduce((s, d) => s * 8191 + d, 17) + workload.length;
  const nan = (n: number) => new Float32Array(n).fill(NaN);
  if (!isRows(workload)) {
    const [M, N, K] = shape as [number, number, number];
    return { shapes: [[M, K], [K, N], [N], [M, N]], data: [random(M * K, seed), random(K * N, seed + 1), random(N, seed + 2), nan(M * N)] };
  }
  const [M, N] = shape as [number, number];
  const X = random(M * N, seed);
  if (workload === 'softmax')
    return {
      shapes: [
        [M, N],
        [M, N],
      ],
      data: [X, nan(M * N)],
    };
  if (workload === 'rmsnorm') return { shapes: [[M, N], [N], [M, N]], data: [X, random(N, seed + 1), nan(M * N)] };
  return { shapes: [[M, N], [N], [N], [M, N]], data: [X, random(N, seed + 1), random(N, seed + 2), nan(M * N)] };
}

/** Fails unless `got` is within the workload's tolerance of `want` (and `want` has every element written). */
export function expectFusedClose(
  workload: FusedWorkload,
  got: Float32Array,
  want: Float32Array,
  inputs: FusedInputs,
  what: string,
  tolerance: Tolerance = FUSED_EXAMPLES[workload].tolerance,
): void {
  expect(want.some(Number.isNaN), `${what}: every element of the reference written`).toBe(false);
  expect(got.length, what).toBe(want.length);
  let scale = (i: number) => Math.abs(want[i]!);
  if (!isRows(workload)) {
    const [[, K], [, N]] = inputs.shapes as [[number, number], [number, number]];
    const [a, b, bias] = inputs.data as [Float32Array, Float32Array, Float32Array];
    scale = (i: number) => {
      const [r, c] = [Math.floor(i / N), i % N];
      let bound = Math.abs(bias[c]!);
      for (let k = 0; k < K; k++) bound += Math.abs(a[r * K + k]! * b[k * N + c]!);
      return bound;
    };
  }
  const bad: string[] = [];
  for (let i = 0; i < want.length && bad.length < 5; i++) {
    if (!(Math.abs(got[i]! - want[i]!) <= tolerance.abs + tolerance.rel * scale(i))) bad.push(`[${i}] got ${got[i]} want ${want[i]}`);
  }
  expect(bad, `${what} (tolerance ${tolerance.abs} + ${tolerance.rel} x scale)`).toEqual([]);
}

/**
 * Runs `entry` on copies of `inputs` (kernels interpreted, or through `launcher`, e.g. on
 * WebGPU); returns the output (the last argument) and how many kernels it launched.
 */
export async function runFused(module: Operation, entry: string, inputs: FusedInputs, launcher: KernelLauncher = interpretKernelLaunch): Promise<{ output: Float32Array; launches: number }> {
  let launches = 0;
  const counting: KernelLauncher = (launch, ctx) => {
    launches++;
    return launcher(launch, ctx);
  };
  const interp = new Interpreter(module, { semantics: createSemantics(), kernelLauncher: counting });
  const fn = interp.lookupFunction(entry);
  if (!fn) throw new Error(`no function @${entry}`);
  const params = fn.region(0).entry!.arguments;
  const args = inputs.shapes.map((shape, i) => {
    const type = params[i]!.type as MemRefType;
    const b = Buffer.allocate(type.elementType, inputs.data[i]!.length, undefined, `argument #${i}`);
    (b.data as Float32Array).set(inputs.data[i]!);
    return MemRef.contiguous(type, b, shape);
  });
  await interp.runAsync(fn, args);
  return { output: Float32Array.from(args.at(-1)!.buffer.data as ArrayLike<number>), launches };
}

/**
 * The kernels one call of host function `entry` launches, as the IR says: its gpu.launch_func
 * ops, counting only the branch of an scf.if with the most (a matmul configured automatically
 * launches one of its variants).
 */
export function hostLaunches(module: Operation, entry: string): number {
  const inOp = (op: Operation): number => {
    if (op.name === 'gpu.launch_func') return 1;
    const perRegion = op.regions.map((r) => r.blocks.reduce((n, b) => n + b.ops.reduce((m, o) => m + inOp(o), 0), 0));
    return op.name === 'scf.if' ? Math.max(0, ...perRegion) : perRegion.reduce((a, b) => a + b, 0);
  };
  let count = 0;
  module.walk((op) => {
    if (op.name === 'func.func' && symbolName(op) === entry) count = inOp(op);
  });
  return count;
}

/**
 * Kernels `workload` launches: one fused, one per op unfused, plus, for an unfused matmul (but
 * one-row vector-matrix products), the packing kernel of A before a matmul kernel that reads it
 * packed (and the padding kernel of B where N, `cols`, is not a multiple of 4; undefined: the IR's
 * count, which holds the padding branch) and the kernel that sums the
 * partials of a matmul whose K is split (split-k). With tile sizes given: packing with pack-lhs,
 * a split with split-k > 1. Configured automatically (no tile sizes), by the rows of the call
 * (`rows`; undefined: the most any call launches): at most 8 or 16 rows split K (unless
 * split-k=1) where the skinny tiles' copies fit the workgroup memory; other calls pack A where the
 * packing kernel fits it. A fused epilogue
 * configured automatically is not packed, and no fused epilogue is split.
 */
export function expectedLaunches(workload: FusedWorkload, options: Readonly<Record<string, TileOptionValue>>, rows?: number, cols?: number): number {
  const unfused = options['fuse'] === false;
  const sizes = options['tile-sizes'];
  const automatic = options['auto-config'] !== false && (sizes === undefined || (Array.isArray(sizes) && sizes.length === 0));
  // The packing kernel's 64 x 64 f32 tile needs 16 KiB (0: no limit given, planned as WebGPU's 16 KiB).
  const packFits = Number(options['max-workgroup-memory'] ?? 0) === 0 || Number(options['max-workgroup-memory']) >= 16384;
  const splitK = Number(options['split-k'] ?? 0);
  const kernels = unfused ? FUSED_EXAMPLES[workload].unfusedKernels : 1;
  if (isRows(workload)) return kernels;
  // Packing A also pads B's rows when N is not a multiple of 4 (in the IR: the branch of the run-time test that pads).
  const packing = 1 + (cols === undefined || cols % 4 !== 0 ? 1 : 0);
  if (!automatic) return kernels + (options['pack-lhs'] === true ? packing : 0) + (unfused && splitK > 1 ? 1 : 0);
  if (!unfused) return kernels;
  // The split skinny tiles (8 and 16 rows by 64 columns) where their copies fit at the shallowest BK (8).
  const stages = Number(options['num-stages'] ?? 0) || 2;
  const budget = Number(options['max-workgroup-memory'] ?? 0) || 16384;
  const path = operandPathOf(options['async-copy-loads'], options['synchronous-copies']);
  // K is split where the sum kernel fits too; a split skinny tile also stages its partial sums (bm x 64 f32) for their store.
  const canSplit = splitK !== 1 && sliceSumWorkgroupBytes(stages) <= budget;
  const skinnyFits = (bm: number) => matmulWorkgroupBytes([bm, 64, 8], stages, 4, path) + (canSplit ? splitPartialsBytes([bm, 64]) : 0) <= budget;
  const split = canSplit ? 1 : 0;
  const large = packFits ? packing : 0;
  // One row: vector-matrix products (the epilogue's matmul is plain f32), nothing more, where they fit.
  const warps = Number(options['num-warps'] ?? 0) || 8;
  const vectorFits = vectorMatrixWorkgroupBytes(vectorMatrixSizes(warps), warps) <= budget;
  const extra = (r: number) => (r <= 1 && vectorFits ? 0 : (canSplit && r <= 8 && skinnyFits(8)) || (r <= 16 && skinnyFits(16)) ? split : large);
  return kernels + (rows === undefined ? Math.max(...[1, 8, 16, 17].map(extra)) : extra(rows));
}

/** The whole-problem programs, parsed once. */
const references = new Map<FusedWorkload, Operation>();
export function referenceModule(workload: FusedWorkload): Operation {
  let m = references.get(workload);
  if (!m) references.set(workload, (m = parseModule(example(FUSED_EXAMPLES[workload].file))));
  return m;
}

/** The whole-problem program's output at `shape`, computed once per workload and shape (inputs depend on those alone). */
const referenceRuns = new Map<string, Promise<Float32Array>>();
export function referenceOutput(workload: FusedWorkload, shape: readonly number[]): Promise<Float32Array> {
  const key = `${workload} ${shape.join('x')}`;
  let r = referenceRuns.get(key);
  if (!r) referenceRuns.set(key, (r = runFused(referenceModule(workload), workload, fusedInputs(workload, shape)).then((x) => x.output)));
  return r;
}

/** One random case: a workload and a configuration of a pipeline. */
export interface FusedCase {
  readonly workload: FusedWorkload;
  readonly config: TileConfig;
  readonly pipeline: string;
}

/**
 * A random case: a workload of `workloads` and a configuration of `pipeline` from the shared
 * option space, with row-kernel tile sizes [R, C] for row programs and matmul tile sizes for
 * epilogues; fuse on unless `adjust` (which may change any option) turns it off.
 */
export function randomFusedCase(
  seed: number,
  pipeline: TilePipeline,
  workloads: readonly FusedWorkload[],
  adjust?: (options: Record<string, TileOptionValue>, rnd: () => number) => void,
): FusedCase {
  const rnd = mulberry32(seed);
  const workload = workloads[Math.floor(rnd() * workloads.length)]!;
  const drawn = randomTileConfig(rnd, pipeline, isRows(workload) ? { kind: 'rows' } : { kind: 'matmul' });
  const options: Record<string, TileOptionValue> = { ...drawn.options, fuse: true };
  adjust?.(options, rnd);
  const config = { pipeline, options };
  return { workload, config, pipeline: pipelineText(config) };
}

/** Caps subgroup-size at the interpreter's subgroups of 32 lanes (larger ones compile but do not run there). */
export function forInterpreter(options: Record<string, TileOptionValue>): void {
  if (typeof options['subgroup-size'] === 'number') options['subgroup-size'] = Math.min(32, options['subgroup-size']);
}

/** Limits on the shapes of a case: row lengths (4097 kept only when `long`), rows, matmul dimensions. */
export interface ShapeLimits {
  readonly maxRowLength: number;
  readonly maxRows: number;
  readonly long: boolean;
  readonly maxMatmulDim: number;
}

/**
 * Problem shapes around the tile edges. Row programs ([M, N]): 1 row and 1 column, rows of 1,
 * 1 row, rows of 63, 64 or 65 elements, rows one short of, equal to, one past or twice and one
 * past the columns per block C (passes over column blocks), and rows of 4097 when `long`; M
 * around the rows per workgroup R. Epilogues ([M, N, K]): 1x1x1 and the matmul suites' shapes
 * around the tiles (random-cases.ts's caseShapes).
 */
export function fusedShapes(c: FusedCase, seed: number, limits: ShapeLimits): number[][] {
  const rnd = mulberry32(seed * 31 + 7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const sizes = c.config.options['tile-sizes'] as number[];
  if (!isRows(c.workload)) {
    const options = { 'num-stages': 3, ...c.config.options };
    const shapes = caseShapes({ workload: 'matmul_f32', config: { pipeline: c.config.pipeline, options }, text: '', entry: c.workload, layout: {} }, seed);
    return [[1, 1, 1], ...shapes.map((s) => s.map((d) => Math.min(d, limits.maxMatmulDim)))];
  }
  const [R, C] = sizes as [number, number];
  const rows = () => Math.min(limits.maxRows, pick([1, Math.max(1, R - 1), R, R + 1, 1 + Math.floor(rnd() * 3 * R)]));
  const cols = (n: number) => Math.min(n, limits.maxRowLength);
  // 63, 64 and 65 in turn, so that any three consecutive seeds have each.
  const edge = (k: number) => [63, 64, 65][(seed + k) % 3]!;
  const shapes = [
    [1, 1],
    [rows(), 1],
    [1, edge(0)],
    [rows(), edge(1)],
    [rows(), cols(pick([C - 1, C, C + 1, 2 * C + 1]))],
  ];
  if (limits.long) shapes.push([pick([1, 2, 3]), 4097]);
  return shapes;
}

export interface FusedTally {
  readonly configs: TileConfig[];
  compiled: number;
  refused: number;
  runs: number;
  readonly byWorkload: Map<FusedWorkload, number>;
  /** Row lengths (N) and row counts (M) the row programs ran with. */
  readonly rowLengths: Set<number>;
  readonly rowCounts: Set<number>;
}

/**
 * Compiles `count` random cases and runs each on its shapes in the interpreter against the
 * whole-problem program; each entry must launch the kernels expectedLaunches says, in the IR and
 * at run time. Refusals (tile-options.ts's isRefusal) are counted, any other failure throws.
 */
export async function runFusedCases(
  pipeline: TilePipeline,
  count: number,
  firstSeed: number,
  workloads: readonly FusedWorkload[],
  shapesOf: (c: FusedCase, seed: number) => number[][],
  adjust?: Parameters<typeof randomFusedCase>[3],
): Promise<FusedTally> {
  const tally: FusedTally = { configs: [], compiled: 0, refused: 0, runs: 0, byWorkload: new Map(), rowLengths: new Set(), rowCounts: new Set() };
  for (let seed = firstSeed; seed < firstSeed + count; seed++) {
    const c = randomFusedCase(seed, pipeline, workloads, adjust);
    tally.configs.push(c.config);
    const what = `seed ${seed}: @${c.workload} ${c.pipeline}`;
    const outcome = runPipeline(example(FUSED_EXAMPLES[c.workload].file), c.pipeline);
    if (outcome.kind === 'refused') {
      tally.refused++;
      continue;
    }
    if (outcome.kind !== 'ok') throw new Error(`${what}: ${outcome.kind}: ${outcome.message}`);
    tally.compiled++;
    tally.byWorkload.set(c.workload, (tally.byWorkload.get(c.workload) ?? 0) + 1);
    const launches = expectedLaunches(c.workload, c.config.options);
    expect(hostLaunches(outcome.module, c.workload), `${what}: gpu.launch_func in @${c.workload}`).toBe(launches);
    for (const shape of shapesOf(c, seed)) {
      const at = `${what} at ${shape.join('x')}`;
      const inputs = fusedInputs(c.workload, shape);
      const got = await runFused(outcome.module, c.workload, inputs);
      expect(got.launches, `${at}: kernels launched`).toBe(
        expectedLaunches(c.workload, c.config.options, isRows(c.workload) ? undefined : shape[0], isRows(c.workload) ? undefined : shape[1]),
      );
      expectFusedClose(c.workload, got.output, await referenceOutput(c.workload, shape), inputs, at);
      tally.runs++;
      if (isRows(c.workload)) {
        tally.rowCounts.add(shape[0]!);
        tally.rowLengths.add(shape[1]!);
      }
    }
  }
  return tally;
}
