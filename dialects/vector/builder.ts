/** Builders of the vector ops that passes make of scalars and back (MLIR's builders of these ops). */
import type { Builder } from '../../core/ir/builder.js';
import { VectorType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { denseI64 } from '../memref/dynamic-index-list.js';
import { BroadcastOp, ExtractOp, staticPosition } from './ops.js';
import { FromElementsOp } from './shape-ops.js';

/** `vector.extract %vector[lane]` of a 1-D vector: one scalar. */
export function extractLane(b: Builder, vector: Value, lane: number): Value {
  const elem = (vector.type as VectorType).elementType;
  return b.build(ExtractOp, { operands: { vector, dynamic_position: [] }, attributes: { static_position: denseI64([lane]) }, resultTypes: [elem] }).result;
}

/** Every lane of a 1-D vector, as scalars. */
export function vectorLanes(b: Builder, vector: Value): Value[] {
  return Array.from({ length: (vector.type as VectorType).shape[0]! }, (_, k) => extractLane(b, vector, k));
}

/** `vector.from_elements` of scalars of one type: a 1-D vector of them. */
export function fromElements(b: Builder, values: readonly Value[]): Value {
  return b.build(FromElementsOp, { operands: { elements: [...values] }, resultTypes: [VectorType.get([values.length], values[0]!.type)] }).result;
}

/** `vector.broadcast` of a scalar to a vector of `type`. */
export function splat(b: Builder, scalar: Value, type: VectorType): Value {
  return b.build(BroadcastOp, { operands: { source: scalar }, resultTypes: [type] }).op.results[0]!;
}

/**
 * The 1-D vector `values` were extracted from, each at its own lane in order, if they were
 * (then `fromElements(values)` is that vector).
 */
export function extractedInOrder(values: readonly Value[]): Value | undefined {
  const vector = values[0]?.definingOp?.name === ExtractOp.name ? values[0].definingOp.operand(0) : undefined;
  const t = vector?.type;
  if (!(t instanceof VectorType) || t.rank !== 1 || t.shape[0] !== values.length) return undefined;
  const atLane = (v: Value, lane: number) => {
    const op = v.definingOp;
    if (op?.name !== ExtractOp.name || op.operand(0) !== vector || op.numOperands !== 1) return false;
    const pos = staticPosition(op);
    return pos.length === 1 && Number(pos[0]) === lane;
  };
  return values.every(atLane) ? vector : undefined;
}
