import type { Operation } from '../../../core/ir/operation.js';
import type { Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import type { LoopSchedule } from '../schedule.js';

/**
 * Something an op of the loop body reads that the pipeliner must deliver from the right
 * iteration: a value made by a body op, or an iter_arg (the previous iteration's yielded value,
 * the init in iteration 0).
 *
 * Stage s of iteration i runs in time slot i + s. A body value of iteration i is made in slot
 * i + stage(producer); iter_arg j of iteration i is made, as yield operand j of iteration i-1,
 * in slot i - 1 + stage(producer of yield operand j). A reader in slot t reads what was made in
 * slot t - delay; values read with a delay of 1 or more cross kernel iterations in `depth`
 * rotating iter_args of the kernel loop (MLIR's LoopPipelining does the same).
 */
export interface Source {
  readonly key: Value | number;
  readonly type: Type;
  /** The body op that makes it (for an iter_arg: the producer of the yield operand). */
  readonly producer: Operation;
  /** The result of `producer` it is. */
  readonly resultIndex: number;
  /** The iter_arg index, for iter_arg sources. */
  readonly iterArg?: number;
  /** Greatest delay, in slots, between making and reading (0: only read in its own slot). */
  depth: number;
}

/** Slots from the making to the reading: stage(reader) - stage(producer), plus 1 for an iter_arg. */
export function delayOf(schedule: LoopSchedule, reader: Operation, source: Source): number {
  return schedule.stage.get(reader)! - schedule.stage.get(source.producer)! + (source.iterArg === undefined ? 0 : 1);
}

/** The sources of a scheduled loop: every body op result and every iter_arg, with their depths. */
export function collectSources(schedule: LoopSchedule): { sources: Source[]; byKey: Map<Value | number, Source> } {
  const body = schedule.forOp.region(0).entry!;
  const yielded = body.last!.operands;
  const byKey = new Map<Value | number, Source>();
  for (const op of schedule.ops) op.results.forEach((r, i) => byKey.set(r, { key: r, type: r.type, producer: op, resultIndex: i, depth: 0 }));
  yielded.forEach((v, j) => {
    const made = byKey.get(v)!;
    // Depth 1 at least: the final results, and the fallback of an iteration switched off, are
    // the previous iteration's yielded values.
    byKey.set(j, { key: j, type: v.type, producer: made.producer, resultIndex: made.resultIndex, iterArg: j, depth: 1 });
  });
  for (const d of schedule.dependences) {
    const source = byKey.get(d.distance === 0 ? d.value : d.iterArg!)!;
    source.depth = Math.max(source.depth, delayOf(schedule, d.consumer, source));
  }
  return { sources: [...byKey.values()], byKey };
}
