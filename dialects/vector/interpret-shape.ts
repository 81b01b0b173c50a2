/** Semantics of the vector ops that rearrange elements or build masks (shape-ops.ts, mask-ops.ts, flat_transpose of misc-ops.ts). */
import type { ArrayAttr, DenseArrayAttr, IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import type { VectorType } from '../../core/ir/types.js';
import type { OpHandler } from '../../core/interpret/engine.js';
import { opError } from '../../core/interpret/errors.js';
import type { Scalar } from '../../core/interpret/numeric.js';
import { rowMajorStrides, ShapedValue, type RtValue } from '../../core/interpret/values.js';
import { i64Values } from './constraints.js';

const resultType = (op: Operation, i = 0) => op.results[i]!.type as VectorType;
const make = (op: Operation, values: readonly Scalar[], i = 0) => ShapedValue.fromScalars(resultType(op, i), values);
const elementsOf = (v: RtValue): Scalar[] => (v instanceof ShapedValue ? v.toArray() : [v as Scalar]);

/** The multi-index of flat element `k` of `shape`. */
function indexOf(k: number, shape: readonly number[], strides: readonly number[]): number[] {
  return shape.map((d, i) => Math.floor(k / strides[i]!) % d);
}
const flat = (idx: readonly number[], strides: readonly number[]) => idx.reduce((a, x, i) => a + x * strides[i]!, 0);

const transpose: OpHandler = (op, [v]) => {
  const src = v as ShapedValue;
  const perm = (op.getAttr('permutation') as DenseArrayAttr).numbers;
  const out = resultType(op);
  const srcStrides = rowMajorStrides(src.shape);
  const outStrides = rowMajorStrides(out.shape);
  const values = src.toArray();
  const result = new Array<Scalar>(values.length);
  for (let k = 0; k < values.length; k++) {
    const idx = indexOf(k, out.shape, outStrides);
    const from = new Array<number>(idx.length);
    perm.forEach((p, i) => (from[p] = idx[i]!));
    result[k] = values[flat(from, srcStrides)]!;
  }
  return [make(op, result)];
};

/** Row-major order is kept: shape_cast only relabels the shape. */
const shapeCast: OpHandler = (op, [v]) => [make(op, (v as ShapedValue).toArray())];

const extractStridedSlice: OpHandler = (op, [v]) => {
  const src = v as ShapedValue;
  const offsets = i64Values(op.getAttr('offsets') as ArrayAttr);
  const out = resultType(op);
  const srcStrides = rowMajorStrides(src.shape);
  const outStrides = rowMajorStrides(out.shape);
  const values = src.toArray();
  const n = out.numElements;
  const result = new Array<Scalar>(n);
  for (let k = 0; k < n; k++) {
    const idx = indexOf(k, out.shape, outStrides).map((x, i) => x + (offsets[i] ?? 0));
    result[k] = values[flat(idx, srcStrides)]!;
  }
  return [make(op, result)];
};

const insertStridedSlice: OpHandler = (op, [s, d]) => {
  const [src, dest] = [s as ShapedValue, d as ShapedValue];
  const offsets = i64Values(op.getAttr('offsets') as ArrayAttr);
  const lead = dest.shape.length - src.shape.length;
  const destStrides = rowMajorStrides(dest.shape);
  const srcStrides = rowMajorStrides(src.shape);
  const result = dest.toArray();
  const values = src.toArray();
  for (let k = 0; k < values.length; k++) {
    const idx = [...new Array<number>(lead).fill(0), ...indexOf(k, src.shape, srcStrides)].map((x, i) => x + offsets[i]!);
    result[flat(idx, destStrides)] = values[k]!;
  }
  return [make(op, result)];
};

/** Rows (leading-dim slices) of v1 then v2, picked by the mask. */
const shuffle: OpHandler = (op, [a, b]) => {
  const rowsOf = (v: RtValue): Scalar[][] => {
    if (!(v instanceof ShapedValue) || v.shape.length === 0) return [elementsOf(v)];
    const values = v.toArray();
    const size = values.length / v.shape[0]!;
    return Array.from({ length: v.shape[0]! }, (_, i) => values.slice(i * size, (i + 1) * size));
  };
  const rows = [...rowsOf(a!), ...rowsOf(b!)];
  const mask = i64Values(op.getAttr('mask') as ArrayAttr);
  return [
    make(
      op,
      mask.flatMap((m) => rows[m]!),
    ),
  ];
};

/** Pairs of the trailing dimension: [a0, b0, a1, b1, ...]. */
const interleave: OpHandler = (op, [a, b]) => {
  const [x, y] = [elementsOf(a!), elementsOf(b!)];
  const inner = a instanceof ShapedValue && a.shape.length > 0 ? a.shape[a.shape.length - 1]! : 1;
  const result: Scalar[] = [];
  for (let row = 0; row < x.length / inner; row++) for (let i = 0; i < inner; i++) result.push(x[row * inner + i]!, y[row * inner + i]!);
  return [make(op, result)];
};

const deinterleave: OpHandler = (op, [v]) => {
  const values = (v as ShapedValue).toArray();
  return [
    make(
      op,
      values.filter((_, i) => i % 2 === 0),
      0,
    ),
    make(
      op,
      values.filter((_, i) => i % 2 === 1),
      1,
    ),
  ];
};

const fromElements: OpHandler = (op, elements) => [make(op, elements as Scalar[])];

const step: OpHandler = (op) => [
  make(
    op,
    Array.from({ length: resultType(op).numElements }, (_, i) => i),
  ),
];

function elementPosition(op: Operation, vector: ShapedValue, position: RtValue | undefined): number {
  if (position === undefined) return 0;
  const p = Number(position);
  if (!(p >= 0 && p < vector.size)) throw opError(op, `position ${p} is out of bounds for a vector of ${vector.size} elements`);
  return p;
}

const extractElement: OpHandler = (op, [v, position]) => {
  const vector = v as ShapedValue;
  return [vector.get(elementPosition(op, vector, position))];
};

const insertElement: OpHandler = (op, [x, d, position]) => {
  const dest = d as ShapedValue;
  const values = dest.toArray();
  values[elementPosition(op, dest, position)] = x as Scalar;
  return [make(op, values)];
};

/** Element k is set when each of its indices is below that dimension's size (a conjunction). */
function maskOf(op: Operation, sizes: readonly number[]): ShapedValue {
  const type = resultType(op);
  if (type.rank === 0) return make(op, [sizes[0]! > 0]);
  const strides = rowMajorStrides(type.shape);
  return make(
    op,
    Array.from({ length: type.numElements }, (_, k) => indexOf(k, type.shape, strides).every((x, i) => x < sizes[i]!)),
  );
}

const constantMask: OpHandler = (op) => [maskOf(op, i64Values(op.getAttr('mask_dim_sizes') as ArrayAttr))];
const createMask: OpHandler = (op, sizes) => [maskOf(op, sizes.map(Number))];

/**
 * flat_transpose: a `rows` x `columns` matrix stored column-major (LLVM's llvm.matrix.transpose),
 * transposed: element (r, c) at c * rows + r goes to r * columns + c.
 */
const flatTranspose: OpHandler = (op, [v]) => {
  const values = (v as ShapedValue).toArray();
  const rows = Number((op.getAttr('rows') as IntegerAttr).value);
  const columns = Number((op.getAttr('columns') as IntegerAttr).value);
  const result = new Array<Scalar>(values.length);
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) result[r * columns + c] = values[c * rows + r]!;
  return [make(op, result)];
};

export const shapeSemantics: Readonly<Record<string, OpHandler>> = {
  'vector.transpose': transpose,
  'vector.shape_cast': shapeCast,
  'vector.extract_strided_slice': extractStridedSlice,
  'vector.insert_strided_slice': insertStridedSlice,
  'vector.shuffle': shuffle,
  'vector.interleave': interleave,
  'vector.deinterleave': deinterleave,
  'vector.from_elements': fromElements,
  'vector.step': step,
  'vector.extractelement': extractElement,
  'vector.insertelement': insertElement,
  'vector.constant_mask': constantMask,
  'vector.create_mask': createMask,
  'vector.flat_transpose': flatTranspose,
};
