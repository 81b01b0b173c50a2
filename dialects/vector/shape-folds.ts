/**
 * Folders and canonicalization patterns of the shape ops (shape-ops.ts), as MLIR 19's VectorOps.cpp
 * has them, matched and built by op name.
 */
import { type ArrayAttr, DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { VectorType, type Type } from '../../core/ir/types.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { i64Array, i64Values, isValidShapeCast } from './constraints.js';
import { materializeArithConstant } from '../arith/materialize.js';

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
    // Only a cast that stays valid (MLIR's isValidShapeCast), and not between equal ranks.
    const [from, to] = [original.type as VectorType, resultType(op) as VectorType];
    if (from.rank === to.rank || !(from.rank < to.rank ? isValidShapeCast(from.shape, to.shape) : isValidShapeCast(to.shape, from.shape))) return undefined;
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
    op.setOperand(0, src(inner));
    return [...op.results];
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
  return DenseElementsAttr.get(
    resultType(op) as VectorType,
    mask.map((m) => all[m]!),
  );
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

/** step of a fixed-length vector -> the constant [0, 1, ..., n-1] (StepOp::fold). */
const foldStep: Folder = (op) => {
  const type = resultType(op) as VectorType;
  if (type.scalableDims.some(Boolean)) return undefined;
  return DenseElementsAttr.get(
    type,
    Array.from({ length: type.numElements }, (_, i) => BigInt(i)),
  );
};

export const shapeFolders: Readonly<Record<string, Folder>> = {
  'vector.step': foldStep,
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
    rw.replaceOpWithNew(op, {
      name: 'vector.transpose',
      operands: [src(inner)],
      resultTypes: [resultType(op)],
      properties: { permutation: DenseArrayAttr.get((op.properties.get('permutation') as DenseArrayAttr).elementType, composed.map(BigInt)) },
    });
    return true;
  },
});

/** transpose(broadcast of a scalar or one-element vector) -> broadcast (FoldTransposedScalarBroadcast). */
const FoldTransposedScalarBroadcast = definePattern({
  name: 'FoldTransposedScalarBroadcast',
  root: 'vector.transpose',
  matchAndRewrite(op, rw) {
    const bcast = src(op).definingOp;
    if (bcast?.name !== 'vector.broadcast') return false;
    const t = src(bcast).type;
    if (t instanceof VectorType && t.numElements !== 1) return false;
    rw.replaceOpWithNew(op, { name: 'vector.broadcast', operands: [src(bcast)], resultTypes: [resultType(op)] });
    return true;
  },
});

/** transpose(splat x) -> splat x (FoldTransposeSplat). */
const FoldTransposeSplat = definePattern({
  name: 'FoldTransposeSplat',
  root: 'vector.transpose',
  matchAndRewrite(op, rw) {
    const splat = src(op).definingOp;
    if (splat?.name !== 'vector.splat') return false;
    rw.replaceOpWithNew(op, { name: 'vector.splat', operands: [src(splat)], resultTypes: [resultType(op)] });
    return true;
  },
});

/** transpose(create_mask / constant_mask) -> the mask with permuted sizes (FoldTransposeCreateMask). */
const FoldTransposeCreateMask = definePattern({
  name: 'FoldTransposeCreateMask',
  root: 'vector.transpose',
  matchAndRewrite(op, rw) {
    const mask = src(op).definingOp;
    if (mask?.name !== 'vector.create_mask' && mask?.name !== 'vector.constant_mask') return false;
    const perm = (op.properties.get('permutation') as DenseArrayAttr).numbers;
    if (mask.name === 'vector.create_mask') {
      const operands = mask.operandSlots.map((s) => s.value);
      rw.replaceOpWithNew(op, { name: 'vector.create_mask', operands: perm.map((p) => operands[p]!), resultTypes: [resultType(op)] });
    } else {
      const sizes = i64Values(mask.getAttr('mask_dim_sizes') as ArrayAttr);
      rw.replaceOpWithNew(op, { name: 'vector.constant_mask', resultTypes: [resultType(op)], properties: { mask_dim_sizes: i64Array(perm.map((p) => sizes[p]!)) } });
    }
    return true;
  },
});

const stridedAttrs = (op: Operation) => ['offsets', 'sizes', 'strides'].map((n) => i64Values(op.properties.get(n) as ArrayAttr)) as [number[], number[], number[]];

/** extract_strided_slice(broadcast) -> broadcast, of a slice of the source where needed (StridedSliceBroadcast). */
const StridedSliceBroadcast = definePattern({
  name: 'StridedSliceBroadcast',
  root: 'vector.extract_strided_slice',
  matchAndRewrite(op, rw) {
    const bcast = src(op).definingOp;
    if (bcast?.name !== 'vector.broadcast') return false;
    const srcType = src(bcast).type;
    const srcRank = srcType instanceof VectorType ? srcType.rank : 0;
    const dst = resultType(op) as VectorType;
    const diff = dst.rank - srcRank;
    const lowerDimMatch = srcType instanceof VectorType ? srcType.shape.every((d, i) => d === dst.shape[i + diff]) : true;
    let source = src(bcast);
    const scalarSource = srcRank === 0 || (srcType as VectorType).numElements === 1;
    if (!lowerDimMatch && !scalarSource) {
      const [offsets, sizes, strides] = stridedAttrs(op).map((a) => a.slice(diff)) as [number[], number[], number[]];
      const st = srcType as VectorType;
      const sliceType = VectorType.get(
        st.shape.map((d, i) => (i < sizes.length ? sizes[i]! : d)),
        st.elementType,
        st.scalableDims,
      );
      source = rw.create({
        name: 'vector.extract_strided_slice',
        operands: [source],
        resultTypes: [sliceType],
        properties: { offsets: i64Array(offsets), sizes: i64Array(sizes), strides: i64Array(strides) },
        loc: op.loc,
      }).results[0]!;
    }
    rw.replaceOpWithNew(op, { name: 'vector.broadcast', operands: [source], resultTypes: [dst] });
    return true;
  },
});

/** extract_strided_slice(splat x) -> splat x (StridedSliceSplat). */
/** extract_strided_slice(constant_mask) -> the constant_mask of the slice (StridedSliceConstantMaskFolder). */
const StridedSliceConstantMaskFolder = definePattern({
  name: 'StridedSliceConstantMaskFolder',
  root: 'vector.extract_strided_slice',
  matchAndRewrite(op, rw) {
    const mask = src(op).definingOp;
    if (mask?.name !== 'vector.constant_mask') return false;
    const [offsets, sizes, strides] = stridedAttrs(op);
    if (strides.some((s) => s !== 1)) return false;
    const maskSizes = i64Values(mask.getAttr('mask_dim_sizes') as ArrayAttr);
    let sliced = maskSizes.map((m, i) => (i < offsets.length ? Math.max(0, Math.min(offsets[i]! + sizes[i]!, m) - offsets[i]!) : m));
    if (sliced.includes(0)) sliced = sliced.map(() => 0);
    rw.replaceOpWithNew(op, { name: 'vector.constant_mask', resultTypes: [resultType(op)], properties: { mask_dim_sizes: i64Array(sliced) } });
    return true;
  },
});

/** insert_strided_slice of a splat into a splat of the same value -> the destination (FoldInsertStridedSliceSplat). */
const FoldInsertStridedSliceSplat = definePattern({
  name: 'FoldInsertStridedSliceSplat',
  root: 'vector.insert_strided_slice',
  matchAndRewrite(op, rw) {
    const a = src(op).definingOp;
    const b = src(op, 1).definingOp;
    if (a?.name !== 'vector.splat' || b?.name !== 'vector.splat' || src(a) !== src(b)) return false;
    rw.replaceOp(op, [src(op, 1)]);
    return true;
  },
});

/** insert_strided_slice of an extract_strided_slice of the destination at the same place -> the destination (FoldInsertStridedSliceOfExtract). */
const FoldInsertStridedSliceOfExtract = definePattern({
  name: 'FoldInsertStridedSliceOfExtract',
  root: 'vector.insert_strided_slice',
  matchAndRewrite(op, rw) {
    const extract = src(op).definingOp;
    if (extract?.name !== 'vector.extract_strided_slice' || src(extract) !== src(op, 1)) return false;
    const same = (a: string) => (extract.getAttr(a) as ArrayAttr) === (op.getAttr(a) as ArrayAttr);
    if (!same('offsets') || !same('strides')) return false;
    rw.replaceOp(op, [src(op, 1)]);
    return true;
  },
});

/** shuffle of two splats of one value -> a splat (ShuffleSplat). */
const ShuffleSplat = definePattern({
  name: 'ShuffleSplat',
  root: 'vector.shuffle',
  matchAndRewrite(op, rw) {
    const a = src(op).definingOp;
    const b = src(op, 1).definingOp;
    if (a?.name !== 'vector.splat' || b?.name !== 'vector.splat' || src(a) !== src(b)) return false;
    rw.replaceOpWithNew(op, { name: 'vector.splat', operands: [src(a)], resultTypes: [resultType(op)] });
    return true;
  },
});

/** shuffle of two 0-D vectors picking one element -> a broadcast of it (Canonicalize0DShuffleOp). */
const Canonicalize0DShuffleOp = definePattern({
  name: 'Canonicalize0DShuffleOp',
  root: 'vector.shuffle',
  matchAndRewrite(op, rw) {
    const v1 = src(op).type as VectorType;
    const mask = i64Values(op.getAttr('mask') as ArrayAttr);
    if (v1.rank !== 0 || mask.length !== 1) return false;
    const picked = mask[0] === 0 ? src(op) : src(op, 1);
    rw.replaceOpWithNew(op, { name: 'vector.broadcast', operands: [picked], resultTypes: [resultType(op)] });
    return true;
  },
});

/** shuffle whose mask interleaves two 1-D (or 0-D) vectors of one type -> vector.interleave (ShuffleInterleave). */
const ShuffleInterleave = definePattern({
  name: 'ShuffleInterleave',
  root: 'vector.shuffle',
  matchAndRewrite(op, rw) {
    const v1 = src(op).type as VectorType;
    if (v1 !== src(op, 1).type || v1.rank > 1) return false;
    const mask = i64Values(op.getAttr('mask') as ArrayAttr);
    const n = v1.rank === 0 ? 1 : v1.shape[0]!;
    if (mask.length !== 2 * n || !mask.every((m, i) => m === (i % 2 === 0 ? i / 2 : n + (i - 1) / 2))) return false;
    rw.replaceOpWithNew(op, { name: 'vector.interleave', operands: [src(op), src(op, 1)], resultTypes: [resultType(op)] });
    return true;
  },
});

const StridedSliceSplat = definePattern({
  name: 'StridedSliceSplat',
  root: 'vector.extract_strided_slice',
  matchAndRewrite(op, rw) {
    const splat = src(op).definingOp;
    if (splat?.name !== 'vector.splat') return false;
    rw.replaceOpWithNew(op, { name: 'vector.splat', operands: [src(splat)], resultTypes: [resultType(op)] });
    return true;
  },
});

/** extract_strided_slice of a non-splat constant -> the constant slice (StridedSliceNonSplatConstantFolder). */
const StridedSliceNonSplatConstantFolder = definePattern({
  name: 'StridedSliceNonSplatConstantFolder',
  root: 'vector.extract_strided_slice',
  matchAndRewrite(op, rw) {
    const c = constantValue(src(op));
    if (!(c instanceof DenseElementsAttr) || c.isSplat) return false;
    const [offsetsIn, sizesIn, strides] = stridedAttrs(op);
    if (strides.some((s) => s !== 1)) return false;
    const sourceType = src(op).type as VectorType;
    const shape = sourceType.shape;
    const sliceType = resultType(op) as VectorType;
    const offsets = shape.map((_, i) => offsetsIn[i] ?? 0);
    const sizes = shape.map((d, i) => sizesIn[i] ?? d);
    const strideOf = shape.map((_, i) => shape.slice(i + 1).reduce((a, b) => a * b, 1));
    const values: (bigint | number)[] = [];
    const pos = [...offsets];
    const total = sizes.reduce((a, b) => a * b, 1);
    for (let k = 0; k < total; k++) {
      values.push(c.values[pos.reduce((acc, p, i) => acc + p * strideOf[i]!, 0)] as bigint | number);
      for (let d = pos.length - 1; d >= 0; d--) {
        if (++pos[d]! < offsets[d]! + sizes[d]!) break;
        pos[d] = offsets[d]!;
      }
    }
    rw.replaceOp(op, materializeArithConstant(rw, DenseElementsAttr.get(sliceType, values), sliceType, op.loc)!.results);
    return true;
  },
});

export const shapePatterns: Readonly<Record<string, readonly RewritePattern[]>> = {
  'vector.transpose': [FoldTransposeCreateMask, FoldTransposedScalarBroadcast, TransposeFolder, FoldTransposeSplat],
  'vector.extract_strided_slice': [StridedSliceConstantMaskFolder, StridedSliceNonSplatConstantFolder, StridedSliceBroadcast, StridedSliceSplat],
  'vector.insert_strided_slice': [FoldInsertStridedSliceSplat, FoldInsertStridedSliceOfExtract],
  'vector.shuffle': [ShuffleSplat, ShuffleInterleave, Canonicalize0DShuffleOp],
};
