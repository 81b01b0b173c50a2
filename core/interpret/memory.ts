/**
 * The memory service of the interpreter (`ctx.memory`): allocation, checked element access
 * (bounds, use after free, read-only buffers) and the tracker of asynchronous copies still in
 * flight, which turns an access to a region an un-waited copy writes into a race error.
 */
import type { Attribute } from '../ir/attributes.js';
import type { Location } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';
import type { Type } from '../ir/types.js';
import { formatLoc, interpretError } from './errors.js';
import type { Scalar } from './numeric.js';
import { Buffer, type MemRef } from './values.js';

/** An asynchronous copy registered with `Memory.beginAsyncCopy` and not landed yet. */
export interface InFlightCopy {
  readonly id: number;
  /** Location of the op that issued it. */
  readonly loc: Location;
  /** The region it writes. */
  readonly dest: MemRef;
  /** The region it reads, if the copy reads memory when it lands. */
  readonly source: MemRef | undefined;
  /** Whatever the issuing semantics wants to keep with it (e.g. a group number). */
  readonly tag: unknown;
}

export interface AsyncCopyRequest {
  readonly loc: Location;
  readonly dest: MemRef;
  readonly source?: MemRef;
  /** Performs the deferred copy; called by `land`, after the region stops being tracked. */
  readonly land: () => void;
  readonly tag?: unknown;
}

/** Per-buffer tracking: the id of the copy writing/reading each element (0: none). */
interface Tracking {
  writes: Int32Array;
  reads: Int32Array;
  copies: Set<Entry>;
}

interface Entry extends InFlightCopy {
  readonly land: () => void;
  readonly destAddrs: Int32Array;
  readonly sourceAddrs: Int32Array | undefined;
}

/** The verb of an access op in race messages: `memref.load` -> `load`. */
function verb(op: Operation): string {
  const dot = op.name.lastIndexOf('.');
  return dot < 0 ? op.name : op.name.slice(dot + 1);
}

export class Memory {
  private nextCopyId = 1;
  private readonly active = new Map<number, Entry>();
  private readonly tracking = new Map<Buffer, Tracking>();
  /**
   * Cleared tracking tables of buffers with no copy in flight, kept for the next copy: a loop
   * that waits for all its copies each iteration would otherwise allocate tables the size of
   * the (large, global) source buffer every iteration.
   */
  private readonly spare = new WeakMap<Buffer, Tracking>();

  allocate(elementType: Type, size: number, memorySpace: Attribute | undefined, origin: string, readOnly = false): Buffer {
    return Buffer.allocate(elementType, size, memorySpace, origin, readOnly);
  }

  free(m: MemRef, op: Operation): void {
    if (m.buffer.freed) throw interpretError(op.loc, `'${op.name}' op buffer (${m.buffer.origin}) was already freed at ${formatLoc(m.buffer.freed)}`);
    m.buffer.freed = op.loc;
  }

  /** Buffer address of an element, checking bounds and liveness. */
  address(m: MemRef, indices: ArrayLike<number>, op: Operation): number {
    const buffer = m.buffer;
    if (buffer.freed) throw interpretError(op.loc, `'${op.name}' op accesses a buffer (${buffer.origin}) freed at ${formatLoc(buffer.freed)}`);
    let a = m.offset;
    const shape = m.shape;
    for (let d = 0; d < shape.length; d++) {
      const i = indices[d]!;
      if (!(i >= 0 && i < shape[d]!)) {
        throw interpretError(op.loc, `'${op.name}' op index ${i} is out of bounds for dimension ${d} of size ${shape[d]} (indices [${Array.from(indices).join(', ')}] into ${m.type})`);
      }
      a += i * m.strides[d]!;
    }
    if (a < 0 || a >= buffer.data.length) throw interpretError(op.loc, `'${op.name}' op address ${a} is outside its buffer of ${buffer.data.length} elements`);
    return a;
  }

  load(m: MemRef, indices: ArrayLike<number>, op: Operation): Scalar {
    const a = this.address(m, indices, op);
    if (this.tracking.size) this.checkRead(m.buffer, a, op);
    return m.buffer.codec.get(m.buffer.data, a);
  }

  store(m: MemRef, indices: ArrayLike<number>, value: Scalar, op: Operation): void {
    const a = this.address(m, indices, op);
    if (m.buffer.readOnly) throw interpretError(op.loc, `'${op.name}' op writes to a read-only buffer (${m.buffer.origin})`);
    if (this.tracking.size) this.checkWrite(m.buffer, a, op);
    m.buffer.codec.set(m.buffer.data, a, value);
  }

  /** Checks for a race before `op` reads element `address` of `buffer`. */
  checkRead(buffer: Buffer, address: number, op: Operation): void {
    const t = this.tracking.get(buffer);
    if (!t) return;
    const w = t.writes[address]!;
    if (w) throw this.race(op.loc, verb(op), 'written', w);
  }

  /** Checks for a race before `op` writes element `address` of `buffer`. */
  checkWrite(buffer: Buffer, address: number, op: Operation): void {
    const t = this.tracking.get(buffer);
    if (!t) return;
    const w = t.writes[address]!;
    if (w) throw this.race(op.loc, verb(op), 'written', w);
    const r = t.reads[address]!;
    if (r) throw this.race(op.loc, verb(op), 'read', r);
  }

  /** Reads a whole view in row-major order, with checks. */
  readView(m: MemRef, op: Operation): Scalar[] {
    if (m.buffer.freed) this.address(m, new Array(m.rank).fill(0), op);
    const addrs = m.addresses();
    const out = new Array<Scalar>(addrs.length);
    for (let k = 0; k < addrs.length; k++) {
      if (this.tracking.size) this.checkRead(m.buffer, addrs[k]!, op);
      out[k] = m.buffer.codec.get(m.buffer.data, addrs[k]!);
    }
    return out;
  }

  /** Writes a whole view in row-major order, with checks. */
  writeView(m: MemRef, values: readonly Scalar[], op: Operation): void {
    if (m.buffer.freed) this.address(m, new Array(m.rank).fill(0), op);
    if (m.buffer.readOnly) throw interpretError(op.loc, `'${op.name}' op writes to a read-only buffer (${m.buffer.origin})`);
    const addrs = m.addresses();
    for (let k = 0; k < addrs.length; k++) {
      if (this.tracking.size) this.checkWrite(m.buffer, addrs[k]!, op);
      m.buffer.codec.set(m.buffer.data, addrs[k]!, values[k]!);
    }
  }

  // ------------------------------------------------------------------------ async copies

  /**
   * Registers a copy that writes `dest` (and reads `source`) later, when `land` is called for it.
   * Until then loads and stores of `dest`, stores to `source`, and other copies touching them
   * are reported as races naming both locations.
   */
  beginAsyncCopy(req: AsyncCopyRequest): InFlightCopy {
    const entry: Entry = {
      id: this.nextCopyId++,
      loc: req.loc,
      dest: req.dest,
      source: req.source,
      tag: req.tag,
      land: req.land,
      destAddrs: req.dest.addresses(),
      sourceAddrs: req.source?.addresses(),
    };
    const what = 'async copy';
    if (entry.sourceAddrs) {
      const t = this.tracking.get(req.source!.buffer);
      if (t) for (const a of entry.sourceAddrs) if (t.writes[a]) throw this.race(req.loc, what, 'written', t.writes[a]!, 'reads');
    }
    const dt = this.tracking.get(req.dest.buffer);
    if (dt) {
      for (const a of entry.destAddrs) {
        if (dt.writes[a]) throw this.race(req.loc, what, 'written', dt.writes[a]!, 'writes');
        if (dt.reads[a]) throw this.race(req.loc, what, 'read', dt.reads[a]!, 'writes');
      }
    }
    this.track(req.dest.buffer).copies.add(entry);
    const t = this.track(req.dest.buffer);
    for (const a of entry.destAddrs) t.writes[a] = entry.id;
    if (req.source && entry.sourceAddrs) {
      const s = this.track(req.source.buffer);
      s.copies.add(entry);
      for (const a of entry.sourceAddrs) s.reads[a] = entry.id;
    }
    this.active.set(entry.id, entry);
    return entry;
  }

  /** Performs a copy registered by `beginAsyncCopy` and stops tracking it. Landing twice is a no-op. */
  land(copy: InFlightCopy): void {
    const entry = this.active.get(copy.id);
    if (!entry) return;
    this.active.delete(entry.id);
    this.untrack(entry, entry.dest.buffer);
    if (entry.source) this.untrack(entry, entry.source.buffer);
    entry.land();
  }

  /** Copies registered and not landed, oldest first. */
  inFlight(): InFlightCopy[] {
    return [...this.active.values()];
  }

  /** Reports the oldest copy still in flight, if any: `what` says where execution ended. */
  checkNoneInFlight(what: string): void {
    const first = this.active.values().next().value as Entry | undefined;
    if (first) throw interpretError(first.loc, `async copy at ${formatLoc(first.loc)} has not been waited for at the end of ${what}`);
  }

  /** Forgets every copy in flight without landing it (after an error). */
  discardInFlight(): void {
    this.active.clear();
    this.tracking.clear();
  }

  private track(buffer: Buffer): Tracking {
    let t = this.tracking.get(buffer);
    if (!t) {
      const n = buffer.data.length;
      t = this.spare.get(buffer) ?? { writes: new Int32Array(n), reads: new Int32Array(n), copies: new Set() };
      this.tracking.set(buffer, t);
    }
    return t;
  }

  private untrack(entry: Entry, buffer: Buffer): void {
    const t = this.tracking.get(buffer);
    if (!t) return;
    t.copies.delete(entry);
    if (entry.dest.buffer === buffer) for (const a of entry.destAddrs) t.writes[a] = 0;
    if (entry.source?.buffer === buffer && entry.sourceAddrs) {
      for (const a of entry.sourceAddrs) if (t.reads[a] === entry.id) t.reads[a] = 0;
      // Several copies may read one element: re-mark those still in flight.
      for (const other of t.copies) {
        if (other.source?.buffer === buffer && other.sourceAddrs) for (const a of other.sourceAddrs) if (!t.reads[a]) t.reads[a] = other.id;
      }
    }
    if (t.copies.size === 0) {
      this.tracking.delete(buffer);
      this.spare.set(buffer, t);
    }
  }

  private race(at: Location, what: string, how: 'written' | 'read', copyId: number, verbForm = 'touches'): Error {
    const other = this.active.get(copyId)!;
    return interpretError(at, `race: ${what} at ${formatLoc(at)} ${verbForm} a buffer region ${how} by async copy at ${formatLoc(other.loc)} that has not been waited for`);
  }
}
