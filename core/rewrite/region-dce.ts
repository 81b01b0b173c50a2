import type { DenseArrayAttr } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import { segmentSizesAttr } from '../ir/op-definition.js';
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
 * As MLIR, unused arguments of non-entry blocks go too, with the operands that branches forward to
 * them (ops declaring `successorOperands`, MLIR's BranchOpInterface): a successor operand is a use
 * only while its block argument is live.
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
  if (sweep.sawBranchArguments) {
    // Block arguments may be dead: their liveness and the ops' are found together.
    const { ops, args } = liveToFixedPoint(regions, true);
    let erased = erasedBlocks;
    for (const region of regions) erased = deleteDead(rewriter, region, (op) => !ops.has(op)) || erased;
    for (const region of regions) erased = eraseDeadArguments(region, args) || erased;
    return erased;
  }
  if (sweep.sawGraphRegion) {
    const live = liveToFixedPoint(regions, false).ops;
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
  /** A branch (an op declaring successorOperands) forwards values to block arguments. */
  sawBranchArguments = false;
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
    const terminator = block.last;
    if (terminator && terminator.successorSlots.length > 0 && terminator.definition?.spec.successorOperands && terminator.numOperands > 0) this.sawBranchArguments = true;
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

/** The block argument successor operand #`index` of terminator `op` is forwarded to, if `op` is a branch. */
function successorArgument(op: Operation, index: number): Value | undefined {
  const hook = op.definition?.spec.successorOperands;
  if (!hook) return undefined;
  const successors = op.successors;
  for (let i = 0; i < successors.length; i++) {
    const [start, count] = hook(op, i);
    if (index >= start && index < start + count) return successors[i]!.arguments[index - start];
  }
  return undefined;
}

/** MLIR's propagation: sweep until no op (and, with `withArgs`, no block argument) is newly proven live. */
function liveToFixedPoint(regions: readonly Region[], withArgs: boolean): { ops: Set<Operation>; args: Set<Value> } {
  const live = new Set<Operation>();
  const liveArgs = new Set<Value>();
  const liveUse = (owner: Operation, index: number): boolean => {
    if (!live.has(owner)) return false;
    if (!withArgs || owner.successorSlots.length === 0) return true;
    const arg = successorArgument(owner, index);
    return arg === undefined || liveArgs.has(arg);
  };
  const markRegion = (region: Region): boolean => {
    if (region.empty) return false;
    let changed = false;
    for (const block of region.postOrderBlocks()) {
      for (let op = block.last; op; op = op.prev) changed = markOp(op) || changed;
      // Entry block arguments stay (as in MLIR).
      if (!withArgs || block === region.entry) continue;
      for (const arg of block.arguments) {
        if (liveArgs.has(arg)) continue;
        for (let use = arg.firstUse; use; use = use.nextUse) {
          if (!liveUse(use.owner, use.index)) continue;
          liveArgs.add(arg);
          changed = true;
          break;
        }
      }
    }
    return changed;
  };
  /** A terminator that is no known branch keeps all its successors' arguments. */
  const markSuccessorArgs = (op: Operation): void => {
    if (!withArgs || op.successorSlots.length === 0 || op.definition?.spec.successorOperands) return;
    for (const s of op.successors) for (const a of s.arguments) liveArgs.add(a);
  };
  const markOp = (op: Operation): boolean => {
    let changed = false;
    for (const region of op.regions) changed = markRegion(region) || changed;
    if (live.has(op)) return changed;
    if (op.hasTrait('Terminator') || !wouldOpBeTriviallyDead(op) || usedByLive(op)) {
      live.add(op);
      markSuccessorArgs(op);
      return true;
    }
    return changed;
  };
  const usedByLive = (op: Operation): boolean => {
    for (const result of op.results) {
      for (let use = result.firstUse; use; use = use.nextUse) if (liveUse(use.owner, use.index)) return true;
    }
    return false;
  };
  let changed: boolean;
  do {
    changed = false;
    for (const region of regions) changed = markRegion(region) || changed;
  } while (changed);
  return { ops: live, args: liveArgs };
}

/**
 * Erase the arguments of non-entry blocks not in `live`, with the operands branches forward to them
 * (MLIR's deleteDeadness for block arguments). Returns true when one was erased.
 */
function eraseDeadArguments(region: Region, live: ReadonlySet<Value>): boolean {
  let erased = false;
  for (const block of region.blocks) {
    for (let op = block.first; op; op = op.next) for (const nested of op.regions) erased = eraseDeadArguments(nested, live) || erased;
    if (block === region.entry) continue;
    const dead = block.arguments.filter((a) => !live.has(a));
    if (dead.length === 0) continue;
    // Every predecessor is a branch here (others made all successor arguments live).
    for (const pred of new Set(block.predecessors)) {
      const hook = pred.definition!.spec.successorOperands!;
      const operands = pred.operands;
      const drop = new Set<number>();
      const segments = pred.getProperty('operandSegmentSizes') as DenseArrayAttr | undefined;
      const sizes = segments ? [...segments.numbers] : undefined;
      pred.successors.forEach((s, i) => {
        if (s !== block) return;
        const [start, , segment] = hook(pred, i);
        for (const a of dead) {
          drop.add(start + a.index);
          if (sizes && segment !== undefined) sizes[segment]!--;
        }
      });
      pred.setOperands(operands.filter((_, i) => !drop.has(i)));
      if (sizes) pred.properties.set('operandSegmentSizes', segmentSizesAttr(sizes));
    }
    for (let i = block.arguments.length - 1; i >= 0; i--) {
      const a = block.arguments[i]!;
      if (live.has(a)) continue;
      a.dropAllUses();
      block.eraseArgument(i);
    }
    erased = true;
  }
  return erased;
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
