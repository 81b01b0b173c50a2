/**
 * Semantics of the tile dialect (docs/dialects/tile.md). Tile ops are workgroup-collective: inside
 * a kernel each runs once per workgroup and every thread gets its results (collective.ts).
 * Encodings (`#tile.blocked`) and swizzles (`#tile.shared`) only place data, so they are ignored:
 * a register tile is one row-major ShapedValue, a workgroup buffer one identity-layout memref.
 */
import { DenseArrayAttr, type IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { FloatType, type MemRefType, RankedTensorType, type Type } from '../../core/ir/types.js';
import type { DialectSemantics, ExecContext, OpHandler } from '../../core/interpret/engine.js';
import { attributeValue } from '../../core/interpret/elementwise.js';
import { opError } from '../../core/interpret/errors.js';
import { EvalError, floatRounder, fromBig, intFormat, scalarOf, toSigned, wrapSmall, type Scalar } from '../../core/interpret/numeric.js';
import { codecOf, MemRef, numElements, rowMajorStrides, ShapedValue, type RtValue } from '../../core/interpret/values.js';
import type { ReduceKindAttr } from './attributes.js';
import { collectiveOps } from './collective.js';
import { broadcastAddedDims } from './compute-ops.js';
import { indexDimension, mapIndexingMaps, projectedDims, reductionDims } from './problem-ops.js';

const resultTensor = (op: Operation): RankedTensorType => op.results[0]!.type as RankedTensorType;
const list = (xs: ArrayLike<number>): string => `[${Array.from(xs).join(', ')}]`;

// ------------------------------------------------------------------------------ tile.load / tile.store

/**
 * Visits the memref positions of a tile of `shape` placed at `indices` (trailing dimensions), in
 * row-major tile order: `visit(k, position, inBounds)` with k the flat tile index. The position
 * array is reused between calls.
 */
function forEachPosition(m: MemRef, indices: readonly number[], shape: readonly number[], visit: (k: number, p: number[], inBounds: boolean) => void): void {
  const n = m.rank;
  const lead = n - shape.length;
  const p = indices.slice();
  const total = shape.reduce((a, b) => a * b, 1);
  const j = new Array<number>(shape.length).fill(0);
  for (let k = 0; k < total; k++) {
    for (let d = 0; d < shape.length; d++) p[lead + d] = indices[lead + d]! + j[d]!;
    let inBounds = true;
    for (let d = 0; d < n; d++) if (!(p[d]! >= 0 && p[d]! < m.shape[d]!)) inBounds = false;
    visit(k, p, inBounds);
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++j[d]! < shape[d]!) break;
      j[d] = 0;
    }
  }
}

function notInBounds(verb: string, p: readonly number[], m: MemRef): EvalError {
  return new EvalError(`is marked in_bounds but ${verb} position ${list(p)} outside the memref shape ${list(m.shape)}`);
}

const load: OpHandler = (op, [mem, ...indices], ctx) => {
  const m = mem as MemRef;
  const type = resultTensor(op);
  const elem = type.elementType;
  const padAttr = op.properties.get('padding');
  const padding = padAttr ? (attributeValue(padAttr, elem) as Scalar) : scalarOf(elem, 0);
  const inBoundsOnly = op.properties.has('in_bounds');
  const out = ShapedValue.zeros(type);
  const codec = codecOf(elem);
  forEachPosition(m, indices as number[], type.shape, (k, p, inBounds) => {
    if (!inBounds && inBoundsOnly) throw notInBounds('reads', p, m);
    codec.set(out.data, k, inBounds ? ctx.memory.load(m, p, op) : padding);
  });
  return [out];
};

const store: OpHandler = (op, [value, mem, ...indices], ctx) => {
  const [v, m] = [value as ShapedValue, mem as MemRef];
  const inBoundsOnly = op.properties.has('in_bounds');
  const codec = codecOf(v.elementType);
  forEachPosition(m, indices as number[], v.shape, (k, p, inBounds) => {
    if (inBounds) ctx.memory.store(m, p, codec.get(v.data, k), op);
    else if (inBoundsOnly) throw notInBounds('writes', p, m);
  });
};

// ------------------------------------------------------------------------------ tile.alloc / tile.view

/** One buffer per workgroup (the op is collective); the swizzle layout does not change what an index names. */
const alloc: OpHandler = (op, _operands, ctx) => [ctx.allocateMemRef(op.results[0]!.type as MemRefType, [], op)];

const view: OpHandler = (op, [mem, ...coords]) => {
  const m = mem as MemRef;
  const tile = (op.properties.get('tile') as DenseArrayAttr).numbers;
  const type = op.results[0]!.type as MemRefType;
  let offset = m.offset;
  const shape = tile.map((t, d) => {
    const c = coords[d] as number;
    if (c < 0) throw opError(op, `tile coordinate ${c} of dimension ${d} is negative`);
    const size = Math.max(0, Math.min(t, m.shape[d]! - c * t));
    if (type.shape[d]! >= 0 && type.shape[d] !== size) {
      throw opError(op, `tile coordinate ${c} of dimension ${d} gives ${size} elements, but the result type ${type} has ${type.shape[d]}`);
    }
    if (size > 0) offset += c * t * m.strides[d]!;
    return size;
  });
  return [new MemRef(type, m.buffer, offset, shape, m.strides)];
};

// ------------------------------------------------------------------------------ tile.dot

/** d = acc + a·b in the accumulator's type: each product and each sum rounded to it (k ascending). */
const dot: OpHandler = (op, [a, b, acc]) => {
  const [A, B, C] = [a as ShapedValue, b as ShapedValue, acc as ShapedValue];
  const [M, K] = A.shape as [number, number];
  const N = B.shape[1]!;
  const round = floatRounder(C.elementType);
  const out = ShapedValue.zeros(resultTensor(op));
  const [ad, bd, cd, od] = [A.data, B.data, C.data, out.data] as Float32Array[];
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      let s = cd![i * N + j]!;
      for (let k = 0; k < K; k++) s = round(s + round(ad![i * K + k]! * bd![k * N + j]!));
      od![i * N + j] = s;
    }
  }
  return [out];
};

// ------------------------------------------------------------------------------ tile.transpose

const transpose: OpHandler = (op, [source]) => {
  const src = source as ShapedValue;
  const [rows, cols] = src.shape as [number, number];
  const out = ShapedValue.zeros(resultTensor(op));
  const codec = codecOf(src.elementType);
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) codec.set(out.data, i * rows + j, codec.get(src.data, j * cols + i));
  }
  return [out];
};

// ------------------------------------------------------------------------------ tile.reduce

type Combine = (x: Scalar, y: Scalar) => Scalar;

/** The combining function of a reduction kind over elements of type `t`. */
export function reduceCombiner(kind: string, t: Type): Combine {
  if (t instanceof FloatType) {
    const r = floatRounder(t);
    const f: Record<string, Combine> = {
      add: (x, y) => r((x as number) + (y as number)),
      mul: (x, y) => r((x as number) * (y as number)),
      // Math.max/min propagate NaN and order -0 < +0, as arith.maximumf/minimumf.
      max: (x, y) => Math.max(x as number, y as number),
      min: (x, y) => Math.min(x as number, y as number),
    };
    if (!f[kind]) throw new EvalError(`reduction kind '${kind}' needs integer elements`);
    return f[kind]!;
  }
  const fmt = intFormat(t);
  if (fmt.kind === 'small') {
    const w = fmt.width;
    const f: Record<string, (x: number, y: number) => number> = {
      add: (x, y) => wrapSmall(x + y, w),
      mul: (x, y) => wrapSmall(Math.imul(x, y), w),
      max: Math.max,
      min: Math.min,
      and: (x, y) => x & y,
      or: (x, y) => x | y,
      xor: (x, y) => x ^ y,
    };
    const g = f[kind]!;
    return (x, y) => g(x as number, y as number);
  }
  // i1 and wide integers: signed bigint arithmetic, wrapped back to the type.
  const f: Record<string, (x: bigint, y: bigint) => bigint> = {
    add: (x, y) => x + y,
    mul: (x, y) => x * y,
    max: (x, y) => (x > y ? x : y),
    min: (x, y) => (x < y ? x : y),
    and: (x, y) => x & y,
    or: (x, y) => x | y,
    xor: (x, y) => x ^ y,
  };
  const g = f[kind]!;
  return (x, y) => fromBig(g(toSigned(x, fmt), toSigned(y, fmt)), fmt);
}

const reduce: OpHandler = function* (op: Operation, [input]: readonly RtValue[], ctx: ExecContext) {
  const t = input as ShapedValue;
  const axis = (op.properties.get('axis') as IntegerAttr).number;
  const kind = op.properties.get('kind') as ReduceKindAttr | undefined;
  const combine = kind ? reduceCombiner(kind.value, t.elementType) : undefined;
  const codec = codecOf(t.elementType);
  const shape = t.shape;
  const n = shape[axis]!;
  const inner = shape.slice(axis + 1).reduce((x, y) => x * y, 1);
  const outer = shape.slice(0, axis).reduce((x, y) => x * y, 1);
  const values = new Array<Scalar>(outer * inner);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const at = (k: number) => codec.get(t.data, (o * n + k) * inner + i);
      let accum = at(0);
      for (let k = 1; k < n; k++) {
        accum = combine ? combine(accum, at(k)) : ((yield* ctx.runRegion(op.region(0), [accum, at(k)])).values[0] as Scalar);
      }
      values[o * inner + i] = accum;
    }
  }
  const resultType = op.results[0]!.type;
  if (!(resultType instanceof RankedTensorType)) return [values[0]!];
  return [ShapedValue.fromScalars(resultType, values)];
};

// ------------------------------------------------------------------------------ tile.broadcast / splat / cast

const broadcast: OpHandler = (op, [source]) => {
  const src = source as ShapedValue;
  const type = resultTensor(op);
  const added = broadcastAddedDims(op);
  const kept = type.shape.map((_, d) => d).filter((d) => !added.includes(d));
  const srcStrides = src.shape.map((_, i) => src.shape.slice(i + 1).reduce((x, y) => x * y, 1));
  const out = ShapedValue.zeros(type);
  const codec = codecOf(type.elementType);
  const idx = new Array<number>(type.rank).fill(0);
  for (let k = 0; k < out.size; k++) {
    let s = 0;
    kept.forEach((d, i) => {
      if (src.shape[i] !== 1) s += idx[d]! * srcStrides[i]!;
    });
    codec.set(out.data, k, codec.get(src.data, s));
    for (let d = type.rank - 1; d >= 0; d--) {
      if (++idx[d]! < type.shape[d]!) break;
      idx[d] = 0;
    }
  }
  return [out];
};

const splat: OpHandler = (op, [s]) => {
  const type = resultTensor(op);
  const out = ShapedValue.zeros(type);
  const codec = codecOf(type.elementType);
  for (let k = 0; k < out.size; k++) codec.set(out.data, k, s as Scalar);
  return [out];
};

const iota: OpHandler = (op) => {
  const type = resultTensor(op);
  const d = (op.properties.get('dimension') as IntegerAttr).number;
  const out = ShapedValue.zeros(type);
  const codec = codecOf(type.elementType);
  const stride = type.shape.slice(d + 1).reduce((x, y) => x * y, 1);
  const format = intFormat(type.elementType);
  for (let k = 0; k < out.size; k++) codec.set(out.data, k, fromBig(BigInt(Math.floor(k / stride) % type.shape[d]!), format));
  return [out];
};

/** The body of a tile.fusion runs as if its ops were outside it. */
const fusion: OpHandler = function* (op: Operation, _operands: readonly RtValue[], ctx: ExecContext) {
  yield* ctx.runRegion(op.region(0), []);
  return [];
};

/** The element conversion of tile.cast (docs/dialects/tile.md). */
export function elementConversion(from: Type, to: Type): (v: Scalar) => Scalar {
  if (from === to) return (v) => v;
  if (from instanceof FloatType && to instanceof FloatType) {
    const r = floatRounder(to);
    return (v) => r(v as number);
  }
  if (to instanceof FloatType) {
    const [f, r] = [intFormat(from), floatRounder(to)];
    return (v) => r(Number(toSigned(v, f)));
  }
  const ft = intFormat(to);
  if (from instanceof FloatType) {
    const lo = -(1n << BigInt(ft.width - 1));
    const hi = ft.kind === 'bool' ? 1n : -lo - 1n;
    return (v) => {
      const x = v as number;
      if (!Number.isFinite(x)) throw new EvalError(`cannot convert ${x} to ${to}`);
      const i = BigInt(Math.trunc(x));
      if (i < lo || i > hi) throw new EvalError(`${x} is out of the range of ${to}`);
      return fromBig(i, ft);
    };
  }
  const ff = intFormat(from);
  // i1 zero-extends; other integers sign-extend or truncate.
  return (v) => fromBig(ff.kind === 'bool' ? (v ? 1n : 0n) : toSigned(v, ff), ft);
}

const cast: OpHandler = (op, [source]) => {
  const src = source as ShapedValue;
  const type = resultTensor(op);
  const convert = elementConversion(src.elementType, type.elementType);
  const [ci, co] = [codecOf(src.elementType), codecOf(type.elementType)];
  const out = ShapedValue.zeros(type);
  for (let k = 0; k < out.size; k++) co.set(out.data, k, convert(ci.get(src.data, k)));
  return [out];
};

// ------------------------------------------------------------------------------ whole-problem ops

const sameShape = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((d, i) => d === b[i]);

/** C (+)= op(A)·op(B) over whole memrefs (each matrix of a batch), in C's element type (products and sums rounded to it). */
const matmul: OpHandler = (op, [a, b, c], ctx) => {
  const [A, B, C] = [a as MemRef, b as MemRef, c as MemRef];
  const [ta, tb] = [op.properties.has('transpose_a'), op.properties.has('transpose_b')];
  const r = A.shape.length;
  const [ar, ac] = [A.shape[r - 2]!, A.shape[r - 1]!];
  const [br, bc] = [B.shape[r - 2]!, B.shape[r - 1]!];
  const [M, K] = ta ? [ac, ar] : [ar, ac];
  const [K2, N] = tb ? [bc, br] : [br, bc];
  const batch = A.shape.slice(0, r - 2);
  if (!sameShape(B.shape.slice(0, r - 2), batch) || !sameShape(C.shape.slice(0, r - 2), batch)) {
    throw opError(op, `batch dimensions differ at run time: A is ${list(A.shape)}, B is ${list(B.shape)} and C is ${list(C.shape)}`);
  }
  if (K !== K2) throw opError(op, `reduction dimensions differ at run time: op(A) is ${M}x${K} and op(B) is ${K2}x${N}`);
  if (C.shape[r - 2] !== M || C.shape[r - 1] !== N) throw opError(op, `C is ${C.shape.join('x')} at run time but op(A)·op(B) is ${M}x${N}`);
  const av = ctx.memory.readView(A, op) as number[];
  const bv = ctx.memory.readView(B, op) as number[];
  const count = numElements(batch);
  const cv = op.properties.has('accumulate') ? (ctx.memory.readView(C, op) as number[]) : new Array<number>(count * M * N).fill(0);
  const round = floatRounder(C.type.elementType);
  for (let g = 0; g < count; g++) {
    const [ao, bo, co] = [g * M * K, g * K * N, g * M * N];
    const aAt = ta ? (i: number, k: number) => av[ao + k * M + i]! : (i: number, k: number) => av[ao + i * K + k]!;
    const bAt = tb ? (k: number, j: number) => bv[bo + j * K + k]! : (k: number, j: number) => bv[bo + k * N + j]!;
    for (let i = 0; i < M; i++) {
      for (let j = 0; j < N; j++) {
        let s = round(cv[co + i * N + j]!);
        for (let k = 0; k < K; k++) s = round(s + round(aAt(i, k) * bAt(k, j)));
        cv[co + i * N + j] = s;
      }
    }
  }
  ctx.memory.writeView(C, cv, op);
};

/**
 * For each index of `space` in row-major order, the row-major position of its projection onto
 * `dims` in an array of the kept sizes: where a broadcast operand or a reduction's output is read.
 */
function projectionIndex(space: readonly number[], dims: readonly number[]): Int32Array {
  const keptStrides = rowMajorStrides(dims.map((d) => space[d]!));
  const stride = space.map(() => 0);
  dims.forEach((d, i) => (stride[d] = keptStrides[i]!));
  const out = new Int32Array(numElements(space));
  const idx = space.map(() => 0);
  let at = 0;
  for (let k = 0; k < out.length; k++) {
    out[k] = at;
    for (let d = space.length - 1; d >= 0; d--) {
      at += stride[d]!;
      if (++idx[d]! < space[d]!) break;
      at -= idx[d]! * stride[d]!;
      idx[d] = 0;
    }
  }
  return out;
}

/**
 * The iteration space of a tile.map at run time and, per input, where each index reads it
 * (undefined: the index itself). Without indexing_maps every operand has operand #0's shape;
 * with them, the outputs' shape, each input's sizes those of the dimensions its map keeps.
 */
function mapAccesses(op: Operation, mems: readonly MemRef[], nIn: number): { space: readonly number[]; reads: (Int32Array | undefined)[] } {
  if (!op.properties.has('indexing_maps')) {
    const shape = mems[0]!.shape;
    mems.forEach((m, i) => {
      if (!sameShape(m.shape, shape)) throw opError(op, `operand #${i} has shape ${list(m.shape)} at run time, expected ${list(shape)} (the shape of operand #0)`);
    });
    return { space: shape, reads: mems.map(() => undefined) };
  }
  const space = mems[nIn]!.shape;
  const maps = mapIndexingMaps(op);
  mems.forEach((m, i) => {
    const what = i < nIn ? `input #${i}` : `output #${i - nIn}`;
    projectedDims(maps[i]!)!.forEach((d, k) => {
      if (m.shape[k] !== space[d])
        throw opError(
          op,
          `${what} has shape ${list(m.shape)} at run time: its dimension ${k} is ${m.shape[k]} but iteration dimension d${d} is ${space[d]} (the iteration space is output #0's shape ${list(space)})`,
        );
    });
  });
  return { space, reads: maps.slice(0, nIn).map((m) => (m.isIdentity() ? undefined : projectionIndex(space, projectedDims(m)!))) };
}

/** The index a tile.map's body is evaluated at, for the tile.index ops in it. */
const mapIndices = new WeakMap<Operation, number[]>();

/** `tile.index d`: the enclosing map's current index along d. */
const index: OpHandler = (op) => [mapIndices.get(op.parentOp!)![indexDimension(op)]!];

/** Evaluates the body at every index (row-major); all inputs are read before any output is written. */
const map: OpHandler = function* (op: Operation, operands: readonly RtValue[], ctx: ExecContext) {
  const seg = op.properties.get('operandSegmentSizes');
  const nIn = seg instanceof DenseArrayAttr ? seg.numbers[0]! : 0;
  const mems = operands as MemRef[];
  const { space, reads } = mapAccesses(op, mems, nIn);
  const inputs = mems.slice(0, nIn).map((m) => ctx.memory.readView(m, op));
  const size = numElements(space);
  const outputs = mems.slice(nIn).map(() => new Array<Scalar>(size));
  const body = op.region(0);
  const index = space.map(() => 0);
  mapIndices.set(op, index);
  for (let k = 0; k < size; k++) {
    if (k > 0) for (let d = space.length - 1; d >= 0 && ++index[d]! === space[d]!; d--) index[d] = 0;
    const exit = yield* ctx.runRegion(
      body,
      inputs.map((vs, i) => vs[reads[i] ? reads[i][k]! : k]!),
    );
    exit.values.forEach((v, o) => (outputs[o]![k] = v as Scalar));
  }
  mems.slice(nIn).forEach((m, o) => ctx.memory.writeView(m, outputs[o]!, op));
};

/** The value a reduction of no elements gives: the kind's identity (max of floats: -inf; of integers: the signed minimum). */
export function reductionIdentity(kind: string, t: Type): Scalar {
  if (t instanceof FloatType) return ({ add: 0, mul: 1, max: -Infinity, min: Infinity } as Record<string, number>)[kind]!;
  const f = intFormat(t);
  const top = 1n << BigInt(f.width - 1);
  const v = ({ add: 0n, mul: 1n, max: -top, min: top - 1n, and: -1n, or: 0n, xor: 0n } as Record<string, bigint>)[kind]!;
  return fromBig(v, f);
}

/**
 * R (combined with its old values under `accumulate`) = the reduction of X over `dimensions`,
 * in X's row-major order, each step rounded to the element type.
 */
const reduction: OpHandler = (op, [x, r], ctx) => {
  const [X, R] = [x as MemRef, r as MemRef];
  const dims = reductionDims(op);
  const kept = X.shape.map((_, d) => d).filter((d) => !dims.includes(d));
  const keptShape = kept.map((d) => X.shape[d]!);
  if (!sameShape(R.shape, keptShape)) {
    throw opError(op, `output has shape ${list(R.shape)} at run time, but the input's ${list(X.shape)} without dimensions ${list(dims)} is ${list(keptShape)}`);
  }
  const elem = X.type.elementType;
  const kind = (op.properties.get('kind') as ReduceKindAttr).value;
  const combine = reduceCombiner(kind, elem);
  const xs = ctx.memory.readView(X, op);
  // undefined: nothing combined there yet (a reduction has no initial value unless it accumulates).
  const acc: (Scalar | undefined)[] = op.properties.has('accumulate') ? ctx.memory.readView(R, op) : new Array<undefined>(R.numElements).fill(undefined);
  const at = projectionIndex(X.shape, kept);
  for (let k = 0; k < xs.length; k++) {
    const o = at[k]!;
    const a = acc[o];
    acc[o] = a === undefined ? xs[k]! : combine(a, xs[k]!);
  }
  const identity = reductionIdentity(kind, elem);
  ctx.memory.writeView(
    R,
    acc.map((v) => v ?? identity),
    op,
  );
};

export const tileSemantics: DialectSemantics = {
  dialect: 'tile',
  ops: {
    ...collectiveOps({
      'tile.load': load,
      'tile.store': store,
      'tile.alloc': alloc,
      'tile.view': view,
      'tile.dot': dot,
      'tile.transpose': transpose,
      'tile.reduce': reduce,
      'tile.broadcast': broadcast,
      'tile.splat': splat,
      'tile.iota': iota,
      'tile.cast': cast,
      'tile.matmul': matmul,
      'tile.map': map,
      'tile.index': index,
      'tile.reduction': reduction,
    }),
    // Host code only, and not collective itself: the ops of its body are.
    'tile.fusion': fusion,
  },
};
