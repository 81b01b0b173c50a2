/**
 * Semantics of vector.transfer_read and vector.transfer_write on memrefs and tensors: the
 * permutation map (projected permutations and broadcast dimensions), in_bounds, padding and masks.
 * A vector dimension not marked in_bounds reads the padding (and writes nothing) where it runs
 * past the source; one marked in_bounds that does is an error, as is an out-of-bounds index of a
 * dimension the vector does not cover. Sources of vector elements are not supported.
 */
import type { AffineMapAttr, ArrayAttr, DenseArrayAttr, IntegerAttr } from '../../core/ir/attributes.js';
import { AffineDimExpr } from '../../core/ir/affine.js';
import type { Operation } from '../../core/ir/operation.js';
import { type RankedTensorType, VectorType, type ShapedType } from '../../core/ir/types.js';
import type { OpHandler } from '../../core/interpret/engine.js';
import { opError } from '../../core/interpret/errors.js';
import type { Scalar } from '../../core/interpret/numeric.js';
import { MemRef, numElements, rowMajorStrides, ShapedValue, type RtValue } from '../../core/interpret/values.js';

interface Plan {
  /** For each vector dimension, the source dimension it walks, or -1 for a broadcast. */
  dims: number[];
  inBounds: boolean[];
  /** The vector dimensions the mask indexes, in source-dimension order. */
  maskDims: number[];
}

function planOf(op: Operation): Plan {
  const map = (op.getAttr('permutation_map') as AffineMapAttr).map;
  const dims = map.results.map((r) => (r instanceof AffineDimExpr ? r.position : -1));
  const inBounds = (op.getAttr('in_bounds') as ArrayAttr).elements.map((e) => (e as IntegerAttr).value !== 0n);
  const maskDims = dims
    .map((d, k) => ({ d, k }))
    .filter((x) => x.d >= 0)
    .sort((a, b) => a.d - b.d)
    .map((x) => x.k);
  return { dims, inBounds, maskDims };
}

/** Every index of `shape`, row-major. */
function* indicesOf(shape: readonly number[]): Generator<number[]> {
  const n = numElements(shape);
  const idx = shape.map(() => 0);
  for (let k = 0; k < n; k++) {
    yield [...idx];
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d]! < shape[d]!) break;
      idx[d] = 0;
    }
  }
}

/**
 * Calls `visit(sourceIndex, k)` for the k-th (row-major) element of the vector when it is
 * transferred (not masked off nor out of bounds), the source being a memref or tensor of `shape`.
 */
function walk(op: Operation, vector: VectorType, base: readonly number[], shape: readonly number[], mask: ShapedValue | undefined, visit: (at: number[], k: number) => void): void {
  const plan = planOf(op);
  base.forEach((b, d) => {
    if (!plan.dims.includes(d) && !(b >= 0 && b < shape[d]!)) throw opError(op, `index ${b} is out of bounds for dimension ${d} of size ${shape[d]}`);
  });
  const maskStrides = mask ? rowMajorStrides(mask.shape) : [];
  let k = 0;
  for (const iv of indicesOf(vector.shape)) {
    const at = [...base];
    let inside = true;
    plan.dims.forEach((d, j) => {
      if (d < 0) return;
      at[d]! += iv[j]!;
      if (at[d]! >= 0 && at[d]! < shape[d]!) return;
      if (plan.inBounds[j]) throw opError(op, `index ${at[d]} is out of bounds for dimension ${d} of size ${shape[d]}, which in_bounds declares in bounds`);
      inside = false;
    });
    const enabled = !mask || mask.get(plan.maskDims.reduce((a, j, m) => a + iv[j]! * maskStrides[m]!, 0));
    if (inside && enabled) visit(at, k);
    k++;
  }
}

function checkScalarElements(op: Operation, t: ShapedType): void {
  if (t.elementType instanceof VectorType) throw opError(op, 'sources of vector elements are not supported by the interpreter');
}

const segments = (op: Operation): number[] => (op.getAttr('operandSegmentSizes') as DenseArrayAttr).numbers;
const linear = (at: readonly number[], shape: readonly number[]) => at.reduce((a, i, d) => a * shape[d]! + i, 0);

export const transferRead: OpHandler = (op, operands, ctx) => {
  const [, nIdx, , nMask] = segments(op);
  const source = operands[0]!;
  const base = operands.slice(1, 1 + nIdx!) as number[];
  const padding = operands[1 + nIdx!] as Scalar;
  const mask = nMask ? (operands[2 + nIdx!] as ShapedValue) : undefined;
  const vector = op.results[0]!.type as VectorType;
  checkScalarElements(op, op.operand(0).type as ShapedType);
  const values = new Array<Scalar>(numElements(vector.shape)).fill(padding);
  if (source instanceof MemRef) {
    walk(op, vector, base, source.shape, mask, (at, k) => (values[k] = ctx.memory.load(source, at, op)));
  } else {
    const t = source as ShapedValue;
    walk(op, vector, base, t.shape, mask, (at, k) => (values[k] = t.get(linear(at, t.shape))));
  }
  return [ShapedValue.fromScalars(vector, values)];
};

export const transferWrite: OpHandler = (op, operands, ctx) => {
  const [, , nIdx, nMask] = segments(op);
  const value = operands[0] as ShapedValue;
  const dest = operands[1]! as RtValue;
  const base = operands.slice(2, 2 + nIdx!) as number[];
  const mask = nMask ? (operands[2 + nIdx!] as ShapedValue) : undefined;
  const vector = op.operand(0).type as VectorType;
  checkScalarElements(op, op.operand(1).type as ShapedType);
  if (dest instanceof MemRef) {
    walk(op, vector, base, dest.shape, mask, (at, k) => ctx.memory.store(dest, at, value.get(k), op));
    return;
  }
  const t = dest as ShapedValue;
  const out = t.toArray();
  walk(op, vector, base, t.shape, mask, (at, k) => (out[linear(at, t.shape)] = value.get(k)));
  return [ShapedValue.fromScalars(op.results[0]!.type as RankedTensorType, out, t.shape)];
};
