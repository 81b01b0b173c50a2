import { BoolAttr, FloatAttr, IntegerAttr } from '../../../core/ir/attributes.js';
import type { Operation } from '../../../core/ir/operation.js';
import { FloatType, i64, MemRefType, RankedTensorType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { CeilDivUIOp, ConstantOp, MaxUIOp, MinUIOp } from '../../../dialects/arith/index.js';
import { AllocOp as MemAllocOp, DeallocOp } from '../../../dialects/memref/index.js';
import { DotOp, LoadOp, MatmulOp, matmulBatchRank, SplatOp, StoreOp, TransposeOp } from '../../../dialects/tile/index.js';
import { NUM_STAGES_ATTR, PEEL_EPILOGUE_ATTR, REGISTER_STAGES_ATTR } from '../../../dialects/tile/index.js';
import { buildForLoop, buildIfThenElse } from '../../../dialects/scf/builder.js';
import { TileOps } from './tile-ops.js';
import { blockCoordinates, gridLayout } from './grid.js';
import { launchBefore, replaceByLaunch } from './host-launch.js';
import { sinkViews } from './sink-views.js';
import { IndexBuilder } from './index-builder.js';
import { kernelBodyBuilder, uniqueValues, type Kernel } from './kernels.js';
import { accumulatorLayoutFor, WARP_SIZE } from '../layouts.js';
import type { SplitK, TilingContext } from './tiling-context.js';
import type { FusedProgram } from './fused-program.js';
import { BlockTiles, DefMap } from './fused-tiles.js';
import { SLICE_SUM_COLUMNS, SLICE_SUM_SLICES, SLICE_SUM_WARPS } from './auto-config.js';
import { programBuffers, programCaptures } from './tiling-rows.js';

/** [BM, BN, BK] when the tile-sizes option is not given. */
export const MATMUL_DEFAULT_TILE_SIZES: readonly number[] = [32, 32, 16];
export const MATMUL_TILE_SIZES_TEXT = '3 (BM, BN, BK)';

const elementOf = (v: Value): Type => (v.type as MemRefType).elementType;

/** Side of the square tiles the packing kernel transposes (64 x 64 f32 stage in 16 KiB). */
export const PACK_TILE = 64;

/**
 * Warps of the packing kernel, whatever the matmul's num-warps: 16 elements a thread. On an H100
 * the 8-warp packing kernel took 8 µs of a 2048³ matmul where the 4-warp one took 17 (more loads
 * in flight); at 4096² either runs at the memory bandwidth (bench/RESULTS.md, pack-lhs).
 */
export const PACK_WARPS = 8;

/** The operands of a matmul as the kernel reads them. */
interface MatmulOperands {
  readonly a: Value;
  readonly b: Value;
  readonly c: Value;
  readonly transposeA: boolean;
  readonly transposeB: boolean;
  readonly accumulate: boolean;
}

/**
 * Replaces a tile.matmul by the launch of a kernel in which each workgroup computes one BMxBN
 * tile of C: it walks K in steps of BK, loading BMxBK tiles of op(A) and BKxBN tiles of op(B)
 * (transposed after loading when the operand is) into a tile.dot accumulator, then stores it.
 * The grid covers [M/BM, N/BN] (y, x). With `packLhs`, a row-major A is first copied K-major
 * into a buffer allocated for the call (packLhs below), which the matmul then reads transposed.
 */
export function tileMatmul(op: Operation, sizes: readonly number[], tiling: TilingContext, fused?: FusedMatmul, prePacked?: PackedOperands): void {
  const mm = MatmulOp.view(op);
  // Host code goes around what is replaced: the matmul, or the fusion that holds it.
  const anchor = fused?.anchor ?? op;
  const batch = matmulBatchRank(op);
  const packedOperands = prePacked ?? (tiling.packLhs && packable(op) ? packOperands(anchor, op, tiling, sizes) : undefined);
  const packed = packedOperands?.a;
  const operands: MatmulOperands = {
    a: packed ?? mm.a,
    b: packedOperands?.b ?? mm.b,
    c: mm.c,
    transposeA: packed !== undefined || mm.transpose_a !== undefined,
    transposeB: mm.transpose_b !== undefined,
    accumulate: mm.accumulate !== undefined,
  };
  const program = fused?.program;
  // Only the automatic configuration asks for it, for plain matmuls vectorMatrixApplies accepts.
  if (tiling.vectorMatrix) return tileVectorMatrix(op, operands, sizes, tiling);
  if (tiling.splitK && !program && splittable(op)) return tileSplitK(op, operands, sizes, tiling, tiling.splitK);
  const buffers = program ? [operands.a, operands.b, ...programBuffers(program)] : [operands.a, operands.b, operands.c];
  const { kernel, launchArgs, argOf } = kernelWithViews(`${tiling.kernelName}`, buffers, tiling, op, program ? programCaptures(program) : []);
  const epilogue = program ? { store: fusedEpilogue(program, argOf), output: argOf(program.reference) } : undefined;
  buildMatmulKernel(operands, sizes, tiling, kernel, op, argOf, epilogue);
  const shapeOf = program?.reference ?? mm.c;
  const dims = Array.from({ length: batch + 2 }, (_, d) => d);
  replaceByLaunch(anchor, tiling, kernel, launchArgs, { extents: (b) => dims.map((d) => b.dim(shapeOf, d)), sizes: [...dims.slice(2).map(() => 1), ...sizes.slice(0, 2)] });
}

const isF32 = (v: Value): boolean => {
  const t = elementOf(v);
  return t instanceof FloatType && t.width === 32;
};

/** Whether split-K applies to the matmul `op`: no batch dimensions, an f32 C (the partials' type). */
export function splittable(op: Operation): boolean {
  return matmulBatchRank(op) === 0 && isF32(MatmulOp.view(op).c);
}

/** Whether a matmul can be tiled as vector-matrix products: f32 operands, A as stored (B may be transposed), no batch dimensions. */
export function vectorMatrixApplies(op: Operation): boolean {
  const mm = MatmulOp.view(op);
  return matmulBatchRank(op) === 0 && mm.transpose_a === undefined && [mm.a, mm.b, mm.c].every(isF32);
}

/** Stages of a vector-matrix kernel's K loop: its loads in registers, one block ahead. */
const VECTOR_MATRIX_REGISTER_STAGES = 2;

/**
 * A matmul as vector-matrix products (a language model's decode step, M = 1): the workgroup at
 * (r, j) computes C[r, j*BN .. j*BN + BN) as the sums along K of B's blocks scaled by A's row: it
 * walks K in blocks of BK, multiplying each block of B ([BK, BN]; [BN, BK] as stored for
 * `transpose_b`, a weight matrix stored output-major) by A[r, k .. k + BK) broadcast along the
 * other dimension and adding it to an accumulator of the block's shape elementwise, and reduces
 * the accumulator along K once after the loop. B streams through registers (the loop carries
 * `tile.register_stages`: no copies into workgroup memory, the next block's loads in flight
 * during this one's math); no tile.dot computes rows that are not there. `sizes` is
 * [1, BN, BK]; the grid covers [M, N/BN].
 */
function tileVectorMatrix(op: Operation, mm: MatmulOperands, sizes: readonly number[], tiling: TilingContext): void {
  const [, bn, bk] = sizes as [number, number, number];
  const { kernel, launchArgs, argOf } = kernelWithViews(tiling.kernelName, [mm.a, mm.b, mm.c], tiling, op);
  const [A, B, C] = [mm.a, mm.b, mm.c].map(argOf) as [Value, Value, Value];
  const elem = elementOf(C);
  const b = kernelBodyBuilder(tiling.context, kernel, op.loc);
  const ops = new TileOps(b);
  const [row, tileN] = blockCoordinates(b, gridLayout(2, tiling), (d) => b.tileCount(b.dim(C, d), d === 0 ? 1 : bn)) as [Value, Value];
  const n0 = b.scale(tileN, bn);
  // K's dimension in B's blocks as stored.
  const kDim = mm.transposeB ? 1 : 0;
  const blockShape = mm.transposeB ? [bn, bk] : [bk, bn];
  const blockType = RankedTensorType.get(blockShape, elem);
  const loop = buildForLoop(b, { lower: b.index(0), upper: b.dim(A, 1), step: b.index(bk) }, [zeroTile(b, blockType)], (k, [acc]) => {
    const slice = loadTile(b, A, [row, k], RankedTensorType.get([bk], elem));
    const block = loadTile(b, B, mm.transposeB ? [n0, k] : [k, n0], blockType);
    return [ops.arith('arith.addf', acc!, ops.arith('arith.mulf', block, ops.broadcast(slice, [1 - kDim], blockShape)))];
  });
  loop.setAttr(REGISTER_STAGES_ATTR, IntegerAttr.get(i64, VECTOR_MATRIX_REGISTER_STAGES));
  const sums = ops.reduce('add', loop.results[0]!, kDim);
  const rowType = RankedTensorType.get([bn], elem);
  const result = mm.accumulate ? ops.arith('arith.addf', sums, loadTile(b, C, [row, n0], rowType)) : sums;
  b.build(StoreOp, { operands: { value: result, dest: C, indices: [row, n0] } });
  b.hoistConstants(kernel.entry, undefined);
  replaceByLaunch(op, tiling, kernel, launchArgs, { extents: (hb) => [hb.dim(mm.c, 0), hb.dim(mm.c, 1)], sizes: [1, bn] });
}

/**
 * Split-K: host code allocates the partial Cs (M x S x N: slice s of row r at [r, s, :]),
 * launches the matmul kernel over an S x M/BM x N/BN grid, the workgroups of slice s walking K
 * from s * Kc to (s + 1) * Kc (Kc a multiple of BK), then replaces `op` by the launch of a kernel
 * that sums the S partials into C (adding C's own value for `accumulate`), and frees the
 * partials. S is fixed, or chosen at run time to bring the grid to about `workgroups`
 * workgroups, and at most K / BK. For skinny matmuls (a language model's decode step), whose
 * M x N tiles alone are too few to keep a large GPU's memory busy.
 */
function tileSplitK(op: Operation, mm: MatmulOperands, sizes: readonly number[], tiling: TilingContext, split: SplitK): void {
  const [bm, bn, bk] = sizes as [number, number, number];
  const b = new IndexBuilder(tiling.context);
  b.loc = op.loc;
  b.setInsertionPointBefore(op);
  const [M, N, K] = [b.dim(mm.c, 0), b.dim(mm.c, 1), b.dim(mm.a, mm.transposeA ? 0 : 1)];
  let slices: Value;
  if ('slices' in split) slices = b.index(split.slices);
  else {
    const tiles = b.mul(b.tileCount(M, bm), b.tileCount(N, bn));
    const wanted = b.binary(CeilDivUIOp, b.index(split.workgroups), tiles);
    slices = b.binary(MinUIOp, b.binary(MaxUIOp, wanted, b.index(1)), b.binary(MaxUIOp, b.tileCount(K, bk), b.index(1)));
  }
  const cType = mm.c.type as MemRefType;
  const [m, n] = cType.shape as [number, number];
  const partialsType = MemRefType.get([m, -1, n], cType.elementType);
  const dynamicSizes = [m < 0 ? M : undefined, slices, n < 0 ? N : undefined].filter((v): v is Value => v !== undefined);
  const partials = b.build(MemAllocOp, { operands: { dynamicSizes, symbolOperands: [] }, resultTypes: [partialsType] }).memref;
  b.setInsertionPointAfter(op);
  b.build(DeallocOp, { operands: { memref: partials } });

  const matmul = kernelWithViews(tiling.kernelName, [mm.a, mm.b, partials], tiling, op);
  buildMatmulKernel({ ...mm, c: partials, accumulate: false }, sizes, tiling, matmul.kernel, op, matmul.argOf, undefined, true);
  launchBefore(op, tiling, matmul.kernel, matmul.launchArgs, { extents: (hb) => [slices, hb.dim(mm.c, 0), hb.dim(mm.c, 1)], sizes: [1, bm, bn] });

  const sum = kernelWithViews(`${tiling.kernelName}_split_k_sum`, [partials, mm.c], tiling, op);
  buildSliceSumKernel(sum.argOf(partials), sum.argOf(mm.c), mm.accumulate, tiling, sum.kernel, op);
  replaceByLaunch(op, tiling, sum.kernel, sum.launchArgs, { extents: (hb) => [hb.dim(mm.c, 0), hb.dim(mm.c, 1)], sizes: [1, SLICE_SUM_COLUMNS], warps: SLICE_SUM_WARPS });
}

/**
 * C[r, c0 .. c0 + SLICE_SUM_COLUMNS) = the sum over s of partials[r, s, ...] (+ C's own value for
 * `accumulate`), a row block per workgroup: SLICE_SUM_SLICES partials loaded at once (masked past
 * S), reduced along the slices, the next ones while there are more.
 */
function buildSliceSumKernel(partials: Value, C: Value, accumulate: boolean, tiling: TilingContext, kernel: Kernel, at: Operation): void {
  const b = kernelBodyBuilder(tiling.context, kernel, at.loc);
  const ops = new TileOps(b);
  const [r, tileC] = blockCoordinates(b, gridLayout(2, tiling), (d) => (d === 0 ? b.dim(C, 0) : b.tileCount(b.dim(C, 1), SLICE_SUM_COLUMNS))) as [Value, Value];
  const c0 = b.scale(tileC, SLICE_SUM_COLUMNS);
  const elem = elementOf(C);
  const rowType = RankedTensorType.get([SLICE_SUM_COLUMNS], elem);
  const init = accumulate ? loadTile(b, C, [r, c0], rowType) : zeroTile(b, rowType);
  const bounds = { lower: b.index(0), upper: b.dim(partials, 1), step: b.index(SLICE_SUM_SLICES) };
  const loop = buildForLoop(b, bounds, [init], (s, [acc]) => {
    const block = loadTile(b, partials, [r, s, c0], RankedTensorType.get([SLICE_SUM_SLICES, SLICE_SUM_COLUMNS], elem));
    return [ops.arith('arith.addf', acc!, ops.reduce('add', block, 0))];
  });
  // Nothing in a block of slices is reused: no copies in flight, no stages.
  loop.setAttr(NUM_STAGES_ATTR, IntegerAttr.get(i64, 1));
  b.build(StoreOp, { operands: { value: loop.results[0]!, dest: C, indices: [r, c0] } });
  b.hoistConstants(kernel.entry, undefined);
}

/** What pack-lhs makes of a matmul's operands: A packed (Aᵀ, rows padded), B padded where its rows are not whole vectors. */
export interface PackedOperands {
  readonly a: Value;
  readonly b?: Value;
}

/**
 * Packs A and pads B (padRhs) of the matmul `op` around `anchor` (op, or the fusion holding it),
 * for BM x BN tiles of C (`sizes`): Aᵀ's rows and a padded B's rows are rounded up to whole tiles,
 * so that the edge tiles' copies of the K loop are in bounds and take the vector path like the
 * others (the padding is never written: it only reaches rows and columns of C beyond M and N,
 * which the stores leave out).
 */
export function packOperands(anchor: Operation, op: Operation, tiling: TilingContext, sizes: readonly number[]): PackedOperands {
  const mm = MatmulOp.view(op);
  const a = packLhs(anchor, mm.a, tiling, sizes[0]!);
  const b = mm.transpose_b === undefined ? padRhs(anchor, mm.b, tiling, sizes[1]!) : undefined;
  return b ? { a, b } : { a };
}

/** Whether pack-lhs applies to the matmul `op`: its A is row-major and it has no batch dimensions. */
export function packable(op: Operation): boolean {
  return MatmulOp.view(op).transpose_a === undefined && matmulBatchRank(op) === 0;
}

/** A tile.matmul tiled with the maps of its epilogue, which a tile.fusion (`anchor`) holds. */
export interface FusedMatmul {
  readonly program: FusedProgram;
  readonly anchor: Operation;
}

/** What the kernel does with the accumulator tile at (m0, n0): stores it, or computes the epilogue on it and stores its outputs. */
type EpilogueStore = (b: IndexBuilder, acc: Value, m0: Value, n0: Value) => void;

/** A fused epilogue: how it stores, and the output (M x N, a kernel argument) whose shape the grid covers. */
interface Epilogue {
  readonly store: EpilogueStore;
  readonly output: Value;
}

function fusedEpilogue(program: FusedProgram, argOf: (v: Value) => Value): EpilogueStore {
  return (b, acc, m0, n0) => {
    const type = acc.type as RankedTensorType;
    const block = new BlockTiles(b, program, argOf, { lead: [], row0: m0, col0: n0 }, type.shape as [number, number], new DefMap(), { encoding: type.encoding });
    block.setFull(program.ops[0]!.defs[0]!, acc);
    for (const def of program.stores) block.store(def);
  };
}

/**
 * Host code around the matmul `op`: allocates Aᵀ (K x M, A's element type), launches a kernel
 * that writes it (each workgroup transposes one PACK_TILE square of A through workgroup memory)
 * before `op`, and frees it after. GEMM libraries pack operands the same way: the matmul's
 * copies then read A's tiles along M, as for `transpose_a`, instead of 64-byte pieces of rows.
 * Returns Aᵀ.
 */
export function packLhs(op: Operation, a: Value, tiling: TilingContext, padTo: number): Value {
  // K x M, M rounded up to whole tiles: the matmul's copies read them as vec4 even for an odd M.
  return copyAround(op, `${tiling.kernelName}_pack_lhs`, a, true, tiling, padTo);
}

/**
 * A buffer allocated before `op` and freed after it, which a kernel `name` launched before `op`
 * fills with `src` (transposed or not), its rows padded to whole tiles of `padTo` (allocPadded).
 */
function copyAround(op: Operation, name: string, src: Value, transpose: boolean, tiling: TilingContext, padTo: number): Value {
  const b = new IndexBuilder(tiling.context);
  b.loc = op.loc;
  b.setInsertionPointBefore(op);
  const copy = transpose ? allocPadded(b, src, 1, 0, padTo) : allocPadded(b, src, 0, 1, padTo);
  launchPackKernel(op, name, src, copy, transpose, tiling);
  b.setInsertionPointAfter(op);
  b.build(DeallocOp, { operands: { memref: copy } });
  return copy;
}

/**
 * B (read as stored, K x N) with its rows padded to whole tiles of `padTo` (BN) where N is not a
 * multiple of 4, for the matmul `op`: a copy made by a kernel before `op` and freed after it, so that the
 * matmul's copies of B take the vector path (an odd N otherwise sends every tile of the K loop
 * through per-element tests). Static N: only when N % 4 != 0. Dynamic N: host code tests N at
 * run time and passes B itself when it is aligned. Undefined where nothing is padded, and for a
 * B that is not a plain row-major matrix (the branches must yield one type).
 */
export function padRhs(op: Operation, bv: Value, tiling: TilingContext, padTo: number): Value | undefined {
  const type = bv.type as MemRefType;
  if (type.rank !== 2 || type.layout !== undefined || type.memorySpace !== undefined) return undefined;
  const n = type.shape[1]!;
  if (n >= 0 && n % PAD_MULTIPLE === 0) return undefined;
  const name = `${tiling.kernelName}_pad_rhs`;
  if (n >= 0) return copyAround(op, name, bv, false, tiling, padTo);
  const b = new IndexBuilder(tiling.context);
  b.loc = op.loc;
  b.setInsertionPointBefore(op);
  const unaligned = b.compare('ne', b.remU(b.dim(bv, 1), b.index(PAD_MULTIPLE)), b.index(0));
  let copy: Value | undefined;
  const branch = buildIfThenElse(
    b,
    unaligned,
    [type],
    () => [(copy = allocPadded(b, bv, 0, 1, padTo))],
    () => [bv],
  );
  launchPackKernel(branch.region(0).entry!.last!, name, bv, copy!, false, tiling);
  const padded = branch.results[0]!;
  b.setInsertionPointAfter(op);
  buildIfThenElse(b, unaligned, [], () => {
    b.build(DeallocOp, { operands: { memref: padded } });
    return [];
  });
  return padded;
}

/** B is copied where its rows are not a multiple of this many elements (a vec4); every padded row length is one. */
const PAD_MULTIPLE = 4;

/**
 * A buffer of `src`'s element type with dimension `rowDim` of `src` as its rows and dimension
 * `colDim` rounded up to a multiple of `padTo` (itself rounded up to a multiple of PAD_MULTIPLE) as
 * its columns (static where `src`'s are).
 */
function allocPadded(b: IndexBuilder, src: Value, rowDim: number, colDim: number, padTo: number): Value {
  const type = src.type as MemRefType;
  const multiple = Math.ceil(padTo / PAD_MULTIPLE) * PAD_MULTIPLE;
  const [rows, cols] = [type.shape[rowDim]!, type.shape[colDim]!];
  const shape = [rows, cols < 0 ? cols : Math.ceil(cols / multiple) * multiple];
  const dynamicSizes = [rows < 0 ? b.dim(src, rowDim) : undefined, cols < 0 ? b.scale(b.tileCount(b.dim(src, colDim), multiple), multiple) : undefined].filter(
    (v): v is Value => v !== undefined,
  );
  return b.build(MemAllocOp, { operands: { dynamicSizes, symbolOperands: [] }, resultTypes: [MemRefType.get(shape, type.elementType)] }).memref;
}

/** Launches, just before `at`, a kernel `name` that copies `src` into `dst` (transposed or not), one PACK_TILE square per workgroup. */
function launchPackKernel(at: Operation, name: string, src: Value, dst: Value, transpose: boolean, tiling: TilingContext): void {
  const { kernel, launchArgs, argOf } = kernelWithViews(name, [src, dst], tiling, at);
  buildPackKernel(argOf(src), argOf(dst), transpose, tiling, kernel, at);
  launchBefore(at, tiling, kernel, launchArgs, { extents: (hb) => [hb.dim(src, 0), hb.dim(src, 1)], sizes: [PACK_TILE, PACK_TILE], warps: PACK_WARPS });
}

/**
 * A kernel for memrefs `values`: views made outside (memref.subview / memref.cast) are rebuilt
 * inside it from the memref they view and their operands (sinkViews), so a matmul over a slice
 * of a larger matrix gets kernel arguments the WGSL target can bind. `argOf` maps each of
 * `values` to what the kernel reads.
 */
export function kernelWithViews(
  name: string,
  values: readonly Value[],
  tiling: TilingContext,
  op: Operation,
  scalars: readonly Value[] = [],
): { kernel: Kernel; launchArgs: Value[]; argOf: (v: Value) => Value } {
  const views = sinkViews(values);
  const launchArgs = uniqueValues([...views.launchArgs, ...scalars]);
  const kernel = tiling.outliner.createKernel(name, launchArgs, op.loc);
  const inKernel = views.rebuild(tiling.context, kernel.entry, (v) => kernel.argumentOf.get(v)!);
  return { kernel, launchArgs, argOf: (v) => inKernel.get(v) ?? kernel.argumentOf.get(v)! };
}

/**
 * dst[c, r] = src[r, c] (`transpose`), else dst[r, c] = src[r, c], one PACK_TILE square per
 * workgroup; tiles at the edges are masked, and dst's elements past src's edge within the edge
 * tiles get the masked load's zeros.
 */
function buildPackKernel(src: Value, dst: Value, transpose: boolean, tiling: TilingContext, kernel: Kernel, at: Operation): void {
  const elem = elementOf(src);
  const b = kernelBodyBuilder(tiling.context, kernel, at.loc);
  const [tileR, tileC] = blockCoordinates(b, gridLayout(2, tiling), (d) => b.tileCount(b.dim(src, d), PACK_TILE)) as [Value, Value];
  const [r0, c0] = [b.scale(tileR, PACK_TILE), b.scale(tileC, PACK_TILE)];
  const tileType = RankedTensorType.get([PACK_TILE, PACK_TILE], elem);
  const tile = loadTile(b, src, [r0, c0], tileType);
  if (transpose) {
    const transposed = b.build(TransposeOp, { operands: { source: tile }, resultTypes: [tileType] }).result;
    b.build(StoreOp, { operands: { value: transposed, dest: dst, indices: [c0, r0] } });
  } else b.build(StoreOp, { operands: { value: tile, dest: dst, indices: [r0, c0] } });
  b.hoistConstants(kernel.entry, undefined);
}

/**
 * The kernel of a matmul. With `sliced` (split-K), C is the M x S x N partials, the grid has a
 * leading dimension over the S slices of K, and the workgroups of slice s walk K from s * Kc to
 * min(K, (s + 1) * Kc), Kc = ceil(ceil(K / S) / BK) * BK.
 */
function buildMatmulKernel(
  mm: MatmulOperands,
  sizes: readonly number[],
  tiling: TilingContext,
  kernel: Kernel,
  at: Operation,
  argOf: (v: Value) => Value,
  epilogue?: Epilogue,
  sliced = false,
): void {
  const [bm, bn, bk] = sizes as [number, number, number];
  const { transposeA, transposeB } = mm;
  const [A, B] = [mm.a, mm.b].map(argOf) as [Value, Value];
  // C is not an argument when the epilogue keeps it in registers (an intermediate).
  const C = epilogue ? undefined : argOf(mm.c);
  const [aElem, cElem] = [elementOf(A), elementOf(mm.c)];
  // Batched: the leading dimensions index one matrix of each operand.
  const batch = (A.type as MemRefType).rank - 2;
  const [row, col] = [batch, batch + 1];
  // The grid's leading dimension over K's slices (C's middle one: M x S x N).
  const slice = sliced ? 1 : 0;

  const b = kernelBodyBuilder(tiling.context, kernel, at.loc);
  const K = b.dim(A, transposeA ? row : col);
  // The grid covers the output's tiles: an epilogue's output, not the operands (a packed operand's rows are padded).
  const extent = (d: number): Value => (C ? b.dim(C, sliced && d === col ? col + 1 : d) : b.dim(epilogue!.output, d));
  const coords = blockCoordinates(b, gridLayout(slice + batch + 2, tiling), (g) => {
    const d = g - slice;
    return d < 0 ? b.dim(C!, 1) : d < batch ? b.dim(A, d) : b.tileCount(extent(d), sizes[d - batch]!);
  });
  const lead = coords.slice(slice, slice + batch);
  const m0 = b.scale(coords[slice + row]!, bm);
  const n0 = b.scale(coords[slice + col]!, bn);
  let kBounds = { lower: b.index(0), upper: K };
  if (sliced) {
    const perSlice = b.scale(b.tileCount(b.binary(CeilDivUIOp, K, b.dim(C!, 1)), bk), bk);
    const lower = b.mul(coords[0]!, perSlice);
    kBounds = { lower, upper: b.binary(MinUIOp, K, b.add(lower, perSlice)) };
  }
  const accType = RankedTensorType.get([bm, bn], cElem, accumulatorLayoutFor([bm, bn], WARP_SIZE * tiling.numWarps));
  const init = mm.accumulate ? loadTile(b, argOf(mm.c), [...lead, m0, n0], accType) : zeroTile(b, accType);

  /** The tile of an operand at logical position (row, col) and logical shape [rows, cols], read transposed when it is. */
  const operandTile = (M: Value, transposed: boolean, at: [Value, Value], shape: [number, number]): Value => {
    if (!transposed) return loadTile(b, M, [...lead, ...at], RankedTensorType.get(shape, aElem));
    const stored = loadTile(b, M, [...lead, at[1], at[0]], RankedTensorType.get([shape[1], shape[0]], aElem));
    return b.build(TransposeOp, { operands: { source: stored }, resultTypes: [RankedTensorType.get(shape, aElem)] }).result;
  };
  const loop = buildForLoop(b, { ...kBounds, step: b.index(bk) }, [init], (k, [acc]) => {
    const a = operandTile(A, transposeA, [m0, k], [bm, bk]);
    const bt = operandTile(B, transposeB, [k, n0], [bk, bn]);
    return [b.build(DotOp, { operands: { a, b: bt, acc: acc! }, resultTypes: [accType] }).result];
  });
  if (tiling.numStages !== undefined) loop.setAttr(NUM_STAGES_ATTR, IntegerAttr.get(i64, tiling.numStages));
  // A slice's K loop is short (16 iterations at K = 4096 in 8 slices): its predicated epilogue
  // cost 7% at M = 1 on the H200, a peeled one nothing.
  if (sliced) loop.setAttr(PEEL_EPILOGUE_ATTR, BoolAttr.get(true));
  if (epilogue) epilogue.store(b, loop.results[0]!, m0, n0);
  else if (sliced) {
    // The [BM, BN] partial as the [BM, 1, BN] block of slice s.
    const partial = new TileOps(b).broadcast(loop.results[0]!, [1], [bm, 1, bn]);
    b.build(StoreOp, { operands: { value: partial, dest: C!, indices: [m0, coords[0]!, n0] } });
  } else b.build(StoreOp, { operands: { value: loop.results[0]!, dest: C!, indices: [...lead, m0, n0] } });
  b.hoistConstants(kernel.entry, undefined);
}

function loadTile(b: IndexBuilder, source: Value, indices: Value[], type: RankedTensorType): Value {
  return b.build(LoadOp, { operands: { source, indices }, resultTypes: [type] }).result;
}

function zeroTile(b: IndexBuilder, type: RankedTensorType): Value {
  const zero = b.build(ConstantOp, { attributes: { value: FloatAttr.get(type.elementType, 0) }, resultTypes: [type.elementType] }).result;
  return b.build(SplatOp, { operands: { input: zero }, resultTypes: [type] }).result;
}
