/**
 * Semantics of the async dialect (docs/dialects/async.md). A copy is registered with the memory's
 * async-copy tracker when issued and lands (is performed) only when a wait completes it, so any
 * access to its regions in between is reported as a race naming both locations. The FIFO of
 * committed groups is kept per workgroup (per host context outside kernels); like tile ops, async
 * ops are workgroup-collective (executed once per workgroup, see tile/collective.ts).
 */
import { type DenseArrayAttr, IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import type { DialectSemantics, ExecContext, OpHandler } from '../../core/interpret/engine.js';
import { formatLoc, opError } from '../../core/interpret/errors.js';
import type { InFlightCopy } from '../../core/interpret/memory.js';
import { scalarOf } from '../../core/interpret/numeric.js';
import type { MemRef, OpaqueValue } from '../../core/interpret/values.js';
import { collectiveOps } from '../tile/collective.js';
import { copySegments } from './ops.js';
import { copyRegions, type CopyRegions } from './regions.js';

/** The value of `!async.token`: one issued copy. */
export interface CopyToken extends OpaqueValue {
  readonly kind: 'async.token';
  readonly op: Operation;
  readonly deps: readonly CopyToken[];
  /** Undefined for a copy switched off by its predicate (it touches no memory and is landed at issue). */
  readonly regions: CopyRegions | undefined;
  /** The tracker's record; undefined while the copy waits for overlapping dependencies to land. */
  tracked: InFlightCopy | undefined;
  landed: boolean;
  committedBy: Operation | undefined;
}

/** The value of `!async.group`: the copies of one commit. */
export interface CopyGroup extends OpaqueValue {
  readonly kind: 'async.group';
  readonly op: Operation;
  readonly copies: readonly CopyToken[];
}

interface AsyncState {
  /** Copies issued and not landed, oldest first. */
  pending: CopyToken[];
  /** Committed groups, oldest first (a complete prefix is dropped). */
  groups: CopyGroup[];
}

const STATE = Symbol('async dialect state');

function stateOf(ctx: ExecContext): AsyncState {
  const map = ctx.workgroup?.state ?? ctx.state;
  let s = map.get(STATE) as AsyncState | undefined;
  if (!s) map.set(STATE, (s = { pending: [], groups: [] }));
  return s;
}

const isComplete = (g: CopyGroup): boolean => g.copies.every((c) => c.landed);

/** Writes the copied tile into its destination (zeros where the source was masked off). */
function perform(t: CopyToken): void {
  const { source, dest, fill } = t.regions!;
  const values = source ? source.readAll() : [];
  const zero = scalarOf(dest.type.elementType, 0);
  const addrs = dest.addresses();
  const codec = dest.buffer.codec;
  let k = 0;
  for (let i = 0; i < addrs.length; i++) codec.set(dest.buffer.data, addrs[i]!, fill[i] ? zero : values[k++]!);
}

/** Lands a copy after its dependencies (completing a copy completes what it was ordered after). */
function land(t: CopyToken, ctx: ExecContext, s: AsyncState): void {
  if (t.landed) return;
  for (const d of t.deps) land(d, ctx, s);
  if (t.tracked) ctx.memory.land(t.tracked);
  else perform(t);
  t.landed = true;
  s.pending.splice(s.pending.indexOf(t), 1);
}

/** Starts tracking copies that were waiting for overlapping dependencies, once those have landed. */
function startReady(ctx: ExecContext, s: AsyncState): void {
  for (const t of s.pending) if (!t.tracked && t.deps.every((d) => d.landed)) track(t, ctx);
}

function track(t: CopyToken, ctx: ExecContext): void {
  const { dest, source } = t.regions!;
  t.tracked = ctx.memory.beginAsyncCopy({ loc: t.op.loc, dest, source, tag: t, land: () => perform(t) });
}

/** Dependencies still in flight, transitively. */
function inFlightDeps(t: CopyToken, out = new Set<CopyToken>()): Set<CopyToken> {
  for (const d of t.deps) {
    if (d.landed || out.has(d)) continue;
    out.add(d);
    inFlightDeps(d, out);
  }
  return out;
}

/** Whether `t` writes an element that an in-flight dependency writes (the dependency must land first). */
function overlapsDependency(t: CopyToken): boolean {
  // In-flight copies are never switched off: only those have regions.
  const dest = t.regions!.dest;
  const deps = [...inFlightDeps(t)].filter((d) => d.regions!.dest.buffer === dest.buffer);
  if (!deps.length) return false;
  const mine = new Set(dest.addresses());
  return deps.some((d) => d.regions!.dest.addresses().some((a) => mine.has(a)));
}

const copy: OpHandler = (op, operands, ctx) => {
  const [, nSrc, , nDst, nDeps, nPredicate] = copySegments(op);
  const deps = operands.slice(2 + nSrc + nDst, 2 + nSrc + nDst + nDeps) as CopyToken[];
  if (nPredicate > 0 && !operands[2 + nSrc + nDst + nDeps]) {
    return [{ kind: 'async.token', op, deps, regions: undefined, tracked: undefined, landed: true, committedBy: undefined } satisfies CopyToken];
  }
  const src = operands[0] as MemRef;
  const srcIdx = operands.slice(1, 1 + nSrc) as number[];
  const dst = operands[1 + nSrc] as MemRef;
  const dstIdx = operands.slice(2 + nSrc, 2 + nSrc + nDst) as number[];
  const shape = (op.properties.get('shape') as DenseArrayAttr).numbers;
  const regions = copyRegions(op, src, srcIdx, dst, dstIdx, shape, op.properties.has('masked'));
  const t: CopyToken = { kind: 'async.token', op, deps, regions, tracked: undefined, landed: false, committedBy: undefined };
  const s = stateOf(ctx);
  s.pending.push(t);
  if (!overlapsDependency(t)) track(t, ctx);
  return [t];
};

const commit: OpHandler = (op, operands, ctx) => {
  const copies = operands as CopyToken[];
  for (const t of copies) {
    if (t.committedBy) throw opError(op, `commits the copy issued at ${formatLoc(t.op.loc)} again (it was committed at ${formatLoc(t.committedBy.loc)})`);
    t.committedBy = op;
  }
  const g: CopyGroup = { kind: 'async.group', op, copies };
  stateOf(ctx).groups.push(g);
  return [g];
};

const wait: OpHandler = (op, operands, ctx) => {
  const s = stateOf(ctx);
  const pending = op.properties.get('pending');
  if (pending instanceof IntegerAttr) {
    const older = s.groups.slice(0, Math.max(0, s.groups.length - pending.number));
    for (const g of older) for (const t of g.copies) land(t, ctx, s);
  } else {
    for (const t of [...s.pending]) land(t, ctx, s);
  }
  while (s.groups.length && isComplete(s.groups[0]!)) s.groups.shift();
  startReady(ctx, s);
  for (const g of operands as CopyGroup[]) {
    if (isComplete(g)) continue;
    const newer = s.groups.length - 1 - s.groups.indexOf(g);
    throw opError(
      op,
      `leaves the group committed at ${formatLoc(g.op.loc)} incomplete (${newer} newer group${newer === 1 ? '' : 's'} committed after it; the wait keeps ${String(pending instanceof IntegerAttr ? pending.number : 0)} pending)`,
    );
  }
};

export const asyncSemantics: DialectSemantics = {
  dialect: 'async',
  ops: collectiveOps({ 'async.copy': copy, 'async.commit': commit, 'async.wait': wait }),
};
