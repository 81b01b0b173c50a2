import { i1, IndexType, MemRefType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { DimOp } from '../../dialects/memref/index.js';
import { AddressSpaceAttr } from '../../dialects/gpu/index.js';
import type { ArithBuilder } from '../../dialects/arith/builder.js';
import { buildIfThenElse } from '../../dialects/scf/builder.js';
import { alignedVectorAccess } from './vector-access.js';

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
    const size =
      type.shape[d]! >= 0
        ? b.constant(IndexType.get(), type.shape[d]!)
        : b.build(DimOp, { operands: { source: memref, index: b.constant(IndexType.get(), d) }, resultTypes: [IndexType.get()] }).result;
    const ok = b.compare('ult', index, size);
    all = all ? b.and(all, ok) : ok;
  });
  return all ?? b.constant(i1, 1);
}

/**
 * Whether a whole tile of `shape` at `indices` (leading indices as given, the trailing ones the
 * tile's origin) lies inside the memref: its first and last elements are. Uniform across the
 * workgroup, so a branch on it costs one test per tile instead of one per element.
 */
export function tileInBounds(b: ArithBuilder, memref: Value, indices: readonly Value[], shape: readonly number[]): Value {
  const lead = indices.length - shape.length;
  const last = indices.map((v, d) => (d < lead || shape[d - lead]! === 1 ? v : b.add(v, b.constant(IndexType.get(), shape[d - lead]! - 1))));
  const first = inBounds(b, memref, indices);
  return last.some((v, d) => v !== indices[d]) ? b.and(first, inBounds(b, memref, last)) : first;
}

/**
 * The uniform test of a tile's fast path, or undefined when it needs none: the whole tile in
 * bounds (if `masked`), aligned for vectors (if `vector`), and any further `extra` condition.
 */
export function fastPathTest(b: ArithBuilder, memref: Value, origin: readonly Value[], shape: readonly number[], masked: boolean, vector: boolean, extra?: Value): Value | undefined {
  const tests = [masked ? tileInBounds(b, memref, origin, shape) : undefined, vector ? alignedVectorAccess(b, memref, origin) : undefined, extra].filter((v): v is Value => v !== undefined);
  return tests.length ? tests.reduce((all, t) => b.and(all, t)) : undefined;
}

/**
 * `masked()`'s values, or where the whole tile is in bounds (`inside`) those of `unmasked()`:
 * the interior tiles, nearly all of them, run without per-element bounds tests.
 */
export function withInteriorPath(b: ArithBuilder, inside: Value, types: readonly Type[], unmasked: () => Value[], masked: () => Value[]): Value[] {
  return [...buildIfThenElse(b, inside, types, unmasked, masked).results];
}

/** Whether a type is a memref in workgroup memory. */
export const isWorkgroup = (t: Type): boolean => t instanceof MemRefType && t.memorySpace === AddressSpaceAttr.get('workgroup');
