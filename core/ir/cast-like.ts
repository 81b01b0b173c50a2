import type { Operation } from './operation.js';
import type { Type } from './types.js';

/** Whether one value may be cast from type `from` to type `to` (MLIR's CastOpInterface::areCastCompatible, one input and one output). */
export type CastCompatible = (from: Type, to: Type) => boolean;

/**
 * The verifier of a cast op of one operand and one result (MLIR's verifyCastInterfaceOp): the
 * types must be cast compatible, else MLIR's message.
 */
export function castVerifier(compatible: CastCompatible): (op: Operation) => string | undefined {
  return (op) => {
    const from = op.operand(0).type;
    const to = op.results[0]!.type;
    return compatible(from, to) ? undefined : `operand type '${from}' and result type '${to}' are cast incompatible`;
  };
}
