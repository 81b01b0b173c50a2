import { FloatAttr, IntegerAttr } from '../../core/ir/attributes.js';
import { FloatType, type IntegerType, type Type } from '../../core/ir/types.js';
import type { ReduceKind } from './attributes.js';

/** The arith op that combines two elements under a reduction kind: [for floats, for integers]. */
const COMBINERS: Record<ReduceKind, [float: string | undefined, int: string]> = {
  add: ['arith.addf', 'arith.addi'],
  mul: ['arith.mulf', 'arith.muli'],
  max: ['arith.maximumf', 'arith.maxsi'],
  min: ['arith.minimumf', 'arith.minsi'],
  and: [undefined, 'arith.andi'],
  or: [undefined, 'arith.ori'],
  xor: [undefined, 'arith.xori'],
};

/** The name of the arith op combining two `elem` values under `kind`, or undefined when the kind does not apply to it. */
export const combinerOpName = (kind: ReduceKind, elem: Type): string | undefined => COMBINERS[kind][elem instanceof FloatType ? 0 : 1];

/** The identity of `kind` over `elem` (max of floats: -inf; of integers: the signed minimum), as an attribute. */
export function reductionIdentityAttr(kind: ReduceKind, elem: Type): FloatAttr | IntegerAttr {
  if (elem instanceof FloatType) return FloatAttr.get(elem, { add: 0, mul: 1, max: -Infinity, min: Infinity }[kind as 'add']);
  const width = (elem as IntegerType).width;
  const top = 1n << BigInt(width - 1);
  return IntegerAttr.get(elem, { add: 0n, mul: 1n, max: -top, min: top - 1n, and: -1n, or: 0n, xor: 0n }[kind]);
}
