import type { Attribute } from '../../core/ir/attributes.js';
import { isFailure } from '../../core/ir/diagnostics.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Value } from '../../core/ir/value.js';
import { definePass } from '../../core/pass/pass.js';
import { CommitOp, CopyOp, WaitOp } from '../../dialects/async/index.js';
import { ForOp } from '../../dialects/scf/index.js';
import { peelEpilogueOf } from '../../dialects/tile/index.js';
import { constantTripCount } from '../loops/trip-count.js';
import { pipelineForLoop } from '../loops/pipeliner/loop-pipeliner.js';
import type { PredicateHook } from '../loops/pipeliner/predicate.js';
import { isScheduleError } from '../loops/schedule.js';
import { clearOpSchedule, clearSchedule, hasSchedule, readSchedule, scheduleFromAttributes } from './schedule-attrs.js';
import { planWaitCounts, rewriteWaitCounts } from './wait-counts.js';

/**
 * How async ops are switched off in iterations past the end: a copy gets a false predicate
 * (its token completes at once), commits and waits always run, so that every time slot commits
 * the same number of groups and wait counts stay uniform (Triton keeps its groups uniform the
 * same way, with empty groups).
 */
export const asyncPredicate: PredicateHook = (op, cond, b) => {
  if (CommitOp.isa(op) || WaitOp.isa(op)) return 'keep';
  if (!CopyOp.isa(op)) return undefined;
  const view = CopyOp.view(op) as unknown as Record<string, Value | Value[] | undefined>;
  const operands: Record<string, Value | Value[] | undefined> = {};
  for (const g of CopyOp.definition.operandGroups) operands[g.name] = view[g.name];
  const previous = (operands['predicate'] as Value[] | undefined)?.[0];
  operands['predicate'] = [previous ? b.and(previous, cond) : cond];
  const copy = b.create(CopyOp.state({ loc: op.loc, operands, attributes: withoutSegments(op) }));
  for (const [k, v] of op.attributes) copy.attributes.set(k, v);
  op.replaceAllUsesWith(copy.results);
  op.erase();
  return copy.results;
};

/** The op's inherent attributes, but its operand segment sizes (rebuilt for the new operands). */
function withoutSegments(op: Operation): Record<string, Attribute> {
  const attrs: Record<string, Attribute> = {};
  for (const [k, v] of op.properties) if (k !== 'operandSegmentSizes') attrs[k] = v;
  return attrs;
}

/** The scheduled loops in `op`, in pre-order, not those nested in one of them (they come later). */
function scheduledLoops(op: Operation): Operation[] {
  const loops: Operation[] = [];
  op.walk((inner) => {
    if (!ForOp.isa(inner) || !hasSchedule(inner)) return undefined;
    loops.push(inner);
    return 'skip';
  }, 'pre');
  return loops;
}

export const tilePipelinePass = definePass({
  name: 'tile-pipeline',
  displayName: 'TilePipeline',
  summary: 'Software-pipeline every scf.for whose body carries a tile.stage/tile.order schedule',
  description:
    'Expands each scheduled scf.for into a prologue, a kernel loop and an epilogue (peel-epilogue=true) or a kernel loop ' +
    'that runs the extra iterations with the ops of missing iterations predicated off (peel-epilogue=false). Stage s of ' +
    'iteration i runs in time slot i+s; values that cross slots ride in iter_args of the kernel loop. Any trip count is ' +
    'handled, dynamic ones included (0, 1, fewer than the stages): ops of iterations past the end are predicated off ' +
    '(async.copy by its predicate, other ops with effects by scf.if; commits and waits always run). async.wait counts are ' +
    'rewritten to the number of groups committed after the groups they wait for (`for` operands). Outer loops are pipelined ' +
    'before the loops nested in them. With peel-prologue=false (and a predicated epilogue) there is no prologue either: the ' +
    'kernel loop starts num-stages-1 iterations early, the ops of stages past the first predicated on their iteration being ' +
    'at least the first, so that the loop body is the only copy of the body.',
  options: {
    'peel-prologue': {
      type: 'bool',
      default: true,
      help: 'Peel the prologue (else: start the kernel loop early, ops of iterations before the first predicated off; needs a predicated epilogue)',
    },
    'peel-epilogue': {
      type: 'bool',
      default: true,
      help: "Peel the epilogue (else: predicate the ops of iterations past the end inside the loop); a loop's own tile.peel_epilogue wins",
    },
  },
  statistics: { 'num-pipelined': 'Number of loops pipelined' },
  dependentDialects: ['arith', 'scf', 'async'],
  run(root, pass) {
    const peelEpilogue = pass.options['peel-epilogue'];
    const peelPrologue = pass.options['peel-prologue'];
    if (!peelPrologue && peelEpilogue) {
      pass.fail(root.loc, 'peel-prologue=false needs peel-epilogue=false: a kernel loop started early runs the extra iterations at its end too');
      return;
    }
    // Outer loops first: pipelining one clones the scheduled loops nested in it, and the clones are pipelined after.
    const worklist = scheduledLoops(root);
    for (let loop = worklist.shift(); loop; loop = worklist.shift()) {
      const schedule = readSchedule(loop);
      if (isScheduleError(schedule)) {
        pass.fail(schedule.op.loc, `invalid pipeline schedule: ${schedule.message}`);
        return;
      }
      if (schedule.numStages === 1) {
        clearSchedule(loop);
        worklist.push(...scheduledLoops(loop));
        continue;
      }
      const plan = planWaitCounts(schedule);
      const tripCount = constantTripCount(loop);
      const peel = peelEpilogueOf(loop) ?? peelEpilogue;
      // A loop whose epilogue is peeled (its own choice, as split-K's) keeps its prologue.
      const peelFirst = peelPrologue || peel;
      const result = pipelineForLoop(pass.context, loop, {
        getSchedule: scheduleFromAttributes,
        peelEpilogue: peel,
        peelPrologue: peelFirst,
        predicate: asyncPredicate,
        annotate: ({ clone }) => clearOpSchedule(clone),
      });
      if (isScheduleError(result)) {
        pass.fail(result.op.loc, `invalid pipeline schedule: ${result.message}`);
        return;
      }
      if (isFailure(result)) {
        pass.fail(result.op?.loc ?? loop.loc, `cannot pipeline this loop: ${result.message}`);
        return;
      }
      rewriteWaitCounts(schedule, plan, result.emitted, peel, tripCount === undefined ? undefined : Number(tripCount), peelFirst);
      for (const e of result.emitted) if (e.clone.parent) worklist.push(...scheduledLoops(e.clone));
      pass.addStatistic('num-pipelined');
    }
  },
});
