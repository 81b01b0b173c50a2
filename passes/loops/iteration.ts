import { IntegerAttr } from '../../core/ir/attributes.js';
import type { Builder } from '../../core/ir/builder.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Value } from '../../core/ir/value.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { DivUIOp, SubIOp } from '../../dialects/arith/index.js';

function isConstant(v: Value, n: bigint): boolean {
  const c = constantValue(v);
  return c instanceof IntegerAttr && c.value === n;
}

/**
 * Builds, at the builder's insertion point inside an `scf.for` body, the number of the current
 * iteration: `(iv - lb) divui step` in the induction variable's type, without the subtraction
 * when lb is the constant 0 and without the division when step is the constant 1. Returns the
 * value and the ops built (none when it is the induction variable itself).
 */
export function buildIterationNumber(b: Builder, forOp: Operation): { value: Value; ops: Operation[] } {
  const iv = forOp.region(0).entry!.arguments[0]!;
  const [lb, step] = [forOp.operand(0), forOp.operand(2)];
  const ops: Operation[] = [];
  let value: Value = iv;
  if (!isConstant(lb, 0n)) {
    const sub = b.build(SubIOp, { operands: { lhs: value, rhs: lb }, resultTypes: [iv.type] });
    ops.push(sub.op);
    value = sub.result;
  }
  if (!isConstant(step, 1n)) {
    const div = b.build(DivUIOp, { operands: { lhs: value, rhs: step }, resultTypes: [iv.type] });
    ops.push(div.op);
    value = div.result;
  }
  return { value, ops };
}
