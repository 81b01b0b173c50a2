import type { Operation } from '../../core/ir/operation.js';
import { orderOf, setSchedule, stageOf } from '../../dialects/tile/schedule.js';

/**
 * Gives `op`, which takes the place of `original` in a loop body, the original's stage and order
 * (no other order moves, as the original goes away). Does nothing when the original has no stage.
 */
export function scheduleInPlaceOf(op: Operation, original: Operation): void {
  const stage = stageOf(original);
  if (stage !== undefined) setSchedule(op, stage, orderOf(original));
}
