import type { Block } from '../core/ir/block.js';
import { DominanceInfo } from '../core/ir/dominance.js';
import { UnknownLoc } from '../core/ir/location.js';
import type { Operation } from '../core/ir/operation.js';
import type { Region } from '../core/ir/region.js';
import { definePass } from '../core/pass/pass.js';
import { isOpTriviallyDead } from '../core/rewrite/trivially-dead.js';
import { dominatorTreeChildren } from './analysis/dominator-tree.js';
import { opHash, opsEquivalent } from './analysis/op-equivalence.js';
import { effectsRecursively, isMemoryEffectFree, onlyReads } from './analysis/side-effects.js';

/**
 * Known ops by structural equality, in nested scopes (LLVM's ScopedHashTable): a later insert of
 * an equal op shadows the earlier one until its scope ends.
 *
 * Open addressing over the 32-bit op hashes (a JS Map costs a builtin call per get/set/delete, four
 * per op here). A slot holds one hash value and the newest entry with it; entries of a hash are
 * chained newest first. Slots are never freed (a hash whose entries are gone keeps an empty chain),
 * so probing never meets a hole.
 */
class ScopedOpTable {
  private slotHash = new Int32Array(64);
  /** Entry index + 1 of the newest entry with the slot's hash; 0: slot unused; -1: used, no entries. */
  private slotHead = new Int32Array(64);
  private usedSlots = 0;
  private readonly entryOp: Operation[] = [];
  /** The entry shadowed by this one (same hash), as index + 1 (0: none). */
  private readonly entryNext: number[] = [];
  private readonly entrySlot: number[] = [];
  private readonly scopes: number[] = [];

  push(): void {
    this.scopes.push(this.entryOp.length);
  }
  /** Forget every hash (once all scopes have ended), keeping the table's size for the next use. */
  reset(): void {
    if (this.usedSlots === 0) return;
    this.slotHash.fill(0);
    this.slotHead.fill(0);
    this.usedSlots = 0;
  }
  pop(): void {
    const start = this.scopes.pop()!;
    const ops = this.entryOp;
    if (ops.length === start) return;
    for (let e = ops.length - 1; e >= start; e--) {
      const next = this.entryNext[e]!;
      this.slotHead[this.entrySlot[e]!] = next === 0 ? -1 : next;
    }
    ops.length = start;
    this.entryNext.length = start;
    this.entrySlot.length = start;
  }
  /** The slot of `hash`, or the unused slot where it would go. */
  private slotOf(hash: number): number {
    const mask = this.slotHash.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      if (this.slotHead[i] === 0 || this.slotHash[i] === hash) return i;
    }
  }
  /** The latest known op equivalent to `op`; `hash` is `opHash(op)`. */
  lookup(op: Operation, hash: number = opHash(op)): Operation | undefined {
    const slot = this.slotOf(hash);
    for (let e = this.slotHead[slot]!; e > 0; e = this.entryNext[e - 1]!) {
      const known = this.entryOp[e - 1]!;
      if (opsEquivalent(known, op)) return known;
    }
    return undefined;
  }
  insert(op: Operation, hash: number = opHash(op)): void {
    let slot = this.slotOf(hash);
    const head = this.slotHead[slot]!;
    if (head === 0) {
      if (2 * (this.usedSlots + 1) > this.slotHash.length) {
        this.grow();
        slot = this.slotOf(hash);
      }
      this.usedSlots++;
      this.slotHash[slot] = hash;
    }
    this.entryOp.push(op);
    this.entryNext.push(head > 0 ? head : 0);
    this.entrySlot.push(slot);
    this.slotHead[slot] = this.entryOp.length;
  }
  private grow(): void {
    const oldHash = this.slotHash;
    const oldHead = this.slotHead;
    this.slotHash = new Int32Array(oldHash.length * 2);
    this.slotHead = new Int32Array(oldHash.length * 2);
    const moved = new Int32Array(oldHash.length);
    for (let i = 0; i < oldHash.length; i++) {
      if (oldHead[i] === 0) continue;
      const slot = this.slotOf(oldHash[i]!);
      this.slotHash[slot] = oldHash[i]!;
      this.slotHead[slot] = oldHead[i]!;
      moved[i] = slot;
    }
    const slots = this.entrySlot;
    for (let e = 0; e < slots.length; e++) slots[e] = moved[slots[e]!]!;
  }
}

/** MLIR's CSEDriver: walks the dominator tree of each region with a scoped table of known ops. */
class CSEDriver {
  readonly opsToErase: Operation[] = [];
  numCSE = 0;
  numDCE = 0;
  private readonly dominance = new DominanceInfo();
  /** Tables for the bodies of isolated ops, one per isolation depth, reused op after op (each grows once). */
  private readonly isolatedTables: ScopedOpTable[] = [];
  private isolationDepth = 0;

  simplifyRegion(known: ScopedOpTable, region: Region): void {
    if (region.empty) return;
    const ssaDominance = !(region.parent?.definition?.graphRegion ?? false);
    if (region.blocks.length === 1) {
      known.push();
      this.simplifyBlock(known, region.entry!, ssaDominance);
      known.pop();
      return;
    }
    // Multi-block regions without SSA dominance have no traversal order that would be sound.
    if (!ssaDominance) return;
    const children = dominatorTreeChildren(region, this.dominance.of(region));
    const visit = (block: Block) => {
      known.push();
      this.simplifyBlock(known, block, ssaDominance);
      for (const child of children.get(block) ?? []) visit(child);
      known.pop();
    };
    visit(region.entry!);
  }

  private simplifyBlock(known: ScopedOpTable, block: Block, ssaDominance: boolean): void {
    // The block's list directly (no iterator per block); nothing is erased during the walk.
    for (let op = block.first; op; op = op.next) {
      const regions = op.regions;
      if (regions.length > 0) {
        // Nested regions of isolated ops must not see (and implicitly capture) outer values.
        if (op.definition?.isolatedFromAbove ?? true) {
          const table = (this.isolatedTables[this.isolationDepth] ??= new ScopedOpTable());
          this.isolationDepth++;
          for (let i = 0; i < regions.length; i++) this.simplifyRegion(table, regions[i]!);
          this.isolationDepth--;
          table.reset();
        } else {
          for (let i = 0; i < regions.length; i++) this.simplifyRegion(known, regions[i]!);
        }
      }
      this.simplifyOperation(known, op, ssaDominance);
    }
  }

  private simplifyOperation(known: ScopedOpTable, op: Operation, ssaDominance: boolean): void {
    if (op.definition?.isTerminator) return;
    if (isOpTriviallyDead(op)) {
      this.opsToErase.push(op);
      this.numDCE++;
      return;
    }
    const regions = op.regions;
    for (let i = 0; i < regions.length; i++) if (regions[i]!.blocks.length > 1) return;
    if (!isMemoryEffectFree(op)) {
      // Reads of the same thing in one block with no write in between are redundant.
      if (!onlyReads(op)) return;
      const hash = opHash(op);
      const existing = known.lookup(op, hash);
      if (existing && existing.parent === op.parent && !writeBetween(existing, op)) {
        this.replace(known, op, existing, ssaDominance);
        return;
      }
      known.insert(op, hash);
      return;
    }
    const hash = opHash(op);
    const existing = known.lookup(op, hash);
    if (existing) {
      this.replace(known, op, existing, ssaDominance);
      return;
    }
    known.insert(op, hash);
  }

  private replace(known: ScopedOpTable, op: Operation, existing: Operation, ssaDominance: boolean): void {
    if (ssaDominance) {
      op.replaceAllUsesWith(existing.results);
      this.opsToErase.push(op);
    } else {
      // Without dominance, uses already visited (their equivalents are known) must keep the op.
      op.results.forEach((r, i) => r.replaceUsesWithIf(existing.results[i]!, (use) => known.lookup(use.owner) === undefined));
      if (!op.hasResultsUsed) this.opsToErase.push(op);
    }
    if (existing.loc instanceof UnknownLoc && !(op.loc instanceof UnknownLoc)) existing.loc = op.loc;
    this.numCSE++;
  }
}

/** Whether an op strictly between `from` and `to` (same block) may write memory. */
function writeBetween(from: Operation, to: Operation): boolean {
  for (let op = from.next; op && op !== to; op = op.next) {
    const effects = effectsRecursively(op);
    if (effects === undefined || effects.includes('write')) return true;
  }
  return false;
}

export const csePass = definePass({
  name: 'cse',
  displayName: 'CSE',
  summary: 'Eliminate common sub-expressions',
  description:
    'Replaces an op by an equivalent op that dominates it (same name, operands, attributes, result ' +
    'types and regions); ops that only read memory are merged when no write lies between them in ' +
    'the same block. Unused ops without effects met on the way are erased.',
  statistics: { "num-cse'd": "Number of operations CSE'd", "num-dce'd": "Number of operations DCE'd" },
  run(op, pass) {
    const driver = new CSEDriver();
    const known = new ScopedOpTable();
    for (const region of op.regions) driver.simplifyRegion(known, region);
    for (const dead of driver.opsToErase) dead.erase();
    if (driver.numCSE) pass.addStatistic("num-cse'd", driver.numCSE);
    if (driver.numDCE) pass.addStatistic("num-dce'd", driver.numDCE);
  },
});
