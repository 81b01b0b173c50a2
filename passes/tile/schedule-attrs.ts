import type { Operation } from '../../core/ir/operation.js';
import { ORDER_ATTR, orderOf, scheduleAnnotationError, setSchedule, STAGE_ATTR, stageOf } from '../../dialects/tile/schedule.js';
import { bodyOps } from '../loops/loop-dependences.js';
import { loopSchedule, type LoopSchedule, type ScheduledOps, ScheduleError } from '../loops/schedule.js';

/**
 * The schedules of the tile passes, as `tile.stage` / `tile.order` annotations on the ops of a
 * loop body (TVM's software_pipeline_stage / _order): read into the generic loop library's
 * schedules (scheduleFromAttributes, the pipeliner's schedule hook), kept up to date when a pass
 * adds or replaces a body op, and dropped from the ops the pipeliner emits (clearOpSchedule,
 * its annotate hook).
 */

/** Whether any op of the loop body carries a schedule annotation. */
export function hasSchedule(forOp: Operation): boolean {
  return bodyOps(forOp).some((op) => op.getAttr(STAGE_ATTR) !== undefined || op.getAttr(ORDER_ATTR) !== undefined);
}

/** Removes the op's schedule annotations (not those of ops nested in it). */
export function clearOpSchedule(op: Operation): void {
  op.removeAttr(STAGE_ATTR);
  op.removeAttr(ORDER_ATTR);
}

/** Removes the schedule annotations of the loop body's ops (not of ops nested deeper). */
export function clearSchedule(forOp: Operation): void {
  for (const op of bodyOps(forOp)) clearOpSchedule(op);
}

const opText = (op: Operation) => `'${op.name}'`;

/**
 * The schedule the annotations give (a ScheduleFn): every body op needs a stage; orders are on
 * every op or on none, and distinct; the ops come by `tile.order`, else in body order.
 */
export function scheduleFromAttributes(forOp: Operation): ScheduledOps | ScheduleError {
  const ops = bodyOps(forOp);
  const stage = new Map<Operation, number>();
  const order = new Map<Operation, number>();
  for (const op of ops) {
    const bad = scheduleAnnotationError(op);
    if (bad) return new ScheduleError(op, bad);
    const s = stageOf(op);
    if (s === undefined) return new ScheduleError(op, `op ${opText(op)} has no '${STAGE_ATTR}' (every op of a scheduled loop needs one)`);
    stage.set(op, s);
    const o = orderOf(op);
    if (o !== undefined) order.set(op, o);
  }
  if (order.size > 0 && order.size < ops.length) {
    const missing = ops.find((op) => !order.has(op))!;
    return new ScheduleError(missing, `op ${opText(missing)} has no '${ORDER_ATTR}' (give every op of the loop an order, or none)`);
  }
  const byOrder = new Map<number, Operation>();
  for (const [op, o] of order) {
    const other = byOrder.get(o);
    if (other) return new ScheduleError(op, `'${ORDER_ATTR}' ${o} is given to two ops, ${opText(other)} and ${opText(op)}`);
    byOrder.set(o, op);
  }
  const sorted = order.size > 0 ? [...ops].sort((a, b) => order.get(a)! - order.get(b)!) : ops;
  return sorted.map((op) => [op, stage.get(op)!] as const);
}

/** Reads and checks the annotated schedule of a loop (see scheduleFromAttributes and checkSchedule). */
export function readSchedule(forOp: Operation): LoopSchedule | ScheduleError {
  return loopSchedule(forOp, scheduleFromAttributes);
}

/**
 * Gives `op`, just inserted into a scheduled loop body, the stage of `anchor` and the order
 * right before it (later orders move up by one). Does nothing when the loop has no schedule.
 */
export function scheduleBefore(op: Operation, anchor: Operation): void {
  const stage = stageOf(anchor);
  if (stage === undefined) return;
  const order = orderOf(anchor);
  if (order !== undefined) {
    for (const other of op.parent!.ops) {
      const o = orderOf(other);
      if (other !== op && o !== undefined && o >= order) setSchedule(other, stageOf(other)!, o + 1);
    }
  }
  setSchedule(op, stage, order);
}

/**
 * Gives `op`, which takes the place of `original` in a loop body, the original's stage and order
 * (no other order moves, as the original goes away). Does nothing when the original has no stage.
 */
export function scheduleInPlaceOf(op: Operation, original: Operation): void {
  const stage = stageOf(original);
  if (stage !== undefined) setSchedule(op, stage, orderOf(original));
}
