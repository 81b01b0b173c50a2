import type { Operation } from '../ir/operation.js';
import { memoryEffectsOf } from '../ir/traits.js';

/** True when `op` has no effects that matter: it may be erased once its results are unused. */
export function wouldOpBeTriviallyDead(op: Operation): boolean {
  if (op.hasTrait('Terminator') || op.hasTrait('Symbol')) return false;
  const effects = memoryEffectsOf(op);
  if (effects === undefined) {
    if (!op.hasTrait('RecursiveMemoryEffects')) return false;
  } else if (effects.some((e) => e !== 'allocate' && e !== 'read')) {
    return false;
  }
  if (op.hasTrait('RecursiveMemoryEffects')) {
    for (const region of op.regions) {
      for (const nested of region.ops()) {
        if (!nested.hasTrait('Terminator') && !wouldOpBeTriviallyDead(nested)) return false;
        if (nested.hasTrait('Terminator') && !nested.hasTrait('ReturnLike') && memoryEffectsOf(nested) === undefined) return false;
      }
    }
  }
  return true;
}

/** Unused and without effects (MLIR's isOpTriviallyDead). */
export function isOpTriviallyDead(op: Operation): boolean {
  return !op.hasResultsUsed && wouldOpBeTriviallyDead(op);
}
