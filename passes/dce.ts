import type { Block } from '../core/ir/block.js';
import type { Operation } from '../core/ir/operation.js';
import type { Region } from '../core/ir/region.js';
import { definePass } from '../core/pass/pass.js';
import { isOpTriviallyDead } from '../core/rewrite/trivially-dead.js';

/** Counts of what one sweep removed. */
interface Removed {
  ops: number;
  blocks: number;
}

/** Erase the blocks of a multi-block region that the entry block cannot reach. */
function eraseUnreachableBlocks(region: Region, removed: Removed): void {
  if (region.blocks.length < 2) return;
  const reachable = new Set(region.postOrderBlocks());
  const dead = region.blocks.filter((b) => !reachable.has(b));
  // Dead blocks may use each other's values and branch to each other: drop every reference first.
  for (const block of dead) for (const op of block) op.dropAllReferences();
  for (const block of dead) {
    for (const op of block) {
      op.walk(() => void removed.ops++);
      op.remove();
    }
    region.removeBlock(block);
    removed.blocks++;
  }
}

/** Erase dead ops bottom-up (users before their operands' definitions), nested regions first. */
function sweepBlock(block: Block, removed: Removed): void {
  for (let op = block.last; op; ) {
    const prev: Operation | undefined = op.prev;
    for (const region of op.regions) sweepRegion(region, removed);
    if (isOpTriviallyDead(op)) {
      op.walk(() => void removed.ops++);
      op.erase();
    }
    op = prev;
  }
}

function sweepRegion(region: Region, removed: Removed): void {
  eraseUnreachableBlocks(region, removed);
  for (let i = region.blocks.length - 1; i >= 0; i--) sweepBlock(region.blocks[i]!, removed);
}

export const dcePass = definePass({
  name: 'dce',
  displayName: 'DCE',
  summary: 'Erase unused ops without side effects and unreachable blocks',
  description:
    "tile-opt's own pass (mlir-opt has no 'dce'): repeatedly erases ops that are trivially dead " +
    '(results unused, no memory effects, not terminators or symbols; ops with regions only when ' +
    'every nested op is dead too) and blocks that the entry block of their region cannot reach, ' +
    'until nothing changes. Block arguments are left alone.',
  statistics: { 'num-erased-ops': 'Number of operations erased', 'num-erased-blocks': 'Number of unreachable blocks erased' },
  run(op, pass) {
    const total: Removed = { ops: 0, blocks: 0 };
    for (;;) {
      const removed: Removed = { ops: 0, blocks: 0 };
      for (const region of op.regions) sweepRegion(region, removed);
      total.ops += removed.ops;
      total.blocks += removed.blocks;
      if (removed.ops === 0 && removed.blocks === 0) break;
    }
    if (total.ops) pass.addStatistic('num-erased-ops', total.ops);
    if (total.blocks) pass.addStatistic('num-erased-blocks', total.blocks);
  },
});
