/**
 * Folds of vector.transfer_read and vector.transfer_write (MLIR 19): in_bounds proven from static
 * shapes and constant indices (foldTransferInBoundsAttribute), an all-true mask dropped
 * (foldTransferFullMask), memref.cast sources read through (foldMemRefCast).
 */
import { ArrayAttr, BoolAttr, DenseElementsAttr, IntegerAttr, type AffineMapAttr, type DenseArrayAttr } from '../../core/ir/attributes.js';
import { AffineDimExpr } from '../../core/ir/affine.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import { segmentSizesAttr } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import type { ShapedType, VectorType } from '../../core/ir/types.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { foldMemRefCast } from '../memref/canonicalization.js';

interface Layout {
  /** Operand index of the source, of the first index, and of the mask (-1 when none). */
  source: number;
  indices: number;
  mask: number;
  vector: VectorType;
}

function layoutOf(op: Operation): Layout {
  const seg = (op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers;
  if (op.name === 'vector.transfer_read') {
    return { source: 0, indices: 1, mask: seg[3] ? 2 + seg[1]! : -1, vector: op.resultTypes[0] as VectorType };
  }
  return { source: 1, indices: 2, mask: seg[3] ? 2 + seg[2]! : -1, vector: op.operand(0).type as VectorType };
}

/** Marks in bounds the dimensions a static size and a constant index prove in bounds; broadcasts too once all others are. */
function foldInBounds(op: Operation, l: Layout): boolean {
  const map = (op.properties.get('permutation_map') as AffineMapAttr).map;
  if (map.numResults === 0) return false;
  const flags = (op.properties.get('in_bounds') as ArrayAttr).elements.map((e) => (e as IntegerAttr).value !== 0n);
  const source = op.operand(l.source).type as ShapedType;
  let changed = false;
  const dims: number[] = [];
  map.results.forEach((r, i) => {
    if (flags[i] || !(r instanceof AffineDimExpr)) return;
    dims.push(i);
    const size = source.shape![r.position]!;
    const index = constantValue(op.operand(l.indices + r.position));
    if (size >= 0 && index instanceof IntegerAttr && index.value + BigInt(l.vector.shape[i]!) <= BigInt(size)) {
      flags[i] = true;
      changed = true;
    }
  });
  if (dims.every((i) => flags[i])) {
    map.results.forEach((r, i) => {
      if (r instanceof AffineDimExpr || flags[i]) return;
      flags[i] = true;
      changed = true;
    });
  }
  if (changed) op.properties.set('in_bounds', ArrayAttr.get(flags.map((b) => BoolAttr.get(b))));
  return changed;
}

/** Drops a mask that is a constant of all true. */
function foldFullMask(op: Operation, l: Layout): boolean {
  if (l.mask < 0) return false;
  const c = constantValue(op.operand(l.mask));
  if (!(c instanceof DenseElementsAttr) || c.values.some((v) => v === 0n)) return false;
  op.setOperands(op.operands.filter((_, i) => i !== l.mask));
  const seg = [...(op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers];
  seg[3] = 0;
  op.properties.set('operandSegmentSizes', segmentSizesAttr(seg));
  return true;
}

export function foldTransfer(op: Operation): FoldResult[] | undefined {
  const l = layoutOf(op);
  // (MLIR's TransferWriteOp::fold gives up on 0-d transfers.)
  if (op.name === 'vector.transfer_write' && l.vector.rank === 0) return undefined;
  // (The memref.cast fold leaves the vector operand of a write alone: it is no memref.)
  if (foldInBounds(op, l) || foldFullMask(op, l) || foldMemRefCast(op)) return [...op.results];
  return undefined;
}
