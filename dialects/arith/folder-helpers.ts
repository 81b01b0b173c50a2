/**
 * What every group of arith folders is made of: the Folder signature, the wrappers that hand a
 * folder its operands' constant values, accessors of an op's operands and result, and the
 * bounds of an integer width.
 */
import type { Attribute } from '../../core/ir/attributes.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';

type Operands = readonly (Attribute | undefined)[];
export type Folder = (op: Operation, operands: Operands) => FoldResult[] | FoldResult | undefined;

// The operands' constant values are read by index, not destructured in the parameter list:
// `[a, b]` would run the array iterator protocol on every fold, and folders run on every op.
/** A folder of a one-operand op, given the operand's constant value. */
export function unaryFolder(fold: (op: Operation, a: Attribute | undefined) => ReturnType<Folder>): Folder {
  return (op, operands) => fold(op, operands[0]);
}
/** A folder of a two-operand op, given the operands' constant values. */
export function binaryFolder(fold: (op: Operation, a: Attribute | undefined, b: Attribute | undefined) => ReturnType<Folder>): Folder {
  return (op, operands) => fold(op, operands[0], operands[1]);
}

export const resultType = (op: Operation): Type => op.results[0]!.type;
/** Operand `i` (as `op.operands[i]`, without building the operand list). */
export const operandOf = (op: Operation, i: number): Value => op.operandSlots[i]?.value as Value;
export const lhsOf = (op: Operation): Value => operandOf(op, 0);
export const rhsOf = (op: Operation): Value => operandOf(op, 1);
export const definedBy = (v: Value, name: string): Operation | undefined => (v.definingOp?.name === name ? v.definingOp : undefined);

/** The least and greatest signed and the greatest unsigned integer of width `w`. */
export const minSigned = (w: number): bigint => -(1n << BigInt(w - 1));
export const maxSigned = (w: number): bigint => (1n << BigInt(w - 1)) - 1n;
export const maxUnsigned = (w: number): bigint => (1n << BigInt(w)) - 1n;
