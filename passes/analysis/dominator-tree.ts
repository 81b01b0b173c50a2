import type { Block } from '../../core/ir/block.js';
import type { RegionDominance } from '../../core/ir/dominance.js';
import type { Region } from '../../core/ir/region.js';

/**
 * The children of each reachable block in the dominator tree of `region` (blocks in region
 * order), derived from dominance queries. Unreachable blocks are not in the tree.
 */
export function dominatorTreeChildren(region: Region, dom: RegionDominance): Map<Block, Block[]> {
  const reachable = region.blocks.filter((b) => dom.isReachable(b));
  const children = new Map<Block, Block[]>(reachable.map((b) => [b, []]));
  for (const block of reachable) {
    if (block === region.entry) continue;
    // The immediate dominator is the strict dominator that every other strict dominator dominates.
    let idom: Block | undefined;
    for (const d of reachable) {
      if (d === block || !dom.dominates(d, block)) continue;
      if (!idom || dom.dominates(idom, d)) idom = d;
    }
    if (idom) children.get(idom)!.push(block);
  }
  return children;
}
