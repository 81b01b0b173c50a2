/**
 * Masked and indexed memory ops of the vector dialect (MLIR 19): gather, scatter, maskedload,
 * maskedstore, expandload, compressstore. Verifier messages are MLIR's.
 */
import { AnyMemRef, Index, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemoryEffects } from '../../core/ir/traits.js';
import { MemRefType, RankedTensorType, type ShapedType, type VectorType } from '../../core/ir/types.js';
import {
  AnyShaped,
  AnyTypedVectorOfRank1,
  AnyVectorOfNonZeroRank,
  BoolVectorOfNonZeroRank,
  BoolVectorOfRank1,
  IntOrIndexVectorOfNonZeroRank,
  IntOrIndexVectorOfRank1,
  VectorOfRank1,
} from './constraints.js';

const t = (op: Operation, i: number) => op.operand(i).type;
const sameShape = (a: VectorType, b: VectorType) => a.shape.length === b.shape.length && a.shape.every((d, i) => d === b.shape[i]);
const indexCount = (op: Operation, fixedBefore: number, fixedAfter: number) => op.numOperands - fixedBefore - fixedAfter;

/**
 * The verifier MLIR 19 gives the masked contiguous memory ops (maskedload/store, expandload,
 * compressstore): base [indices], mask, then pass_thru (loads; the result is the vector) or the
 * stored vector, with MLIR's messages. Rank-1 ops (expand/compress) compare the first dimension.
 */
function verifyMaskedAccess(load: boolean, rank1: boolean) {
  const name = load ? 'result' : 'valueToStore';
  return (op: Operation): string | undefined => {
    const n = op.numOperands;
    const base = t(op, 0) as MemRefType;
    const [mask, last] = [t(op, n - 2), t(op, n - 1)] as VectorType[];
    const value = load ? (op.resultTypes[0] as VectorType) : last!;
    if (value.elementType !== base.elementType) return `base and ${name} element type should match`;
    if (indexCount(op, 1, 2) !== base.rank) return `requires ${base.rank} indices`;
    if (rank1 ? value.shape[0] !== mask!.shape[0] : !sameShape(value, mask!)) return `expected ${name} dim to match mask dim`;
    if (load && value !== last) return 'expected pass_thru of same type as result type';
    return undefined;
  };
}

export const GatherOp = defineOp({
  name: 'vector.gather',
  summary: 'gathers elements from memory or ranked tensor into a vector as defined by an index vector and a mask vector',
  operands: { base: AnyShaped, indices: variadic(Index), index_vec: IntOrIndexVectorOfNonZeroRank, mask: BoolVectorOfNonZeroRank, pass_thru: AnyVectorOfNonZeroRank },
  results: { result: AnyVectorOfNonZeroRank },
  traits: [MemoryEffects('read')],
  assemblyFormat:
    '$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($index_vec)  `,` type($mask) `,` type($pass_thru) `into` type($result)',
  verify(op) {
    const n = op.numOperands;
    const base = t(op, 0) as ShapedType;
    const [indexVec, mask, passThru] = [t(op, n - 3), t(op, n - 2), t(op, n - 1)] as VectorType[];
    const result = op.resultTypes[0] as VectorType;
    if (!(base instanceof MemRefType || base instanceof RankedTensorType)) return 'requires base to be a memref or ranked tensor type';
    if (result.elementType !== base.elementType) return 'base and result element type should match';
    if (indexCount(op, 1, 3) !== base.rank) return `requires ${base.rank} indices`;
    if (!sameShape(result, indexVec!)) return 'expected result dim to match indices dim';
    if (!sameShape(result, mask!)) return 'expected result dim to match mask dim';
    if (result !== passThru) return 'expected pass_thru of same type as result type';
  },
});

export const ScatterOp = defineOp({
  name: 'vector.scatter',
  summary: 'scatters elements from a vector into memory as defined by an index vector and a mask vector',
  operands: { base: AnyMemRef, indices: variadic(Index), index_vec: IntOrIndexVectorOfRank1, mask: BoolVectorOfRank1, valueToStore: AnyTypedVectorOfRank1 },
  traits: [MemoryEffects('write')],
  assemblyFormat: '$base `[` $indices `]` `[` $index_vec `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($index_vec)  `,` type($mask) `,` type($valueToStore)',
  verify(op) {
    const n = op.numOperands;
    const base = t(op, 0) as MemRefType;
    const [indexVec, mask, value] = [t(op, n - 3), t(op, n - 2), t(op, n - 1)] as VectorType[];
    if (value!.elementType !== base.elementType) return 'base and valueToStore element type should match';
    if (indexCount(op, 1, 3) !== base.rank) return `requires ${base.rank} indices`;
    if (value!.shape[0] !== indexVec!.shape[0]) return 'expected valueToStore dim to match indices dim';
    if (value!.shape[0] !== mask!.shape[0]) return 'expected valueToStore dim to match mask dim';
  },
});

export const MaskedLoadOp = defineOp({
  name: 'vector.maskedload',
  summary: 'loads elements from memory into a vector as defined by a mask vector',
  operands: { base: AnyMemRef, indices: variadic(Index), mask: BoolVectorOfNonZeroRank, pass_thru: AnyVectorOfNonZeroRank },
  results: { result: AnyVectorOfNonZeroRank },
  traits: [MemoryEffects('read')],
  assemblyFormat: '$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)',
  verify: verifyMaskedAccess(true, false),
});

export const MaskedStoreOp = defineOp({
  name: 'vector.maskedstore',
  summary: 'stores elements from a vector into memory as defined by a mask vector',
  operands: { base: AnyMemRef, indices: variadic(Index), mask: BoolVectorOfNonZeroRank, valueToStore: AnyVectorOfNonZeroRank },
  traits: [MemoryEffects('write')],
  assemblyFormat: '$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)',
  verify: verifyMaskedAccess(false, false),
});

export const ExpandLoadOp = defineOp({
  name: 'vector.expandload',
  summary: 'reads elements from memory and spreads them into a vector as defined by a mask',
  operands: { base: AnyMemRef, indices: variadic(Index), mask: BoolVectorOfRank1, pass_thru: VectorOfRank1 },
  results: { result: VectorOfRank1 },
  traits: [MemoryEffects('read')],
  assemblyFormat: '$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)',
  verify: verifyMaskedAccess(true, true),
});

export const CompressStoreOp = defineOp({
  name: 'vector.compressstore',
  summary: 'writes elements selectively from a vector as defined by a mask',
  operands: { base: AnyMemRef, indices: variadic(Index), mask: BoolVectorOfRank1, valueToStore: VectorOfRank1 },
  traits: [MemoryEffects('write')],
  assemblyFormat: '$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` type($base) `,` type($mask) `,` type($valueToStore)',
  verify: verifyMaskedAccess(false, true),
});

export const maskedMemoryOps = [GatherOp, ScatterOp, MaskedLoadOp, MaskedStoreOp, ExpandLoadOp, CompressStoreOp];
