import type { Block } from '../core/ir/block.js';
import { UnknownLoc } from '../core/ir/location.js';
import type { Region } from '../core/ir/region.js';
import type { Value } from '../core/ir/value.js';
import { definePass } from '../core/pass/pass.js';
import { OperationFolder } from '../core/rewrite/folder.js';
import { PatternRewriter } from '../core/rewrite/rewriter.js';
import { wouldOpBeTriviallyDead } from '../core/rewrite/trivially-dead.js';
import { ConstantPropagation } from './analysis/constant-propagation.js';

export const sccpPass = definePass({
  name: 'sccp',
  displayName: 'SCCP',
  summary: 'Sparse Conditional Constant Propagation',
  description:
    'Finds the values that are constant on every path that can execute (through scf.if/for/while/' +
    'execute_region, ops declaring RegionBranch, and calls between func.func symbols inside the ' +
    'op it runs on), replaces them by constants at the start of their isolated region, and erases ' +
    'ops whose results all became constants when they have no other effect. Code that cannot ' +
    'execute is left in place.',
  run(root, pass) {
    const analysis = new ConstantPropagation(root);
    analysis.run();
    const rewriter = new PatternRewriter(pass.context);
    rewriter.loc = UnknownLoc.get();
    const folder = new OperationFolder(rewriter);

    const replaceWithConstant = (v: Value, block: Block): boolean => {
      const lattice = analysis.latticeOf(v);
      if (lattice === undefined || lattice === 'unknown') return false;
      const constant = folder.getOrCreateConstant(block, lattice.dialect, lattice.attr, v.type);
      if (!constant) return false;
      v.replaceAllUsesWith(constant.results[0]!);
      return true;
    };

    // Blocks as MLIR's SCCP rewrite visits them: a stack, nested regions after their block.
    const worklist: Block[] = [];
    const push = (regions: readonly Region[]) => {
      for (const region of regions) for (let i = region.blocks.length - 1; i >= 0; i--) worklist.push(region.blocks[i]!);
    };
    push(root.regions);
    while (worklist.length > 0) {
      const block = worklist.pop()!;
      for (const op of block) {
        let replacedAll = op.results.length > 0;
        for (const r of op.results) replacedAll = replaceWithConstant(r, block) && replacedAll;
        if (replacedAll && wouldOpBeTriviallyDead(op)) {
          op.erase();
          continue;
        }
        push(op.regions);
      }
      for (const arg of block.arguments) replaceWithConstant(arg, block);
    }
  },
});
