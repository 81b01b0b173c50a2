import type { Operation } from '../../core/ir/operation.js';
import { constantInt } from '../../core/rewrite/folder.js';

function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b === a || a < 0n !== b < 0n ? q : q + 1n;
}

/** The trip count of an scf.for with constant bounds and a positive constant step. */
export function constantTripCount(forOp: Operation): bigint | undefined {
  const [lb, ub, step] = [0, 1, 2].map((i) => constantInt(forOp.operand(i)));
  if (lb === undefined || ub === undefined || step === undefined || step <= 0n) return undefined;
  const n = ceilDiv(ub - lb, step);
  return n < 0n ? 0n : n;
}
