import { IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { i64 } from '../../core/ir/types.js';
import { CommitOp, WaitOp } from '../../dialects/async/index.js';
import type { EmittedOp } from '../loops/pipeliner/loop-pipeliner.js';
import { pipelineTimeline, type LoopSchedule } from '../loops/schedule.js';

/** A group an `async.wait` waits for: committed by `commit` in its iteration, or the one before. */
interface AwaitedGroup {
  readonly commit: Operation;
  readonly distance: 0 | 1;
}

/**
 * What each counted `async.wait` of a scheduled loop waits for, taken before the loop is
 * pipelined: the commits its `for` groups come from, or undefined when one of them is not made
 * by a commit of the loop body (then the wait can only be rewritten to wait for everything).
 */
export type WaitPlan = Map<Operation, readonly AwaitedGroup[] | undefined>;

export function planWaitCounts(schedule: LoopSchedule): WaitPlan {
  const body = schedule.forOp.region(0).entry!;
  const yielded = body.last!.operands;
  const plan: WaitPlan = new Map();
  for (const op of schedule.ops) {
    if (!WaitOp.isa(op) || op.properties.get('pending') === undefined) continue;
    const groups: AwaitedGroup[] = [];
    for (const g of op.operands) {
      const iterArg = body.arguments.indexOf(g as never) - 1;
      const commit = iterArg >= 0 ? yielded[iterArg]!.definingOp : g.definingOp;
      if (!commit || commit.parent !== body || !CommitOp.isa(commit)) break;
      groups.push({ commit, distance: iterArg >= 0 ? 1 : 0 });
    }
    plan.set(op, groups.length > 0 && groups.length === op.numOperands ? groups : undefined);
  }
  return plan;
}

/**
 * Sets the count of every emitted `async.wait` of a pipelined loop to the number of groups
 * committed after the last group it waits for, at least, over every trip count (a simulation of
 * the pipeline's time slots): in the steady state of a 3-stage pipeline, `async.wait 1`. Waits
 * whose groups are not known wait for everything (0).
 */
export function rewriteWaitCounts(schedule: LoopSchedule, plan: WaitPlan, emitted: readonly EmittedOp[], peelEpilogue: boolean, staticTripCount: number | undefined): void {
  if (plan.size === 0) return;
  const maxStage = schedule.numStages - 1;
  const cap = 2 * maxStage + 3; // the kernel reaches its steady state within this many slots
  const tripCounts = staticTripCount !== undefined ? [Math.min(staticTripCount, cap)] : Array.from({ length: cap + 1 }, (_, n) => n);
  const least = new Map<string, number>();
  const slotKey = (op: Operation, region: string, slot: number) => `${schedule.position.get(op)}:${region}:${slot}`;
  for (const n of tripCounts) {
    const committed = new Map<string, number>(); // commit op index + iteration -> sequence number
    let commits = 0;
    let epilogueSlot = 0;
    for (const slot of pipelineTimeline(schedule.numStages, n, peelEpilogue)) {
      const slotId = slot.region === 'prologue' ? slot.time : slot.region === 'kernel' ? 0 : ++epilogueSlot;
      for (const op of schedule.ops) {
        const stage = schedule.stage.get(op)!;
        if (!slot.instances.some((inst) => inst.stage === stage)) continue;
        const iteration = slot.time - stage;
        if (CommitOp.isa(op)) committed.set(`${schedule.position.get(op)}@${iteration}`, commits++);
        const groups = plan.get(op);
        if (!groups) continue;
        let count = Infinity;
        for (const g of groups) {
          const seq = committed.get(`${schedule.position.get(g.commit)}@${iteration - g.distance}`);
          // A group committed before the loop: at least the loop's own commits came after it.
          count = Math.min(count, seq === undefined ? commits : commits - seq - 1);
        }
        const key = slotKey(op, slot.region, slotId);
        least.set(key, Math.min(least.get(key) ?? Infinity, count));
      }
    }
  }
  for (const e of emitted) {
    if (!plan.has(e.original)) continue;
    const count = plan.get(e.original) ? least.get(slotKey(e.original, e.region, e.slot)) : 0;
    e.clone.setAttr('pending', IntegerAttr.get(i64, Number.isFinite(count) ? count! : 0));
  }
}
