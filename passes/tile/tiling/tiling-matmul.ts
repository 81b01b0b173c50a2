import { FloatAttr } from '../../../core/ir/attributes.js';
import type { Operation } from '../../../core/ir/operation.js';
import { MemRefType, RankedTensorType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { ConstantOp } from '../../../dialects/arith/index.js';
import { DotOp, LoadOp, MatmulOp, SplatOp, StoreOp, TransposeOp } from '../../../dialects/tile/index.js';
import { buildForLoop } from './for-loop.js';
import { blockCoordinates, gridAxes } from './grid.js';
import { replaceByLaunch } from './host-launch.js';
import { IndexBuilder } from './index-builder.js';
import { uniqueValues, type Kernel } from './kernels.js';
import { accumulatorLayoutFor, WARP_SIZE } from '../layouts.js';
import type { TilingContext } from './tiling-context.js';

/** [BM, BN, BK] when the tile-sizes option is not given. */
export const MATMUL_DEFAULT_TILE_SIZES: readonly number[] = [32, 32, 16];
export const MATMUL_TILE_SIZES_TEXT = '3 (BM, BN, BK)';

const elementOf = (v: Value): Type => (v.type as MemRefType).elementType;

/**
 * Replaces a tile.matmul by the launch of a kernel in which each workgroup computes one BMxBN
 * tile of C: it walks K in steps of BK, loading BMxBK tiles of op(A) and BKxBN tiles of op(B)
 * (transposed after loading when the operand is) into a tile.dot accumulator, then stores it.
 * The grid covers [M/BM, N/BN] (y, x).
 */
export function tileMatmul(op: Operation, sizes: readonly number[], tiling: TilingContext): void {
  const mm = MatmulOp.view(op);
  const launchArgs = uniqueValues([mm.a, mm.b, mm.c]);
  const kernel = tiling.outliner.createKernel(tiling.kernelName, launchArgs, op.loc);
  buildMatmulKernel(mm, sizes, tiling, kernel);
  replaceByLaunch(op, tiling, kernel, launchArgs, { extents: (b) => [b.dim(mm.c, 0), b.dim(mm.c, 1)], sizes: sizes.slice(0, 2) });
}

function buildMatmulKernel(mm: ReturnType<typeof MatmulOp.view>, sizes: readonly number[], tiling: TilingContext, kernel: Kernel): void {
  const [bm, bn, bk] = sizes as [number, number, number];
  const transposeA = mm.transpose_a !== undefined;
  const transposeB = mm.transpose_b !== undefined;
  const [A, B, C] = [mm.a, mm.b, mm.c].map((v): Value => kernel.argumentOf.get(v)!) as [Value, Value, Value];
  const [aElem, cElem] = [elementOf(A), elementOf(C)];

  const b = new IndexBuilder(tiling.context);
  b.loc = mm.op.loc;
  b.setInsertionPointBefore(kernel.entry.last!);
  const K = b.dim(A, transposeA ? 0 : 1);
  const [tileM, tileN] = blockCoordinates(b, gridAxes(2, tiling.maxGridDims), (d) => b.tileCount(b.dim(C, d), sizes[d]!)) as [Value, Value];
  const m0 = b.scale(tileM, bm);
  const n0 = b.scale(tileN, bn);
  const accType = RankedTensorType.get([bm, bn], cElem, accumulatorLayoutFor([bm, bn], WARP_SIZE * tiling.numWarps));
  const init = mm.accumulate !== undefined ? loadTile(b, C, [m0, n0], accType) : zeroTile(b, accType);

  /** The tile of an operand at logical position (row, col) and logical shape [rows, cols], read transposed when it is. */
  const operandTile = (M: Value, transposed: boolean, at: [Value, Value], shape: [number, number]): Value => {
    if (!transposed) return loadTile(b, M, at, RankedTensorType.get(shape, aElem));
    const stored = loadTile(b, M, [at[1], at[0]], RankedTensorType.get([shape[1], shape[0]], aElem));
    return b.build(TransposeOp, { operands: { source: stored }, resultTypes: [RankedTensorType.get(shape, aElem)] }).result;
  };
  const loop = buildForLoop(b, { lower: b.index(0), upper: K, step: b.index(bk) }, [init], (k, [acc]) => {
    const a = operandTile(A, transposeA, [m0, k], [bm, bk]);
    const bt = operandTile(B, transposeB, [k, n0], [bk, bn]);
    return [b.build(DotOp, { operands: { a, b: bt, acc: acc! }, resultTypes: [accType] }).result];
  });
  b.build(StoreOp, { operands: { value: loop.results[0]!, dest: C, indices: [m0, n0] } });
  b.hoistConstants(kernel.entry, undefined);
}

function loadTile(b: IndexBuilder, source: Value, indices: Value[], type: RankedTensorType): Value {
  return b.build(LoadOp, { operands: { source, indices }, resultTypes: [type] }).result;
}

function zeroTile(b: IndexBuilder, type: RankedTensorType): Value {
  const zero = b.build(ConstantOp, { attributes: { value: FloatAttr.get(type.elementType, 0) }, resultTypes: [type.elementType] }).result;
  return b.build(SplatOp, { operands: { input: zero }, resultTypes: [type] }).result;
}
