import type { Block } from './block.js';
import type { Operation } from './operation.js';
import type { Region } from './region.js';

/** Dominator tree of the blocks of one region (Cooper, Harvey & Kennedy's iterative algorithm). */
export class RegionDominance {
  private readonly idom = new Map<Block, Block>();
  private readonly rpoIndex = new Map<Block, number>();

  constructor(region: Region) {
    const entry = region.entry;
    if (!entry) return;
    const order = region.postOrderBlocks().reverse();
    order.forEach((b, i) => this.rpoIndex.set(b, i));
    this.idom.set(entry, entry);
    const intersect = (a: Block, b: Block): Block => {
      while (a !== b) {
        while (this.rpoIndex.get(a)! > this.rpoIndex.get(b)!) a = this.idom.get(a)!;
        while (this.rpoIndex.get(b)! > this.rpoIndex.get(a)!) b = this.idom.get(b)!;
      }
      return a;
    };
    for (let changed = true; changed; ) {
      changed = false;
      for (const b of order.slice(1)) {
        let newIdom: Block | undefined;
        for (const p of b.predecessors) {
          const pb = p.parent!;
          if (!this.idom.has(pb)) continue;
          newIdom = newIdom ? intersect(pb, newIdom) : pb;
        }
        if (newIdom && this.idom.get(b) !== newIdom) {
          this.idom.set(b, newIdom);
          changed = true;
        }
      }
    }
  }
  isReachable(b: Block): boolean {
    return this.rpoIndex.has(b);
  }
  /** Whether `a` dominates `b`; every block dominates an unreachable one, as in MLIR. */
  dominates(a: Block, b: Block): boolean {
    if (!this.isReachable(b)) return true;
    if (!this.isReachable(a)) return false;
    for (let x = b; ; x = this.idom.get(x)!) {
      if (x === a) return true;
      if (this.idom.get(x) === x) return false;
    }
  }
}

/** Lazily built dominance for every region under an op. */
export class DominanceInfo {
  private readonly regions = new Map<Region, RegionDominance>();
  of(region: Region): RegionDominance {
    let d = this.regions.get(region);
    if (!d) this.regions.set(region, (d = new RegionDominance(region)));
    return d;
  }
  /** Whether the op `def` (in the same region as `user`'s ancestor `at`) properly dominates `at`. */
  opDominates(def: Operation, at: Operation): boolean {
    const db = def.parent!;
    const ab = at.parent!;
    if (db === ab) return db.isBefore(def, at);
    return this.of(db.parent!).dominates(db, ab);
  }
}
