import type { Block } from '../ir/block.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import type { Value } from '../ir/value.js';
import type { PatternRewriter } from './rewriter.js';
import { mayBeTriviallyDead, wouldOpBeTriviallyDead } from './trivially-dead.js';

/**
 * Erase the ops of `regions` (and everything nested) that nothing live needs (MLIR's runRegionDCE):
 * an op is live when it has effects (or is a terminator), or when a live op uses one of its
 * results. Unlike erasing trivially dead ops one by one, this also removes dead cycles (graph
 * regions) and chains whose last use went away unnoticed. Returns true when an op was erased.
 *
 * (MLIR also drops unused arguments of non-entry blocks through BranchOpInterface; no registered
 * op branches between blocks here, so every successor argument is live.)
 */
export function runRegionDCE(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  return sweepAndErase(rewriter, regions, false);
}

/**
 * MLIR's simplifyRegions (without block merging): erase the blocks of multi-block regions that the
 * entry cannot reach (eraseUnreachableBlocks), then the dead ops (runRegionDCE). One sweep over
 * the IR does both: a region's unreachable blocks go as the sweep reaches the region, before
 * anything in it is looked at. Returns true when a block or an op was erased.
 */
export function simplifyRegions(rewriter: PatternRewriter, regions: readonly Region[], seen?: SweepFacts): boolean {
  return sweepAndErase(rewriter, regions, true, seen);
}

/** What a sweep met on its way. */
export interface SweepFacts {
  /** It looked into a nested graph region (where dead cycles may hide from the greedy driver's worklist). */
  graphRegion: boolean;
}

function sweepAndErase(rewriter: PatternRewriter, regions: readonly Region[], eraseUnreachableBlocks: boolean, seen?: SweepFacts): boolean {
  // Blocks in post-order and ops last to first visit the users of a value before its definition
  // (in regions with SSA dominance), so one sweep that records the few dead ops decides
  // everything. Graph regions may have use cycles: there, liveness is propagated to a fixed point.
  const sweep = new DeadSweep(rewriter, eraseUnreachableBlocks);
  for (const region of regions) sweep.region(region);
  if (seen) seen.graphRegion = sweep.sawGraphRegion;
  const erasedBlocks = sweep.erasedBlocks;
  let dead: (op: Operation) => boolean;
  if (sweep.sawGraphRegion) {
    const live = liveToFixedPoint(regions);
    dead = (op) => !live.has(op);
  } else {
    if (sweep.dead.size === 0) return erasedBlocks;
    dead = (op) => sweep.dead.has(op);
  }
  let erased = erasedBlocks;
  for (const region of regions) erased = deleteDead(rewriter, region, dead) || erased;
  return erased;
}

/** One sweep users-before-definitions, collecting the ops no live op needs. */
class DeadSweep {
  readonly dead = new Set<Operation>();
  /** For each value used by an op in `dead`: how many of its uses those are. */
  private readonly deadUses = new Map<Value, number>();
  sawGraphRegion = false;
  erasedBlocks = false;
  constructor(
    private readonly rewriter: PatternRewriter,
    /** Erase the unreachable blocks of each multi-block region on the way. */
    private readonly eraseUnreachableBlocks: boolean,
  ) {}

  region(region: Region): void {
    const blocks = region.blocks;
    if (blocks.length === 0) return;
    if (blocks.length > 1 && this.eraseUnreachableBlocks) this.erasedBlocks = eraseUnreachableIn(this.rewriter, region) || this.erasedBlocks;
    if (blocks.length === 1) {
      this.block(blocks[0]!);
      return;
    }
    for (const block of region.postOrderBlocks()) this.block(block);
  }
  private block(block: Block): void {
    for (let op = block.last; op; op = op.prev) {
      const regions = op.regions;
      if (regions.length > 0) {
        if (op.definition?.graphRegion ?? true) this.sawGraphRegion = true;
        for (let i = 0; i < regions.length; i++) this.region(regions[i]!);
      }
      // Cheapest first: the op's kind, then its users, then (for ops with a body) its body.
      if (!mayBeTriviallyDead(op) || this.hasLiveUser(op) || !wouldOpBeTriviallyDead(op)) continue;
      this.markDead(op);
    }
  }
  private markDead(op: Operation): void {
    this.dead.add(op);
    const slots = op.operandSlots;
    for (let i = 0; i < slots.length; i++) {
      const v = slots[i]!.value;
      this.deadUses.set(v, (this.deadUses.get(v) ?? 0) + 1);
    }
  }
  /**
   * Some use of a result is by an op not (yet) found dead. The sweep has decided every user by
   * now, so counting the uses by dead ops answers without visiting the users.
   */
  private hasLiveUser(op: Operation): boolean {
    const results = op.results;
    const deadUses = this.deadUses;
    for (let i = 0; i < results.length; i++) {
      const uses = results[i]!.useCount;
      if (uses > 0 && (deadUses.size === 0 || (deadUses.get(results[i]!) ?? 0) < uses)) return true;
    }
    return false;
  }
}

/** MLIR's propagation: sweep until no op is newly proven live. */
function liveToFixedPoint(regions: readonly Region[]): Set<Operation> {
  const live = new Set<Operation>();
  const markRegion = (region: Region): boolean => {
    if (region.empty) return false;
    let changed = false;
    for (const block of region.postOrderBlocks()) {
      for (let op = block.last; op; op = op.prev) changed = markOp(op) || changed;
    }
    return changed;
  };
  const markOp = (op: Operation): boolean => {
    let changed = false;
    for (const region of op.regions) changed = markRegion(region) || changed;
    if (live.has(op)) return changed;
    if (op.hasTrait('Terminator') || !wouldOpBeTriviallyDead(op) || usedByLive(op)) {
      live.add(op);
      return true;
    }
    return changed;
  };
  const usedByLive = (op: Operation): boolean => {
    for (const result of op.results) {
      for (let use = result.firstUse; use; use = use.nextUse) if (live.has(use.owner)) return true;
    }
    return false;
  };
  let changed: boolean;
  do {
    changed = false;
    for (const region of regions) changed = markRegion(region) || changed;
  } while (changed);
  return live;
}

/** Erase the dead ops, users first (MLIR's deleteDeadness order), looking into live ops' regions. */
function deleteDead(rewriter: PatternRewriter, region: Region, dead: (op: Operation) => boolean): boolean {
  if (region.empty) return false;
  let erased = false;
  for (const block of region.postOrderBlocks()) {
    for (let op = block.last; op; ) {
      const prev: Operation | undefined = op.prev;
      if (dead(op)) {
        // Uses left can only be dead too (in graph regions): drop them first, as MLIR does.
        op.dropAllUses();
        rewriter.eraseOp(op);
        erased = true;
      } else {
        for (const nested of op.regions) erased = deleteDead(rewriter, nested, dead) || erased;
      }
      op = prev;
    }
  }
  return erased;
}

/** Erase the blocks of `region` that its entry block cannot reach (their ops first, users first). */
function eraseUnreachableIn(rewriter: PatternRewriter, region: Region): boolean {
  const reachable = new Set(region.postOrderBlocks());
  const dead = region.blocks.filter((b) => !reachable.has(b));
  for (const block of dead) for (const op of block) op.dropAllReferences();
  for (const block of dead) {
    for (const arg of block.arguments) arg.dropAllUses();
    for (let op = block.last; op; ) {
      const prev: Operation | undefined = op.prev;
      op.dropAllUses();
      rewriter.eraseOp(op);
      op = prev;
    }
    region.removeBlock(block);
  }
  return dead.length > 0;
}
