/**
 * The folders of arith's floating-point ops (MLIR 19's ArithOps.cpp): arithmetic, min/max
 * and negf; results round to their type.
 */
import { FloatAttr, type Attribute } from '../../core/ir/attributes.js';
import { ShapedType, type Type } from '../../core/ir/types.js';
import { constFloat, constFold, constFoldUnary, floatKind, isNegZero, makeScalar } from './fold-utils.js';
import { roundToKind } from '../../core/ir/float-format.js';
import { PoisonAttr } from '../ub/attributes.js';
import { type Folder, unaryFolder, binaryFolder, resultType, operandOf, lhsOf, rhsOf, definedBy } from './folder-helpers.js';

function floatFold(a: Attribute | undefined, b: Attribute | undefined, type: Type, fn: (a: number, b: number) => number): Attribute | undefined {
  if (a instanceof PoisonAttr) return a;
  if (b instanceof PoisonAttr) return b;
  if (a === undefined || b === undefined) return undefined;
  const kind = floatKind(type);
  if (a instanceof FloatAttr && b instanceof FloatAttr && !(type instanceof ShapedType)) return makeScalar(type, roundToKind(fn(a.value, b.value), kind));
  return constFold([a, b], type, (x, y) => roundToKind(fn(x as number, y as number), kind));
}

const addFloat = (x: number, y: number): number => x + y;
const subFloat = (x: number, y: number): number => x - y;
const mulFloat = (x: number, y: number): number => x * y;
const divFloat = (x: number, y: number): number => x / y;
const remFloat = (x: number, y: number): number => x % y;

// ---- floats -----------------------------------------------------------------------------------

export const foldAddF = binaryFolder((op, a, b) => {
  const c = constFloat(b);
  if (c !== undefined && isNegZero(c)) return lhsOf(op);
  return floatFold(a, b, resultType(op), addFloat);
});

export const foldSubF = binaryFolder((op, a, b) => {
  const c = constFloat(b);
  if (c !== undefined && Object.is(c, 0)) return lhsOf(op);
  return floatFold(a, b, resultType(op), subFloat);
});

export const foldMulF = binaryFolder((op, a, b) => {
  if (constFloat(b) === 1) return lhsOf(op);
  return floatFold(a, b, resultType(op), mulFloat);
});

export const foldDivF = binaryFolder((op, a, b) => {
  if (constFloat(b) === 1) return lhsOf(op);
  return floatFold(a, b, resultType(op), divFloat);
});

/** remf folds as APFloat::mod (C's fmod), which JS's `%` is. */
export const foldRemF = binaryFolder((op, a, b) => floatFold(a, b, resultType(op), remFloat));

/** llvm::maximum/minimum: NaN-propagating, -0 < +0. */
function maximum(x: number, y: number): number {
  if (Number.isNaN(x)) return x;
  if (Number.isNaN(y)) return y;
  if (x === 0 && y === 0 && Object.is(x, -0) !== Object.is(y, -0)) return Object.is(x, -0) ? y : x;
  return x < y ? y : x;
}
function minimum(x: number, y: number): number {
  if (Number.isNaN(x)) return x;
  if (Number.isNaN(y)) return y;
  if (x === 0 && y === 0 && Object.is(x, -0) !== Object.is(y, -0)) return Object.is(x, -0) ? x : y;
  return y < x ? y : x;
}
/** maximumf/minimumf/maxnumf/minnumf: x op x -> x; x op (neutral infinity) -> x; constant fold. */
function floatMinMaxFold(neutral: number, fn: (x: number, y: number) => number): Folder {
  return binaryFolder((op, a, b) => {
    if (lhsOf(op) === rhsOf(op)) return rhsOf(op);
    if (constFloat(b) === neutral) return lhsOf(op);
    return floatFold(a, b, resultType(op), fn);
  });
}
export const foldMaximumF = floatMinMaxFold(-Infinity, maximum);
export const foldMinimumF = floatMinMaxFold(Infinity, minimum);
/** llvm::minnum (LLVM 19): a NaN operand yields the other one; -0 < +0. */
function minnum(x: number, y: number): number {
  if (Number.isNaN(x)) return y;
  if (Number.isNaN(y)) return x;
  return minimum(x, y);
}
// mlir-opt 19 folds maxnumf constants as maximumf (a NaN operand gives NaN): matched on purpose,
// although the op's semantics return the non-NaN operand. minnumf folds as llvm::minnum.
export const foldMaxNumF = floatMinMaxFold(-Infinity, maximum);
export const foldMinNumF = floatMinMaxFold(Infinity, minnum);

export const foldNegF = unaryFolder((op, a) => {
  const inner = definedBy(lhsOf(op), 'arith.negf');
  if (inner) return operandOf(inner, 0);
  // -NaN is not representable by FloatAttr (a JS number): such a fold is refused.
  if (a === undefined) return undefined;
  return constFoldUnary(a, resultType(op), (x) => (Number.isNaN(x as number) ? undefined : -(x as number)));
});
