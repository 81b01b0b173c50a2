/**
 * The folders of the arith ops, as in MLIR 19's ArithOps.cpp: algebraic identities that return
 * an existing value, and constant folding with each type's exact semantics (integers wrap at
 * their width, index is 64-bit; floats round to their type). Folders never fold what MLIR
 * refuses to fold: division by zero, signed division overflow, shifts by the width or more,
 * inexact truncf, out-of-range fptosi/fptoui.
 */
import { BoolAttr, DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { FloatType, IntegerType, ShapedType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { CMPF_PREDICATES, CMPI_PREDICATES } from './attributes.js';
import {
  constFloat,
  constFold,
  constFoldUnary,
  constInt,
  elementType,
  floatBits,
  floatKind,
  intWidth,
  isAllOnes,
  isNegZero,
  isOneInt,
  isZeroInt,
  makeConstant,
  makeScalar,
  roundScaled,
  signed,
  unsigned,
  type Elem,
} from './fold-utils.js';
import { bitsToFloat, roundToKind } from '../../core/ir/float-format.js';
import { constantValue as constantOf } from '../../core/rewrite/folder.js';
import { PoisonAttr } from '../ub/attributes.js';

type Operands = readonly (Attribute | undefined)[];
export type Folder = (op: Operation, operands: Operands) => FoldResult[] | FoldResult | undefined;

// The operands' constant values are read by index, not destructured in the parameter list:
// `[a, b]` would run the array iterator protocol on every fold, and folders run on every op.
/** A folder of a one-operand op, given the operand's constant value. */
function unaryFolder(fold: (op: Operation, a: Attribute | undefined) => ReturnType<Folder>): Folder {
  return (op, operands) => fold(op, operands[0]);
}
/** A folder of a two-operand op, given the operands' constant values. */
function binaryFolder(fold: (op: Operation, a: Attribute | undefined, b: Attribute | undefined) => ReturnType<Folder>): Folder {
  return (op, operands) => fold(op, operands[0], operands[1]);
}

const resultType = (op: Operation): Type => op.results[0]!.type;
/** Operand `i` (as `op.operands[i]`, without building the operand list). */
const operandOf = (op: Operation, i: number): Value => op.operandSlots[i]?.value as Value;
const lhsOf = (op: Operation): Value => operandOf(op, 0);
const rhsOf = (op: Operation): Value => operandOf(op, 1);
const definedBy = (v: Value, name: string): Operation | undefined => (v.definingOp?.name === name ? v.definingOp : undefined);

/** The zero of `type`, or undefined for shapes a constant cannot have (dynamic tensors). */
export function zeroAttr(type: Type): Attribute | undefined {
  if (type instanceof ShapedType && !type.hasStaticShape) return undefined;
  return makeConstant(type, [elementType(type) instanceof FloatType ? 0 : 0n]);
}

/** A bool (i1) constant of the shape of `type` (MLIR's getBoolAttribute). */
function boolAttr(type: Type, value: boolean): Attribute | undefined {
  if (type instanceof ShapedType) return type.hasStaticShape ? DenseElementsAttr.get(type, [value ? 1n : 0n]) : undefined;
  return BoolAttr.get(value);
}

// Folders run on every op, and most ops have a non-constant operand: they bail out before
// building any list or closure, which happens only once the operands are known to be constant.

/** An integer binary fold over bigints; `fn` gets the width and returns undefined to refuse. */
function intFold(a: Attribute | undefined, b: Attribute | undefined, type: Type, fn: (a: bigint, b: bigint, w: number) => bigint | undefined): Attribute | undefined {
  if (a instanceof PoisonAttr) return a;
  if (b instanceof PoisonAttr) return b;
  if (a === undefined || b === undefined) return undefined;
  const w = intWidth(type);
  if (a instanceof IntegerAttr && b instanceof IntegerAttr && !(type instanceof ShapedType)) {
    const r = fn(a.value, b.value, w);
    return r === undefined ? undefined : makeScalar(type, r);
  }
  return constFold([a, b], type, (x, y) => fn(x as bigint, y as bigint, w));
}

function floatFold(a: Attribute | undefined, b: Attribute | undefined, type: Type, fn: (a: number, b: number) => number): Attribute | undefined {
  if (a instanceof PoisonAttr) return a;
  if (b instanceof PoisonAttr) return b;
  if (a === undefined || b === undefined) return undefined;
  const kind = floatKind(type);
  if (a instanceof FloatAttr && b instanceof FloatAttr && !(type instanceof ShapedType)) return makeScalar(type, roundToKind(fn(a.value, b.value), kind));
  return constFold([a, b], type, (x, y) => roundToKind(fn(x as number, y as number), kind));
}

const identity = (x: Elem): Elem => x;
const addInt = (x: bigint, y: bigint): bigint => x + y;
const subInt = (x: bigint, y: bigint): bigint => x - y;
const mulInt = (x: bigint, y: bigint): bigint => x * y;
const addFloat = (x: number, y: number): number => x + y;
const subFloat = (x: number, y: number): number => x - y;
const mulFloat = (x: number, y: number): number => x * y;
const divFloat = (x: number, y: number): number => x / y;
const remFloat = (x: number, y: number): number => x % y;
const andInt = (x: bigint, y: bigint): bigint => x & y;
const orInt = (x: bigint, y: bigint): bigint => x | y;
const xorInt = (x: bigint, y: bigint): bigint => x ^ y;

const minSigned = (w: number): bigint => -(1n << BigInt(w - 1));
const maxSigned = (w: number): bigint => (1n << BigInt(w - 1)) - 1n;
const maxUnsigned = (w: number): bigint => (1n << BigInt(w)) - 1n;

// ---- integer arithmetic -----------------------------------------------------------------------

export const foldAddI = binaryFolder((op, a, b) => {
  if (isZeroInt(b)) return lhsOf(op);
  const sub = definedBy(lhsOf(op), 'arith.subi');
  if (sub && operandOf(sub, 1) === rhsOf(op)) return operandOf(sub, 0); // addi(subi(a, b), b) -> a
  const sub2 = definedBy(rhsOf(op), 'arith.subi');
  if (sub2 && operandOf(sub2, 1) === lhsOf(op)) return operandOf(sub2, 0); // addi(b, subi(a, b)) -> a
  return intFold(a, b, resultType(op), addInt);
});

export const foldSubI = binaryFolder((op, a, b) => {
  if (lhsOf(op) === rhsOf(op)) {
    const zero = zeroAttr(resultType(op));
    if (zero) return zero;
  }
  if (isZeroInt(b)) return lhsOf(op);
  const add = definedBy(lhsOf(op), 'arith.addi');
  if (add) {
    if (rhsOf(op) === operandOf(add, 1)) return operandOf(add, 0); // subi(addi(a, b), b) -> a
    if (rhsOf(op) === operandOf(add, 0)) return operandOf(add, 1); // subi(addi(a, b), a) -> b
  }
  return intFold(a, b, resultType(op), subInt);
});

export const foldMulI = binaryFolder((op, a, b) => {
  if (isZeroInt(b)) return rhsOf(op);
  if (isOneInt(b, resultType(op))) return lhsOf(op);
  return intFold(a, b, resultType(op), mulInt);
});

export const foldDivUI = binaryFolder((op, a, b) => {
  if (isOneInt(b, resultType(op))) return lhsOf(op);
  return intFold(a, b, resultType(op), (x, y, w) => (y === 0n ? undefined : unsigned(x, w) / unsigned(y, w)));
});

export const foldDivSI = binaryFolder((op, a, b) => {
  if (isOneInt(b, resultType(op))) return lhsOf(op);
  return intFold(a, b, resultType(op), (x, y, w) => {
    const sx = signed(x, w);
    const sy = signed(y, w);
    if (sy === 0n || (sx === minSigned(w) && sy === -1n)) return undefined;
    return sx / sy;
  });
});

export const foldCeilDivUI = binaryFolder((op, a, b) => {
  if (isOneInt(b, resultType(op))) return lhsOf(op);
  return intFold(a, b, resultType(op), (x, y, w) => {
    const ux = unsigned(x, w);
    const uy = unsigned(y, w);
    if (uy === 0n) return undefined;
    const q = ux / uy;
    return ux % uy === 0n ? q : q + 1n;
  });
});

export const foldCeilDivSI = binaryFolder((op, a, b) => {
  if (isOneInt(b, resultType(op))) return lhsOf(op);
  return intFold(a, b, resultType(op), (x, y, w) => {
    const sx = signed(x, w);
    const sy = signed(y, w);
    if (sy === 0n) return undefined;
    if (sx === 0n) return 0n;
    // MLIR negates negative operands first and refuses when that overflows.
    if ((sx < 0n && sx === minSigned(w)) || (sy < 0n && sy === minSigned(w))) return undefined;
    const q = sx / sy;
    const exact = q * sy === sx;
    const ceil = !exact && sx > 0n === sy > 0n ? q + 1n : q;
    return ceil < minSigned(w) || ceil > maxSigned(w) ? undefined : ceil;
  });
});

export const foldFloorDivSI = binaryFolder((op, a, b) => {
  if (isOneInt(b, resultType(op))) return lhsOf(op);
  return intFold(a, b, resultType(op), (x, y, w) => {
    const sx = signed(x, w);
    const sy = signed(y, w);
    if (sy === 0n || (sx === minSigned(w) && sy === -1n)) return undefined;
    const q = sx / sy;
    return q * sy !== sx && sx < 0n !== sy < 0n ? q - 1n : q;
  });
});

export const foldRemUI = binaryFolder((op, a, b) => {
  if (isOneInt(b, resultType(op))) return zeroAttr(resultType(op));
  return intFold(a, b, resultType(op), (x, y, w) => (y === 0n ? undefined : unsigned(x, w) % unsigned(y, w)));
});

export const foldRemSI = binaryFolder((op, a, b) => {
  if (isOneInt(b, resultType(op))) return zeroAttr(resultType(op));
  return intFold(a, b, resultType(op), (x, y, w) => (y === 0n ? undefined : signed(x, w) % signed(y, w)));
});

/** xor(v, allOnes) with v === `x`: MLIR's m_Op<XOrIOp>(m_Val(x), m_ConstantInt(allOnes)). */
function isNotOf(v: Value, x: Value): boolean {
  const xor = definedBy(v, 'arith.xori');
  return xor !== undefined && operandOf(xor, 0) === x && isAllOnes(constantOf(operandOf(xor, 1)), v.type);
}

export const foldAndI = binaryFolder((op, a, b) => {
  const t = resultType(op);
  if (isZeroInt(b)) return rhsOf(op);
  if (isAllOnes(b, t)) return lhsOf(op);
  if (isNotOf(rhsOf(op), lhsOf(op)) || isNotOf(lhsOf(op), rhsOf(op))) return zeroAttr(t);
  // and(a, and(a, b)) -> and(a, b), in any operand order.
  for (const [x, y] of [
    [lhsOf(op), rhsOf(op)],
    [rhsOf(op), lhsOf(op)],
  ] as const) {
    const inner = definedBy(y, 'arith.andi');
    if (inner && (operandOf(inner, 0) === x || operandOf(inner, 1) === x)) return y;
  }
  // MLIR's Idempotent trait: and(x, x) -> x.
  return intFold(a, b, t, andInt) ?? (lhsOf(op) === rhsOf(op) ? lhsOf(op) : undefined);
});

export const foldOrI = binaryFolder((op, a, b) => {
  const t = resultType(op);
  if (isZeroInt(b)) return lhsOf(op);
  if (isAllOnes(b, t)) return b;
  // or(x, xor(x, 1)) -> 1 (for i1 and all-ones masks).
  if (isNotOf(rhsOf(op), lhsOf(op))) return operandOf(rhsOf(op).definingOp!, 1);
  if (isNotOf(lhsOf(op), rhsOf(op))) return operandOf(lhsOf(op).definingOp!, 1);
  return intFold(a, b, t, orInt) ?? (lhsOf(op) === rhsOf(op) ? lhsOf(op) : undefined);
});

export const foldXOrI = binaryFolder((op, a, b) => {
  const t = resultType(op);
  if (isZeroInt(b)) return lhsOf(op);
  if (lhsOf(op) === rhsOf(op)) {
    const zero = zeroAttr(t);
    if (zero) return zero;
  }
  const prev = definedBy(lhsOf(op), 'arith.xori');
  if (prev) {
    if (operandOf(prev, 1) === rhsOf(op)) return operandOf(prev, 0); // xor(xor(x, a), a) -> x
    if (operandOf(prev, 0) === rhsOf(op)) return operandOf(prev, 1); // xor(xor(a, x), a) -> x
  }
  const next = definedBy(rhsOf(op), 'arith.xori');
  if (next) {
    if (operandOf(next, 1) === lhsOf(op)) return operandOf(next, 0); // xor(a, xor(x, a)) -> x
    if (operandOf(next, 0) === lhsOf(op)) return operandOf(next, 1); // xor(a, xor(a, x)) -> x
  }
  return intFold(a, b, t, xorInt);
});

/**
 * MLIR 19's ShLIOp/ShRUIOp/ShRSIOp::fold: every element is computed as APInt does (a shift by the
 * width or more gives 0, or the sign bits for shrsi), and the fold is kept only if the shift
 * amount of the last element computed was below the width (the `bounded` flag that each element
 * overwrites): a scalar or splat folds when in range, a vector when its last amount is.
 */
function shiftFold(shift: (x: bigint, s: bigint, w: number) => bigint): Folder {
  return binaryFolder((op, a, b) => {
    if (isZeroInt(b)) return lhsOf(op);
    let bounded = false;
    const folded = intFold(a, b, resultType(op), (x, y, w) => {
      const s = unsigned(y, w);
      bounded = s < BigInt(w);
      return shift(x, bounded ? s : BigInt(w), w);
    });
    return bounded ? folded : undefined;
  });
}
export const foldShLI = shiftFold((x, s) => x << s);
export const foldShRUI = shiftFold((x, s, w) => unsigned(x, w) >> s);
export const foldShRSI = shiftFold((x, s, w) => signed(x, w) >> s);

/** maxsi/maxui/minsi/minui: x op x -> x; absorbing and neutral constants; constant fold. */
function minMaxFold(isSigned: boolean, pickMax: boolean): Folder {
  return binaryFolder((op, a, b) => {
    if (lhsOf(op) === rhsOf(op)) return rhsOf(op);
    const t = resultType(op);
    const w = intWidth(t);
    const c = constInt(b);
    const view = (v: bigint) => (isSigned ? signed(v, w) : unsigned(v, w));
    if (c !== undefined) {
      const lo = isSigned ? minSigned(w) : 0n;
      const hi = isSigned ? maxSigned(w) : maxUnsigned(w);
      if (view(c) === (pickMax ? hi : lo)) return rhsOf(op);
      if (view(c) === (pickMax ? lo : hi)) return lhsOf(op);
    }
    return intFold(a, b, t, (x, y) => {
      const vx = view(x);
      const vy = view(y);
      return pickMax ? (vx > vy ? vx : vy) : vx < vy ? vx : vy;
    });
  });
}
export const foldMaxSI = minMaxFold(true, true);
export const foldMaxUI = minMaxFold(false, true);
export const foldMinSI = minMaxFold(true, false);
export const foldMinUI = minMaxFold(false, false);

// ---- extended arithmetic ----------------------------------------------------------------------

export const foldAddUIExtended = binaryFolder((op, a, b) => {
  const overflowType = op.results[1]!.type;
  if (isZeroInt(constantOf(rhsOf(op)))) {
    const f = zeroAttr(overflowType);
    return f ? [lhsOf(op), f] : undefined;
  }
  if (a === undefined || b === undefined) return undefined;
  const t = resultType(op);
  const w = intWidth(t);
  const sum = intFold(a, b, t, addInt);
  const carry = constFold([a, b], overflowType, (x, y) => (unsigned(x as bigint, w) + unsigned(y as bigint, w) > maxUnsigned(w) ? 1n : 0n));
  return sum && carry ? [sum, carry] : undefined;
});

function mulExtendedFold(isSigned: boolean): Folder {
  return binaryFolder((op, a, b) => {
    const t = resultType(op);
    if (isZeroInt(b)) return [rhsOf(op), rhsOf(op)];
    if (!isSigned && isOneInt(b, t)) {
      const zero = zeroAttr(t);
      if (zero) return [lhsOf(op), zero];
    }
    if (a === undefined || b === undefined) return undefined;
    const w = intWidth(t);
    const view = (v: Elem) => (isSigned ? signed(v as bigint, w) : unsigned(v as bigint, w));
    const low = constFold([a, b], t, (x, y) => view(x) * view(y));
    const high = constFold([a, b], t, (x, y) => (view(x) * view(y)) >> BigInt(w));
    return low && high ? [low, high] : undefined;
  });
}
export const foldMulSIExtended = mulExtendedFold(true);
export const foldMulUIExtended = mulExtendedFold(false);

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

// ---- comparisons and select -------------------------------------------------------------------

type CmpIPredicate = (typeof CMPI_PREDICATES)[number];

export function applyCmpI(pred: CmpIPredicate, x: bigint, y: bigint, w: number): boolean {
  const [sx, sy, ux, uy] = [signed(x, w), signed(y, w), unsigned(x, w), unsigned(y, w)];
  switch (pred) {
    case 'eq':
      return ux === uy;
    case 'ne':
      return ux !== uy;
    case 'slt':
      return sx < sy;
    case 'sle':
      return sx <= sy;
    case 'sgt':
      return sx > sy;
    case 'sge':
      return sx >= sy;
    case 'ult':
      return ux < uy;
    case 'ule':
      return ux <= uy;
    case 'ugt':
      return ux > uy;
    case 'uge':
      return ux >= uy;
  }
}

/** The predicate with operands swapped (not the inverse: eq stays eq). */
const SWAPPED: Record<CmpIPredicate, CmpIPredicate> = {
  eq: 'eq',
  ne: 'ne',
  slt: 'sgt',
  sgt: 'slt',
  sle: 'sge',
  sge: 'sle',
  ult: 'ugt',
  ugt: 'ult',
  ule: 'uge',
  uge: 'ule',
};

export function cmpIPredicateOf(op: Operation): CmpIPredicate {
  return CMPI_PREDICATES[Number((op.properties.get('predicate') as IntegerAttr).value)]!;
}

export const foldCmpI = binaryFolder((op, a, b) => {
  const pred = cmpIPredicateOf(op);
  const resType = resultType(op);
  if (lhsOf(op) === rhsOf(op)) return boolAttr(resType, ['eq', 'sle', 'sge', 'ule', 'uge'].includes(pred));
  if (isZeroInt(b) && pred === 'ne') {
    // extsi/extui(%x : i1) != 0 -> %x
    const ext = definedBy(lhsOf(op), 'arith.extsi') ?? definedBy(lhsOf(op), 'arith.extui');
    if (ext && intWidth(operandOf(ext, 0).type) === 1 && elementType(operandOf(ext, 0).type) instanceof IntegerType) return operandOf(ext, 0);
  }
  if (a !== undefined && b === undefined) {
    // Move the constant to the right.
    op.properties.set('predicate', IntegerAttr.get((op.properties.get('predicate') as IntegerAttr).type, CMPI_PREDICATES.indexOf(SWAPPED[pred])));
    const [l, r] = [lhsOf(op), rhsOf(op)];
    op.setOperand(0, r);
    op.setOperand(1, l);
    return op.results[0];
  }
  if (a === undefined || b === undefined) return undefined;
  const w = intWidth(lhsOf(op).type);
  return constFold([a, b], resType, (x, y) => (applyCmpI(pred, x as bigint, y as bigint, w) ? 1n : 0n));
});

type CmpFPredicate = (typeof CMPF_PREDICATES)[number];

export function applyCmpF(pred: CmpFPredicate, x: number, y: number): boolean {
  const unordered = Number.isNaN(x) || Number.isNaN(y);
  switch (pred) {
    case 'false':
      return false;
    case 'true':
      return true;
    case 'ord':
      return !unordered;
    case 'uno':
      return unordered;
    case 'oeq':
      return !unordered && x === y;
    case 'ogt':
      return !unordered && x > y;
    case 'oge':
      return !unordered && x >= y;
    case 'olt':
      return !unordered && x < y;
    case 'ole':
      return !unordered && x <= y;
    case 'one':
      return !unordered && x !== y;
    case 'ueq':
      return unordered || x === y;
    case 'ugt':
      return unordered || x > y;
    case 'uge':
      return unordered || x >= y;
    case 'ult':
      return unordered || x < y;
    case 'ule':
      return unordered || x <= y;
    case 'une':
      return unordered || x !== y;
  }
}

/** cmpf folds scalar constants only (as MLIR 19). */
export const foldCmpF = binaryFolder((op, a, b) => {
  let x = a instanceof FloatAttr ? a.value : undefined;
  let y = b instanceof FloatAttr ? b.value : undefined;
  // One NaN operand decides the result whatever the other is.
  if (x !== undefined && Number.isNaN(x)) y = x;
  if (y !== undefined && Number.isNaN(y)) x = y;
  if (x === undefined || y === undefined) return undefined;
  const pred = CMPF_PREDICATES[Number((op.properties.get('predicate') as IntegerAttr).value)]!;
  return BoolAttr.get(applyCmpF(pred, x, y));
});

export const foldSelect: Folder = (op, operands) => {
  const cond = operands[0];
  const t = operands[1];
  const f = operands[2];
  const c = lhsOf(op);
  const tv = rhsOf(op);
  const fv = operandOf(op, 2);
  if (tv === fv) return tv;
  const cv = constInt(cond);
  if (cv !== undefined) return cv !== 0n ? tv : fv;
  // Either value poison: the other one.
  if (t instanceof PoisonAttr) return fv;
  if (f instanceof PoisonAttr) return tv;
  const resType = resultType(op);
  if (resType instanceof IntegerType && resType.width === 1 && constInt(t) === 1n && constInt(f) === 0n) return c;
  const cmp = definedBy(c, 'arith.cmpi');
  if (cmp) {
    const pred = cmpIPredicateOf(cmp);
    const l = operandOf(cmp, 0);
    const r = operandOf(cmp, 1);
    if ((pred === 'eq' || pred === 'ne') && ((l === tv && r === fv) || (r === tv && l === fv))) return pred === 'ne' ? tv : fv;
  }
  // Elementwise select of dense constants by a non-splat constant condition.
  if (cond instanceof DenseElementsAttr && t instanceof DenseElementsAttr && f instanceof DenseElementsAttr) {
    const n = (resType as ShapedType).numElements;
    const out: Elem[] = [];
    for (let i = 0; i < n; i++) out.push(cond.element(i) !== 0n ? t.element(i) : f.element(i));
    return makeConstant(t.type, out);
  }
  return undefined;
};

// ---- casts ------------------------------------------------------------------------------------

const inType = (op: Operation): Type => operandOf(op, 0).type;

/** extui/extsi: ext(ext(a)) -> ext(a); a constant is read as unsigned/signed at the operand's width. */
function intExtFolder(name: string, asInt: (v: bigint, w: number) => bigint): Folder {
  return unaryFolder((op, a) => {
    const inner = definedBy(lhsOf(op), name);
    if (inner) {
      op.setOperand(0, operandOf(inner, 0));
      return op.results[0];
    }
    if (a === undefined) return undefined;
    const w = intWidth(inType(op));
    return constFoldUnary(a, resultType(op), (x) => asInt(x as bigint, w));
  });
}
export const foldExtUI = intExtFolder('arith.extui', unsigned);
export const foldExtSI = intExtFolder('arith.extsi', signed);

export const foldTruncI = unaryFolder((op, a) => {
  const ext = definedBy(lhsOf(op), 'arith.extui') ?? definedBy(lhsOf(op), 'arith.extsi');
  if (ext) {
    const src = operandOf(ext, 0);
    if (intWidth(src.type) > intWidth(resultType(op))) {
      op.setOperand(0, src); // trunci(ext(a)) -> trunci(a)
      return op.results[0];
    }
    if (elementType(src.type) === elementType(resultType(op))) return src; // trunci(ext(a)) -> a
  }
  const inner = definedBy(lhsOf(op), 'arith.trunci');
  if (inner) {
    op.setOperand(0, operandOf(inner, 0));
    return op.results[0];
  }
  if (a === undefined) return undefined;
  return constFoldUnary(a, resultType(op), (x) => x);
});

export const foldIndexCast = unaryFolder((op, a) => (a === undefined ? undefined : constFoldUnary(a, resultType(op), identity)));

export const foldIndexCastUI = unaryFolder((op, a) => {
  if (a === undefined) return undefined;
  const w = intWidth(inType(op));
  return constFoldUnary(a, resultType(op), (x) => unsigned(x as bigint, w));
});

/** sitofp/uitofp: the constant read as signed/unsigned at the operand's width, rounded to the result type. */
function intToFpFolder(asInt: (v: bigint, w: number) => bigint): Folder {
  return unaryFolder((op, a) => {
    if (a === undefined) return undefined;
    const kind = floatKind(resultType(op));
    const w = intWidth(inType(op));
    return constFoldUnary(a, resultType(op), (x) => roundScaled(asInt(x as bigint, w), 0, kind));
  });
}
export const foldSIToFP = intToFpFolder(signed);
export const foldUIToFP = intToFpFolder(unsigned);

function fpToInt(isSigned: boolean): Folder {
  return unaryFolder((op, a) => {
    if (a === undefined) return undefined;
    const w = intWidth(resultType(op));
    const lo = isSigned ? minSigned(w) : 0n;
    const hi = isSigned ? maxSigned(w) : maxUnsigned(w);
    return constFoldUnary(a, resultType(op), (x) => {
      if (!Number.isFinite(x as number)) return undefined;
      const t = BigInt(Math.trunc(x as number));
      return t < lo || t > hi ? undefined : t;
    });
  });
}
export const foldFPToSI = fpToInt(true);
export const foldFPToUI = fpToInt(false);

/** extf(truncf(x)) with both `contract` returns x; constants widen exactly. */
export const foldExtF = unaryFolder((op, a) => {
  const trunc = definedBy(lhsOf(op), 'arith.truncf');
  if (trunc && operandOf(trunc, 0).type === resultType(op)) {
    const contract = (o: Operation) => ((o.properties.get('fastmath') as { flags?: number } | undefined)?.flags ?? 0) & 32;
    if (contract(trunc) && contract(op)) return operandOf(trunc, 0);
  }
  if (a === undefined) return undefined;
  return constFoldUnary(a, resultType(op), (x) => x);
});

/** Representable-by check of APFloat: every value of `from` is one of `to` (f16 and bf16 are not). */
function representableBy(from: Type, to: Type): boolean {
  const rank: Record<string, number> = { f16: 1, bf16: 1, f32: 2, f64: 3 };
  const f = floatKind(from);
  const t = floatKind(to);
  if (f === t) return true;
  if ((f === 'f16' && t === 'bf16') || (f === 'bf16' && t === 'f16')) return false;
  return rank[f]! <= rank[t]!;
}

/** truncf folds only when the constant converts exactly (MLIR's convertFloatValue). */
export const foldTruncF = unaryFolder((op, a) => {
  const ext = definedBy(lhsOf(op), 'arith.extf');
  if (ext) {
    const src = operandOf(ext, 0);
    if (representableBy(src.type, ext.results[0]!.type)) {
      const srcWidth = (elementType(src.type) as FloatType).width;
      const resWidth = (elementType(resultType(op)) as FloatType).width;
      if (srcWidth > resWidth) {
        op.setOperand(0, src); // truncf(extf(a)) -> truncf(a)
        return op.results[0];
      }
      if (elementType(src.type) === elementType(resultType(op))) return src; // truncf(extf(a)) -> a
    }
  }
  if (a === undefined) return undefined;
  const kind = floatKind(resultType(op));
  return constFoldUnary(a, resultType(op), (x) => {
    const y = roundToKind(x as number, kind);
    return Object.is(y, x) || Number.isNaN(x as number) ? y : undefined;
  });
});

export const foldBitcast = unaryFolder((op, a) => {
  // A cast to its own type is its operand (MLIR's CastOpInterface fold, tried after the op's own).
  if (a === undefined) return inType(op) === resultType(op) ? lhsOf(op) : undefined;
  const from = elementType(inType(op));
  const to = elementType(resultType(op));
  const w = intWidth(from instanceof FloatType ? IntegerType.get(from.width) : from);
  const type = resultType(op);
  const fromKind = from instanceof FloatType ? floatKind(from) : undefined;
  const bitsOf = (v: Elem) => (fromKind ? floatBits(v as number, fromKind) : unsigned(v as bigint, w));
  if (!(to instanceof FloatType)) return constFoldUnary(a, type, bitsOf);
  // A float result holds its bits exactly, NaN payloads included, as MLIR's APFloat does. JS
  // numbers do not always keep NaN payloads (V8 builtins storing into double arrays make them
  // canonical), so the attribute is built here and checked: if a payload was lost, no fold.
  const kind = floatKind(to);
  if (!(type instanceof ShapedType) && (a instanceof IntegerAttr || a instanceof FloatAttr)) {
    const bits = bitsOf(a.value);
    const attr = FloatAttr.get(type, bitsToFloat(bits, kind));
    return floatBits(attr.value, kind) === bits ? attr : undefined;
  }
  if (type instanceof ShapedType && a instanceof DenseElementsAttr) {
    const bits = a.values.map(bitsOf);
    const attr = DenseElementsAttr.get(
      type,
      bits.map((b) => bitsToFloat(b, kind)),
    );
    return attr.values.every((v, i) => floatBits(v as number, kind) === bits[i]) ? attr : undefined;
  }
  return undefined;
});

export const foldConstant: Folder = (op) => op.getProperty('value');

/** Every arith folder, by op name. */
export const arithFolders: Readonly<Record<string, Folder>> = {
  'arith.constant': foldConstant,
  'arith.addi': foldAddI,
  'arith.subi': foldSubI,
  'arith.muli': foldMulI,
  'arith.divui': foldDivUI,
  'arith.divsi': foldDivSI,
  'arith.ceildivui': foldCeilDivUI,
  'arith.ceildivsi': foldCeilDivSI,
  'arith.floordivsi': foldFloorDivSI,
  'arith.remui': foldRemUI,
  'arith.remsi': foldRemSI,
  'arith.andi': foldAndI,
  'arith.ori': foldOrI,
  'arith.xori': foldXOrI,
  'arith.shli': foldShLI,
  'arith.shrui': foldShRUI,
  'arith.shrsi': foldShRSI,
  'arith.maxsi': foldMaxSI,
  'arith.maxui': foldMaxUI,
  'arith.minsi': foldMinSI,
  'arith.minui': foldMinUI,
  'arith.addui_extended': foldAddUIExtended,
  'arith.mulsi_extended': foldMulSIExtended,
  'arith.mului_extended': foldMulUIExtended,
  'arith.addf': foldAddF,
  'arith.subf': foldSubF,
  'arith.mulf': foldMulF,
  'arith.divf': foldDivF,
  'arith.remf': foldRemF,
  'arith.maximumf': foldMaximumF,
  'arith.minimumf': foldMinimumF,
  'arith.maxnumf': foldMaxNumF,
  'arith.minnumf': foldMinNumF,
  'arith.negf': foldNegF,
  'arith.cmpi': foldCmpI,
  'arith.cmpf': foldCmpF,
  'arith.select': foldSelect,
  'arith.extui': foldExtUI,
  'arith.extsi': foldExtSI,
  'arith.trunci': foldTruncI,
  'arith.index_cast': foldIndexCast,
  'arith.index_castui': foldIndexCastUI,
  'arith.sitofp': foldSIToFP,
  'arith.uitofp': foldUIToFP,
  'arith.fptosi': foldFPToSI,
  'arith.fptoui': foldFPToUI,
  'arith.extf': foldExtF,
  'arith.truncf': foldTruncF,
  'arith.bitcast': foldBitcast,
};
