import { defineDialect } from '../../core/ir/dialect.js';
import { AssertOp, BranchOp, CondBranchOp } from './ops.js';

export * from './ops.js';

/** MLIR's cf dialect (unstructured control flow): branches between blocks, and assertions. */
export const cfDialect = defineDialect({
  name: 'cf',
  summary: 'Unstructured control flow: branches between the blocks of a region, and assertions',
  ops: [AssertOp, BranchOp, CondBranchOp],
});
