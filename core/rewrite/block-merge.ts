/**
 * MLIR's mergeIdenticalBlocks and dropRedundantArguments (RegionUtils.cpp), the block merging of region simplification
 * `aggressive`: non-entry blocks with the same successors, argument types and ops (equal but for
 * values defined outside the block) merge into the first of them; operands that differ become new
 * arguments of the kept block, which every predecessor branch then passes.
 */
import { segmentSizesAttr } from '../ir/op-definition.js';
import type { Attribute, DenseArrayAttr } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import { BlockArgument, type OpResult, type Value } from '../ir/value.js';
import type { PatternRewriter } from './rewriter.js';

/** A block and the position of each value it defines (arguments first, then results in order): MLIR's BlockEquivalenceData. */
class BlockData {
  private readonly order = new Map<Operation, number>();
  constructor(readonly block: Block) {
    let at = block.numArguments;
    for (let op = block.first; op; op = op.next) {
      if (op.results.length) {
        this.order.set(op, at);
        at += op.results.length;
      }
    }
  }
  orderOf(v: Value): number {
    if (v instanceof BlockArgument) return v.index;
    const r = v as OpResult;
    return this.order.get(r.owner)! + r.index;
  }
}

function sameAttrMaps(a: ReadonlyMap<string, Attribute> | undefined, b: ReadonlyMap<string, Attribute> | undefined): boolean {
  const [sa, sb] = [a?.size ?? 0, b?.size ?? 0];
  if (sa !== sb) return false;
  if (sa === 0) return true;
  for (const [k, v] of a!) if (b!.get(k) !== v) return false;
  return true;
}

/** OperationEquivalence::isEquivalentTo with ignoreValueEquivalence and IgnoreLocations. */
function sameOpIgnoringValues(l: Operation, r: Operation): boolean {
  if (l.name !== r.name || l.numOperands !== r.numOperands || l.results.length !== r.results.length) return false;
  if (l.regions.length !== r.regions.length || l.successorSlots.length !== r.successorSlots.length) return false;
  if (!sameAttrMaps(l.attributesIfAny, r.attributesIfAny) || !sameAttrMaps(l.propertiesIfAny, r.propertiesIfAny)) return false;
  for (let i = 0; i < l.numOperands; i++) if (l.operand(i).type !== r.operand(i).type) return false;
  for (let i = 0; i < l.results.length; i++) if (l.results[i]!.type !== r.results[i]!.type) return false;
  return true;
}

/** Some user of `v` (or of a result of `op`) sits outside `block` (MLIR's isUsedOutsideOfBlock). */
const usedOutside = (v: Value, block: Block) => v.uses.some((u) => u.owner.parent !== block);
const opUsedOutside = (op: Operation, block: Block) => op.results.some((r) => usedOutside(r, block));

const isBranch = (op: Operation) => op.definition?.spec.successorOperands !== undefined;

/** Whether `v` may be passed to `block`'s merged version from its predecessors (it is not the result of one of their terminators). */
function validSuccessorArg(block: Block, v: Value): boolean {
  const def = v.definingOp;
  if (!def || def !== def.parent?.last) return true;
  return !block.predecessors.some((p) => p.parent === def.parent);
}

class Cluster {
  readonly merged: Block[] = [];
  /** (op position, operand number) pairs whose values differ between the blocks. */
  readonly operands: [number, number][] = [];
  constructor(readonly leader: BlockData) {}

  /** MLIR's BlockMergeCluster::addToCluster. */
  add(data: BlockData): boolean {
    const lb = this.leader.block;
    const mb = data.block;
    if (lb.numArguments !== mb.numArguments || lb.arguments.some((a, i) => a.type !== mb.arguments[i]!.type)) return false;
    const mismatched: [number, number][] = [];
    let l = lb.first;
    let r = mb.first;
    for (let opI = 0; l && r; l = l.next, r = r.next, opI++) {
      if (!sameOpIgnoringValues(l, r)) return false;
      for (let k = 0; k < l.numOperands; k++) {
        const [lv, rv] = [l.operand(k), r.operand(k)];
        if (lv === rv) continue;
        if (lv.type !== rv.type) return false;
        const lIn = lv.parentBlock === lb;
        const rIn = rv.parentBlock === mb;
        if (lIn !== rIn) return false;
        if (!lIn) {
          if (!validSuccessorArg(lb, lv) || !validSuccessorArg(mb, rv)) return false;
          mismatched.push([opI, k]);
          continue;
        }
        if (this.leader.orderOf(lv) !== data.orderOf(rv)) return false;
      }
      if (opUsedOutside(r, mb) || opUsedOutside(l, lb)) return false;
    }
    if (l || r) return false;
    this.operands.push(...mismatched);
    this.merged.push(mb);
    return true;
  }

  /** MLIR's BlockMergeCluster::merge. */
  merge(rewriter: PatternRewriter): boolean {
    if (this.merged.length === 0) return false;
    const leader = this.leader.block;
    const blocks = [leader, ...this.merged];
    if (this.operands.length > 0) {
      if (!blocks.every((b) => b.predecessors.every(isBranch))) return false;
      // The differing operand values of each block, then the leader's operands become new arguments.
      const values = blocks.map((b) => {
        const ops = b.ops;
        return this.operands.map(([opI, k]) => ops[opI]!.operand(k));
      });
      const leaderOps = leader.ops;
      for (const [opI, k] of this.operands) {
        const op = leaderOps[opI]!;
        const v = op.operand(k);
        op.setOperand(k, leader.addArgument(v.type, v instanceof BlockArgument ? v.loc : (v as OpResult).owner.loc));
      }
      blocks.forEach((b, i) => {
        for (const use of [...b.predecessorUses]) appendSuccessorOperands(use.owner, use.index, values[i]!);
      });
    }
    for (const block of this.merged) {
      for (const use of [...block.predecessorUses]) use.set(leader);
      for (let op = block.last; op; ) {
        const prev: Operation | undefined = op.prev;
        rewriter.eraseOp(op);
        op = prev;
      }
      block.parent!.removeBlock(block);
    }
    return true;
  }
}

/** Append `values` to the operands that branch `op` forwards to its successor #`index`. */
function appendSuccessorOperands(op: Operation, index: number, values: readonly Value[]): void {
  const [start, count, segment] = op.definition!.spec.successorOperands!(op, index);
  const operands = op.operands;
  op.setOperands([...operands.slice(0, start + count), ...values, ...operands.slice(start + count)]);
  if (segment !== undefined) {
    const sizes = [...(op.getProperty('operandSegmentSizes') as DenseArrayAttr).numbers];
    sizes[segment]! += values.length;
    op.properties.set('operandSegmentSizes', segmentSizesAttr(sizes));
  }
}

function mergeInRegion(rewriter: PatternRewriter, region: Region): boolean {
  const blocks = region.blocks;
  if (blocks.length <= 1) return false;
  // Clusters by successor list, in the order their first block comes.
  const bySuccessors = new Map<string, Cluster[]>();
  const ids = new Map<Block, number>();
  blocks.forEach((b, i) => ids.set(b, i));
  for (const block of blocks.slice(1)) {
    if (block.ops.some((op) => op.regions.some((r) => !r.empty))) continue;
    if (block.arguments.some((a) => usedOutside(a, block))) continue;
    const key = block.successors.map((s) => ids.get(s) ?? -1).join(',');
    const data = new BlockData(block);
    let clusters = bySuccessors.get(key);
    if (!clusters) bySuccessors.set(key, (clusters = []));
    if (!clusters.some((c) => c.add(data))) clusters.push(new Cluster(data));
  }
  let merged = false;
  for (const clusters of bySuccessors.values()) for (const c of clusters) merged = c.merge(rewriter) || merged;
  return merged;
}

/** Merge identical blocks in `regions` and everything nested, to a fixed point per region. */
export function mergeIdenticalBlocks(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  const worklist = [...regions];
  const queued = new Set<Region>(worklist);
  let changed = false;
  while (worklist.length) {
    const region = worklist.pop()!;
    queued.delete(region);
    if (mergeInRegion(rewriter, region)) {
      changed = true;
      if (!queued.has(region)) {
        worklist.push(region);
        queued.add(region);
      }
    }
    for (const block of region.blocks) {
      for (let op = block.first; op; op = op.next) {
        for (const nested of op.regions) {
          if (!queued.has(nested)) {
            worklist.push(nested);
            queued.add(nested);
          }
        }
      }
    }
  }
  return changed;
}

/**
 * MLIR's dropRedundantArguments: an argument of a block whose predecessors are all branches that
 * pass it the same value is replaced by that value and erased, with the operands passing it.
 */
function dropRedundantArgumentsOf(block: Block): boolean {
  const uses = [...block.predecessorUses];
  const drop: number[] = [];
  block.arguments.forEach((arg, i) => {
    let common: Value | undefined;
    for (const use of uses) {
      if (!isBranch(use.owner)) return;
      const [start] = use.owner.definition!.spec.successorOperands!(use.owner, use.index);
      const v = use.owner.operand(start + i);
      if (common === undefined) common = v;
      else if (v !== common) return;
    }
    if (common === undefined) return;
    arg.replaceAllUsesWith(common);
    drop.push(i);
  });
  for (const i of drop.reverse()) {
    block.eraseArgument(i);
    for (const use of uses) eraseSuccessorOperand(use.owner, use.index, i);
  }
  return drop.length > 0;
}

/** Erase operand #`i` of those that branch `op` forwards to its successor #`index`. */
function eraseSuccessorOperand(op: Operation, index: number, i: number): void {
  const [start, , segment] = op.definition!.spec.successorOperands!(op, index);
  op.setOperands(op.operands.filter((_, k) => k !== start + i));
  if (segment !== undefined) {
    const sizes = [...(op.getProperty('operandSegmentSizes') as DenseArrayAttr).numbers];
    sizes[segment]! -= 1;
    op.properties.set('operandSegmentSizes', segmentSizesAttr(sizes));
  }
}

/** dropRedundantArguments over `regions` and everything nested. */
export function dropRedundantArguments(regions: readonly Region[]): boolean {
  const worklist = [...regions];
  let changed = false;
  while (worklist.length) {
    const region = worklist.pop()!;
    for (const block of region.blocks) {
      changed = dropRedundantArgumentsOf(block) || changed;
      for (let op = block.first; op; op = op.next) worklist.push(...op.regions);
    }
  }
  return changed;
}
