/**
 * Semantics of the memref ops that give another view of the same buffer (expand_shape,
 * collapse_shape, reinterpret_cast, reshape, view, extract_strided_metadata, transpose,
 * memory_space_cast), memref.rank, memref.realloc, memref.atomic_rmw and memref.generic_atomic_rmw.
 */
import type { AffineDimExpr } from '../../core/ir/affine.js';
import type { AffineMapAttr, ArrayAttr, DenseArrayAttr, IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { IntegerType, MemRefType } from '../../core/ir/types.js';
import type { ExecContext, OpHandler } from '../../core/interpret/engine.js';
import { opError } from '../../core/interpret/errors.js';
import type { Scalar } from '../../core/interpret/numeric.js';
import { MemRef, numElements, rowMajorStrides, type RtValue } from '../../core/interpret/values.js';
import { scalarBinaryOp } from '../arith/interpret.js';
import { kindOf } from './atomic-ops.js';
import { mixedValues } from './dynamic-index-list.js';
import { reassociationOf } from './reshape-types.js';

const segments = (op: Operation): number[] => (op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers;
const groupsOf = (op: Operation) => reassociationOf(op.properties.get('reassociation') as ArrayAttr);
const resultType = (op: Operation) => op.results[0]!.type as MemRefType;

/** Each source dimension splits into its group's sizes; the strides follow from the source stride. */
const expandShape: OpHandler = (op, [s, ...dynamic]) => {
  const src = s as MemRef;
  const shape = mixedValues(op.getAttr('static_output_shape') as DenseArrayAttr, dynamic);
  const strides = new Array<number>(shape.length);
  groupsOf(op).forEach((group, g) => {
    const size = group.reduce((p, d) => p * shape[d]!, 1);
    if (size !== src.shape[g]) {
      throw opError(op, `output sizes [${group.map((d) => shape[d]).join(', ')}] of group ${g} do not multiply to the source dimension of size ${src.shape[g]}`);
    }
    let stride = src.strides[g]!;
    for (let k = group.length - 1; k >= 0; k--) {
      strides[group[k]!] = stride;
      stride *= shape[group[k]!]!;
    }
  });
  return [new MemRef(resultType(op), src.buffer, src.offset, shape, strides)];
};

/** Each group of contiguous source dimensions becomes one; collapsing non-contiguous ones is an error. */
const collapseShape: OpHandler = (op, [s]) => {
  const src = s as MemRef;
  const shape: number[] = [];
  const strides: number[] = [];
  for (const group of groupsOf(op)) {
    shape.push(group.reduce((p, d) => p * src.shape[d]!, 1));
    // The stride of the innermost non-unit dimension (any stride for a group of unit dimensions).
    const inner = [...group].reverse().find((d) => src.shape[d] !== 1) ?? group[group.length - 1]!;
    strides.push(src.strides[inner]!);
    if (!isContiguous(src, group)) {
      throw opError(
        op,
        `collapses non-contiguous dimensions ${group.join(', ')} (sizes [${group.map((d) => src.shape[d]).join(', ')}], strides [${group.map((d) => src.strides[d]).join(', ')}])`,
      );
    }
  }
  return [new MemRef(resultType(op), src.buffer, src.offset, shape, strides)];
};

/** Whether the non-unit dimensions of `dims` are laid out one right after the other (or hold nothing). */
function isContiguous(m: MemRef, dims: readonly number[]): boolean {
  if (dims.some((d) => m.shape[d] === 0)) return true;
  const kept = dims.filter((d) => m.shape[d] !== 1);
  for (let j = 0; j + 1 < kept.length; j++) {
    const [outer, inner] = [kept[j]!, kept[j + 1]!];
    if (m.strides[outer] !== m.strides[inner]! * m.shape[inner]!) return false;
  }
  return true;
}

/** A view of the source's buffer with the offset (from the buffer's start), sizes and strides given. */
const reinterpretCast: OpHandler = (op, [s, ...rest]) => {
  const src = s as MemRef;
  const [, nOff, nSize] = segments(op);
  const [offset] = mixedValues(op.getAttr('static_offsets') as DenseArrayAttr, rest.slice(0, nOff));
  const sizes = mixedValues(op.getAttr('static_sizes') as DenseArrayAttr, rest.slice(nOff, nOff! + nSize!));
  const strides = mixedValues(op.getAttr('static_strides') as DenseArrayAttr, rest.slice(nOff! + nSize!));
  if (sizes.some((n) => n < 0) || offset! < 0) throw opError(op, `negative offset or size (offset ${offset}, sizes [${sizes.join(', ')}])`);
  return [new MemRef(resultType(op), src.buffer, offset!, sizes, strides)];
};

/** A contiguous source seen with the shape read from the shape operand (row-major). */
const reshape: OpHandler = (op, [s, sh], ctx) => {
  const src = s as MemRef;
  const shapeRef = sh as MemRef;
  const contiguous = rowMajorStrides(src.shape).every((st, i) => src.shape[i] === 1 || st === src.strides[i]);
  if (!contiguous) throw opError(op, `the source of strides [${src.strides.join(', ')}] is not contiguous`);
  const shape = ctx.memory.readView(shapeRef, op).map((v) => Number(v as number | bigint));
  if (numElements(shape) !== src.numElements) throw opError(op, `shape [${shape.join(', ')}] does not hold the ${src.numElements} elements of the source`);
  const declared = op.results[0]!.type;
  const type = declared instanceof MemRefType ? declared : MemRefType.get(shape, src.type.elementType, undefined, src.type.memorySpace);
  if (declared instanceof MemRefType) {
    declared.shape.forEach((d, i) => {
      if (d >= 0 && d !== shape[i]) throw opError(op, `dimension ${i} is ${shape[i]}, not ${d} as ${declared} requires`);
    });
  }
  return [new MemRef(type, src.buffer, src.offset, shape, rowMajorStrides(shape))];
};

/** A contiguous view of an i8 buffer from a byte shift (buffers are typed: other element types are unsupported). */
const view: OpHandler = (op, [s, shift, ...dynamic]) => {
  const src = s as MemRef;
  const type = resultType(op);
  if (type.elementType !== IntegerType.get(8)) throw opError(op, `views of an i8 buffer as ${type.elementType} elements are not supported by the interpreter`);
  let k = 0;
  const shape = type.shape.map((d) => (d < 0 ? (dynamic[k++] as number) : d));
  return [new MemRef(type, src.buffer, src.offset + (shift as number), shape, rowMajorStrides(shape))];
};

const extractStridedMetadata: OpHandler = (op, [s]) => {
  const src = s as MemRef;
  const base = new MemRef(op.results[0]!.type as MemRefType, src.buffer, 0, [], []);
  return [base, src.offset, ...src.shape, ...src.strides];
};

const rank: OpHandler = (_op, [m]) => [(m as MemRef).rank];

/** A fresh buffer of the new size holding the source's leading elements; the source is freed. */
const realloc: OpHandler = (op, [s, n], ctx) => {
  const src = s as MemRef;
  const type = resultType(op);
  const size = type.shape[0]! < 0 ? (n as number) : type.shape[0]!;
  const values = ctx.memory.readView(src, op);
  const fresh = ctx.allocateMemRef(type, type.shape[0]! < 0 ? [size] : [], op);
  ctx.memory.free(src, op);
  const kept = Math.min(size, values.length);
  for (let i = 0; i < kept; i++) ctx.memory.store(fresh, [i], values[i]!, op);
  return [fresh];
};

const ATOMIC_OPS: Record<string, string> = {
  addf: 'arith.addf',
  addi: 'arith.addi',
  maximumf: 'arith.maximumf',
  maxs: 'arith.maxsi',
  maxu: 'arith.maxui',
  minimumf: 'arith.minimumf',
  mins: 'arith.minsi',
  minu: 'arith.minui',
  mulf: 'arith.mulf',
  muli: 'arith.muli',
  ori: 'arith.ori',
  andi: 'arith.andi',
  maxnumf: 'arith.maxnumf',
  minnumf: 'arith.minnumf',
};

/** Stores `old <kind> value` and returns the old value. */
const atomicRMW: OpHandler = (op, [v, m, ...indices], ctx) => {
  const kind = kindOf(op.getAttr('kind') as IntegerAttr);
  const memref = m as MemRef;
  const idx = indices as number[];
  const old = ctx.memory.load(memref, idx, op);
  const f = kind === 'assign' ? undefined : scalarBinaryOp(ATOMIC_OPS[kind]!, memref.type.elementType);
  ctx.memory.store(memref, idx, f ? f(old, v as Scalar) : (v as Scalar), op);
  return [old];
};

/** The same elements with dimensions (and their strides) permuted. */
const transpose: OpHandler = (op, [s]) => {
  const src = s as MemRef;
  const perm = (op.getAttr('permutation') as AffineMapAttr).map.results.map((r) => (r as AffineDimExpr).position);
  return [
    new MemRef(
      resultType(op),
      src.buffer,
      src.offset,
      perm.map((d) => src.shape[d]!),
      perm.map((d) => src.strides[d]!),
    ),
  ];
};

/** The same view, typed in another memory space. */
const memorySpaceCast: OpHandler = (op, [s]) => {
  const src = s as MemRef;
  const type = op.results[0]!.type;
  if (!(type instanceof MemRefType)) throw opError(op, 'casts of unranked memrefs are not supported by the interpreter');
  return [new MemRef(type, src.buffer, src.offset, src.shape, src.strides)];
};

/** Runs the body on the old value, stores what it yields and returns the old value. */
const genericAtomicRMW: OpHandler = function* (op: Operation, [m, ...indices]: readonly RtValue[], ctx: ExecContext) {
  const memref = m as MemRef;
  const idx = indices as number[];
  const old = ctx.memory.load(memref, idx, op);
  const exit = yield* ctx.runRegion(op.region(0), [old]);
  ctx.memory.store(memref, idx, exit.values[0] as Scalar, op);
  return [old];
};

export const viewHandlers: Record<string, OpHandler> = {
  'memref.expand_shape': expandShape,
  'memref.collapse_shape': collapseShape,
  'memref.reinterpret_cast': reinterpretCast,
  'memref.reshape': reshape,
  'memref.view': view,
  'memref.extract_strided_metadata': extractStridedMetadata,
  'memref.rank': rank,
  'memref.realloc': realloc,
  'memref.atomic_rmw': atomicRMW,
  'memref.generic_atomic_rmw': genericAtomicRMW,
  'memref.transpose': transpose,
  'memref.memory_space_cast': memorySpaceCast,
};
