import { MemRefType, VectorType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { denseI64 } from '../../dialects/memref/dynamic-index-list.js';
import { BroadcastOp, ExtractOp, InsertOp, LoadOp as VectorLoadOp, StoreOp as VectorStoreOp } from '../../dialects/vector/index.js';
import type { ArithBuilder } from '../loops/arith-builder.js';

/**
 * Elements per vector access (16 bytes of f32: one 128-bit load or store per thread, and the
 * WGSL target declares workgroup arrays read that way as `array<vec4<T>>`).
 */
export const VECTOR_WIDTH = 4;

/** Whether `n` consecutive elements along a memref's last dimension can be one vector access. */
export function vectorizable(memref: Value, run: number): boolean {
  const t = memref.type;
  return t instanceof MemRefType && run % VECTOR_WIDTH === 0 && t.rank >= 1 && (t.shape[t.rank - 1]! < 0 || t.shape[t.rank - 1]! % VECTOR_WIDTH === 0);
}

/** `vector.load` of VECTOR_WIDTH elements at `indices` (the last one the first of them), as scalars. */
export function loadVector(b: ArithBuilder, memref: Value, indices: readonly Value[]): Value[] {
  const elem = (memref.type as MemRefType).elementType;
  const vector = b.build(VectorLoadOp, { operands: { base: memref, indices: [...indices] }, resultTypes: [VectorType.get([VECTOR_WIDTH], elem)] }).result;
  return Array.from({ length: VECTOR_WIDTH }, (_, k) => extractLane(b, vector, k, elem));
}

/** `vector.store` of VECTOR_WIDTH scalars at `indices` (the last one that of the first). */
export function storeVector(b: ArithBuilder, values: readonly Value[], memref: Value, indices: readonly Value[]): void {
  const type = VectorType.get([VECTOR_WIDTH], values[0]!.type);
  let vector = b.build(BroadcastOp, { operands: { source: values[0]! }, resultTypes: [type] }).op.results[0]!;
  for (let k = 1; k < VECTOR_WIDTH; k++) {
    vector = b.build(InsertOp, { operands: { source: values[k]!, dest: vector, dynamic_position: [] }, attributes: { static_position: denseI64([k]) }, resultTypes: [type] }).result;
  }
  b.build(VectorStoreOp, { operands: { valueToStore: vector, base: memref, indices: [...indices] } });
}

function extractLane(b: ArithBuilder, vector: Value, k: number, elem: Type): Value {
  return b.build(ExtractOp, { operands: { vector, dynamic_position: [] }, attributes: { static_position: denseI64([k]) }, resultTypes: [elem] }).result;
}
