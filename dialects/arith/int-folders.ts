/**
 * The folders of arith's integer ops (MLIR 19's ArithOps.cpp): arithmetic, bitwise, shifts,
 * min/max and the extended ops. Integers wrap at their width (index is 64-bit); nothing folds
 * that MLIR refuses to fold: division by zero, signed division overflow, shifts by the width or more.
 */
import { IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import { FloatType, ShapedType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { constFold, constInt, elementType, intWidth, isAllOnes, isOneInt, isZeroInt, makeConstant, makeScalar, signed, unsigned, type Elem } from './fold-utils.js';
import { constantValue as constantOf } from '../../core/rewrite/folder.js';
import { PoisonAttr } from '../ub/attributes.js';
import { type Folder, binaryFolder, resultType, operandOf, lhsOf, rhsOf, definedBy, minSigned, maxSigned, maxUnsigned } from './folder-helpers.js';

/** The zero of `type`, or undefined for shapes a constant cannot have (dynamic tensors). */
function zeroAttr(type: Type): Attribute | undefined {
  if (type instanceof ShapedType && !type.hasStaticShape) return undefined;
  return makeConstant(type, [elementType(type) instanceof FloatType ? 0 : 0n]);
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

const addInt = (x: bigint, y: bigint): bigint => x + y;
const subInt = (x: bigint, y: bigint): bigint => x - y;
const mulInt = (x: bigint, y: bigint): bigint => x * y;
const andInt = (x: bigint, y: bigint): bigint => x & y;
const orInt = (x: bigint, y: bigint): bigint => x | y;
const xorInt = (x: bigint, y: bigint): bigint => x ^ y;

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
