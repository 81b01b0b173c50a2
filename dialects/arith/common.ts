import { predTrait, type Trait } from '../../core/ir/traits.js';
import { ShapedType, UnrankedTensorType, VectorType, RankedTensorType, type Type } from '../../core/ir/types.js';

function isScalableVector(t: Type): boolean {
  return t instanceof VectorType && t.scalableDims.some(Boolean);
}

/** MLIR's verifyCompatibleShapes over a list of types. */
export function compatibleShapes(types: readonly Type[]): boolean {
  const shaped = types.filter((t) => t instanceof ShapedType) as ShapedType[];
  if (shaped.length === 0) return true;
  if (shaped.length !== types.length) return false;
  const scalable = types.filter(isScalableVector).length;
  if (scalable !== 0 && scalable !== types.length) return false;
  const ranked = shaped.filter((t) => t.shape !== undefined);
  if (ranked.length === 0) return true;
  const rank = ranked[0]!.rank;
  if (ranked.some((t) => t.rank !== rank)) return false;
  for (let i = 0; i < rank; i++) {
    const statics = new Set(ranked.map((t) => t.shape![i]!).filter((d) => d >= 0));
    if (statics.size > 1) return false;
  }
  return true;
}

export const SameOperandsAndResultShape: Trait = {
  name: 'SameOperandsAndResultShape',
  verify: (op) => {
    // Scalars only (the common case): nothing to compare.
    if (!op.operandSlots.some((s) => s.value.type instanceof ShapedType) && !op.results.some((r) => r.type instanceof ShapedType)) return undefined;
    return compatibleShapes([...op.operands.map((v) => v.type), ...op.resultTypes]) ? undefined : 'requires the same shape for all operands and results';
  },
};

/** A ranked tensor's dimensions as text, '' for a non-tensor, undefined for an unranked tensor. */
function tensorDims(t: Type | undefined): string | undefined {
  if (t instanceof RankedTensorType) return t.shape.join('x');
  return t instanceof UnrankedTensorType ? undefined : '';
}

/** Tensor operands and results have identical dimensions (Arith's SameInputOutputTensorDims). */
export const SameInputOutputTensorDims = predTrait('input and output have the same tensor dimensions', (op) => {
  // mlir-opt 19 rejects unranked tensors here (their shape never compares equal).
  const from = tensorDims(op.operandSlots[0]?.value.type);
  const to = tensorDims(op.results[0]?.type);
  return from !== undefined && to !== undefined && from === to;
});

/** Vector/tensor shape equality for masks (BooleanConditionOrMatchingShape). */
export function sameShape(a: Type, b: Type): boolean {
  if (!(a instanceof ShapedType) || !(b instanceof ShapedType)) return false;
  if (a.shape === undefined || b.shape === undefined) return a.shape === b.shape;
  return a.shape.length === b.shape.length && a.shape.every((d, i) => d === b.shape![i]);
}
