import type { Operation } from './operation.js';
import type { Region } from './region.js';
import type { Trait } from './traits.js';

/** What loop transformations need to know of a loop op (MLIR's LoopLikeOpInterface, in part). */
export interface LoopLikeSpec {
  /** The regions that make up the loop body (executed repeatedly). */
  loopRegions(op: Operation): Region[];
}

export function LoopLike(spec: LoopLikeSpec): Trait {
  return { name: 'LoopLike', ...{ loopLike: spec } } as Trait;
}

/** The loop interface an op declares, if any. */
export function declaredLoopLike(op: Operation): LoopLikeSpec | undefined {
  for (const t of op.definition?.traits ?? []) if ('loopLike' in t) return (t as Trait & { loopLike: LoopLikeSpec }).loopLike;
  return undefined;
}
