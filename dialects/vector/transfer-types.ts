/**
 * The permutation maps and masks of vector.transfer_read/transfer_write (MLIR 19): the default
 * (minor identity) map, the mask type inferred from a map, and the checks of verifyTransferOp.
 */
import type { ArrayAttr, IntegerAttr } from '../../core/ir/attributes.js';
import { AffineConstantExpr, AffineDimExpr, AffineMap, getAffineDimExpr } from '../../core/ir/affine.js';
import { IntegerType, MemRefType, RankedTensorType, type ShapedType, VectorType, type Type } from '../../core/ir/types.js';

/** MLIR's getTransferMinorIdentityMap: the innermost source dimensions, one per vector dimension. */
export function minorIdentityMap(source: ShapedType, vector: VectorType): AffineMap {
  let rank = vector.rank;
  const elem = source.elementType;
  if (elem instanceof VectorType) rank -= elem.rank;
  const dims = source.rank;
  return AffineMap.get(
    dims,
    0,
    Array.from({ length: Math.max(rank, 0) }, (_, i) => getAffineDimExpr(dims - rank + i)),
  );
}

export function isMinorIdentity(map: AffineMap): boolean {
  const n = map.numResults;
  if (map.numSymbols !== 0 || n > map.numDims) return false;
  return map.results.every((r, i) => r instanceof AffineDimExpr && r.position === map.numDims - n + i);
}

/** MLIR's inferTransferOpMaskType: the vector shape in source-dimension order, broadcast dimensions dropped. */
export function inferredMaskType(vector: VectorType, map: AffineMap): VectorType {
  const used = map.results.map((r, i) => ({ r, i })).filter((x) => x.r instanceof AffineDimExpr) as { r: AffineDimExpr; i: number }[];
  used.sort((a, b) => a.r.position - b.r.position);
  return VectorType.get(
    used.map((x) => vector.shape[x.i]!),
    IntegerType.get(1),
    used.map((x) => vector.scalableDims[x.i]!),
  );
}

export const inBoundsValues = (a: ArrayAttr): boolean[] => a.elements.map((e) => (e as IntegerAttr).value !== 0n);

function bitWidth(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  const m = /^[a-z]+?(\d+)/.exec(t.toString());
  return m ? Number(m[1]) : 64;
}

/** MLIR's verifyTransferOp (messages without the op-name prefix the caller adds). */
export function transferError(source: Type, vector: VectorType, mask: Type | undefined, map: AffineMap, inBounds: ArrayAttr): string | undefined {
  if (!(source instanceof MemRefType || source instanceof RankedTensorType)) return 'requires source to be a memref or ranked tensor type';
  const elem = source.elementType;
  if (elem instanceof VectorType) {
    const sourceBits = bitWidth(elem.elementType) * elem.shape[elem.rank - 1]!;
    const resultBits = bitWidth(vector.elementType) * vector.shape[vector.rank - 1]!;
    if (resultBits % sourceBits !== 0) {
      return 'requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source';
    }
    if (elem.rank > vector.rank) return 'requires source vector element and vector result ranks to match.';
    if (map.numResults !== vector.rank - elem.rank) return 'requires a permutation_map with result dims of the same rank as the vector type';
    if (mask) return 'does not support masks with vector element type';
  } else {
    const minor = vector.rank === 0 ? 1 : vector.shape[vector.rank - 1]!;
    if ((bitWidth(vector.elementType) * minor) % bitWidth(elem) !== 0) {
      return 'requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type';
    }
    if (map.numResults !== vector.rank) return 'requires a permutation_map with result dims of the same rank as the vector type';
  }
  if (map.numSymbols !== 0) return 'requires permutation_map without symbols';
  if (map.numInputs !== source.rank) return 'requires a permutation_map with input dims of the same rank as the source type';
  if (mask) {
    const inferred = inferredMaskType(vector, map);
    if (mask !== inferred) return `inferred mask type ('${inferred}') and mask operand type ('${mask}') don't match`;
  }
  if (map.numResults !== inBounds.elements.length) {
    return `expects the in_bounds attr of same rank as permutation_map results: affine_map<${map}> vs inBounds of size: ${inBounds.elements.length}`;
  }
  const flags = inBoundsValues(inBounds);
  if (map.results.some((r, i) => r instanceof AffineConstantExpr && !flags[i])) return 'requires broadcast dimensions to be in-bounds';
  return undefined;
}

/** MLIR's verifyPermutationMap: a projected permutation (each result one dim, used once, or the constant 0). */
export function permutationMapError(map: AffineMap): string | undefined {
  const seen = new Set<number>();
  for (const r of map.results) {
    if (r instanceof AffineConstantExpr) {
      if (r.value !== 0n) return 'requires a projected permutation_map (at most one dim or the zero constant can appear in each result)';
      continue;
    }
    if (!(r instanceof AffineDimExpr)) return 'requires a projected permutation_map (at most one dim or the zero constant can appear in each result)';
    if (seen.has(r.position)) return 'requires a permutation_map that is a permutation (found one dim used more than once)';
    seen.add(r.position);
  }
  return undefined;
}
