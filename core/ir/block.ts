import type { Location } from './location.js';
import type { Operation } from './operation.js';
import type { Region } from './region.js';
import type { Type } from './types.js';
import { BlockArgument, type BlockOperand } from './value.js';

/** A basic block: arguments and an intrusive, doubly linked list of operations. */
export class Block {
  readonly arguments: BlockArgument[] = [];
  parent: Region | undefined;
  first: Operation | undefined;
  last: Operation | undefined;
  /** Successor slots of terminators that branch here. */
  readonly predecessorUses = new Set<BlockOperand>();
  /** @internal while the verifier is inside this block: its isolation scope (see verifier.ts), else 0. */
  verifyScope = 0;
  /** Cached positions of the ops (for O(1) `isBefore`), recomputed lazily after edits. */
  private orderValid = false;

  /** Position of `op` within this block. */
  orderOf(op: Operation): number {
    if (!this.orderValid) {
      let i = 0;
      for (let o = this.first; o; o = o.next) o.cachedOrder = i++;
      this.orderValid = true;
    }
    return op.cachedOrder;
  }

  addArgument(type: Type, loc: Location): BlockArgument {
    const arg = new BlockArgument(type, this, this.arguments.length, loc);
    this.arguments.push(arg);
    return arg;
  }
  eraseArgument(index: number): void {
    const [arg] = this.arguments.splice(index, 1);
    if (arg?.hasUses) throw new Error('cannot erase a block argument that still has uses');
    this.arguments.forEach((a, i) => (a.index = i));
  }
  get numArguments(): number {
    return this.arguments.length;
  }

  get parentOp(): Operation | undefined {
    return this.parent?.parent;
  }
  get empty(): boolean {
    return this.first === undefined;
  }
  /** The ops in order; the next op is read before an op is handed out, so that op may be erased. */
  [Symbol.iterator](): IterableIterator<Operation> {
    return new BlockOpIterator(this.first);
  }
  get ops(): Operation[] {
    const ops: Operation[] = [];
    for (let op = this.first; op; op = op.next) ops.push(op);
    return ops;
  }
  get terminator(): Operation | undefined {
    return this.last;
  }
  get predecessors(): Operation[] {
    return [...this.predecessorUses].map((u) => u.owner);
  }
  get successors(): Block[] {
    return this.last ? this.last.successors : [];
  }

  /** Insert `op` before `before`, or at the end when `before` is undefined. O(1). */
  insertBefore(op: Operation, before: Operation | undefined): void {
    if (op.parent) throw new Error(`operation '${op.name}' is already in a block`);
    op.parent = this;
    this.orderValid = false;
    if (!before) {
      op.prev = this.last;
      op.next = undefined;
      if (this.last) this.last.next = op;
      else this.first = op;
      this.last = op;
      return;
    }
    if (before.parent !== this) throw new Error('insertion point is not in this block');
    op.next = before;
    op.prev = before.prev;
    if (before.prev) before.prev.next = op;
    else this.first = op;
    before.prev = op;
  }
  append(op: Operation): void {
    this.insertBefore(op, undefined);
  }
  prepend(op: Operation): void {
    this.insertBefore(op, this.first);
  }
  /** Unlink `op` from this block without destroying it. O(1). */
  remove(op: Operation): void {
    if (op.parent !== this) throw new Error('operation is not in this block');
    this.orderValid = false;
    if (op.prev) op.prev.next = op.next;
    else this.first = op.next;
    if (op.next) op.next.prev = op.prev;
    else this.last = op.prev;
    op.prev = op.next = undefined;
    op.parent = undefined;
  }
  /** Index of the block within its region. */
  get indexInRegion(): number {
    return this.parent ? this.parent.blocks.indexOf(this) : -1;
  }
  /** True if `op` is in this block and comes before `other` (both in this block). */
  isBefore(op: Operation, other: Operation): boolean {
    return this.orderOf(op) < this.orderOf(other);
  }
}

/**
 * Iterates a block's ops with one object per loop (a generator allocates one per step in code
 * that is not optimized yet, and block loops run over every op of large IR).
 */
class BlockOpIterator implements IterableIterator<Operation> {
  private readonly result: IteratorYieldResult<Operation> = { value: undefined as unknown as Operation, done: false };
  constructor(private upcoming: Operation | undefined) {}
  next(): IteratorResult<Operation, undefined> {
    const op = this.upcoming;
    if (!op) return { value: undefined, done: true };
    this.upcoming = op.next;
    this.result.value = op;
    return this.result;
  }
  [Symbol.iterator](): IterableIterator<Operation> {
    return this;
  }
}
