import type { Operation } from './operation.js';
import type { Trait } from './traits.js';

/** One dimension of one operand: [operand index, dimension]. */
export type OperandDim = readonly [operand: number, dim: number];

/**
 * Two operand dimensions that must be equal when the op runs, and what to say when they are not.
 * The verifier checks them where both are static; where one is dynamic only a run can.
 */
export interface DimEquality {
  readonly a: OperandDim;
  readonly b: OperandDim;
  readonly message: string;
}

/**
 * The op's checks of its operands' shapes at run time (MLIR's RuntimeVerifiableOpInterface, for
 * shapes): generate-runtime-verification turns each into an assertion before the op.
 */
export function RuntimeVerifiable(checks: (op: Operation) => readonly DimEquality[]): Trait {
  return { name: 'RuntimeVerifiable', ...{ runtimeChecks: checks } } as Trait;
}

/** The run-time shape checks an op declares, or undefined when it declares none. */
export function runtimeChecksOf(op: Operation): readonly DimEquality[] | undefined {
  for (const t of op.definition?.traits ?? []) {
    if ('runtimeChecks' in t) return (t as Trait & { runtimeChecks: (op: Operation) => readonly DimEquality[] }).runtimeChecks(op);
  }
  return undefined;
}
