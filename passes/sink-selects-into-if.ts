/**
 * Moves a computation that runs unconditionally, but whose result only counts when an `scf.if`'s
 * condition holds, into that `scf.if`:
 *
 *   %x = scf.if %c -> T { ... yield %a } else { yield %zero }
 *   %y = f(%x)                       // pure, used only below
 *   %r = arith.select %c, %y, %prev
 * becomes
 *   %x, %r = scf.if %c -> (T, U) { ...; %y = f(%a); yield %a, %y } else { yield %zero, %prev }
 *
 * This is the shape a predicated pipeline epilogue has (the loads of an iteration that may not
 * exist are guarded, the compute on them is speculated and its result selected), and inside the
 * `scf.if` a consumer sees the guarded ops themselves: a tile.dot then reads its operands where
 * they were loaded instead of a copy of the if's results.
 */
import { Builder } from '../core/ir/builder.js';
import type { Context } from '../core/ir/dialect.js';
import type { Operation } from '../core/ir/operation.js';
import type { Value } from '../core/ir/value.js';
import { definePass } from '../core/pass/pass.js';
import { isMemoryEffectFree } from './analysis/side-effects.js';

/** Whether `v` is available before `op` in its block (defined above it, or outside the block). */
function availableBefore(v: Value, op: Operation): boolean {
  const def = v.definingOp;
  // A block argument an op of this block can use belongs to this block or an enclosing one.
  if (!def) return true;
  const block = op.parent!;
  if (def.parent !== block) return !op.isAncestorOf(def);
  return block.isBefore(def, op);
}

/**
 * The ops between `ifOp` and `select` (same block) that compute the select's true value from the
 * if's results and values available before the if, in block order; undefined when some op of
 * that slice has effects, regions, or a use the move would not keep.
 */
function sliceToSink(ifOp: Operation, select: Operation): Operation[] | undefined {
  const block = ifOp.parent!;
  const slice = new Set<Operation>();
  const visit = (v: Value): boolean => {
    const def = v.definingOp;
    if (def === ifOp || availableBefore(v, ifOp)) return true;
    if (!def || def.parent !== block || !block.isBefore(ifOp, def)) return false;
    if (slice.has(def)) return true;
    // It ran unconditionally; under the guard it may not run at all, so it must have no effects (speculatable or not).
    if (def.regions.length > 0 || !isMemoryEffectFree(def)) return false;
    slice.add(def);
    return def.operands.every(visit);
  };
  const trueValue = select.operand(1);
  if (trueValue.definingOp === ifOp || !visit(trueValue)) return undefined;
  for (const op of slice) {
    for (const r of op.results) if (r.users().some((u) => u !== select && !slice.has(u))) return undefined;
  }
  return [...slice].sort((a, b) => (block.isBefore(a, b) ? -1 : 1));
}

/** The first select after `ifOp` on its condition that can join it, with the ops to move along. */
function sinkableSelect(ifOp: Operation): { select: Operation; slice: Operation[] } | undefined {
  const cond = ifOp.operand(0);
  for (let op = ifOp.next; op; op = op.next) {
    if (op.name !== 'arith.select' || op.operand(0) !== cond || !availableBefore(op.operand(2), ifOp)) continue;
    const slice = sliceToSink(ifOp, op);
    if (slice) return { select: op, slice };
  }
  return undefined;
}

/** Replaces `ifOp` by an scf.if with one more result, yielding `thenValue` / `elseValue`; returns it. */
function withExtraResult(b: Builder, ifOp: Operation, thenValue: Value, elseValue: Value): Operation {
  b.setInsertionPointBefore(ifOp);
  b.loc = ifOp.loc;
  const grown = b.create({
    name: ifOp.name,
    operands: ifOp.operands,
    resultTypes: [...ifOp.resultTypes, thenValue.type],
    properties: ifOp.properties,
    attributes: ifOp.attributes,
    regions: 2,
  });
  for (const r of [0, 1]) ifOp.region(r).takeBody(grown.region(r));
  const thenYield = grown.region(0).entry!.last!;
  thenYield.setOperands([...thenYield.operands, thenValue]);
  const elseYield = grown.region(1).entry!.last!;
  elseYield.setOperands([...elseYield.operands, elseValue]);
  ifOp.results.forEach((r, i) => r.replaceAllUsesWith(grown.results[i]!));
  ifOp.erase();
  return grown;
}

/** Sinks what it can into one scf.if with both branches; returns how many selects it absorbed. */
function sinkInto(b: Builder, ifOp: Operation): number {
  let absorbed = 0;
  for (;;) {
    if (ifOp.regions.length !== 2 || ifOp.region(1).empty) return absorbed;
    const found = sinkableSelect(ifOp);
    if (!found) return absorbed;
    const { select, slice } = found;
    const thenYield = ifOp.region(0).entry!.last!;
    for (const op of slice) {
      op.moveBefore(thenYield);
      op.operands.forEach((v, i) => {
        if (v.definingOp === ifOp) op.setOperand(i, thenYield.operand(ifOp.results.indexOf(v as never)));
      });
    }
    const grown = withExtraResult(b, ifOp, select.operand(1), select.operand(2));
    select.results[0]!.replaceAllUsesWith(grown.results.at(-1)!);
    select.erase();
    ifOp = grown;
    absorbed++;
  }
}

export function sinkSelectsIntoIfs(context: Context, root: Operation): number {
  const ifs: Operation[] = [];
  root.walk((op) => void (op.name === 'scf.if' && ifs.push(op)));
  const b = new Builder(context);
  return ifs.reduce((n, ifOp) => n + sinkInto(b, ifOp), 0);
}

export const sinkSelectsIntoIfPass = definePass({
  name: 'sink-selects-into-if',
  displayName: 'SinkSelectsIntoIf',
  summary: 'Move pure computations whose result is selected on an scf.if condition into that scf.if',
  description:
    'For an `arith.select %c, %t, %f` after an `scf.if %c` with an else branch in the same block, where %t is computed ' +
    "by ops without memory effects or regions from the if's results and values defined before it, and used only by the select, " +
    'and %f is defined before the if: those ops move into the then branch, the if yields %t there and %f in the else ' +
    'branch, and the select is replaced by that result. Run canonicalize after it to drop results no longer used.',
  statistics: { 'num-sunk': 'Number of selects absorbed into scf.if ops' },
  run(root, pass) {
    const n = sinkSelectsIntoIfs(pass.context, root);
    if (n) pass.addStatistic('num-sunk', n);
  },
});
