/**
 * Semantics of scf.parallel, scf.forall and scf.index_switch. The iterations of the parallel loops
 * run one after the other in row-major order of their indices (one valid schedule); reductions
 * fold each iteration's value into the accumulator in that order.
 */
import type { DenseArrayAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import type { ExecContext, OpHandler } from '../../core/interpret/engine.js';
import { opError } from '../../core/interpret/errors.js';
import type { RtValue } from '../../core/interpret/values.js';
import { mixedValues } from '../memref/dynamic-index-list.js';

/** Every index tuple of the loop nest lbs..ubs by steps, row-major; empty when a dimension is. */
function* indexTuples(op: Operation, lbs: readonly number[], ubs: readonly number[], steps: readonly number[]): Generator<number[]> {
  steps.forEach((s) => {
    if (!(s > 0)) throw opError(op, `step must be positive, got ${s}`);
  });
  const n = lbs.length;
  if (lbs.some((l, d) => l >= ubs[d]!)) return;
  const iv = [...lbs];
  for (;;) {
    yield [...iv];
    let d = n - 1;
    for (; d >= 0; d--) {
      iv[d]! += steps[d]!;
      if (iv[d]! < ubs[d]!) break;
      iv[d] = lbs[d]!;
    }
    if (d < 0) return;
  }
}

export const parallelOp: OpHandler = function* (op: Operation, operands: readonly RtValue[], ctx: ExecContext) {
  const n = op.region(0).entry!.numArguments;
  const num = operands as number[];
  const acc = operands.slice(3 * n);
  for (const ivs of indexTuples(op, num.slice(0, n), num.slice(n, 2 * n), num.slice(2 * n, 3 * n))) {
    const exit = yield* ctx.runRegion(op.region(0), ivs);
    const reduce = exit.terminator;
    for (let i = 0; i < acc.length; i++) acc[i] = (yield* ctx.runRegion(reduce.region(i), [acc[i]!, exit.values[i]!])).values[0]!;
  }
  return acc;
};

export const forallOp: OpHandler = function* (op: Operation, operands: readonly RtValue[], ctx: ExecContext) {
  const seg = (op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers;
  const [nl, nu, ns] = [seg[0]!, seg[1]!, seg[2]!];
  const lbs = mixedValues(op.properties.get('staticLowerBound') as DenseArrayAttr, operands.slice(0, nl));
  const ubs = mixedValues(op.properties.get('staticUpperBound') as DenseArrayAttr, operands.slice(nl, nl + nu));
  const steps = mixedValues(op.properties.get('staticStep') as DenseArrayAttr, operands.slice(nl + nu, nl + nu + ns));
  const outs = operands.slice(nl + nu + ns);
  for (const ivs of indexTuples(op, lbs, ubs, steps)) {
    const exit = yield* ctx.runRegion(op.region(0), [...ivs, ...outs]);
    if (!exit.terminator.region(0).entry?.empty) throw opError(exit.terminator, 'parallel inserts into shared outputs are not supported by the interpreter');
  }
  return outs;
};

export const indexSwitch: OpHandler = function* (op: Operation, [arg]: readonly RtValue[], ctx: ExecContext) {
  const cases = (op.properties.get('cases') as DenseArrayAttr).values;
  const k = cases.findIndex((v) => Number(v) === arg);
  return (yield* ctx.runRegion(op.region(k < 0 ? 0 : k + 1), [])).values;
};
