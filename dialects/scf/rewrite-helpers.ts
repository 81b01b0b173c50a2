/** Rewriter steps shared by the scf canonicalization patterns, named after the MLIR calls they mirror. */
import { IntegerAttr } from '../../core/ir/attributes.js';
import type { Block } from '../../core/ir/block.js';
import type { Location } from '../../core/ir/location.js';
import { i1 } from '../../core/ir/types.js';
import type { BlockArgument, Value } from '../../core/ir/value.js';
import type { PatternRewriter } from '../../core/rewrite/rewriter.js';

/** Where a value is defined (MLIR's Value::getLoc). */
export function valueLoc(v: Value): Location {
  return v.definingOp?.loc ?? (v as BlockArgument).loc;
}

/** An i1 arith.constant at the rewriter's insertion point (scf builds arith ops by name). */
export function boolConstant(rw: PatternRewriter, value: boolean, loc: Location): Value {
  return rw.create({ name: 'arith.constant', properties: { value: IntegerAttr.get(i1, value ? 1n : 0n) }, resultTypes: [i1], loc }).results[0]!;
}

/** Move the ops of `source` to the end of `dest` and remove `source`, its arguments bound to `args` (MLIR's mergeBlocks). */
export function mergeBlocks(rw: PatternRewriter, source: Block, dest: Block, args?: readonly Value[]): void {
  rw.inlineBlockBefore(source, dest, undefined, args);
}
