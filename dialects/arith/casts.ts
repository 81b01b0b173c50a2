import { arithPatterns } from './canonicalization.js';
import { arithFolders } from './folders.js';
import { FloatLike, isFloat, isSignlessInteger, optionalAttr, type TypeConstraint } from '../../core/ir/constraints.js';
import { castVerifier, type CastCompatible } from '../../core/ir/cast-like.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { Pure, type Trait } from '../../core/ir/traits.js';
import { IndexType, IntegerType, RankedTensorType, type Type } from '../../core/ir/types.js';
import { FastMathAttrConstraint, RoundingModeAttr } from './attributes.js';
import { SameInputOutputTensorDims, SameOperandsAndResultShape } from './common.js';
import { bitWidth, BitcastTypeConstraint, elementIfLike, IndexCastTypeConstraint, SignlessFixedWidthIntegerLike } from './types.js';

/** Tensors of a cast keep their encoding (MLIR's areValidCastInputsAndOutputs compares the shaped types but for the element type). */
const sameEncoding = (from: Type, to: Type) => !(from instanceof RankedTensorType && to instanceof RankedTensorType) || from.encoding === to.encoding;

const castTraits: readonly Trait[] = [SameInputOutputTensorDims, Pure, SameOperandsAndResultShape];

function castOp<const N extends string>(name: N, summary: string, from: TypeConstraint, to: TypeConstraint, compatible: CastCompatible) {
  return defineOp({
    name,
    summary,
    operands: { in: from },
    results: { out: to },
    traits: castTraits,
    assemblyFormat: '$in attr-dict `:` type($in) `to` type($out)',
    verify: castVerifier((from, to) => sameEncoding(from, to) && compatible(from, to)),
    fold: arithFolders[name],
    canonicalize: arithPatterns[name],
  });
}

/** Element widths of `pred`-like types compare as `cmp` (MLIR's checkWidthChangeCast). */
function widthChange(pred: (t: Type) => boolean, cmp: (dst: number, src: number) => boolean): CastCompatible {
  return (from, to) => {
    const src = elementIfLike(from, pred);
    const dst = elementIfLike(to, pred);
    return src !== undefined && dst !== undefined && cmp(bitWidth(dst), bitWidth(src));
  };
}

function kindChange(fromPred: (t: Type) => boolean, toPred: (t: Type) => boolean): CastCompatible {
  return (from, to) => elementIfLike(from, fromPred) !== undefined && elementIfLike(to, toPred) !== undefined;
}

const greater = (d: number, s: number) => d > s;
const less = (d: number, s: number) => d < s;

export const ExtUIOp = castOp('arith.extui', 'integer zero extension operation', SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, widthChange(isSignlessInteger, greater));
export const ExtSIOp = castOp('arith.extsi', 'integer sign extension operation', SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, widthChange(isSignlessInteger, greater));
export const TruncIOp = castOp('arith.trunci', 'integer truncation operation', SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, widthChange(isSignlessInteger, less));
export const UIToFPOp = castOp('arith.uitofp', 'cast from unsigned integer type to floating-point', SignlessFixedWidthIntegerLike, FloatLike, kindChange(isSignlessInteger, isFloat));
export const SIToFPOp = castOp('arith.sitofp', 'cast from integer type to floating-point', SignlessFixedWidthIntegerLike, FloatLike, kindChange(isSignlessInteger, isFloat));
export const FPToUIOp = castOp('arith.fptoui', 'cast from floating-point type to integer type', FloatLike, SignlessFixedWidthIntegerLike, kindChange(isFloat, isSignlessInteger));
export const FPToSIOp = castOp('arith.fptosi', 'cast from floating-point type to integer type', FloatLike, SignlessFixedWidthIntegerLike, kindChange(isFloat, isSignlessInteger));

const isIndex = (t: Type) => t instanceof IndexType;
/** index <-> signless integer, elementwise, also for memrefs (MLIR's areIndexCastCompatible). */
const indexCastCompatible: CastCompatible = (from, to) => {
  const src = elementIfLike(from, () => true, true);
  const dst = elementIfLike(to, () => true, true);
  if (!src || !dst) return false;
  return (isIndex(src) && isSignlessInteger(dst)) || (isSignlessInteger(src) && isIndex(dst));
};
export const IndexCastOp = castOp('arith.index_cast', 'cast between index and integer types', IndexCastTypeConstraint, IndexCastTypeConstraint, indexCastCompatible);
export const IndexCastUIOp = castOp('arith.index_castui', 'unsigned cast between index and integer types', IndexCastTypeConstraint, IndexCastTypeConstraint, indexCastCompatible);

/** Same bit width, integer/float elements (index has no fixed width). */
const bitcastCompatible: CastCompatible = (from, to) => {
  const intOrFloat = (t: Type) => t instanceof IntegerType || isFloat(t) || isIndex(t);
  const src = elementIfLike(from, intOrFloat, true);
  const dst = elementIfLike(to, intOrFloat, true);
  if (!src || !dst || isIndex(src) || isIndex(dst)) return false;
  return bitWidth(src) === bitWidth(dst);
};
export const BitcastOp = castOp('arith.bitcast', 'bitcast between values of equal bit width', BitcastTypeConstraint, BitcastTypeConstraint, bitcastCompatible);

/** `arith.extf %x fastmath<fast> : f32 to f64`: fastmath is an optional attribute here. */
export const ExtFOp = defineOp({
  name: 'arith.extf',
  summary: 'cast from floating-point to wider floating-point',
  operands: { in: FloatLike },
  results: { out: FloatLike },
  attributes: { fastmath: optionalAttr(FastMathAttrConstraint) },
  traits: castTraits,
  assemblyFormat: '$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
  verify: castVerifier(widthChange(isFloat, greater)),
  fold: arithFolders['arith.extf'],
});

/** `arith.truncf %x to_nearest_even fastmath<fast> : f32 to f16`. */
export const TruncFOp = defineOp({
  name: 'arith.truncf',
  summary: 'cast from floating-point to narrower floating-point',
  operands: { in: FloatLike },
  results: { out: FloatLike },
  attributes: { roundingmode: optionalAttr(RoundingModeAttr), fastmath: optionalAttr(FastMathAttrConstraint) },
  traits: castTraits,
  assemblyFormat: '$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
  verify: castVerifier(widthChange(isFloat, less)),
  fold: arithFolders['arith.truncf'],
});

export const castOps = [ExtUIOp, ExtSIOp, ExtFOp, TruncIOp, TruncFOp, UIToFPOp, SIToFPOp, FPToUIOp, FPToSIOp, IndexCastOp, IndexCastUIOp, BitcastOp];
