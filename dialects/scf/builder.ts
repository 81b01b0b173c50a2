import { Block } from '../../core/ir/block.js';
import type { Builder } from '../../core/ir/builder.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { IfOp, YieldOp } from './ops.js';

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
