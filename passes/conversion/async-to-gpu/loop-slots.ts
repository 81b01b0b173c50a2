/**
 * Which register-staged copies an `scf.for` carries from one iteration to the next. The async
 * values a loop carries (groups, and tokens kept for `after` chains) may share copies (a token
 * yielded alone and inside a committed group) and may hold different copies before the loop
 * than at the end of an iteration (a pipelined prologue issues other copies than the steady
 * state). A loop therefore carries *slots*: the distinct copies its body yields, in order, each
 * its registers (predicate, values, destination indices); every carried async value names the
 * slots it holds. Before the loop, the copies of the initial values are fitted into the slots
 * (same destination and shape), a slot nothing fits carries a copy switched off, and initial
 * copies that fit no slot complete before the loop (early, which async semantics allow).
 */
import type { Block } from '../../../core/ir/block.js';
import { failure, type Failure } from '../../../core/ir/diagnostics.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { CommitOp, CopyOp, WaitOp } from '../../../dialects/async/index.js';
import type { ThreadElements } from '../tile-to-gpu/thread-layout.js';

/**
 * What fills a slot at the end of an iteration: a copy the body issues, or the copy at `index`
 * of what iter_arg `arg` held at the start of the iteration (values rotating through a
 * pipelined loop's iter_args).
 */
export type SlotSource = { readonly copy: Operation } | { readonly arg: number; readonly index: number };

/** The registers of one carried copy (without its predicate, which is always an i1). */
export interface SlotShape {
  readonly dest: Value;
  readonly values: readonly Type[];
  /** The types of the copy's destination origin. */
  readonly indexTypes: readonly Type[];
  /** Which elements of the tile a thread holds. */
  readonly elements: ThreadElements;
}

export interface LoopSlots {
  readonly sources: readonly SlotSource[];
  /** Per iter_arg: the slots its async value holds, or undefined for a value that is not async. */
  readonly argSlots: readonly (readonly number[] | undefined)[];
}

/** The copy ops an async value of the loop body holds (in order), or the iter_arg copies it passes on. */
function follow(v: Value, loop: Operation, body: Block): SlotSource[] | Failure {
  const def = v.definingOp;
  if (!def) {
    const a = body.arguments.indexOf(v as never);
    if (a < 1) return failure('yields an async value the lowering cannot follow (a block argument of another region)', loop);
    return [{ arg: a - 1, index: -1 }];
  }
  if (CopyOp.isa(def)) return def.parentOp === loop ? [{ copy: def }] : failure('yields the token of a copy issued in a nested region; issue it directly in the loop body', def);
  if (CommitOp.isa(def)) {
    const out: SlotSource[] = [];
    for (const t of def.operands) {
      const s = follow(t, loop, body);
      if (!Array.isArray(s)) return s;
      out.push(...s);
    }
    return out;
  }
  // arith.select and scf.if of async values complete their copies where they are chosen.
  if (def.name === 'arith.select' || def.name === 'scf.if') return [];
  return failure(
    `makes an async value a loop carries, which convert-async-to-gpu cannot follow through '${def.name}'; yield tokens or groups of copies issued directly in the loop body`,
    def,
  );
}

/** Whether a wait after `copy` in its block (before the yield) completes it: it is then done when the iteration ends. */
function completedInBody(copy: Operation, loop: Operation, body: Block): boolean {
  for (let op = copy.next; op && op !== body.last; op = op.next) {
    if (!WaitOp.isa(op)) continue;
    if (op.numOperands === 0 || op.properties.get('pending') === undefined) return true;
    for (const g of op.operands) {
      const s = follow(g, loop, body);
      if (Array.isArray(s) && s.some((x) => 'copy' in x && x.copy === copy)) return true;
    }
  }
  return false;
}

/**
 * The slots of a loop, from what its body yields: the copies each yielded async value holds
 * that are still in flight when the iteration ends (a copy the body waits for is complete and
 * not carried), and for a value passed on from iter_arg a, the slots of a. `initCounts[i]` is the
 * number of copies iter_arg i holds before the loop (undefined: not async).
 */
export function planSlots(loop: Operation, initCounts: readonly (number | undefined)[], isAsync: (t: Type) => boolean): LoopSlots | Failure {
  const body: Block = loop.region(0).entry!;
  const yielded = body.last!.operands;
  const perArg: (SlotSource[] | undefined)[] = [];
  for (let i = 0; i < yielded.length; i++) {
    if (!isAsync(yielded[i]!.type)) {
      perArg.push(undefined);
      continue;
    }
    const s = follow(yielded[i]!, loop, body);
    if (!Array.isArray(s)) return s;
    perArg.push(s.filter((x) => !('copy' in x) || !completedInBody(x.copy, loop, body)));
  }
  // A value passed on from iter_arg a holds a's slots: expand (a's own slots when a passes itself on).
  const expanded: (SlotSource[] | undefined)[] = perArg.map(() => undefined);
  const expand = (i: number, seen: Set<number>): SlotSource[] | Failure => {
    if (expanded[i]) return expanded[i]!;
    const out: SlotSource[] = [];
    for (const x of perArg[i]!) {
      if ('copy' in x) {
        out.push(x);
        continue;
      }
      if (perArg[x.arg] === undefined) return failure(`yields iter_arg #${x.arg} in place of an async value`, loop);
      if (seen.has(x.arg)) {
        // A value passed on unchanged around the loop: it keeps what it held before the loop.
        for (let k = 0; k < (initCounts[x.arg] ?? 0); k++) out.push({ arg: x.arg, index: k });
        continue;
      }
      const inner = expand(x.arg, new Set([...seen, x.arg]));
      if (!Array.isArray(inner)) return inner;
      inner.forEach((_, k) => out.push({ arg: x.arg, index: k }));
    }
    return (expanded[i] = out);
  };
  const sources: SlotSource[] = [];
  const slotOf = (s: SlotSource): number => {
    const i = sources.findIndex((t) => ('copy' in t ? 'copy' in s && t.copy === s.copy : 'arg' in s && t.arg === s.arg && t.index === s.index));
    return i >= 0 ? i : sources.push(s) - 1;
  };
  const argSlots: (number[] | undefined)[] = [];
  for (let i = 0; i < perArg.length; i++) {
    if (!perArg[i]) {
      argSlots.push(undefined);
      continue;
    }
    const e = expand(i, new Set([i]));
    if (!Array.isArray(e)) return e;
    argSlots.push([...new Set(e.map(slotOf))]);
  }
  return { sources, argSlots };
}

/** The shape of every slot: a copy's from the copy, a passed-on one's from the slot it comes from (or the initial copy, around a cycle). */
export function slotShapes(plan: LoopSlots, copyShape: (copy: Operation) => SlotShape, initShape: (arg: number, index: number) => SlotShape | undefined): SlotShape[] | Failure {
  const out: (SlotShape | undefined)[] = plan.sources.map(() => undefined);
  const resolve = (slot: number, depth: number): SlotShape | undefined => {
    if (out[slot]) return out[slot];
    const s = plan.sources[slot]!;
    if ('copy' in s) return (out[slot] = copyShape(s.copy));
    const from = plan.argSlots[s.arg]?.[s.index];
    const shape = from !== undefined && from !== slot && depth < plan.sources.length ? resolve(from, depth + 1) : initShape(s.arg, s.index);
    return (out[slot] = shape);
  };
  for (let i = 0; i < out.length; i++) if (!resolve(i, 0)) return failure(`iter_arg #${(plan.sources[i] as { arg: number }).arg} passes on a copy whose shape is unknown`);
  return out as SlotShape[];
}

/**
 * The initial copy of each slot: per slot, the first unused initial copy (of the iter_args that
 * hold the slot) that `fits` it, else undefined (the slot starts with a copy switched off).
 * Returns them and the initial copies no slot took.
 */
export function fitInits<R>(plan: LoopSlots, inits: readonly (readonly R[] | undefined)[], fits: (slot: number, record: R) => boolean): { chosen: (R | undefined)[]; leftOver: R[] } {
  const used = new Set<R>();
  const chosen = plan.sources.map((_, slot) => {
    for (let i = 0; i < plan.argSlots.length; i++) {
      if (!plan.argSlots[i]?.includes(slot)) continue;
      const r = (inits[i] ?? []).find((c) => !used.has(c) && fits(slot, c));
      if (r !== undefined) {
        used.add(r);
        return r;
      }
    }
    return undefined;
  });
  const leftOver = [...new Set(inits.flatMap((g) => g ?? []))].filter((r) => !used.has(r));
  return { chosen, leftOver };
}
