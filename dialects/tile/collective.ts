/**
 * Workgroup-collective execution of tile and async ops under the per-thread interpreter.
 *
 * Every thread of a workgroup runs the kernel, but a collective op takes effect once per
 * workgroup: the first thread to reach its n-th collective op executes it, and the other threads
 * take the same results when they reach their n-th collective op (threads are matched by this
 * count, so all threads must execute the same collective ops in the same order with the same
 * scalar operands; a mismatch is reported). Outside kernels (host code) ops simply run.
 */
import type { Operation } from '../../core/ir/operation.js';
import type { Exec, ExecContext, OpHandler, OpResults } from '../../core/interpret/engine.js';
import { formatLoc, opError } from '../../core/interpret/errors.js';
import type { RtValue } from '../../core/interpret/values.js';

interface Executed {
  readonly op: Operation;
  readonly operands: readonly RtValue[];
  readonly results: OpResults;
  readonly by: string;
  /** Threads that have not taken the results yet. */
  remaining: number;
}

const SEQUENCE = Symbol('tile collective op count (per thread)');
const EXECUTED = Symbol('tile collective ops executed (per workgroup)');

const threadLabel = (ctx: ExecContext): string => `thread (${ctx.thread!.threadId.join(', ')})`;
const isScalar = (v: RtValue): boolean => typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean';

function isExec(r: unknown): r is Exec<OpResults> {
  return r !== undefined && !Array.isArray(r) && typeof (r as Exec<unknown>).next === 'function';
}

/** Runs `handler` once per workgroup, sharing its results with the workgroup's other threads. */
export function collective(handler: OpHandler): OpHandler {
  return function* (op: Operation, operands: readonly RtValue[], ctx: ExecContext): Exec<OpResults> {
    const run = function* (): Exec<OpResults> {
      const r = handler(op, operands, ctx);
      return (isExec(r) ? yield* r : r) as OpResults;
    };
    const wg = ctx.workgroup;
    const thread = ctx.thread;
    if (!wg || !thread) return yield* run();
    const n = (ctx.state.get(SEQUENCE) as number | undefined) ?? 0;
    ctx.state.set(SEQUENCE, n + 1);
    let table = wg.state.get(EXECUTED) as Map<number, Executed> | undefined;
    if (!table) wg.state.set(EXECUTED, (table = new Map()));
    const done = table.get(n);
    if (done) {
      if (done.op !== op) {
        throw opError(
          op,
          `is not the collective op ${done.by} executed at this point (${done.op.name} at ${formatLoc(done.op.loc)}): every thread of a workgroup must execute the same tile/async ops in the same order`,
        );
      }
      operands.forEach((v, i) => {
        const w = done.operands[i]!;
        if (isScalar(v) && v !== w && !(typeof v === 'number' && Number.isNaN(v) && Number.isNaN(w))) {
          throw opError(op, `operand #${i} is not uniform over the workgroup: ${done.by} has ${String(w)}, ${threadLabel(ctx)} has ${String(v)}`);
        }
      });
      if (--done.remaining === 0) table.delete(n);
      return done.results;
    }
    const results = yield* run();
    const [x, y, z] = thread.blockDim;
    const threads = x * y * z;
    if (threads > 1) table.set(n, { op, operands, results, by: threadLabel(ctx), remaining: threads - 1 });
    return results;
  };
}

/** `collective` applied to every handler of a table. */
export function collectiveOps(ops: Readonly<Record<string, OpHandler>>): Record<string, OpHandler> {
  return Object.fromEntries(Object.entries(ops).map(([name, h]) => [name, collective(h)]));
}
