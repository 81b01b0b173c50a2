import { IntegerAttr } from '../../core/ir/attributes.js';
import { FloatType, i64, IndexType, IntegerType, MemRefType, VectorType, type Type } from '../../core/ir/types.js';
import { RemUIOp } from '../../dialects/arith/index.js';
import { DimOp } from '../../dialects/memref/index.js';
import type { Value } from '../../core/ir/value.js';
import { LoadOp as VectorLoadOp, StoreOp as VectorStoreOp } from '../../dialects/vector/index.js';
import { fromElements, vectorLanes } from '../../dialects/vector/builder.js';
import type { ArithBuilder } from '../../dialects/arith/builder.js';
import { swizzleKeepsVectors } from './tile-to-gpu/swizzle.js';

/**
 * Elements per vector access (16 bytes of f32: one 128-bit load or store per thread, and the
 * WGSL target declares workgroup arrays read that way as `array<vec4<T>>`).
 */
export const VECTOR_WIDTH = 4;

/** Whether `n` consecutive elements along a memref's last dimension can be one vector access (a swizzle must keep them together). */
export function vectorizable(memref: Value, run: number): boolean {
  const t = memref.type;
  return (
    t instanceof MemRefType && run % VECTOR_WIDTH === 0 && t.rank >= 1 && (t.shape[t.rank - 1]! < 0 || t.shape[t.rank - 1]! % VECTOR_WIDTH === 0) && swizzleKeepsVectors(memref, VECTOR_WIDTH)
  );
}

/**
 * Whether a thread's runs of `run` consecutive elements of a tile in a global memref may be read
 * or written as aligned vectors once alignedVectorAccess holds: the memref is row-major with
 * unit innermost stride (identity layout), so every other stride is a multiple of its last size.
 */
export function globalVectorizable(memref: Value, run: number): boolean {
  const t = memref.type;
  return t instanceof MemRefType && t.layout === undefined && t.memorySpace === undefined && run % VECTOR_WIDTH === 0 && t.rank >= 1 && isVectorElement(t.elementType);
}

const isVectorElement = (t: Type): boolean => (t instanceof FloatType && (t.width === 32 || t.width === 16)) || (t instanceof IntegerType && t.width === 32);

/**
 * Whether the tile at `origin` (trailing index: its first column) starts on a vector boundary of a
 * globalVectorizable memref: its last size and that column are multiples of VECTOR_WIDTH. Then
 * every run of VECTOR_WIDTH from a run boundary of the tile is aligned. Uniform per tile. (A
 * rank-1 memref's size is not tested: a whole-tile bounds test accompanies this one.)
 */
export function alignedVectorAccess(b: ArithBuilder, memref: Value, origin: readonly Value[]): Value {
  return vectorBoundary(b, memref, origin, (memref.type as MemRefType).rank > 1);
}

/**
 * Whether every run of VECTOR_WIDTH from a run boundary of a tile at `origin` lies wholly inside or
 * wholly outside a globalVectorizable memref along its last dimension: alignedVectorAccess with
 * the last size tested at every rank. Uniform per tile.
 */
export function wholeVectorRuns(b: ArithBuilder, memref: Value, origin: readonly Value[]): Value {
  return vectorBoundary(b, memref, origin, true);
}

/** Whether the tile's first column, and where `sizeToo` the memref's last size, are multiples of VECTOR_WIDTH. */
function vectorBoundary(b: ArithBuilder, memref: Value, origin: readonly Value[], sizeToo: boolean): Value {
  const t = memref.type as MemRefType;
  const width = b.constant(IndexType.get(), VECTOR_WIDTH);
  const zero = b.constant(IndexType.get(), 0);
  const last = t.rank - 1;
  const multiple = (v: Value) => b.compare('eq', b.binary(RemUIOp, v, width), zero);
  if (!sizeToo) return multiple(origin[last]!);
  const size =
    t.shape[last]! >= 0
      ? b.constant(IndexType.get(), t.shape[last]!)
      : b.build(DimOp, { operands: { source: memref, index: b.constant(IndexType.get(), last) }, resultTypes: [IndexType.get()] }).result;
  return b.and(multiple(size), multiple(origin[last]!));
}

/** The bytes of a vector of VECTOR_WIDTH `elem`s (its alignment when aligned). */
function vectorBytes(elem: Type): number {
  return VECTOR_WIDTH * Math.ceil((elem as FloatType | IntegerType).width / 8);
}

/** `vector.load` of VECTOR_WIDTH elements at `indices` (the last one the first of them); `aligned`: marked aligned to its size. */
export function loadVectorValue(b: ArithBuilder, memref: Value, indices: readonly Value[], aligned = false): Value {
  const elem = (memref.type as MemRefType).elementType;
  const alignment = aligned ? { alignment: IntegerAttr.get(i64, vectorBytes(elem)) } : {};
  return b.build(VectorLoadOp, { operands: { base: memref, indices: [...indices] }, attributes: alignment, resultTypes: [VectorType.get([VECTOR_WIDTH], elem)] }).result;
}

/** loadVectorValue's lanes, as scalars. */
export function loadVector(b: ArithBuilder, memref: Value, indices: readonly Value[], aligned = false): Value[] {
  return vectorLanes(b, loadVectorValue(b, memref, indices, aligned));
}

/** `vector.store` of VECTOR_WIDTH scalars at `indices` (the last one that of the first); `aligned` as for loadVector. */
export function storeVector(b: ArithBuilder, values: readonly Value[], memref: Value, indices: readonly Value[], aligned = false): void {
  const alignment = aligned ? { alignment: IntegerAttr.get(i64, vectorBytes(values[0]!.type)) } : {};
  b.build(VectorStoreOp, { operands: { valueToStore: fromElements(b, values), base: memref, indices: [...indices] }, attributes: alignment });
}
