import { Block } from '../../../core/ir/block.js';
import type { Builder } from '../../../core/ir/builder.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { BlockArgument, Value } from '../../../core/ir/value.js';
import { ForOp, YieldOp } from '../../../dialects/scf/index.js';

/**
 * `scf.for %iv = lb to ub step s iter_args(inits)` at the builder's insertion point, its body
 * made by `body(iv, iterArgs)` (which returns the values to yield). The builder is left after the
 * loop.
 */
export function buildForLoop(
  b: Builder,
  bounds: { lower: Value; upper: Value; step: Value },
  inits: readonly Value[],
  body: (iv: BlockArgument, iterArgs: readonly BlockArgument[]) => readonly Value[],
): Operation {
  const loop = b.build(ForOp, {
    operands: { lowerBound: bounds.lower, upperBound: bounds.upper, step: bounds.step, initArgs: [...inits] },
    resultTypes: { results: inits.map((v) => v.type) },
  }).op;
  const block = loop.region(0).appendBlock(new Block());
  const iv = block.addArgument(bounds.lower.type, b.loc);
  const iterArgs = inits.map((v) => block.addArgument(v.type, b.loc));
  const after = b.insertionPoint;
  b.setInsertionPointToEnd(block);
  b.build(YieldOp, { operands: { results: [...body(iv, iterArgs)] } });
  b.insertionPoint = after;
  return loop;
}
