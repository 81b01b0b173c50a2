/**
 * Barriers where tile semantics need them, and no more (docs/lowering.md, "Workgroup barriers").
 *
 * Tile ops on workgroup memory are collective: a `tile.load` after a `tile.store` to the same
 * workgroup buffer sees every thread's stores, and a store does not overwrite elements that other
 * threads may still be reading. Once lowered, each thread only touches its own elements, so
 * convert-tile-to-gpu runs this on every lowered kernel: a forward dataflow over the kernel body
 * that tracks, per workgroup buffer (the root value under views: ops with the ViewLike trait),
 * whether it was read or written since the last `gpu.barrier`, and inserts a barrier before an
 * access that conflicts with one of them (read after write, write after read, write after write).
 * What an op does to the workgroup memrefs it takes is what it declares (its memory effects: read,
 * write, or neither; an op that declares nothing reads and writes them). Conflicts are decided per
 * buffer only ("same buffer" is all that the SIMT form proves); an access whose buffer is unknown
 * conflicts with every buffer.
 *
 * Control flow: scf.if joins its branches (union); scf.for iterates its body to a fixpoint (the
 * accesses at the end of an iteration meet those at the start of the next, or after the loop);
 * any other region op is treated like a loop whose regions may each run. A barrier is only placed
 * in a uniform block — the kernel body, or the body of an scf.for that lies in one (the loops of
 * lowered kernels are uniform; scf.if conditions may be per-thread): a conflict inside an scf.if
 * puts the barrier before the ancestor in the nearest uniform block.
 */
import type { Block } from '../../../core/ir/block.js';
import type { Builder } from '../../../core/ir/builder.js';
import { UnknownLoc } from '../../../core/ir/location.js';
import type { Operation } from '../../../core/ir/operation.js';
import { memoryEffectsOf, viewSourceOf } from '../../../core/ir/traits.js';
import type { Value } from '../../../core/ir/value.js';
import { BarrierOp } from '../../../dialects/gpu/index.js';
import { ForOp, IfOp } from '../../../dialects/scf/index.js';
import { isWorkgroup } from '../memory-access.js';

const UNKNOWN = String(UnknownLoc.get());
/** An access of an unknown workgroup buffer: conflicts with every buffer. */
const ANY = Symbol('any workgroup buffer');
type Buffer = Value | typeof ANY;

/** The workgroup buffers read since the last barrier, and those written with the source ops (locations) that wrote them. */
interface State {
  readonly reads: ReadonlySet<Buffer>;
  readonly writes: ReadonlyMap<Buffer, ReadonlySet<string>>;
}
const EMPTY: State = { reads: new Set(), writes: new Map() };

/** The buffer a workgroup memref value views: through views to an attribution, an allocation, or ANY when unsure. */
function rootOf(v: Value, kernel: Operation): Buffer {
  for (;;) {
    const def = v.definingOp;
    if (!def) return v.parentBlock === kernel.region(0).entry ? v : ANY;
    const source = viewSourceOf(def);
    if (source) {
      v = source;
      continue;
    }
    return memoryEffectsOf(def)?.includes('allocate') ? v : ANY;
  }
}

interface Access {
  readonly buffer: Buffer;
  readonly write: boolean;
}

/**
 * The workgroup accesses of an op without regions, from its declared memory effects: each
 * workgroup memref it takes is read if it declares a read, written if it declares a write (an op
 * that declares no effects does both); a view accesses nothing.
 */
function accessesOf(op: Operation, kernel: Operation): Access[] {
  if (viewSourceOf(op)) return [];
  const effects = memoryEffectsOf(op);
  const reads = effects?.includes('read') ?? true;
  const writes = effects?.includes('write') ?? true;
  if (!reads && !writes) return [];
  const out: Access[] = [];
  for (const v of op.operands) {
    if (!isWorkgroup(v.type)) continue;
    const buffer = rootOf(v, kernel);
    if (reads) out.push({ buffer, write: false });
    if (writes) out.push({ buffer, write: true });
  }
  return out;
}

const meets = (set: ReadonlySet<Buffer>, b: Buffer): boolean => set.size > 0 && (set.has(b) || set.has(ANY) || b === ANY);

/**
 * Whether a write of `b` from the source op at `loc` meets an earlier write: one of the same
 * buffer from another source op. The writes of one tile op (same location: a tile.store, an
 * async copy and its pipelined clones) are one collective write, each element once or by the
 * same thread; an unknown location is never taken for the same op.
 */
function meetsWrite(writes: ReadonlyMap<Buffer, ReadonlySet<string>>, b: Buffer, loc: string): boolean {
  const unknown = loc === UNKNOWN;
  for (const [buffer, locs] of writes) {
    if (buffer !== b && buffer !== ANY && b !== ANY) continue;
    if (unknown || locs.size > 1 || !locs.has(loc)) return true;
  }
  return false;
}

function withWrite(writes: ReadonlyMap<Buffer, ReadonlySet<string>>, b: Buffer, loc: string): Map<Buffer, ReadonlySet<string>> {
  const out = new Map(writes);
  out.set(b, new Set([...(writes.get(b) ?? []), loc]));
  return out;
}

function union(a: State, b: State): State {
  if (a === b) return a;
  let writes = new Map(a.writes);
  for (const [buffer, locs] of b.writes) for (const loc of locs) writes = withWrite(writes, buffer, loc);
  return { reads: new Set([...a.reads, ...b.reads]), writes };
}
const size = (s: State): number => s.reads.size + [...s.writes.values()].reduce((n, l) => n + l.size, 0);
/** States only grow along a fixpoint iteration: the same size is the same state. */
const sameState = (a: State, b: State): boolean => size(a) === size(b);

interface Transfer {
  readonly state: State;
  /** An access met an earlier one since the last barrier, where no barrier could be placed. */
  readonly conflict: boolean;
}

class BarrierPlacement {
  count = 0;
  constructor(
    readonly kernel: Operation,
    readonly newBarrier: (before: Operation) => void,
  ) {}

  /** The state after `block` from `state`; in a uniform block a conflicting op gets a barrier before it. */
  block(block: Block, state: State, uniform: boolean): Transfer {
    let conflict = false;
    for (const op of block.ops) {
      let t = this.op(op, state, uniform);
      if (t.conflict && uniform) {
        this.newBarrier(op);
        this.count++;
        // A conflict left inside the op (both accesses under one scf.if) has no uniform place for a barrier.
        t = { state: this.op(op, EMPTY, uniform).state, conflict: false };
      }
      conflict ||= t.conflict;
      state = t.state;
    }
    return { state, conflict };
  }

  /** The state after `op` from `state`. */
  op(op: Operation, state: State, uniform: boolean): Transfer {
    if (BarrierOp.isa(op)) return { state: EMPTY, conflict: false };
    if (op.regions.length === 0) {
      let conflict = false;
      let reads = state.reads;
      let writes = state.writes;
      for (const a of accessesOf(op, this.kernel)) {
        const written = new Set(writes.keys());
        conflict ||= a.write ? meets(reads, a.buffer) || meetsWrite(writes, a.buffer, String(op.loc)) : meets(written, a.buffer);
        if (a.write) writes = withWrite(writes, a.buffer, String(op.loc));
        else reads = new Set([...reads, a.buffer]);
      }
      return { state: { reads, writes }, conflict };
    }
    if (IfOp.isa(op)) {
      let out: State | undefined;
      let conflict = false;
      for (let i = 0; i < op.regions.length; i++) {
        const entry = op.region(i).entry;
        const t = entry ? this.block(entry, state, false) : { state, conflict: false };
        out = out ? union(out, t.state) : t.state;
        conflict ||= t.conflict;
      }
      if (op.regions.length < 2 || !op.region(1).entry) out = union(out ?? state, state);
      return { state: out ?? state, conflict };
    }
    // Loops (and other region ops, conservatively): the regions run any number of times, each
    // iteration starting from what the previous left; scf.for bodies are uniform where the loop is.
    const bodyUniform = uniform && ForOp.isa(op);
    let entry = state;
    let conflict = false;
    for (;;) {
      let next = entry;
      for (let i = 0; i < op.regions.length; i++) {
        for (const block of op.region(i).blocks) {
          const t = this.block(block, entry, bodyUniform);
          next = union(next, t.state);
          conflict ||= t.conflict;
        }
      }
      if (sameState(next, entry)) return { state: entry, conflict };
      entry = next;
    }
  }
}

/**
 * Inserts a `gpu.barrier` wherever a workgroup buffer access of the lowered `kernel` conflicts
 * with an earlier one since the last barrier; returns how many it inserted.
 */
export function insertWorkgroupBarriers(kernel: Operation, b: Builder): number {
  const body = kernel.region(0).entry;
  if (!body) return 0;
  const placement = new BarrierPlacement(kernel, (before) => {
    b.setInsertionPointBefore(before);
    b.loc = before.loc;
    b.build(BarrierOp, {});
  });
  placement.block(body, EMPTY, true);
  return placement.count;
}
