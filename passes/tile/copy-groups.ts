import type { Operation } from '../../core/ir/operation.js';
import type { Value } from '../../core/ir/value.js';
import { orderOf, stageOf } from '../../dialects/tile/schedule.js';
import { effectsRecursively } from '../analysis/side-effects.js';

/** Whether the op may write or free memory (ops that declare no effects may). */
function mayWrite(op: Operation): boolean {
  const effects = effectsRecursively(op);
  return effects === undefined || effects.some((e) => e === 'write' || e === 'free');
}

/**
 * Whether `v` can be used at `first`, a body op: defined outside the body, a block argument, or
 * made by a body op before it (and, when the body carries `tile.order`s, emitted before it too).
 */
function availableAt(v: Value, first: Operation): boolean {
  const def = v.definingOp;
  if (!def || def.parent !== first.parent) return true;
  const [o, f] = [orderOf(def), orderOf(first)];
  return def.isBeforeInBlock(first) && (o === undefined || f === undefined || o < f);
}

/**
 * Whether `load`, later in the body than `first`, can be issued together with it: its operands
 * are available at `first`, it is in the same pipeline stage (and emitted after it), and no op
 * between them, in body or emission order, may write memory (the copy reads earlier than the
 * load did).
 */
function canJoin(first: Operation, load: Operation): boolean {
  if (!load.operands.every((v) => availableAt(v, first))) return false;
  if (stageOf(load) !== stageOf(first)) return false;
  const [fo, lo] = [orderOf(first), orderOf(load)];
  if (fo !== undefined && lo !== undefined && lo < fo) return false;
  for (let op = first.next; op && op !== load; op = op.next) if (mayWrite(op)) return false;
  if (fo === undefined || lo === undefined) return true;
  for (const op of first.parent!.ops) {
    const o = orderOf(op);
    if (o !== undefined && o > fo && o < lo && mayWrite(op)) return false;
  }
  return true;
}

/**
 * Splits loads of one loop body (in body order) into runs that are copied as one commit group at
 * the first load of the run: a load joins the current run when it can be issued there, else it
 * starts a new one.
 */
export function groupLoads(loads: readonly Operation[]): Operation[][] {
  const groups: Operation[][] = [];
  for (const load of loads) {
    const current = groups.at(-1);
    if (current && canJoin(current[0]!, load)) current.push(load);
    else groups.push([load]);
  }
  return groups;
}
