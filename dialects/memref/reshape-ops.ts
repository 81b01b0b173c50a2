/** memref.expand_shape, memref.collapse_shape and memref.reshape (MLIR 19). */
import type { ArrayAttr, DenseArrayAttr } from '../../core/ir/attributes.js';
import { attrConstraint, DenseI64ArrayAttr, Index, required, typeConstraint, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { Pure, ViewLike } from '../../core/ir/traits.js';
import { IndexType, IntegerType, MemRefType, type Type } from '../../core/ir/types.js';
import { reshapeFolders, reshapePatterns } from './reshape-folds.js';
import { collapsedLayout, collapsedShapeError, expandedType, hasIdentityLayout, isReassociationAttr, reassociationOf } from './reshape-types.js';
import { DynamicIndexList, isDynamicIndex } from './dynamic-index-list.js';
import { AnyRankedOrUnrankedMemRef, stridesAndOffset } from './types.js';

const isStrided = (t: Type) => t instanceof MemRefType && stridesAndOffset(t) !== undefined;
export const AnyStridedMemRef = typeConstraint('strided memref of any type values', isStrided, undefined, (t) => t instanceof MemRefType);
const ReassociationAttr = attrConstraint('Array of 64-bit integer array attributes', isReassociationAttr);

const srcOf = (op: Operation) => op.operand(0).type as MemRefType;
const resultOf = (op: Operation) => op.resultTypes[0] as MemRefType;
const groupsOf = (op: Operation) => reassociationOf(op.properties.get('reassociation') as ArrayAttr);

export const ExpandShapeOp = defineOp({
  name: 'memref.expand_shape',
  summary: 'operation to produce a memref with a higher rank.',
  operands: { src: AnyStridedMemRef, output_shape: variadic(Index) },
  results: { result: AnyStridedMemRef },
  attributes: { reassociation: required(ReassociationAttr), static_output_shape: required(DenseI64ArrayAttr) },
  traits: [Pure, ViewLike],
  fold: reshapeFolders['memref.expand_shape'],
  canonicalize: reshapePatterns['memref.expand_shape'],
  customDirectives: { DynamicIndexList },
  assemblyFormat: '$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)',
  verify(op) {
    const [src, res] = [srcOf(op), resultOf(op)];
    if (src.rank > res.rank) return `has source rank ${src.rank} and result rank ${res.rank}. This is not an expansion (${src.rank} > ${res.rank}).`;
    const groups = groupsOf(op);
    const bad = collapsedShapeError(src.shape, res.shape, groups);
    if (bad) return bad;
    const expected = expandedType(src, res.shape, groups);
    if (!expected) return 'invalid source layout map';
    if (expected !== res) return `expected expanded type to be '${expected}' but found '${res}'`;
    const statics = (op.properties.get('static_output_shape') as DenseArrayAttr).values;
    if (statics.length !== res.rank) {
      return `expected number of static shape bounds to be equal to the output rank (${res.rank}) but found ${statics.length} inputs instead`;
    }
    const dynamic = statics.filter(isDynamicIndex).length;
    if (op.numOperands - 1 !== dynamic) {
      return `mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has ${dynamic} dynamic dims while output_shape has ${op.numOperands - 1} values`;
    }
    const pos = res.shape.findIndex((d, i) => d >= 0 && BigInt(d) !== BigInt(statics[i]!));
    if (pos >= 0) return `invalid output shape provided at pos ${pos}`;
  },
  resultNames: () => ['expand_shape'],
});

export const CollapseShapeOp = defineOp({
  name: 'memref.collapse_shape',
  summary: 'operation to produce a memref with a smaller rank.',
  operands: { src: AnyStridedMemRef },
  results: { result: AnyStridedMemRef },
  attributes: { reassociation: required(ReassociationAttr) },
  traits: [Pure, ViewLike],
  fold: reshapeFolders['memref.collapse_shape'],
  canonicalize: reshapePatterns['memref.collapse_shape'],
  assemblyFormat: '$src $reassociation attr-dict `:` type($src) `into` type($result)',
  verify(op) {
    const [src, res] = [srcOf(op), resultOf(op)];
    if (src.rank < res.rank) return `has source rank ${src.rank} and result rank ${res.rank}. This is not a collapse (${src.rank} < ${res.rank}).`;
    const groups = groupsOf(op);
    const bad = collapsedShapeError(res.shape, src.shape, groups);
    if (bad) return bad;
    let expected: MemRefType;
    if (hasIdentityLayout(src)) expected = MemRefType.get(res.shape, src.elementType, undefined, src.memorySpace);
    else {
      const layout = collapsedLayout(src, groups);
      if (!layout) return 'invalid source layout map or collapsing non-contiguous dims';
      expected = MemRefType.get(res.shape, src.elementType, layout, src.memorySpace);
    }
    if (expected !== res) return `expected collapsed type to be '${expected}' but found '${res}'`;
  },
  resultNames: () => ['collapse_shape'],
});

const isShapeOperand = (t: Type) => t instanceof MemRefType && t.rank === 1 && (t.elementType instanceof IndexType || (t.elementType instanceof IntegerType && t.elementType.isSignless));
const ShapeMemRef = typeConstraint('1D memref of signless integer or index values', isShapeOperand, undefined, (t) => t instanceof MemRefType);

export const ReshapeOp = defineOp({
  name: 'memref.reshape',
  summary: 'memref reshape operation',
  operands: { source: AnyRankedOrUnrankedMemRef, shape: ShapeMemRef },
  results: { result: AnyRankedOrUnrankedMemRef },
  traits: [Pure, ViewLike],
  assemblyFormat: '$source `(` $shape `)` attr-dict `:` functional-type(operands, results)',
  verify(op) {
    const src = op.operand(0).type as MemRefType;
    const res = op.resultTypes[0] as MemRefType;
    if (src.elementType !== res.elementType) return 'element types of source and destination memref types should be the same';
    if (src instanceof MemRefType && !hasIdentityLayout(src)) return 'source memref type should have identity affine map';
    const length = (op.operand(1).type as MemRefType).shape[0]!;
    if (res instanceof MemRefType) {
      if (!hasIdentityLayout(res)) return 'result memref type should have identity affine map';
      if (length < 0) return 'cannot use shape operand with dynamic length to reshape to statically-ranked memref type';
      if (length !== res.rank) return "length of shape operand differs from the result's memref rank";
    }
  },
  resultNames: () => ['reshape'],
});
