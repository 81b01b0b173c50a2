import { failure, type Failure } from '../../../core/ir/diagnostics.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { Value } from '../../../core/ir/value.js';
import { SelectOp } from '../../../dialects/arith/index.js';
import { isSpeculatable } from '../../analysis/interfaces.js';
import { isMemoryEffectFree } from '../../analysis/side-effects.js';
import { zeroAttr } from '../../../core/ir/attributes.js';
import type { ArithBuilder } from '../../../dialects/arith/builder.js';
import { buildIfThenElse } from '../../../dialects/scf/builder.js';

/**
 * A dialect's way to make an op take effect only when `cond` holds (MLIR's predicateFn): the
 * values replacing its results, 'keep' to leave it as it is (it must run in every time slot, as
 * an async commit or wait does), or undefined to let the generic rule decide.
 */
export type PredicateHook = (op: Operation, cond: Value, b: ArithBuilder) => readonly Value[] | 'keep' | undefined;

/**
 * Predicates an emitted op. Ops without effects that can be speculated run anyway; others move
 * into an `scf.if` whose else branch yields zeros. Results listed in `previous` (the yielded
 * values of the previous iteration) keep that value when the op is switched off, so the loop's
 * final results are those of its last real iteration. Returns the values replacing the op's
 * results, or a Failure at the op saying why it cannot be predicated.
 */
export function predicateOp(op: Operation, cond: Value, previous: ReadonlyMap<number, Value>, b: ArithBuilder, hook?: PredicateHook): readonly Value[] | Failure {
  b.setInsertionPointAfter(op);
  b.loc = op.loc;
  const hooked = hook?.(op, cond, b);
  let results: readonly Value[];
  if (hooked === 'keep') return op.results;
  if (hooked) {
    results = hooked;
  } else if (isMemoryEffectFree(op) && isSpeculatable(op)) {
    results = op.results;
  } else {
    const elseValues: Value[] = [];
    for (const [i, r] of op.results.entries()) {
      const zero = previous.has(i) ? undefined : zeroAttr(r.type);
      if (!previous.has(i) && !zero) return failure(`cannot predicate '${op.name}': no value of type '${r.type}' to use when it is switched off`, op);
      elseValues.push(previous.get(i) ?? placeholder);
    }
    b.setInsertionPointBefore(op);
    const ifOp = buildIfThenElse(
      b,
      cond,
      op.resultTypes,
      () => {
        b.insert((op.remove(), op));
        return op.results;
      },
      elseValues.length === 0 ? undefined : () => elseValues.map((v, i) => (v === placeholder ? b.constantOf(zeroAttr(op.results[i]!.type)!) : v)),
    );
    const replaced = ifOp.results;
    op.results.forEach((r, i) => r.replaceAllUsesWith(replaced[i]!));
    // replaceAllUsesWith also redirected the then-branch yield: give it the op's results back.
    ifOp.region(0).entry!.last!.setOperands(op.results);
    b.setInsertionPointAfter(ifOp);
    return replaced;
  }
  b.setInsertionPointAfter(results[0]?.definingOp ?? op);
  return results.map((r, i) => {
    const prev = previous.get(i);
    if (prev === undefined || r === prev) return r;
    return b.build(SelectOp, { operands: { condition: cond, true_value: r, false_value: prev }, resultTypes: [r.type] }).result;
  });
}

// Marks an else value still to be made (a zero of the result type).
const placeholder = {} as Value;
