import type { Operation } from '../../core/ir/operation.js';
import type { Value } from '../../core/ir/value.js';

/** The ops of an `scf.for` body, without its terminator. */
export function bodyOps(forOp: Operation): Operation[] {
  const ops = forOp.region(0).entry!.ops;
  ops.pop();
  return ops;
}

/** The loop's `scf.yield`. */
export function loopYield(forOp: Operation): Operation {
  return forOp.region(0).entry!.last!;
}

/**
 * One dependence of a body op on a value of the same loop body: `producer` made it in the same
 * iteration (`distance` 0), or in the previous iteration and the consumer reads it through an
 * iter_arg (`distance` 1).
 */
export interface LoopDependence {
  readonly consumer: Operation;
  readonly producer: Operation;
  readonly value: Value;
  readonly distance: 0 | 1;
  /** For distance 1: the index of the iter_arg the consumer reads. */
  readonly iterArg?: number;
}

/** The values an op uses, its nested regions included, that are defined outside the op. */
export function valuesUsedBy(op: Operation): Value[] {
  const used = new Set<Value>(op.operands);
  if (op.regions.length > 0) {
    op.walk((inner) => {
      if (inner === op) return;
      for (const v of inner.operands) if (!isDefinedInside(v, op)) used.add(v);
    });
  }
  return [...used];
}

function isDefinedInside(v: Value, op: Operation): boolean {
  const def = v.definingOp;
  if (def) return op.isAncestorOf(def) && def !== op;
  const owner = v.parentBlock?.parentOp;
  return owner !== undefined && (owner === op || op.isAncestorOf(owner));
}

/** The body op that is, or contains, `op` (undefined when `op` is not inside the body). */
export function bodyAncestor(forOp: Operation, op: Operation): Operation | undefined {
  const body = forOp.region(0).entry!;
  for (let o: Operation | undefined = op; o; o = o.parentOp) if (o.parent === body) return o;
  return undefined;
}

/**
 * The dependences between the ops of a loop body: a value defined by a body op and used by
 * another (distance 0), and an iter_arg used by a body op, whose value comes from the body op
 * that defines the matching yield operand (distance 1). Yield operands that are not defined by a
 * body op (block arguments, values from outside the loop) are reported in `unsupportedYields`.
 */
export function loopDependences(forOp: Operation): { dependences: LoopDependence[]; unsupportedYields: number[] } {
  const body = forOp.region(0).entry!;
  const yielded = loopYield(forOp).operands;
  const iterArgIndex = new Map<Value, number>(body.arguments.slice(1).map((a, i) => [a, i]));
  const unsupportedYields: number[] = [];
  const yieldProducers = yielded.map((v, i) => {
    const def = v.definingOp;
    if (!def || def.parent !== body) unsupportedYields.push(i);
    return def && def.parent === body ? def : undefined;
  });
  const dependences: LoopDependence[] = [];
  for (const consumer of bodyOps(forOp)) {
    for (const v of valuesUsedBy(consumer)) {
      const def = v.definingOp;
      if (def && def.parent === body) {
        dependences.push({ consumer, producer: def, value: v, distance: 0 });
        continue;
      }
      const j = iterArgIndex.get(v);
      const producer = j === undefined ? undefined : yieldProducers[j];
      if (producer) dependences.push({ consumer, producer, value: yielded[j!]!, distance: 1, iterArg: j });
    }
  }
  return { dependences, unsupportedYields };
}
