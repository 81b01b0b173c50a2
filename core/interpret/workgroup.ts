/**
 * Cooperative scheduling of the threads of one workgroup: each thread runs until it finishes or
 * suspends at a barrier; when every thread waits at the same barrier, all are resumed.
 */
import type { Operation } from '../ir/operation.js';
import { formatLoc, interpretError, opError } from './errors.js';
import type { Exec } from './engine.js';

export interface ScheduledThread {
  readonly exec: Exec<unknown>;
  /** How messages name the thread, e.g. `thread (3, 0, 0)`. */
  readonly label: string;
}

/** Runs the threads to completion with barrier semantics; `label` names the workgroup in errors. */
export function runWorkgroup(threads: readonly ScheduledThread[], label: string): void {
  let live = threads;
  // What each thread is resumed with: the contributions of a collective it waited at.
  let resume: unknown;
  while (live.length) {
    const waiting: { thread: ScheduledThread; barrier: Operation; value?: { readonly value: unknown } }[] = [];
    let finished: ScheduledThread | undefined;
    for (const t of live) {
      const step = t.exec.next(resume);
      if (step.done) {
        finished ??= t;
        continue;
      }
      const s = step.value;
      if (s.kind !== 'barrier') throw opError(s.op, `cannot wait for asynchronous work inside a kernel (${t.label} of ${label})`);
      waiting.push({ thread: t, barrier: s.op, value: s.exchange });
    }
    if (waiting.length === 0) return;
    const first = waiting[0]!;
    if (finished) {
      throw interpretError(
        first.barrier.loc,
        `barrier at ${formatLoc(first.barrier.loc)} is not reached by every thread of ${label}: ${first.thread.label} waits there but ${finished.label} finished without reaching it`,
      );
    }
    const other = waiting.find((w) => w.barrier !== first.barrier);
    if (other) {
      throw interpretError(
        first.barrier.loc,
        `threads of ${label} wait at different barriers: ${first.thread.label} at ${formatLoc(first.barrier.loc)}, ${other.thread.label} at ${formatLoc(other.barrier.loc)}`,
      );
    }
    live = waiting.map((w) => w.thread);
    resume = first.value ? waiting.map((w) => w.value?.value) : undefined;
  }
}
