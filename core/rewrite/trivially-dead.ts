import type { OpDefinition } from '../ir/op-definition.js';
import type { Operation } from '../ir/operation.js';
import { memoryEffectsOf } from '../ir/traits.js';

const NEVER = 0;
const ALWAYS = 1;
const IF_BODY_IS = 2;
/** Per definition (traits never change): never dead, dead when unused, or when its body is too. */
function deadKindOf(def: OpDefinition, op: Operation): number {
  let kind = def.deadKind;
  if (kind !== undefined) return kind;
  const traits = def.traitNames;
  const effects = memoryEffectsOf(op);
  const recursive = def.recursiveMemoryEffects;
  if (def.isTerminator || traits.has('Symbol')) kind = NEVER;
  else if (effects === undefined) kind = recursive ? IF_BODY_IS : NEVER;
  else if (effects.some((e) => e !== 'allocate' && e !== 'read')) kind = NEVER;
  else kind = recursive ? IF_BODY_IS : ALWAYS;
  def.deadKind = kind;
  return kind;
}

/** False when ops of this kind are never trivially dead, whatever they contain (a cheap first test). */
export function mayBeTriviallyDead(op: Operation): boolean {
  const def = op.definition;
  return def !== undefined && deadKindOf(def, op) !== NEVER;
}

/** True when `op` has no effects that matter: it may be erased once its results are unused. */
export function wouldOpBeTriviallyDead(op: Operation): boolean {
  const def = op.definition;
  if (!def) return false; // unregistered: no declared effects, not recursive
  const kind = deadKindOf(def, op);
  if (kind !== IF_BODY_IS) return kind === ALWAYS;
  return regionsAreDead(op);
}

/** Whether every op nested in `op`'s regions is dead; terminators count when effect-free or returning. */
function regionsAreDead(op: Operation): boolean {
  const regions = op.regions;
  for (let r = 0; r < regions.length; r++) {
    const blocks = regions[r]!.blocks;
    for (let b = 0; b < blocks.length; b++) {
      for (let nested = blocks[b]!.first; nested; nested = nested.next) {
        const def = nested.definition;
        if (!def?.isTerminator) {
          if (!wouldOpBeTriviallyDead(nested)) return false;
        } else if (def.recursiveMemoryEffects) {
          // A terminator with a body (scf.forall.in_parallel) has the effects of its ops.
          if (!regionsAreDead(nested)) return false;
        } else if (!nested.hasTrait('ReturnLike') && memoryEffectsOf(nested) === undefined) return false;
      }
    }
  }
  return true;
}

/** Unused and without effects (MLIR's isOpTriviallyDead). */
export function isOpTriviallyDead(op: Operation): boolean {
  return !op.hasResultsUsed && wouldOpBeTriviallyDead(op);
}
