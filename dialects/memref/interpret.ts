/** Semantics of the memref dialect: checked loads and stores, views, copies and globals. */
import { type DenseArrayAttr, DenseElementsAttr, DenseResourceElementsAttr, type SymbolRefAttr, type TypeAttr, UnitAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { lookupSymbol } from '../../core/ir/symbol-table.js';
import { MemRefType, RankedTensorType } from '../../core/ir/types.js';
import type { DialectSemantics, ExecContext, OpHandler } from '../../core/interpret/engine.js';
import { allocateMemRef } from '../../core/interpret/engine.js';
import { attributeValue } from '../../core/interpret/elementwise.js';
import { formatLoc, opError } from '../../core/interpret/errors.js';
import type { Scalar } from '../../core/interpret/numeric.js';
import { Buffer, MemRef, type ShapedValue, type RtValue } from '../../core/interpret/values.js';
import { dmaStartParts } from './dma-ops.js';
import { isDynamicIndex, mixedValues } from './dynamic-index-list.js';
import { viewHandlers } from './interpret-views.js';

const segments = (op: Operation): number[] => (op.properties.get('operandSegmentSizes') as DenseArrayAttr | undefined)?.numbers ?? [op.numOperands];

const alloc: OpHandler = (op, operands, ctx) => {
  const [dynamic] = segments(op);
  if (operands.length > dynamic!) throw opError(op, 'layouts with symbols are not supported by the interpreter');
  return [ctx.allocateMemRef(op.results[0]!.type as MemRefType, operands as number[], op)];
};

const dealloc: OpHandler = (op, [m], ctx) => {
  ctx.memory.free(m as MemRef, op);
};

const load: OpHandler = (op, [m, ...indices], ctx) => [ctx.memory.load(m as MemRef, indices as number[], op)];

const store: OpHandler = (op, [v, m, ...indices], ctx) => {
  ctx.memory.store(m as MemRef, indices as number[], v as Scalar, op);
};

const dim: OpHandler = (op, [m, i]) => {
  const shape = (m as MemRef).shape;
  const d = i as number;
  if (!(d >= 0 && d < shape.length)) throw opError(op, `dimension ${d} is out of range for a memref of rank ${shape.length}`);
  return [shape[d]!];
};

/** A view with another type; static sizes of the new type must match the runtime shape. */
function retype(op: Operation, m: MemRef, type: MemRefType): MemRef {
  type.shape.forEach((d, i) => {
    if (d >= 0 && d !== m.shape[i]) throw opError(op, `dimension ${i} of the ${m.type} value is ${m.shape[i]}, not ${d} as ${type} requires`);
  });
  return new MemRef(type, m.buffer, m.offset, m.shape, m.strides);
}

const cast: OpHandler = (op, [m]) => {
  const type = op.results[0]!.type;
  if (!(type instanceof MemRefType)) throw opError(op, 'casts to unranked memrefs are not supported by the interpreter');
  return [retype(op, m as MemRef, type)];
};

const copy: OpHandler = (op, [s, t], ctx) => {
  const [src, dst] = [s as MemRef, t as MemRef];
  if (src.shape.length !== dst.shape.length || src.shape.some((d, i) => d !== dst.shape[i])) {
    throw opError(op, `copies between memrefs of different shapes [${src.shape.join('x')}] and [${dst.shape.join('x')}]`);
  }
  ctx.memory.writeView(dst, ctx.memory.readView(src, op), op);
};

const subview: OpHandler = (op, operands) => {
  const [, nOff, nSize, nStride] = segments(op);
  const src = operands[0] as MemRef;
  const dyn = operands.slice(1);
  const offsets = mixedValues(op.getAttr('static_offsets') as DenseArrayAttr, dyn.slice(0, nOff));
  const sizes = mixedValues(op.getAttr('static_sizes') as DenseArrayAttr, dyn.slice(nOff, nOff! + nSize!));
  const steps = mixedValues(op.getAttr('static_strides') as DenseArrayAttr, dyn.slice(nOff! + nSize!, nOff! + nSize! + nStride!));
  let offset = src.offset;
  for (let i = 0; i < src.rank; i++) {
    const [o, n, s] = [offsets[i]!, sizes[i]!, steps[i]!];
    if (o < 0 || n < 0 || (n > 0 && o + (n - 1) * s >= src.shape[i]!) || (n > 0 && s < 0)) {
      throw opError(op, `slice [offset ${o}, size ${n}, stride ${s}] is out of bounds for dimension ${i} of size ${src.shape[i]}`);
    }
    offset += o * src.strides[i]!;
  }
  const type = op.results[0]!.type as MemRefType;
  // Rank reduction drops unit dimensions that the result type does not keep (left to right).
  const shape: number[] = [];
  const strides: number[] = [];
  let j = 0;
  for (let i = 0; i < src.rank; i++) {
    const want = type.shape[j];
    // Match static sizes as MLIR's rank-reduction mask does: a static unit size is dropped unless the result keeps a 1 there.
    const st = (op.getAttr('static_sizes') as DenseArrayAttr).values[i]!;
    const size = isDynamicIndex(st) ? -1 : Number(st);
    if (j < type.rank && (want === size || (want! < 0 && size !== 1) || (size < 0 && want === sizes[i]))) {
      shape.push(sizes[i]!);
      strides.push(src.strides[i]! * steps[i]!);
      j++;
    } else if (sizes[i] !== 1) throw opError(op, `cannot drop dimension ${i} of size ${sizes[i]} for the result type ${type}`);
  }
  if (j !== type.rank) throw opError(op, `the sizes [${sizes.join(', ')}] do not reduce to the result type ${type}`);
  return [new MemRef(type, src.buffer, offset, shape, strides)];
};

/** Element `linear` (row-major over the logical shape) of a memref, as indices. */
function unflatten(shape: readonly number[], linear: number): number[] {
  const idx = new Array<number>(shape.length);
  for (let i = shape.length - 1; i >= 0; i--) {
    idx[i] = linear % shape[i]!;
    linear = Math.floor(linear / shape[i]!);
  }
  return idx;
}
const flatten = (shape: readonly number[], idx: readonly number[]) => idx.reduce((acc, x, i) => acc * shape[i]! + x, 0);

/**
 * The transfer done at once: `numElements` elements in row-major order from the source indices
 * to the destination indices (strided transfers are not supported); memref.dma_wait then has
 * nothing left to wait for.
 */
const dmaStart: OpHandler = (op, operands, ctx) => {
  const d = dmaStartParts(op, operands);
  const [src, dst] = [d.src as MemRef, d.dst as MemRef];
  if (d.stride) throw opError(op, 'strided DMA transfers are not supported by the interpreter');
  const n = d.numElements as number;
  const s0 = flatten(src.shape, d.srcIndices as number[]);
  const t0 = flatten(dst.shape, d.dstIndices as number[]);
  const size = (m: MemRef) => m.shape.reduce((a, b) => a * b, 1);
  if (s0 + n > size(src) || t0 + n > size(dst)) {
    throw opError(op, `a transfer of ${n} elements from element ${s0} of the source (of ${size(src)}) to element ${t0} of the destination (of ${size(dst)}) is out of bounds`);
  }
  for (let k = 0; k < n; k++) {
    ctx.memory.store(dst, unflatten(dst.shape, t0 + k), ctx.memory.load(src, unflatten(src.shape, s0 + k), op), op);
  }
};

const noEffect: OpHandler = () => undefined;

const allocaScope: OpHandler = function* (op: Operation, _operands: readonly RtValue[], ctx: ExecContext) {
  return (yield* ctx.runRegion(op.region(0), [])).values;
};

const GLOBALS = Symbol('memref.global buffers');

/** The memref of a memref.global: one buffer per interpreter, initialized on first use. */
const getGlobal: OpHandler = (op, _operands, ctx) => {
  const global = lookupSymbol(op, op.getAttr('name') as SymbolRefAttr);
  if (!global || global.name !== 'memref.global') throw opError(op, `cannot find the global ${op.getAttr('name')}`);
  let table = ctx.interpreter.state.get(GLOBALS) as Map<Operation, MemRef> | undefined;
  if (!table) ctx.interpreter.state.set(GLOBALS, (table = new Map()));
  let m = table.get(global);
  if (!m) {
    const type = (global.getAttr('type') as TypeAttr).value as MemRefType;
    const readOnly = global.getAttr('constant') instanceof UnitAttr;
    const fresh = allocateMemRef(ctx.memory, type, [], global, `global @${(op.getAttr('name') as SymbolRefAttr).root} at ${formatLoc(global.loc)}`);
    const b = fresh.buffer;
    const buffer = readOnly ? new Buffer(b.elementType, b.data, b.memorySpace, b.origin, true) : b;
    const init = global.getAttr('initial_value');
    if (init instanceof DenseElementsAttr || init instanceof DenseResourceElementsAttr) {
      const value = attributeValue(init, RankedTensorType.get(type.shape, type.elementType)) as ShapedValue;
      for (let i = 0; i < value.size; i++) buffer.codec.set(buffer.data, i, value.get(i));
    }
    m = new MemRef(type, buffer, fresh.offset, fresh.shape, fresh.strides);
    table.set(global, m);
  }
  return [m];
};

export const memrefSemantics: DialectSemantics = {
  dialect: 'memref',
  ops: {
    'memref.alloc': alloc,
    'memref.alloca': alloc,
    'memref.dealloc': dealloc,
    'memref.load': load,
    'memref.store': store,
    'memref.dim': dim,
    'memref.cast': cast,
    'memref.copy': copy,
    'memref.subview': subview,
    'memref.get_global': getGlobal,
    'memref.dma_start': dmaStart,
    'memref.dma_wait': noEffect,
    'memref.prefetch': noEffect,
    'memref.assume_alignment': noEffect,
    'memref.alloca_scope': allocaScope,
    ...viewHandlers,
  },
};
