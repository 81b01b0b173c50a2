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
 */
class ScopedOpTable {
  // Most hashes have one op: it is stored as is, and a list only once a second op comes.
  private readonly buckets = new Map<number, Operation | Operation[]>();
  private readonly scopes: number[][] = [];

  push(): void {
    this.scopes.push([]);
  }
  pop(): void {
    const keys = this.scopes.pop()!;
    for (let i = keys.length - 1; i >= 0; i--) {
      const bucket = this.buckets.get(keys[i]!)!;
      if (!Array.isArray(bucket)) {
        this.buckets.delete(keys[i]!);
        continue;
      }
      bucket.pop();
      if (bucket.length === 0) this.buckets.delete(keys[i]!);
    }
  }
  /** The latest known op equivalent to `op`; `hash` is `opHash(op)`. */
  lookup(op: Operation, hash: number = opHash(op)): Operation | undefined {
    const bucket = this.buckets.get(hash);
    if (!bucket) return undefined;
    if (!Array.isArray(bucket)) return opsEquivalent(bucket, op) ? bucket : undefined;
    for (let i = bucket.length - 1; i >= 0; i--) if (opsEquivalent(bucket[i]!, op)) return bucket[i];
    return undefined;
  }
  insert(op: Operation, hash: number = opHash(op)): void {
    const bucket = this.buckets.get(hash);
    if (bucket === undefined) this.buckets.set(hash, op);
    else if (Array.isArray(bucket)) bucket.push(op);
    else this.buckets.set(hash, [bucket, op]);
    this.scopes[this.scopes.length - 1]!.push(hash);
  }
}

/** MLIR's CSEDriver: walks the dominator tree of each region with a scoped table of known ops. */
class CSEDriver {
  readonly opsToErase: Operation[] = [];
  numCSE = 0;
  numDCE = 0;
  private readonly dominance = new DominanceInfo();

  simplifyRegion(known: ScopedOpTable, region: Region): void {
    if (region.empty) return;
    const ssaDominance = !region.parent?.hasTrait('GraphRegion');
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
        const isolated = !op.isRegistered || op.hasTrait('IsolatedFromAbove');
        const table = isolated ? new ScopedOpTable() : known;
        for (let i = 0; i < regions.length; i++) this.simplifyRegion(table, regions[i]!);
      }
      this.simplifyOperation(known, op, ssaDominance);
    }
  }

  private simplifyOperation(known: ScopedOpTable, op: Operation, ssaDominance: boolean): void {
    if (op.hasTrait('Terminator')) return;
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
  statistics: { "num-cse'd": 'Number of operations CSE\'d', "num-dce'd": 'Number of operations DCE\'d' },
  run(op, pass) {
    const driver = new CSEDriver();
    const known = new ScopedOpTable();
    for (const region of op.regions) driver.simplifyRegion(known, region);
    for (const dead of driver.opsToErase) dead.erase();
    if (driver.numCSE) pass.addStatistic("num-cse'd", driver.numCSE);
    if (driver.numDCE) pass.addStatistic("num-dce'd", driver.numDCE);
  },
});
