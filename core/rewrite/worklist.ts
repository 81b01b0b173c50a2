/**
 * The greedy pattern driver's worklist (greedy.ts): the ops still to visit, without duplicates,
 * with constant-time removal of an erased op and the driver's processing order (seeds in walk
 * order, then whatever the rewrites add, last in first out, before the remaining seeds).
 */
import type { Operation } from '../ir/operation.js';

let nextWorklistToken = 1;

/**
 * The greedy driver's worklist (MLIR's Worklist): a stack of ops without duplicates, where removal
 * leaves a hole. Top-down, MLIR pushes the seeds (and whatever is added while seeding) in walk
 * order and then reverses the list; here they are queued instead and taken from the front once
 * the stack above them is empty, which is the same order without the reversal.
 * Each op records its slot under the driver's token (no map lookups); an op that another driver
 * holds at the same time (nested drivers) is tracked in `foreign` instead.
 */
export class Worklist {
  private readonly token = nextWorklistToken++;
  /** Ops pushed after seeding, processed last-in first-out before the remaining seeds. */
  private readonly stack: (Operation | undefined)[] = [];
  /**
   * The seeds, `seeds[seedNext..seedEnd)` in processing order. The list keeps its length between
   * runs (cleared slot by slot), so that seeding 100k ops each iteration does not grow it anew.
   */
  private readonly seeds: (Operation | undefined)[] = [];
  private seedNext = 0;
  private seedEnd = 0;
  /** While true, pushed ops are queued as seeds. */
  seeding = false;
  private readonly foreign = new Map<Operation, number>();

  // A slot is an index into `stack` when >= 0, else ~(index into `seeds`). (Not -index - 1: -0 is
  // no small integer, and storing one in an op makes V8 migrate every op to a new layout.)
  private slotOf(op: Operation): number | undefined {
    if (op.worklistOwner === this.token) return op.worklistIndex;
    return this.foreign.size > 0 ? this.foreign.get(op) : undefined;
  }
  private claim(op: Operation, slot: number): void {
    if (op.worklistOwner === 0) {
      op.worklistOwner = this.token;
      op.worklistIndex = slot;
    } else {
      this.foreign.set(op, slot);
    }
  }
  private release(op: Operation): void {
    if (op.worklistOwner === this.token) op.worklistOwner = 0;
    else if (this.foreign.size > 0) this.foreign.delete(op);
  }

  /** Push `op` unless it is already there (where it stays). */
  push(op: Operation): void {
    if (this.slotOf(op) !== undefined) return;
    if (this.seeding) {
      this.claim(op, ~this.seedEnd);
      if (this.seedEnd < this.seeds.length) this.seeds[this.seedEnd] = op;
      else this.seeds.push(op);
      this.seedEnd++;
    } else {
      this.claim(op, this.stack.length);
      this.stack.push(op);
    }
  }
  remove(op: Operation): void {
    const slot = this.slotOf(op);
    if (slot === undefined) return;
    this.release(op);
    if (slot >= 0) this.stack[slot] = undefined;
    else this.seeds[~slot] = undefined;
  }
  pop(): Operation | undefined {
    const stack = this.stack;
    while (stack.length > 0) {
      const op = stack.pop();
      if (op) {
        this.release(op);
        return op;
      }
    }
    const seeds = this.seeds;
    while (this.seedNext < this.seedEnd) {
      const op = seeds[this.seedNext++];
      if (op) {
        this.release(op);
        return op;
      }
    }
    return undefined;
  }
  get empty(): boolean {
    for (let i = this.seedNext; i < this.seedEnd; i++) if (this.seeds[i]) return false;
    for (let i = 0; i < this.stack.length; i++) if (this.stack[i]) return false;
    return true;
  }
  clear(): void {
    for (let i = 0; i < this.seedEnd; i++) {
      const op = this.seeds[i];
      if (op === undefined) continue;
      if (i >= this.seedNext) this.release(op);
      this.seeds[i] = undefined;
    }
    for (let i = 0; i < this.stack.length; i++) {
      const op = this.stack[i];
      if (op) this.release(op);
    }
    this.stack.length = 0;
    this.seedNext = 0;
    this.seedEnd = 0;
    this.seeding = false;
    this.foreign.clear();
  }
}
