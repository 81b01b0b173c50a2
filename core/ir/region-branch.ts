import type { Attribute } from './attributes.js';
import type { Operation } from './operation.js';
import type { Trait } from './traits.js';
import type { Value } from './value.js';

/** A place control can go within a region-holding op: one of its regions (by index), or back out to the op. */
export type RegionPoint = number | 'parent';

/**
 * How control flows between an op and its regions (MLIR's RegionBranchOpInterface together with
 * its terminators' RegionBranchTerminatorOpInterface). Operand constants are undefined when unknown.
 */
export interface RegionBranchSpec {
  /** Where control may go when the op starts. */
  entrySuccessors(op: Operation, operands: readonly (Attribute | undefined)[]): RegionPoint[];
  /** The values the op passes to `to` when it starts. */
  entryOperands(op: Operation, to: RegionPoint): Value[];
  /** Where control may go from `terminator`, which ends a block of region `from`. */
  terminatorSuccessors(op: Operation, from: number, terminator: Operation, operands: readonly (Attribute | undefined)[]): RegionPoint[];
  /** The values `terminator` passes to `to`. */
  terminatorOperands(terminator: Operation, to: RegionPoint): Value[];
  /** The values that receive what is passed to `to`: entry block arguments of a region, or the op's results. */
  successorInputs(op: Operation, to: RegionPoint): Value[];
}

export function RegionBranch(spec: RegionBranchSpec): Trait {
  return { name: 'RegionBranch', ...{ regionBranch: spec } } as Trait;
}

export function declaredRegionBranch(op: Operation): RegionBranchSpec | undefined {
  for (const t of op.definition?.traits ?? []) if ('regionBranch' in t) return (t as Trait & { regionBranch: RegionBranchSpec }).regionBranch;
  return undefined;
}
