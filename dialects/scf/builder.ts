import { Block } from '../../core/ir/block.js';
import type { Builder } from '../../core/ir/builder.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Type } from '../../core/ir/types.js';
import type { BlockArgument, Value } from '../../core/ir/value.js';
import { ForOp, IfOp, YieldOp } from './ops.js';

/**
 * Build `scf.if %cond -> (types) { then } else { else }` at `b`'s insertion point: each callback
 * builds its branch at the end of a fresh block and returns the values to yield.
 */
export function buildIfThenElse(b: Builder, cond: Value, resultTypes: readonly Type[], thenBody: () => readonly Value[], elseBody?: () => readonly Value[]): Operation {
  const op = b.build(IfOp, { operands: { condition: cond }, resultTypes: { results: resultTypes } });
  const branches = elseBody || resultTypes.length > 0 ? [thenBody, elseBody ?? (() => [])] : [thenBody];
  branches.forEach((body, i) => {
    const block = op.op.region(i).appendBlock(new Block());
    b.atInsertionPoint({ block, before: undefined }, () => {
      const values = body();
      b.build(YieldOp, { operands: { results: values } });
    });
  });
  return op.op;
}

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
  b.atInsertionPoint({ block, before: undefined }, () => {
    b.build(YieldOp, { operands: { results: [...body(iv, iterArgs)] } });
  });
  return loop;
}
