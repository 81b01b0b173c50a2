import { IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { i64 } from '../../core/ir/types.js';
import { CommitOp, WaitOp } from '../../dialects/async/index.js';
import type { EmittedOp } from '../loops/pipeliner/loop-pipeliner.js';
import { pipelineSlots, type LoopSchedule } from '../loops/schedule.js';

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
export function rewriteWaitCounts(
  schedule: LoopSchedule,
  plan: WaitPlan,
  emitted: readonly EmittedOp[],
  peelEpilogue: boolean,
  staticTripCount: number | undefined,
  peelPrologue = true,
): void {
  if (plan.size === 0) return;
  const maxStage = schedule.numStages - 1;
  const cap = 2 * maxStage + 3; // the kernel reaches its steady state within this many slots
  const tripCounts = staticTripCount !== undefined ? [Math.min(staticTripCount, cap)] : Array.from({ length: cap + 1 }, (_, n) => n);
  // The ops that commit or wait, with their stage and position (the others do not change counts).
  const counted = schedule.ops.filter((op) => CommitOp.isa(op) || plan.get(op));
  const stageOf = counted.map((op) => schedule.stage.get(op)!);
  const commitIndex = new Map(counted.filter((op) => CommitOp.isa(op)).map((op, k) => [op, k]));
  const commitCount = commitIndex.size;
  const awaited = counted.map((op) => (plan.get(op) ?? []).map((g) => ({ commit: commitIndex.get(g.commit)!, distance: g.distance })));
  // The least count of each wait in each emitted slot: by op, region and slot (prologue: its time; kernel: 0; epilogue: e).
  const least = new Map<Operation, Map<string, number>>();
  for (const n of tripCounts) {
    // Sequence number of each commit op's group of each iteration (-maxStage .. n + 2 maxStage: every slot's).
    const span = n + 3 * maxStage + 2;
    const committed = new Float64Array(commitCount * span).fill(NaN);
    const seqIndex = (commit: number, iteration: number) => commit * span + iteration + maxStage;
    let commits = 0;
    let epilogueSlot = 0;
    for (const slot of pipelineSlots(schedule.numStages, n, peelEpilogue, peelPrologue)) {
      const slotId = slot.region === 'prologue' ? slot.time : slot.region === 'kernel' ? 0 : ++epilogueSlot;
      for (let k = 0; k < counted.length; k++) {
        const stage = stageOf[k]!;
        if (stage < slot.firstStage || stage > slot.lastStage) continue;
        const op = counted[k]!;
        const iteration = slot.time - stage;
        const commit = commitIndex.get(op);
        if (commit !== undefined) committed[seqIndex(commit, iteration)] = commits++;
        // The wait of an iteration before the first (a kernel started early) guards no reads.
        if (!plan.get(op) || iteration < 0) continue;
        let count = Infinity;
        for (const g of awaited[k]!) {
          const at = iteration - g.distance;
          const seq = at < -maxStage ? NaN : committed[seqIndex(g.commit, at)]!;
          // A group committed before the loop: at least the loop's own commits came after it.
          count = Math.min(count, Number.isNaN(seq) ? commits : commits - seq - 1);
        }
        let byOp = least.get(op);
        if (!byOp) least.set(op, (byOp = new Map()));
        const key = `${slot.region}:${slotId}`;
        byOp.set(key, Math.min(byOp.get(key) ?? Infinity, count));
      }
    }
  }
  for (const e of emitted) {
    if (!plan.has(e.original)) continue;
    const count = plan.get(e.original) ? least.get(e.original)?.get(`${e.region}:${e.slot}`) : 0;
    e.clone.setAttr('pending', IntegerAttr.get(i64, count !== undefined && Number.isFinite(count) ? count : 0));
  }
}
