import type { Operation } from '../../core/ir/operation.js';
import { memoryEffectsOf, type MemoryEffect } from '../../core/ir/traits.js';

/**
 * No memory effects, counting nested ops for ops with RecursiveMemoryEffects (MLIR's
 * isMemoryEffectFree). Ops that declare nothing are assumed to have effects.
 */
export function isMemoryEffectFree(op: Operation): boolean {
  const effects = memoryEffectsOf(op);
  const recursive = op.definition?.recursiveMemoryEffects ?? false;
  if (effects !== undefined) {
    if (effects.length > 0) return false;
    if (!recursive) return true;
  } else if (!recursive) {
    return false;
  }
  const regions = op.regions;
  for (let r = 0; r < regions.length; r++) {
    const blocks = regions[r]!.blocks;
    for (let b = 0; b < blocks.length; b++) {
      for (let nested = blocks[b]!.first; nested; nested = nested.next) if (!isMemoryEffectFree(nested)) return false;
    }
  }
  return true;
}

/**
 * The effects of `op` and of everything nested in it when it has RecursiveMemoryEffects, or
 * undefined when some op on the way declares nothing (MLIR's getEffectsRecursively).
 */
export function effectsRecursively(op: Operation): MemoryEffect[] | undefined {
  const out: MemoryEffect[] = [];
  const visit = (o: Operation): boolean => {
    const own = memoryEffectsOf(o);
    const recursive = o.definition?.recursiveMemoryEffects ?? false;
    if (own === undefined && !recursive) return false;
    if (own) out.push(...own);
    if (recursive) for (const region of o.regions) for (const nested of region.ops()) if (!visit(nested)) return false;
    return true;
  };
  return visit(op) ? out : undefined;
}

/** The op declares effects and every one of them is a read (MLIR's onlyHasEffect<Read>). */
export function onlyReads(op: Operation): boolean {
  const effects = memoryEffectsOf(op);
  return effects !== undefined && effects.every((e) => e === 'read');
}
