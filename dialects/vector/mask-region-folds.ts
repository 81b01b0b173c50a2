/** vector.mask's folder and canonicalization (MLIR 19's MaskOp::fold and ElideEmptyMaskOp). */
import type { Attribute } from '../../core/ir/attributes.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import { maskFormat } from './mask-folds.js';

type Folder = (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult[] | FoldResult | undefined;

/** The op a vector.mask masks, or undefined for an empty one (a lone yield). */
const maskedOp = (op: Operation): Operation | undefined => {
  const first = op.regions[0]!.entry?.first;
  return first && first.name !== 'vector.yield' ? first : undefined;
};

/** A mask known to be all true: the masked op moves out, unmasked. */
const foldMask: Folder = (op) => {
  const masked = maskedOp(op);
  if (!masked || maskFormat(op.operandSlots[0]!.value) !== 'all-true') return undefined;
  masked.dropAllUses();
  masked.moveBefore(op);
  return [...masked.results];
};

/** An empty vector.mask -> the values its yield yields (ElideEmptyMaskOp). */
const ElideEmptyMaskOp = definePattern({
  name: 'ElideEmptyMaskOp',
  root: 'vector.mask',
  matchAndRewrite(op, rw) {
    if (maskedOp(op)) return false;
    const terminator = op.regions[0]!.entry?.first;
    if (!terminator) return false;
    if (terminator.numOperands === 0) rw.eraseOp(op);
    else rw.replaceOp(op, terminator.operands);
    return true;
  },
});

export const maskRegionFolders: Readonly<Record<string, Folder>> = { 'vector.mask': foldMask };
export const maskRegionPatterns: Readonly<Record<string, readonly RewritePattern[]>> = { 'vector.mask': [ElideEmptyMaskOp] };
