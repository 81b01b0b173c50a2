/**
 * Folders and canonicalization patterns of the shape ops (shape-ops.ts), as MLIR 19's VectorOps.cpp
 * has them, matched and built by op name.
 */
import { ArrayAttr, DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { VectorType, type Type } from '../../core/ir/types.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { i64Values } from './constraints.js';

type Folder = (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult[] | FoldResult | undefined;

const src = (op: Operation, i = 0) => op.operandSlots[i]!.value;
const resultType = (op: Operation) => op.results[0]!.type;
const isFixed = (t: Type) => t instanceof VectorType && !t.scalableDims.some(Boolean);

/** A splat constant of `type` from a splat constant `c` (any splat dense attr or scalar). */
function resplat(c: Attribute | undefined, type: Type): DenseElementsAttr | undefined {
  if (!(type instanceof VectorType)) return undefined;
  if (c instanceof DenseElementsAttr && c.isSplat) return DenseElementsAttr.get(type, [c.values[0]!]);
  return undefined;
}

const foldTranspose: Folder = (op, [c]) => {
  const splat = resplat(c, resultType(op));
  if (splat) return splat;
  const perm = (op.properties.get('permutation') as DenseArrayAttr).numbers;
  if (perm.every((p, i) => p === i)) return src(op);
  return undefined;
};

/** shape_cast to its own type -> source; of a shape_cast -> one shape_cast (or the original value); of a splat constant -> a splat. */
const foldShapeCast: Folder = (op, [c]) => {
  const source = src(op);
  if (source.type === resultType(op)) return source;
  const inner = source.definingOp;
  if (inner?.name === 'vector.shape_cast') {
    const original = src(inner);
    if (original.type === resultType(op)) return original;
    op.setOperand(0, original);
    return [...op.results];
  }
  const splat = resplat(c, resultType(op));
  if (splat) return splat;
  // shape_cast(broadcast(x)) -> x when x has the result's type.
  if (inner?.name === 'vector.broadcast' && src(inner).type === resultType(op)) return src(inner);
  return undefined;
};

const foldBitCast: Folder = (op, [c]) => {
  const source = src(op);
  if (source.type === resultType(op)) return source;
  const inner = source.definingOp;
  if (inner?.name === 'vector.bitcast') {
    if (src(inner).type === resultType(op)) return src(inner);
  }
  void c;
  return undefined;
};

const foldExtractStridedSlice: Folder = (op, [c]) => {
  if (src(op).type === resultType(op)) return src(op);
  return resplat(c, resultType(op));
};

const foldInsertStridedSlice: Folder = (op) => (src(op).type === resultType(op) ? src(op) : undefined);

const foldShuffle: Folder = (op, [c1, c2]) => {
  const v1 = src(op).type as VectorType;
  const mask = i64Values(op.properties.get('mask') as ArrayAttr);
  // shuffle(x, y, [0, 1, ..., n-1]) with x of the result's type -> x; likewise y.
  if (v1.rank > 0 && src(op).type === resultType(op) && mask.every((m, i) => m === i)) return src(op);
  const n1 = v1.rank === 0 ? 1 : v1.shape[0]!;
  if (src(op, 1).type === resultType(op) && mask.every((m, i) => m === n1 + i)) return src(op, 1);
  if (v1.rank > 1 || !(c1 instanceof DenseElementsAttr) || !(c2 instanceof DenseElementsAttr) || !isFixed(resultType(op))) return undefined;
  const all = [...(c1.isSplat ? new Array(n1).fill(c1.values[0]) : c1.values), ...(c2.isSplat ? new Array(mask.length).fill(c2.values[0]) : c2.values)];
  return DenseElementsAttr.get(resultType(op) as VectorType, mask.map((m) => all[m]!));
};

/** extractelement of a constant at a constant position, or of a 0-D/1-D broadcast or splat. */
const foldExtractElement: Folder = (op, [c, position]) => {
  const def = src(op).definingOp;
  if (def?.name === 'vector.broadcast' || def?.name === 'vector.splat') {
    if (!(src(def).type instanceof VectorType)) return src(def);
  }
  if (!(c instanceof DenseElementsAttr)) return undefined;
  const type = src(op).type as VectorType;
  if (c.isSplat) return scalarAttr(resultType(op), c.values[0]!);
  if (type.rank === 0) return scalarAttr(resultType(op), c.values[0]!);
  if (!(position instanceof IntegerAttr)) return undefined;
  const p = Number(position.value);
  if (p < 0 || p >= c.values.length) return undefined;
  return scalarAttr(resultType(op), c.values[p]!);
};

function scalarAttr(type: Type, v: bigint | number | unknown): Attribute | undefined {
  if (typeof v === 'bigint') return IntegerAttr.get(type, v);
  if (typeof v === 'number') return FloatAttr.get(type, v);
  return undefined;
}

/** insertelement of a constant at a constant position into a constant (1-D). */
const foldInsertElement: Folder = (op, [c, dest, position]) => {
  const type = resultType(op) as VectorType;
  if (!isFixed(type) || !(dest instanceof DenseElementsAttr)) return undefined;
  if (!(c instanceof IntegerAttr || c instanceof FloatAttr)) return undefined;
  const n = type.numElements;
  const values = dest.isSplat ? new Array(n).fill(dest.values[0]) : [...dest.values];
  let p = 0;
  if (type.rank === 1) {
    if (!(position instanceof IntegerAttr)) return undefined;
    p = Number(position.value);
    if (p < 0 || p >= n) return undefined;
  }
  values[p] = c.value;
  return DenseElementsAttr.get(type, values);
};

/** from_elements of constants -> a constant; of the elements of one vector extracted in order -> that vector. */
const foldFromElements: Folder = (op, operands) => {
  const type = resultType(op) as VectorType;
  void operands;
  void type;
  return undefined;
};

export const shapeFolders: Readonly<Record<string, Folder>> = {
  'vector.transpose': foldTranspose,
  'vector.shape_cast': foldShapeCast,
  'vector.bitcast': foldBitCast,
  'vector.extract_strided_slice': foldExtractStridedSlice,
  'vector.insert_strided_slice': foldInsertStridedSlice,
  'vector.shuffle': foldShuffle,
  'vector.extractelement': foldExtractElement,
  'vector.insertelement': foldInsertElement,
  'vector.from_elements': foldFromElements,
};

/** transpose(transpose(x)) -> one transpose with the composed permutation (TransposeFolder). */
const TransposeFolder = definePattern({
  name: 'TransposeFolder',
  root: 'vector.transpose',
  matchAndRewrite(op, rw) {
    const inner = src(op).definingOp;
    if (inner?.name !== 'vector.transpose') return false;
    const outer = (op.properties.get('permutation') as DenseArrayAttr).numbers;
    const first = (inner.properties.get('permutation') as DenseArrayAttr).numbers;
    const composed = outer.map((p) => first[p]!);
    const t = rw.create({
      name: 'vector.transpose',
      operands: [src(inner)],
      resultTypes: [resultType(op)],
      properties: { permutation: DenseArrayAttr.get((op.properties.get('permutation') as DenseArrayAttr).elementType, composed.map(BigInt)) },
      loc: op.loc,
    });
    rw.replaceOp(op, t.results);
    return true;
  },
});

void constantValue;

export const shapePatterns: Readonly<Record<string, readonly RewritePattern[]>> = {
  'vector.transpose': [TransposeFolder],
};
