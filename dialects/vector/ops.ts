import type { DenseArrayAttr } from '../../core/ir/attributes.js';
import { AnyMemRef, AnyType, defaultValued, defaultValuedOptional, DenseI64ArrayAttr, Index, optional, optionalAttr, required, typeConstraint, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { AllTypesMatch, MemoryEffects, Pure } from '../../core/ir/traits.js';
import { elementTypeOrSelf, FloatType, IndexType, IntegerType, type MemRefType, VectorType, type Type } from '../../core/ir/types.js';
import { FastMathAttrConstraint, FastMathFlagsAttr } from '../arith/attributes.js';
import { AlignmentAttr, BoolAttr, FalseAttr } from '../memref/ops.js';
import { stridesAndOffset } from '../memref/types.js';
import { DynamicIndexList, isDynamicIndex } from '../memref/dynamic-index-list.js';
import { CombiningKindAttrConstraint, type CombiningKindAttr } from './attributes.js';
import { vectorFolders, vectorPatterns } from './canonicalization.js';
import { AnyVectorOfAnyRank } from './constraints.js';

const isVector = (t: Type) => t instanceof VectorType;
const isFloat = (t: Type) => t instanceof FloatType;
const isInteger = (t: Type) => t instanceof IntegerType;
export const FloatVectorOfAnyRank = typeConstraint('vector of floating-point values', (t) => t instanceof VectorType && isFloat(t.elementType), undefined, isVector);
export const ReductionVector = typeConstraint(
  'vector of floating-point or integer or index values',
  (t) => t instanceof VectorType && (isFloat(t.elementType) || isInteger(t.elementType) || t.elementType instanceof IndexType),
  undefined,
  isVector,
);
export const SplatInput = typeConstraint('integer/index/float type', (t) => (t instanceof IntegerType && t.isSignless) || t instanceof IndexType || isFloat(t));

const typeOf = (op: Operation, i: number): Type => op.operand(i).type;
/** The static positions of a vector.extract or vector.insert (a dynamic one reads as ShapedType::kDynamic). */
export const staticPosition = (op: Operation): bigint[] => [...((op.properties.get('static_position') as DenseArrayAttr).values as bigint[])];

/** MLIR's verifyLoadStoreMemRefLayout. */
function checkMinorStride(t: MemRefType): string | undefined {
  const so = stridesAndOffset(t);
  if (t.rank > 0 && (!so || so.strides[t.rank - 1] !== 1)) return 'most minor memref dim must have unit stride';
  return undefined;
}

// ---------------------------------------------------------------------------------------- load / store

export const LoadOp = defineOp({
  name: 'vector.load',
  summary: 'reads an n-D slice of memory into an n-D vector',
  operands: { base: AnyMemRef, indices: variadic(Index) },
  results: { result: AnyVectorOfAnyRank },
  // `alignment` (bytes) as newer MLIR has it: the access is that aligned (targets may use wider accesses).
  attributes: { nontemporal: defaultValuedOptional(BoolAttr, FalseAttr), alignment: optionalAttr(AlignmentAttr) },
  traits: [MemoryEffects('read')],
  fold: vectorFolders['vector.load'],
  assemblyFormat: '$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)',
  verify(op) {
    const mem = typeOf(op, 0) as MemRefType;
    const res = op.resultTypes[0] as VectorType;
    const layout = checkMinorStride(mem);
    if (layout) return layout;
    let elem = mem.elementType;
    if (elem instanceof VectorType) {
      if (elem !== res) return 'base memref and result vector types should match';
      elem = elem.elementType;
    }
    if (res.elementType !== elem) return 'base and result element types should match';
    if (op.numOperands - 1 !== mem.rank) return `requires ${mem.rank} indices`;
  },
});

export const StoreOp = defineOp({
  name: 'vector.store',
  summary: 'writes an n-D vector to an n-D slice of memory',
  operands: { valueToStore: AnyVectorOfAnyRank, base: AnyMemRef, indices: variadic(Index) },
  attributes: { nontemporal: defaultValuedOptional(BoolAttr, FalseAttr), alignment: optionalAttr(AlignmentAttr) },
  traits: [MemoryEffects('write')],
  fold: vectorFolders['vector.store'],
  assemblyFormat: '$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)',
  verify(op) {
    const vec = typeOf(op, 0) as VectorType;
    const mem = typeOf(op, 1) as MemRefType;
    const layout = checkMinorStride(mem);
    if (layout) return layout;
    let elem = mem.elementType;
    if (elem instanceof VectorType) {
      if (elem !== vec) return 'base memref and valueToStore vector types should match';
      elem = elem.elementType;
    }
    if (vec.elementType !== elem) return 'base and valueToStore element type should match';
    if (op.numOperands - 2 !== mem.rank) return `requires ${mem.rank} indices`;
  },
});

// ---------------------------------------------------------------------------------------- broadcast / splat

export const BroadcastOp = defineOp({
  name: 'vector.broadcast',
  summary: 'broadcast operation',
  operands: { source: AnyType },
  results: { vector: AnyVectorOfAnyRank },
  traits: [Pure],
  fold: vectorFolders['vector.broadcast'],
  canonicalize: vectorPatterns['vector.broadcast'],
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($vector)',
  verify(op) {
    const src = typeOf(op, 0);
    const dst = op.resultTypes[0] as VectorType;
    if (elementTypeOrSelf(src) !== dst.elementType) return 'failed to verify that source operand and result have same element type';
    // MLIR's isBroadcastableTo: a scalar of the element type, or a vector.
    if (!(src instanceof VectorType)) return isFloat(src) || isInteger(src) || src instanceof IndexType ? undefined : 'source type is not a vector';
    if (src.rank > dst.rank) return 'source rank higher than destination rank';
    const lead = dst.rank - src.rank;
    for (let i = 0; i < src.rank; i++) {
      const s = src.shape[i]!;
      const d = dst.shape[lead + i]!;
      const sScal = src.scalableDims[i]!;
      const dScal = dst.scalableDims[lead + i]!;
      if ((s !== 1 || sScal) && (s !== d || sScal !== dScal)) {
        const fmt = (n: number, sc: boolean) => (sc ? `[${n}]` : String(n));
        return `dimension mismatch (${fmt(s, sScal)} vs. ${fmt(d, dScal)})`;
      }
    }
  },
});

export const SplatOp = defineOp({
  name: 'vector.splat',
  summary: 'vector splat or broadcast operation',
  operands: { input: SplatInput },
  results: { aggregate: AnyVectorOfAnyRank },
  traits: [Pure],
  fold: vectorFolders['vector.splat'],
  typeRelations: [{ from: 'aggregate', to: 'input', transform: (t) => (t as VectorType).elementType }],
  assemblyFormat: '$input attr-dict `:` type($aggregate)',
  verify(op) {
    if (typeOf(op, 0) !== (op.resultTypes[0] as VectorType).elementType) return 'failed to verify that operand type matches element type of result';
  },
});

// ---------------------------------------------------------------------------------------- extract / insert

function positionCheck(op: Operation, numDynamic: number): string | undefined {
  const pos = staticPosition(op);
  if (pos.filter(isDynamicIndex).length !== numDynamic) {
    return 'mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite';
  }
  return undefined;
}

function positionInBounds(pos: bigint[], vec: VectorType, what: string): string | undefined {
  for (let i = 0; i < pos.length; i++) {
    const p = pos[i]!;
    if (isDynamicIndex(p)) continue;
    if (p < 0n || p >= BigInt(vec.shape[i]!)) {
      return `expected position attribute #${i + 1} to be a non-negative integer smaller than the corresponding ${what}`;
    }
  }
  return undefined;
}

/** The type vector.extract yields for `n` leading positions of `vec`. */
export function extractResultType(vec: VectorType, n: number): Type {
  if (n >= vec.rank) return vec.elementType;
  return VectorType.get(vec.shape.slice(n), vec.elementType, vec.scalableDims.slice(n));
}

export const ExtractOp = defineOp({
  name: 'vector.extract',
  summary: 'extract operation',
  operands: { vector: AnyVectorOfAnyRank, dynamic_position: variadic(Index) },
  results: { result: AnyType },
  attributes: { static_position: required(DenseI64ArrayAttr) },
  traits: [Pure],
  fold: vectorFolders['vector.extract'],
  canonicalize: vectorPatterns['vector.extract'],
  customDirectives: { DynamicIndexList },
  assemblyFormat: '$vector `` custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($result) `from` type($vector)',
  verify(op) {
    const vec = typeOf(op, 0) as VectorType;
    const pos = staticPosition(op);
    const expected = extractResultType(vec, pos.length);
    const actual = op.resultTypes[0]!;
    const compatible =
      expected === actual ||
      (actual instanceof VectorType && actual.rank === 1 && actual.shape[0] === 1 && actual.elementType === expected) ||
      (expected instanceof VectorType && expected.rank === 1 && expected.shape[0] === 1 && expected.elementType === actual);
    if (pos.length <= vec.rank && !compatible) return `inferred type(s) '${expected}' are incompatible with return type(s) of operation '${actual}'`;
    return (
      positionCheck(op, op.numOperands - 1) ??
      (pos.length > vec.rank ? 'expected position attribute of rank no greater than vector rank' : undefined) ??
      positionInBounds(pos, vec, 'vector dimension')
    );
  },
});

export const InsertOp = defineOp({
  name: 'vector.insert',
  summary: 'insert operation',
  operands: { source: AnyType, dest: AnyVectorOfAnyRank, dynamic_position: variadic(Index) },
  results: { result: AnyVectorOfAnyRank },
  attributes: { static_position: required(DenseI64ArrayAttr) },
  traits: [Pure, AllTypesMatch('dest', 'result')],
  fold: vectorFolders['vector.insert'],
  canonicalize: vectorPatterns['vector.insert'],
  customDirectives: { DynamicIndexList },
  assemblyFormat: '$source `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($source) `into` type($dest)',
  verify(op) {
    const dest = typeOf(op, 1) as VectorType;
    const pos = staticPosition(op);
    const src = typeOf(op, 0);
    const bad = positionCheck(op, op.numOperands - 2);
    if (bad) return bad;
    if (pos.length > dest.rank) return 'expected position attribute of rank no greater than dest vector rank';
    if (src instanceof VectorType && src.rank + pos.length !== dest.rank) return 'expected position attribute rank + source rank to match dest vector rank';
    if (!(src instanceof VectorType) && pos.length !== dest.rank) return 'expected position attribute rank to match the dest vector rank';
    return positionInBounds(pos, dest, 'dest vector dimension');
  },
});

// ---------------------------------------------------------------------------------------- fma / reduction

export const FMAOp = defineOp({
  name: 'vector.fma',
  summary: 'vector fused multiply-add',
  operands: { lhs: FloatVectorOfAnyRank, rhs: FloatVectorOfAnyRank, acc: FloatVectorOfAnyRank },
  results: { result: FloatVectorOfAnyRank },
  traits: [Pure, AllTypesMatch('lhs', 'rhs', 'acc', 'result')],
  assemblyFormat: '$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)',
});

export function kindSupports(kind: string, t: Type): boolean {
  const intLike = t instanceof IntegerType || t instanceof IndexType;
  switch (kind) {
    case 'add':
    case 'mul':
      return intLike || isFloat(t);
    case 'minnumf':
    case 'maxnumf':
    case 'maximumf':
    case 'minimumf':
      return isFloat(t);
    default:
      return intLike;
  }
}

export const ReductionOp = defineOp({
  name: 'vector.reduction',
  summary: 'reduction operation',
  operands: { vector: ReductionVector, acc: optional(AnyType) },
  results: { dest: AnyType },
  attributes: { kind: required(CombiningKindAttrConstraint), fastmath: defaultValued(FastMathAttrConstraint, FastMathFlagsAttr.get(0)) },
  traits: [Pure],
  canonicalize: vectorPatterns['vector.reduction'],
  typeRelations: [{ from: 'dest', to: 'acc', transform: (t) => t }],
  assemblyFormat: '$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($vector) `into` type($dest)',
  verify(op) {
    const vec = typeOf(op, 0) as VectorType;
    // MLIR's traits in their order: PredOpTrait (TCresVTEtIsSameAsOpBase<0, 0>), then OptionalTypesMatchWith.
    if (elementTypeOrSelf(op.resultTypes[0]!) !== vec.elementType) return 'failed to verify that source operand and result have same element type';
    if (op.numOperands > 1 && typeOf(op, 1) !== op.resultTypes[0]) return 'failed to verify that dest and acc have the same type';
    if (vec.rank > 1) return `unsupported reduction rank: ${vec.rank}`;
    const kind = (op.properties.get('kind') as CombiningKindAttr).value;
    const elt = op.resultTypes[0]!;
    if (!kindSupports(kind, elt)) return `unsupported reduction type ''${elt}'' for kind '${kind}'`;
  },
});

export const vectorOps = [LoadOp, StoreOp, BroadcastOp, SplatOp, ExtractOp, InsertOp, FMAOp, ReductionOp];
