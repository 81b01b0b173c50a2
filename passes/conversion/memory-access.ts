import { i1, IndexType, MemRefType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { DimOp } from '../../dialects/memref/index.js';
import type { ArithBuilder } from '../loops/arith-builder.js';

/** The memref indices of a tile element: the leading indices as given, the trailing ones offset by the element's coordinates. */
export function elementIndices(b: ArithBuilder, indices: readonly Value[], coords: readonly Value[], rank: number): Value[] {
  const lead = rank - coords.length;
  return indices.map((v, d) => (d < lead ? v : b.add(v, coords[d - lead]!)));
}

/** Whether every index is below its dimension (compared unsigned, so negative indices are out too). */
export function inBounds(b: ArithBuilder, memref: Value, indices: readonly Value[]): Value {
  const type = memref.type as MemRefType;
  let all: Value | undefined;
  indices.forEach((index, d) => {
    const size = type.shape[d]! >= 0 ? b.constant(IndexType.get(), type.shape[d]!) : b.build(DimOp, { operands: { source: memref, index: b.constant(IndexType.get(), d) }, resultTypes: [IndexType.get()] }).result;
    const ok = b.compare('ult', index, size);
    all = all ? b.and(all, ok) : ok;
  });
  return all ?? b.constant(i1, 1);
}


