import type { Operation } from '../ir/operation.js';
import { memoryEffectsOf } from '../ir/traits.js';

/** True when `op` has no effects that matter: it may be erased once its results are unused. */
export function wouldOpBeTriviallyDead(op: Operation): boolean {
  const traits = op.definition?.traitNames;
  if (!traits) return false; // unregistered: no declared effects, not recursive
  if (traits.has('Terminator') || traits.has('Symbol')) return false;
  const effects = memoryEffectsOf(op);
  const recursive = traits.has('RecursiveMemoryEffects');
  if (effects === undefined) {
    if (!recursive) return false;
  } else {
    for (let i = 0; i < effects.length; i++) if (effects[i] !== 'allocate' && effects[i] !== 'read') return false;
  }
  if (recursive) {
    for (const region of op.regions) {
      for (const block of region.blocks) {
        for (let nested = block.first; nested; nested = nested.next) {
          if (!nested.hasTrait('Terminator')) {
            if (!wouldOpBeTriviallyDead(nested)) return false;
          } else if (!nested.hasTrait('ReturnLike') && memoryEffectsOf(nested) === undefined) return false;
        }
      }
    }
  }
  return true;
}

/** Unused and without effects (MLIR's isOpTriviallyDead). */
export function isOpTriviallyDead(op: Operation): boolean {
  return !op.hasResultsUsed && wouldOpBeTriviallyDead(op);
}
