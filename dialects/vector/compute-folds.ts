/** Folders and canonicalization patterns of the compute ops (compute-ops.ts), as MLIR 19 has them. */
import type { ArrayAttr, Attribute } from '../../core/ir/attributes.js';
import { i64Values } from './constraints.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import type { VectorType } from '../../core/ir/types.js';
import type { RewritePattern } from '../../core/rewrite/pattern.js';

type Folder = (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult[] | FoldResult | undefined;

/** A 1-D multi_reduction that reduces nothing is its source. */
const foldMultiReduction: Folder = (op) => {
  const source = op.operandSlots[0]!.value;
  const dims = i64Values(op.properties.get('reduction_dims') as ArrayAttr);
  return (source.type as VectorType).rank === 1 && !dims.includes(0) ? source : undefined;
};

export const computeFolders: Readonly<Record<string, Folder>> = {
  'vector.multi_reduction': foldMultiReduction,
};

export const computePatterns: Readonly<Record<string, readonly RewritePattern[]>> = {};
