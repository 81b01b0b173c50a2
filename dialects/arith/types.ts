import { isFloat, isSignlessInteger, isSignlessIntegerOrIndex, scalarOrShapedOf, SignlessIntegerLike, typeConstraint } from '../../core/ir/constraints.js';
import { FloatType, i1, IntegerType, MemRefType, RankedTensorType, ShapedType, UnrankedMemRefType, UnrankedTensorType, VectorType, type Type } from '../../core/ir/types.js';

/** arith's own type constraints; the shared ones (SignlessIntegerLike, FloatLike, ...) are core's (core/ir/constraints.ts). */
const isBool = (t: Type): boolean => t instanceof IntegerType && t.isSignless && t.width === 1;
export const BoolLike = scalarOrShapedOf('bool-like', isBool);
/** Casts do not accept index: signless integers and vectors/tensors thereof. */
export const SignlessFixedWidthIntegerLike = scalarOrShapedOf('signless-fixed-width-integer-like', isSignlessInteger);

const isMemRefOf = (t: Type, element: (e: Type) => boolean): boolean => (t instanceof MemRefType || t instanceof UnrankedMemRefType) && element(t.elementType);

export const IndexCastTypeConstraint = typeConstraint('signless-integer-like or memref of signless-integer', (t) => SignlessIntegerLike.test(t) || isMemRefOf(t, isSignlessIntegerOrIndex));
export const BitcastTypeConstraint = typeConstraint(
  'signless-integer-or-float-like or memref of signless-integer or float',
  (t) => scalarOrShapedOf('', (e) => isSignlessIntegerOrIndex(e) || isFloat(e)).test(t) || isMemRefOf(t, (e) => isSignlessInteger(e) || isFloat(e)),
);

/** MLIR's getI1SameShape: i1, or a vector/tensor of i1 with the shape (and tensor encoding) of `t`. */
export function getI1SameShape(t: Type): Type {
  if (t instanceof VectorType) return VectorType.get(t.shape, i1, t.scalableDims);
  if (t instanceof RankedTensorType) return RankedTensorType.get(t.shape, i1, t.encoding);
  if (t instanceof UnrankedTensorType) return UnrankedTensorType.get(i1);
  return i1;
}

/** The element type of `t` if it is a scalar, vector or tensor of a type `pred` accepts (MLIR's getTypeIfLike). */
export function elementIfLike(t: Type, pred: (e: Type) => boolean, allowMemRef = false): Type | undefined {
  if (t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType) return pred(t.elementType) ? t.elementType : undefined;
  if (allowMemRef && (t instanceof MemRefType || t instanceof UnrankedMemRefType)) return pred(t.elementType) ? t.elementType : undefined;
  if (t instanceof ShapedType) return undefined;
  return pred(t) ? t : undefined;
}

export function bitWidth(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) return t.width;
  return 64;
}
