/**
 * tile-tiling's automatic configuration, used when its `tile-sizes` is empty (IREE's kernel
 * configuration plays this part there): per problem shape and the workgroup memory the target
 * allows, a matmul's tile sizes, warps, pipeline stages and packing of A, and a map's rows.
 *
 * The matmul candidates are the configurations tile-tune found fastest on an H200 under Dawn for
 * the seed shapes (bench/RESULTS.md, "Seed tables, tuned" and "Skinny matmuls"), largest first.
 * The rule: a matmul of at most SKINNY_ROWS rows takes the skinny configuration (with K split
 * over workgroups where it can be: its M x N tiles alone are too few); otherwise the
 * largest tile that fits the workgroup memory and still gives at least `minWorkgroups`
 * workgroups (enough to fill a large GPU several times over), else the smallest. Static shapes
 * choose when compiling; dynamic ones get one kernel per candidate and host code that launches
 * the one the rule picks for the sizes at run time (buildRuleCondition).
 */
import type { Value } from '../../../core/ir/value.js';
import type { IndexBuilder } from './index-builder.js';
import type { SplitK } from './tiling-context.js';
import { WARP_SIZE } from '../layouts.js';
import { WEBGPU_DEFAULT_WORKGROUP_MEMORY } from '../workgroup-memory.js';

/** Everything tile-tiling and the stage assignment need to build one matmul kernel. */
export interface MatmulConfig {
  readonly sizes: readonly [number, number, number];
  readonly numWarps: number;
  readonly numStages: number;
  readonly packLhs: boolean;
  /** K split over workgroups (the skinny configuration), when it is. */
  readonly splitK?: SplitK;
  /** Vector-matrix products instead of tile.dot tiles (one-row matmuls); sizes [1, BN, BK]. */
  readonly vectorMatrix?: boolean;
}

/** When a variant applies, given the problem's rows M and columns N. */
export type VariantRule = { readonly kind: 'skinny'; readonly maxRows: number } | { readonly kind: 'workgroups'; readonly min: number } | { readonly kind: 'always' };

export interface MatmulVariant {
  readonly config: MatmulConfig;
  readonly rule: VariantRule;
}

/** Rows up to which a matmul counts as skinny (a language model's decode step: M of 1 to 16). */
export const SKINNY_ROWS = 16;
/** The default of tile-tiling's `auto-min-workgroups`. */
export const AUTO_MIN_WORKGROUPS = 256;
/**
 * A split skinny matmul aims at this many times auto-min-workgroups workgroups: on the H200 at
 * N = K = 4096, 8 slices (512 workgroups) ran as fast as 4 or 16 with 4 warps, 10% faster than
 * both with 2.
 */
export const SPLIT_K_WORKGROUPS_FACTOR = 2;
/** Stages of the candidates' K loops (every tuned best of the seed tables ran two). */
const AUTO_STAGES = 2;

/**
 * One-row matmuls (M = 1) as vector-matrix products: 16 columns a workgroup, a thread 4 rows of
 * each [BK, 16] block of B (BK = 32 x warps), 8 warps. On the H200 at N = K = 4096: 0.0206 ms,
 * 0.91x cuBLAS's GEMV, where the split 8x64 tiles took 0.0349 (bench/RESULTS.md).
 */
const VECTOR_MATRIX = { columns: 16, numWarps: 8, bkPerWarp: 32 } as const;
/** Columns a thread of a vector-matrix kernel holds of a row of B: one vec4. */
const VECTOR_WIDTH_F32 = 4;

/** A BM x BN tile with its warps and the BKs to try, the deepest first (the first that fits is taken). */
type Candidate = { readonly tile: readonly [number, number]; readonly bks: readonly number[]; readonly numWarps: number };
/** A skinny candidate and the rows up to which it applies. */
type SkinnyCandidate = Candidate & { readonly maxRows: number };
/**
 * Warps of the skinny tiles. Split, two warps ran 10-15% faster than four on the H200 at M = 1
 * and 4, but SwiftShader (Dawn's software adapter, CI's and the headless browser's) did not finish
 * creating the pipelines of 64-thread workgroups of these 64-column tiles within a minute, where
 * four warps take seconds.
 */
export const SKINNY_WARPS = 4;
const SKINNY_16: SkinnyCandidate = { tile: [16, 64], bks: [32, 16, 8], numWarps: SKINNY_WARPS, maxRows: SKINNY_ROWS };
/** Split only (unsplit, half the rows would leave the grid even smaller): 20% faster than 16-row tiles at M = 1 and 4 on the H200. */
const SKINNY_8: SkinnyCandidate = { ...SKINNY_16, tile: [8, 64], maxRows: 8 };
const CANDIDATES: readonly Candidate[] = [
  { tile: [256, 128], bks: [16], numWarps: 8 },
  { tile: [128, 128], bks: [16, 8], numWarps: 8 },
  { tile: [64, 64], bks: [32, 16], numWarps: 4 },
];
/** The last resort when no candidate fits (very small workgroup memory): 2 KiB of f32 copies. */
const SMALLEST = { sizes: [32, 32, 8], numWarps: 4, numStages: 1 } as const;

/** Workgroup buffer slots of a loop's copies with `stages` stages: one per copy in flight (stages - 1), at least one. */
const copySlots = (stages: number): number => Math.max(stages - 1, 1);

/**
 * How the K loop's tiles of A and B reach the dot, which decides the workgroup buffers it takes:
 * asynchronous copies the dot reads in place (the pipelines' default); loads into registers
 * (`async-copy-loads=none`), which the threads store into a buffer for the dot; or copies stored
 * where they are issued (`synchronous-copies=true`), which may overwrite a slot before the dot
 * reads it and so are staged again for the dot.
 */
export type OperandPath = 'async-copies' | 'register-loads' | 'synchronous-copies';

/** The operand path of the pipelines' options: tile-async-copy's `loads` and convert-async-to-gpu's `synchronous`. */
export function operandPathOf(asyncCopyLoads: unknown, synchronousCopies: unknown): OperandPath {
  return asyncCopyLoads === 'none' ? 'register-loads' : synchronousCopies === true ? 'synchronous-copies' : 'async-copies';
}

/**
 * Bytes of workgroup memory the K loop's copies of A and B take with `stages` stages, plus, where
 * the dot's operands are staged (`path`), a buffer of each and one more where A arrives as Aᵀ
 * (packed, or `transpose_a`: the transpose of its tile may go through workgroup memory).
 */
export function matmulWorkgroupBytes([bm, bn, bk]: readonly number[], stages: number, elementBytes: number, path: OperandPath = 'async-copies', lhsTransposed = false): number {
  const copies = path === 'register-loads' ? 0 : copySlots(stages) * (bm! + bn!) * bk!;
  const staged = path === 'async-copies' ? 0 : (bm! + bn! + (lhsTransposed ? bm! : 0)) * bk!;
  return (copies + staged) * elementBytes;
}

/** The split-K sum's block: SLICE_SUM_SLICES partials of SLICE_SUM_COLUMNS columns of one row, loaded at once, on SLICE_SUM_WARPS warps. */
export const SLICE_SUM_SLICES = 8;
export const SLICE_SUM_COLUMNS = 128;
export const SLICE_SUM_WARPS = 2;

/** Bytes of workgroup memory a split skinny tile [BM, BN] takes to lay its f32 partial sums out for their store. */
export const splitPartialsBytes = ([bm, bn]: readonly number[]): number => bm! * bn! * 4;

/**
 * Bytes of workgroup memory the split-K sum takes with `stages` stages: the copies of its partials'
 * blocks, and its reduction across the warps.
 */
export function sliceSumWorkgroupBytes(stages: number): number {
  return (copySlots(stages) * SLICE_SUM_SLICES + SLICE_SUM_WARPS) * SLICE_SUM_COLUMNS * 4;
}

/** The tile sizes [1, BN, BK] of the vector-matrix kernel on `numWarps` warps. */
export function vectorMatrixSizes(numWarps: number): readonly [number, number, number] {
  return [1, VECTOR_MATRIX.columns, VECTOR_MATRIX.bkPerWarp * numWarps];
}

/**
 * Bytes of workgroup memory a vector-matrix kernel of `sizes` [1, BN, BK] on `numWarps` warps
 * needs at most: A's slice staged for its broadcast (BK f32) and the reduction's partials, one row
 * of BN per lane along K of each warp (without subgroup shuffles).
 */
export function vectorMatrixWorkgroupBytes([, bn, bk]: readonly number[], numWarps: number): number {
  const lanesAlongK = WARP_SIZE / (bn! / VECTOR_WIDTH_F32);
  return (bk! + lanesAlongK * numWarps * bn!) * 4;
}

/** What the automatic choice may use. */
export interface AutoOptions {
  /** Warps per workgroup; 0: each candidate's own (candidates with more drop out). */
  readonly numWarps: number;
  /** Stages of the K loop; 0: AUTO_STAGES. */
  readonly numStages: number;
  /** Workgroup memory a kernel may use, in bytes; 0: WebGPU's default. */
  readonly maxWorkgroupMemory: number;
  /** How the K loop's operands reach the dot (their buffers count against maxWorkgroupMemory). */
  readonly operandPath: OperandPath;
  /** Whether A is `transpose_a` (its tiles arrive as Aᵀ, as packed ones do). */
  readonly transposedLhs: boolean;
  readonly minWorkgroups: number;
  /** Bytes of workgroup memory the kernel needs besides the operands' copies (an epilogue's broadcast rows). */
  readonly extraBytes: (sizes: readonly number[]) => number;
  readonly elementBytes: number;
  /** Whether A can be packed (row-major A, no batch). */
  readonly packable: boolean;
  /** Workgroup memory of the packing kernel: A is packed only where that fits too. */
  readonly packBytes: number;
  /** How the skinny configuration splits K (undefined: it does not, e.g. for a fused epilogue or an f16 C). */
  readonly splitK: SplitK | undefined;
  /** Whether one-row problems may take the vector-matrix kernel (f32, A not transposed, no batch, no fused epilogue). */
  readonly vectorMatrix: boolean;
  /** Whether the lowering cannot lay out these sizes and warps (tile-size-rules). */
  readonly unfit: (sizes: readonly number[], numWarps: number, packLhs: boolean) => boolean;
}

/** The variants, in the order the rule tries them (the last one always applies). */
export function matmulVariants(o: AutoOptions): MatmulVariant[] {
  const stages = o.numStages || AUTO_STAGES;
  const budget = o.maxWorkgroupMemory || WEBGPU_DEFAULT_WORKGROUP_MEMORY;
  // `staging`: a split skinny tile's partial sums (splitPartialsBytes).
  const fits = (k: MatmulConfig, staging: number): boolean =>
    matmulWorkgroupBytes(k.sizes, stages, o.elementBytes, o.operandPath, k.packLhs || o.transposedLhs) + o.extraBytes(k.sizes) + staging <= budget &&
    !o.unfit(k.sizes, k.numWarps, k.packLhs);
  /**
   * The candidate with the deepest BK that fits, or undefined. Given fewer warps than its own, a
   * candidate drops out: each thread would unroll more of the tile than it was measured with (a
   * 64x64 tile on one warp took SwiftShader over a minute to compile); the skinny tile stays,
   * with a shallower BK.
   */
  const config = (c: Candidate, packLhs: boolean, skinny = false, staging = 0): MatmulConfig | undefined => {
    const fewer = o.numWarps !== 0 && o.numWarps < c.numWarps;
    if (fewer && !skinny) return undefined;
    // The skinny tile keeps a thread's share of a K step: a shallower BK for fewer warps.
    const bks = fewer ? c.bks.filter((bk) => bk * c.numWarps <= c.bks[0]! * o.numWarps) : c.bks;
    return bks.map((bk): MatmulConfig => ({ sizes: [c.tile[0], c.tile[1], bk], numWarps: o.numWarps || c.numWarps, numStages: stages, packLhs })).find((k) => fits(k, staging));
  };
  const pack = o.packable && o.packBytes <= budget;
  const general = CANDIDATES.map((c) => config(c, pack)).filter((k): k is MatmulConfig => k !== undefined);
  const last = general.pop() ?? { ...SMALLEST, numWarps: o.numWarps || SMALLEST.numWarps, packLhs: pack };
  const variants: MatmulVariant[] = [];
  if (o.vectorMatrix) {
    const numWarps = o.numWarps || VECTOR_MATRIX.numWarps;
    const sizes = vectorMatrixSizes(numWarps);
    if (vectorMatrixWorkgroupBytes(sizes, numWarps) <= budget)
      variants.push({ config: { sizes, numWarps, numStages: stages, packLhs: false, vectorMatrix: true }, rule: { kind: 'skinny', maxRows: 1 } });
  }
  // A skinny A is a few rows: not worth a packing kernel (tuned without it). K is split where the sum fits too.
  const splitK = o.splitK && sliceSumWorkgroupBytes(stages) <= budget ? o.splitK : undefined;
  for (const c of splitK ? [SKINNY_8, SKINNY_16] : [SKINNY_16]) {
    const skinny = config(c, false, true, splitK ? splitPartialsBytes(c.tile) : 0);
    if (skinny) variants.push({ config: splitK ? { ...skinny, splitK } : skinny, rule: { kind: 'skinny', maxRows: c.maxRows } });
  }
  for (const k of general) variants.push({ config: k, rule: { kind: 'workgroups', min: o.minWorkgroups } });
  variants.push({ config: last, rule: { kind: 'always' } });
  return variants;
}

/** Whether `rule` applies to an M x N problem of `sizes` tiles. */
export function ruleHolds(rule: VariantRule, sizes: readonly number[], m: number, n: number): boolean {
  switch (rule.kind) {
    case 'skinny':
      return m <= rule.maxRows;
    case 'workgroups':
      return Math.ceil(m / sizes[0]!) * Math.ceil(n / sizes[1]!) >= rule.min;
    case 'always':
      return true;
  }
}

/** Host code computing whether `rule` applies to M x N (index values); undefined for 'always'. */
export function buildRuleCondition(b: IndexBuilder, rule: VariantRule, sizes: readonly number[], m: Value, n: Value): Value | undefined {
  switch (rule.kind) {
    case 'skinny':
      return b.compare('ule', m, b.index(rule.maxRows));
    case 'workgroups':
      return b.compare('uge', b.mul(b.tileCount(m, sizes[0]!), b.tileCount(n, sizes[1]!)), b.index(rule.min));
    case 'always':
      return undefined;
  }
}

/** The variant the rule picks for a static M x N. */
export function chooseStatic(variants: readonly MatmulVariant[], m: number, n: number): MatmulVariant {
  return variants.find((v) => ruleHolds(v.rule, v.config.sizes, m, n)) ?? variants[variants.length - 1]!;
}

/**
 * An elementwise map of rank >= 2: a workgroup walks one row in blocks of 4 columns a thread
 * (1024 with its 8 warps; given fewer warps, fewer columns, so that a thread's code stays that
 * small), its loop not pipelined (a map reuses nothing: copies in flight only hold workgroup
 * memory). On an H200 the add at 4096x8192 ran at 0.99x torch.add this way, 0.71x with 4x64
 * tiles, 4 warps and 3 stages (bench/RESULTS.md).
 */
const MAP_AUTO = { elementsPerThread: 4, numWarps: 8, numStages: 1 } as const;

export interface MapConfig {
  readonly sizes: readonly number[];
  readonly numWarps: number;
  readonly numStages: number;
}

/**
 * The configuration of a map of `rank` >= 2 whose inputs' elements take `inputBytes` bytes
 * together, or undefined where the inputs' blocks would not fit the workgroup memory or
 * `unfit` refuses the sizes (the fixed defaults then apply). `numWarps`, `numStages` and
 * `maxWorkgroupMemory` as in AutoOptions.
 */
export function mapConfig(
  rank: number,
  inputBytes: number,
  o: Pick<AutoOptions, 'numWarps' | 'numStages' | 'maxWorkgroupMemory'> & { readonly unfit: (sizes: readonly number[], numWarps: number) => boolean },
): MapConfig | undefined {
  const numWarps = o.numWarps || MAP_AUTO.numWarps;
  const numStages = o.numStages || MAP_AUTO.numStages;
  const columns = MAP_AUTO.elementsPerThread * WARP_SIZE * numWarps;
  const sizes = [...new Array<number>(rank - 1).fill(1), columns];
  if (copySlots(numStages) * columns * inputBytes > (o.maxWorkgroupMemory || WEBGPU_DEFAULT_WORKGROUP_MEMORY) || o.unfit(sizes, numWarps)) return undefined;
  return { sizes, numWarps, numStages };
}

/** A FlashAttention kernel configured automatically, for head dimensions up to its BD. */
export interface AttentionConfig {
  /** [BM queries, BN keys per step, BD head dimension covered, BK columns per chunk of it]. */
  readonly sizes: readonly [number, number, number, number];
  readonly numWarps: number;
}

/** The BDs of the automatic attention kernels, one kernel each; a larger head dimension runs the chain unfused. */
export const ATTENTION_AUTO_HEAD_DIMS: readonly number[] = [32, 64, 128];
/**
 * The automatic kernels' key loop: K and V loaded straight into registers (tile.register_stages =
 * 1: no copies into workgroup memory, no pipelining). On the H200 that ran 1.09-1.23x faster than
 * the same loads double buffered (2) at D = 128 and with 16 KiB, and within 2% at D = 64
 * (bench/RESULTS.md, 2026-12-04); in chunks of the head dimension it needs workgroup memory for the
 * staged dot operands only, whatever BD.
 */
export const ATTENTION_REGISTER_STAGES = 1;

/**
 * Blocks of queries and keys, chunk BK and warps, largest first, with the workgroup memory their
 * kernel needs at most (f32 and f16 inputs, without subgroups, which only take less;
 * tests/unit/passes/tile/tiling/auto-config-attention.test.ts compiles each and checks). The
 * fastest measured on the H200 per budget (bench/RESULTS.md, 2026-12-04): 64 x 64 on 8 warps in 48
 * KiB (0.53-0.62x torch at D = 128, 0.66-0.88x at D = 64), 64 x 32 on 4 warps in WebGPU's default
 * 16 KiB (1.28-1.47x the double-buffered 32 x 32 blocks it replaces).
 */
export const ATTENTION_CANDIDATES: readonly { readonly blocks: readonly [number, number]; readonly bk: number; readonly numWarps: number; readonly bytes: number }[] = [
  { blocks: [64, 64], bk: 64, numWarps: 8, bytes: 37120 },
  { blocks: [64, 32], bk: 32, numWarps: 4, bytes: 16 * 1024 },
  { blocks: [32, 32], bk: 32, numWarps: 4, bytes: 10 * 1024 },
  { blocks: [16, 16], bk: 16, numWarps: 4, bytes: 6 * 1024 },
];

/**
 * A kernel per BD of ATTENTION_AUTO_HEAD_DIMS: the largest candidate that fits the workgroup
 * memory and that `unfit` accepts (`numWarps` 0: each candidate's own warps). Given fewer warps
 * than its own, a candidate but the smallest drops out: 64 x 64 blocks at D = 128 ran 3.4x slower
 * on 4 warps than on 8 on the H200 (bench/RESULTS.md). A BD no candidate fits has no kernel (its
 * head dimensions run unfused).
 */
export function attentionVariants(o: Pick<AutoOptions, 'numWarps' | 'maxWorkgroupMemory'> & { readonly unfit: (sizes: readonly number[], numWarps: number) => boolean }): AttentionConfig[] {
  const budget = o.maxWorkgroupMemory || WEBGPU_DEFAULT_WORKGROUP_MEMORY;
  return ATTENTION_AUTO_HEAD_DIMS.flatMap((bd) => {
    for (const [i, c] of ATTENTION_CANDIDATES.entries()) {
      if (o.numWarps !== 0 && o.numWarps < c.numWarps && i < ATTENTION_CANDIDATES.length - 1) continue;
      const config: AttentionConfig = { sizes: [c.blocks[0], c.blocks[1], bd, Math.min(c.bk, bd)], numWarps: o.numWarps || c.numWarps };
      if (c.bytes <= budget && !o.unfit(config.sizes, config.numWarps)) return [config];
    }
    return [];
  });
}

/** A row kernel configured automatically: tile sizes [1, ..., 1, R, C] on its warps. */
export interface RowConfig {
  readonly sizes: readonly number[];
  readonly numWarps: number;
}

/**
 * The automatic row kernels (softmax, LayerNorm, RMSNorm, a lone reduction), by the row length N
 * they read at once: R rows of up to C columns a workgroup, 16 elements (four vec4s) a thread. The
 * last also takes longer rows, in blocks of its C (a pass over them per level of reductions, then
 * one that stores). Each is the fastest form measured on the H200 at its row length (bench/RESULTS.md,
 * "Row kernels" and "Row programs without tile sizes"): 4 x 256 on 2 warps (softmax and RMSNorm
 * 65536x256: 3.1x and 2.4x the 2 x 1024 blocks), 2 x 1024 on 4 warps (softmax 16384x1024), 1 x
 * 2048 on 4 warps (softmax, LayerNorm and RMSNorm 16384x2048: 2.2-2.5x the 1 x 4096 blocks, whose
 * lanes past a shorter row's end send every tile down the masked path; 8 warps: 0.87x), 1 x 4096
 * on 8 warps (softmax and RMSNorm 4096x4096). Before, a row program without tile sizes took 1 x
 * 256 on 4 warps, two elements a thread and longer rows in blocks of 256.
 */
export const ROW_CANDIDATES: readonly { readonly rows: number; readonly columns: number; readonly numWarps: number }[] = [
  { rows: 4, columns: 256, numWarps: 2 },
  { rows: 2, columns: 1024, numWarps: 4 },
  { rows: 1, columns: 2048, numWarps: 4 },
  { rows: 1, columns: 4096, numWarps: 8 },
];

/**
 * The automatic row kernels' column loops (rows longer than a block): tile.register_stages = 1,
 * their loads into registers, not copied into workgroup memory (each element is used once; copies
 * of 4096-column blocks in three stages would need 48 KiB a input). bench/fused-kernels.ts's
 * measurements take them so too (`async-copy-loads=none`).
 */
export const ROW_REGISTER_STAGES = 1;

/**
 * The row kernels of a row program of rank `rank`, shortest rows first: the candidates `unfit`
 * accepts, on `numWarps` where given (0: each candidate's own).
 */
export function rowVariants(rank: number, o: Pick<AutoOptions, 'numWarps'> & { readonly unfit: (sizes: readonly number[], numWarps: number) => boolean }): RowConfig[] {
  return ROW_CANDIDATES.flatMap((c) => {
    const config: RowConfig = { sizes: [...new Array<number>(rank - 2).fill(1), c.rows, c.columns], numWarps: o.numWarps || c.numWarps };
    return o.unfit(config.sizes, config.numWarps) ? [] : [config];
  });
}
