import type { Operation } from './operation.js';
import type { Trait } from './traits.js';

/**
 * Whether an op may be executed when the program would not have executed it (hoisted out of a
 * loop or a branch): MLIR's ConditionallySpeculatable. 'recursive' means: if its nested ops are.
 */
export type Speculatability = 'speculatable' | 'not-speculatable' | 'recursive';

/** The op decides per instance (e.g. a division is speculatable when its divisor is a known non-zero constant). */
export function ConditionallySpeculatable(speculatability: (op: Operation) => Speculatability): Trait {
  return { name: 'ConditionallySpeculatable', ...{ speculatability } } as Trait;
}

/** Speculatable whenever every nested op is (MLIR's RecursivelySpeculatable). */
export const RecursivelySpeculatable = ConditionallySpeculatable(() => 'recursive');

/**
 * What the op's declaration says: Pure ops are speculatable; ops with a ConditionallySpeculatable
 * trait answer themselves; undefined for anything else (unknown).
 */
export function declaredSpeculatability(op: Operation): Speculatability | undefined {
  for (const t of op.definition?.traits ?? []) {
    if ('speculatability' in t) return (t as Trait & { speculatability: (op: Operation) => Speculatability }).speculatability(op);
  }
  return op.hasTrait('Pure') ? 'speculatable' : undefined;
}
