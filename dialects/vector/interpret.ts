/** Semantics of the vector dialect ops we define. */
import type { DenseArrayAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { elementTypeOrSelf, FloatType, VectorType, type Type } from '../../core/ir/types.js';
import type { DialectSemantics, OpHandler } from '../../core/interpret/engine.js';
import { map3 } from '../../core/interpret/elementwise.js';
import { opError } from '../../core/interpret/errors.js';
import { floatRounder, fromBig, intFormat, toSigned, toUnsigned, type Scalar } from '../../core/interpret/numeric.js';
import { codecOf, type MemRef, numElements, rowMajorStrides, ShapedValue, type RtValue } from '../../core/interpret/values.js';
import { isDynamicIndex } from '../memref/dynamic-index-list.js';
import type { CombiningKindAttr } from './attributes.js';
import { transferRead, transferWrite } from './interpret-transfer.js';
import { shapeSemantics } from './interpret-shape.js';

/** Memref indices of each element of a vector of `shape` read at `base` (vector dims are the trailing memref dims). */
function forEachElement(shape: readonly number[], base: readonly number[], f: (k: number, idx: number[]) => void): void {
  const n = numElements(shape);
  const lead = base.length - shape.length;
  const idx = [...base];
  const strides = rowMajorStrides(shape);
  for (let k = 0; k < n; k++) {
    for (let d = 0; d < shape.length; d++) idx[lead + d] = base[lead + d]! + (Math.floor(k / strides[d]!) % shape[d]!);
    f(k, idx);
  }
}

function checkVectorElements(op: Operation, m: MemRef): void {
  if (m.type.elementType instanceof VectorType) throw opError(op, 'memrefs of vectors are not supported by the interpreter');
}

const load: OpHandler = (op, [m, ...indices], ctx) => {
  const mem = m as MemRef;
  checkVectorElements(op, mem);
  const out = ShapedValue.zeros(op.results[0]!.type as VectorType);
  const codec = mem.buffer.codec;
  forEachElement(out.shape, indices as number[], (k, idx) => codec.set(out.data, k, ctx.memory.load(mem, idx, op)));
  return [out];
};

const store: OpHandler = (op, [v, m, ...indices], ctx) => {
  const [vec, mem] = [v as ShapedValue, m as MemRef];
  checkVectorElements(op, mem);
  forEachElement(vec.shape, indices as number[], (k, idx) => ctx.memory.store(mem, idx, vec.get(k), op));
};

/** Numpy-style broadcast of a scalar or vector to the result shape (size-1 and missing leading dims stretch). */
const broadcast: OpHandler = (op, [src]) => {
  const type = op.results[0]!.type as VectorType;
  if (!(src instanceof ShapedValue)) return [ShapedValue.fromScalars(type, new Array(type.numElements).fill(src))];
  const out = ShapedValue.zeros(type);
  const lead = type.rank - src.shape.length;
  const srcStrides = rowMajorStrides(src.shape);
  const outStrides = rowMajorStrides(type.shape);
  for (let k = 0; k < out.size; k++) {
    let from = 0;
    for (let d = 0; d < src.shape.length; d++) {
      const i = Math.floor(k / outStrides[lead + d]!) % type.shape[lead + d]!;
      from += (src.shape[d] === 1 ? 0 : i) * srcStrides[d]!;
    }
    out.data[k] = src.data[from]!;
  }
  return [out];
};

const splat: OpHandler = (op, [x]) => {
  const type = op.results[0]!.type as VectorType;
  return [ShapedValue.fromScalars(type, new Array(type.numElements).fill(x))];
};

/** Static positions with kDynamic placeholders replaced by the dynamic operands. */
function positions(op: Operation, dynamic: readonly RtValue[]): number[] {
  let k = 0;
  return (op.getAttr('static_position') as DenseArrayAttr).values.map((v) => (isDynamicIndex(v) ? (dynamic[k++] as number) : Number(v)));
}

/** The flat range [start, start + count) of the sub-vector at `pos` of a vector of `shape`. */
function subRange(op: Operation, shape: readonly number[], pos: readonly number[]): [number, number] {
  const strides = rowMajorStrides(shape);
  let start = 0;
  pos.forEach((p, d) => {
    if (!(p >= 0 && p < shape[d]!)) throw opError(op, `position ${p} is out of bounds for dimension ${d} of size ${shape[d]}`);
    start += p * strides[d]!;
  });
  return [start, numElements(shape.slice(pos.length))];
}

const extract: OpHandler = (op, [v, ...dynamic]) => {
  const vec = v as ShapedValue;
  const [start, count] = subRange(op, vec.shape, positions(op, dynamic));
  const t = op.results[0]!.type;
  if (t instanceof VectorType) return [new ShapedValue(t, t.shape, vec.data.slice(start, start + count))];
  return [vec.get(start)];
};

const insert: OpHandler = (op, [src, d, ...dynamic]) => {
  const dest = d as ShapedValue;
  const [start, count] = subRange(op, dest.shape, positions(op, dynamic));
  const data = dest.data.slice();
  if (src instanceof ShapedValue) for (let i = 0; i < count; i++) data[start + i] = src.data[i]!;
  else codecOf(dest.elementType).set(data, start, src as Scalar);
  return [new ShapedValue(dest.type, dest.shape, data)];
};

const fma: OpHandler = (op, [a, b, c]) => {
  const r = floatRounder(elementTypeOrSelf(op.results[0]!.type));
  return [map3(a!, b!, c!, op.results[0]!.type, (x, y, z) => r((x as number) * (y as number) + (z as number)))];
};

/** The combining function of a reduction kind on elements of type `t`. */
export function combiner(kind: string, t: Type): (a: Scalar, b: Scalar) => Scalar {
  if (t instanceof FloatType) {
    const r = floatRounder(t);
    const f: Record<string, (a: number, b: number) => number> = {
      add: (a, b) => a + b,
      mul: (a, b) => a * b,
      maximumf: Math.max,
      minimumf: Math.min,
      maxnumf: (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b)),
      minnumf: (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b)),
    };
    const g = f[kind]!;
    return (a, b) => r(g(a as number, b as number));
  }
  const fmt = intFormat(t);
  const s = (v: Scalar) => toSigned(v, fmt);
  const u = (v: Scalar) => toUnsigned(v, fmt);
  const g: Record<string, (a: Scalar, b: Scalar) => bigint> = {
    add: (a, b) => s(a) + s(b),
    mul: (a, b) => s(a) * s(b),
    and: (a, b) => s(a) & s(b),
    or: (a, b) => s(a) | s(b),
    xor: (a, b) => s(a) ^ s(b),
    minsi: (a, b) => (s(a) <= s(b) ? s(a) : s(b)),
    maxsi: (a, b) => (s(a) >= s(b) ? s(a) : s(b)),
    minui: (a, b) => (u(a) <= u(b) ? u(a) : u(b)),
    maxui: (a, b) => (u(a) >= u(b) ? u(a) : u(b)),
  };
  const h = g[kind]!;
  return (a, b) => fromBig(h(a, b), fmt);
}

const reduction: OpHandler = (op, [v, acc]) => {
  const vec = v as ShapedValue;
  const f = combiner((op.getAttr('kind') as CombiningKindAttr).value, vec.elementType);
  const values = vec.toArray();
  let r = acc === undefined ? values[0]! : f(acc as Scalar, values[0]!);
  for (let i = 1; i < values.length; i++) r = f(r, values[i]!);
  return [r];
};

export const vectorSemantics: DialectSemantics = {
  dialect: 'vector',
  ops: {
    'vector.load': load,
    'vector.transfer_read': transferRead,
    'vector.transfer_write': transferWrite,
    'vector.store': store,
    'vector.broadcast': broadcast,
    'vector.splat': splat,
    'vector.extract': extract,
    'vector.insert': insert,
    'vector.fma': fma,
    'vector.reduction': reduction,
    ...shapeSemantics,
  },
};
