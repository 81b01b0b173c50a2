import type { Operation } from '../core/ir/operation.js';
import type { Region } from '../core/ir/region.js';
import type { Value } from '../core/ir/value.js';
import { definePass } from '../core/pass/pass.js';
import { isSpeculatable, loopRegionsOf } from './analysis/interfaces.js';
import { isMemoryEffectFree } from './analysis/side-effects.js';

/** The op that owns the region holding `v`'s definition. */
function definingScope(v: Value): Operation | undefined {
  return v.parentRegion?.parent;
}

/**
 * Every value `op` (or an op nested in it) uses comes from outside the loop, or from inside
 * `op` itself (MLIR's canBeHoisted). Terminators never move.
 */
function canBeHoisted(op: Operation, definedOutside: (v: Value) => boolean): boolean {
  if (op.hasTrait('Terminator')) return false;
  const r = op.walk((child) => {
    for (const v of child.operands) {
      const scope = definingScope(v);
      if (scope && op.isAncestorOf(scope)) continue;
      if (!definedOutside(v)) return 'interrupt';
    }
  });
  return r !== 'interrupt';
}

/**
 * Move the invariant ops of `loop`'s body regions before the loop, each as soon as its operands
 * allow, revisiting the users of moved ops (MLIR's moveLoopInvariantCode). Returns how many moved.
 */
export function moveLoopInvariantCode(loop: Operation, regions: readonly Region[]): number {
  let moved = 0;
  const definedOutside = (v: Value) => {
    const scope = definingScope(v);
    return !scope || !loop.isAncestorOf(scope);
  };
  for (const region of regions) {
    const worklist: Operation[] = [...region.ops()];
    for (let i = 0; i < worklist.length; i++) {
      const op = worklist[i]!;
      if (op.parentRegion !== region) continue;
      if (!isMemoryEffectFree(op) || !isSpeculatable(op) || !canBeHoisted(op, definedOutside)) continue;
      op.moveBefore(loop);
      moved++;
      for (const r of op.results) for (const user of r.users()) if (user.parentRegion === region) worklist.push(user);
    }
  }
  return moved;
}

export const licmPass = definePass({
  name: 'loop-invariant-code-motion',
  displayName: 'LoopInvariantCodeMotion',
  summary: 'Hoist loop invariant instructions outside of the loop',
  description:
    'Moves ops without memory effects that may be executed speculatively, and whose operands are ' +
    'defined outside the loop, from the body of each loop (scf.for, scf.while, and ops declaring ' +
    'LoopLike) to just before it. Inner loops are processed first, so code can move out of a nest.',
  statistics: { 'num-hoisted': 'Number of operations hoisted out of loops' },
  run(root, pass) {
    let moved = 0;
    root.walk((op) => {
      const regions = loopRegionsOf(op);
      if (regions) moved += moveLoopInvariantCode(op, regions);
    });
    if (moved) pass.addStatistic('num-hoisted', moved);
  },
});
