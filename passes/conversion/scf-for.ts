import { Block } from '../../core/ir/block.js';
import type { Operation } from '../../core/ir/operation.js';
import type { BlockArgument, Value } from '../../core/ir/value.js';
import type { ConversionPatternRewriter, OpAdaptor } from '../../core/rewrite/conversion.js';
import type { ArithBuilder } from '../../dialects/arith/builder.js';
import { ForOp } from '../../dialects/scf/index.js';

/**
 * The scf.for that replaces the scf.for `op` in a conversion (tile-to-gpu's and async-to-gpu's):
 * over the lowered bounds (the adaptor's first three operands), carrying `inits`, with an empty
 * body whose first argument takes over the uses of the old induction variable. The caller gives
 * the old body's other arguments (`oldArgs`) their new arguments, then inlines the old body.
 */
export function rebuildFor(
  op: Operation,
  adaptor: OpAdaptor,
  rewriter: ConversionPatternRewriter,
  b: ArithBuilder,
  inits: readonly Value[],
): { loop: Operation; body: Block; oldBody: Block; oldArgs: BlockArgument[] } {
  const loop = b.build(ForOp, {
    operands: { lowerBound: adaptor.operand(0), upperBound: adaptor.operand(1), step: adaptor.operand(2), initArgs: [...inits] },
    resultTypes: { results: inits.map((v) => v.type) },
  }).op;
  const oldBody = op.region(0).entry!;
  const body = loop.region(0).appendBlock(new Block());
  const [oldIv, ...oldArgs] = oldBody.arguments;
  rewriter.replaceAllValueUsesWith(oldIv!, body.addArgument(oldIv!.type, oldIv!.loc));
  return { loop, body, oldBody, oldArgs };
}
