/**
 * Simplification of affine expressions: the factories that build `lhs + rhs`, `lhs * rhs`,
 * floordiv, ceildiv and mod the way MLIR's AffineExpr operators do (mlir/lib/IR/AffineExpr.cpp as
 * shipped in LLVM 19): constant folding (with the LLVM 19 overflow guards), constants canonicalized
 * to the right, `(x + c1) + c2` folding, `c1 * e + c2 * e` merging, `e - (e floordiv q) * q` ->
 * `e mod q`, etc. Every binary expression is built through here; loading this module also makes
 * it the factory behind AffineExpr's arithmetic methods.
 */
import { AffineConstantExpr, asBin, asConst, getAffineConstantExpr, installAffineBinaryFactory, uniqueBinary, type AffineBinaryKind, type AffineExpr } from './expr.js';
import { ceilDivBig, fitsInt64, floorDivBig, INT64_MIN, modBig, wrap64 } from './int64.js';

function simplifyAdd(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  const lhsConst = asConst(lhs);
  const rhsConst = asConst(rhs);
  // Fold if both are constants (LLVM 19 leaves overflowing sums unfolded).
  if (lhsConst && rhsConst) {
    const sum = lhsConst.value + rhsConst.value;
    if (!fitsInt64(sum)) return null;
    return getAffineConstantExpr(sum);
  }

  // Canonicalize so that only the RHS is a constant, and a symbolic operand is
  // on the RHS when the other one is not symbolic.
  if (lhsConst || (lhs.symbolicOrConstant && !rhs.symbolicOrConstant)) {
    return affineAdd(rhs, lhs);
  }

  // Adding zero is a no-op.
  if (rhsConst && rhsConst.value === 0n) return lhs;

  // Fold successive additions: (d0 + 2) + 3 -> d0 + 5.
  const lBin = asBin(lhs);
  if (lBin && rhsConst && lBin.kind === 'add') {
    const lrhs = asConst(lBin.rhs);
    if (lrhs) return affineAdd(lBin.lhs, getAffineConstantExpr(wrap64(lrhs.value + rhsConst.value)));
  }

  // Detect "c1 * expr + c2 * expr" as "(c1 + c2) * expr".
  const [c1, firstExpr] = constantTimes(lhs);
  const [c2, secondExpr] = constantTimes(rhs);
  if (firstExpr === secondExpr) {
    return affineMul(firstExpr, getAffineConstantExpr(wrap64(c1 + c2)));
  }

  // Bring constants to the right: (d0 + 2) + d1 -> (d0 + d1) + 2.
  if (lBin && lBin.kind === 'add') {
    const lrhs = asConst(lBin.rhs);
    if (lrhs) return affineAdd(affineAdd(lBin.lhs, rhs), lrhs);
  }

  // Detect "expr - q * (expr floordiv q)" and turn it into "expr mod q".
  const rBin = asBin(rhs);
  if (!rBin) return null;
  const lrhs = rBin.lhs;
  const rrhs = rBin.rhs;

  // Form: ((expr floordiv q) * q) * -1, q symbolic or constant.
  const rrhsConst = asConst(rrhs);
  const lrhsMul = asBin(lrhs, 'mul');
  if (rrhsConst && rrhsConst.value === -1n && lrhsMul) {
    const llrhs = asBin(lrhsMul.lhs, 'floordiv');
    const rlrhs = lrhsMul.rhs;
    if (!llrhs) return null;
    if (llrhs.rhs === rlrhs && lhs === llrhs.lhs) return affineMod(lhs, rlrhs);
  }

  // Form: (expr floordiv c) * (-c).
  if (rBin.kind !== 'mul') return null;
  const lrFloorDiv = asBin(lrhs, 'floordiv');
  if (!lrFloorDiv) return null;
  if (lhs === lrFloorDiv.lhs && lrFloorDiv.rhs === affineNeg(rrhs)) {
    return affineMod(lhs, lrFloorDiv.rhs);
  }
  return null;
}

function simplifyMul(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  const lhsConst = asConst(lhs);
  const rhsConst = asConst(rhs);
  if (lhsConst && rhsConst) {
    const product = lhsConst.value * rhsConst.value;
    if (!fitsInt64(product)) return null;
    return getAffineConstantExpr(product);
  }

  if (!lhs.symbolicOrConstant && !rhs.symbolicOrConstant) {
    throw new Error('non-affine expression: at least one of the multiply operands has to be either a constant or symbolic');
  }

  // Canonicalize so that the constant/symbolic operand is on the RHS; if both
  // are symbolic, swap only when the LHS is a constant.
  if (!rhs.symbolicOrConstant || lhsConst) return affineMul(rhs, lhs);

  if (rhsConst) {
    if (rhsConst.value === 1n) return lhs;
    if (rhsConst.value === 0n) return rhsConst;
  }

  const lBin = asBin(lhs, 'mul');
  // Fold successive multiplications: (d0 * 2) * 3 -> d0 * 6.
  if (lBin && rhsConst) {
    const lrhs = asConst(lBin.rhs);
    if (lrhs) return affineMul(lBin.lhs, getAffineConstantExpr(wrap64(lrhs.value * rhsConst.value)));
  }
  // Bring constants to the right: (d0 * 2) * s0 -> (d0 * s0) * 2.
  if (lBin) {
    const lrhs = asConst(lBin.rhs);
    if (lrhs) return affineMul(affineMul(lBin.lhs, rhs), lrhs);
  }
  return null;
}

/** `e` as c * expr: [k, x] for x * k with a constant k, else [1, e]. */
function constantTimes(e: AffineExpr): [bigint, AffineExpr] {
  const mul = asBin(e, 'mul');
  return mul && mul.rhs instanceof AffineConstantExpr ? [mul.rhs.value, mul.lhs] : [1n, e];
}

/**
 * What floordiv and ceildiv simplify alike (`divide` folds two constants): a nonzero constant
 * divisor c of a constant (not INT64_MIN / -1, which overflows), division by 1, and
 * (expr * k) div c -> expr * (k / c) when c divides k.
 */
function simplifyDiv(lhs: AffineExpr, rhs: AffineExpr, divide: (a: bigint, c: bigint) => bigint): AffineExpr | null {
  const lhsConst = asConst(lhs);
  const rhsConst = asConst(rhs);
  if (!rhsConst || rhsConst.value === 0n) return null;
  const c = rhsConst.value;

  if (lhsConst) {
    if (lhsConst.value === INT64_MIN && c === -1n) return null;
    return getAffineConstantExpr(divide(lhsConst.value, c));
  }

  if (c === 1n) return lhs;

  const lBin = asBin(lhs, 'mul');
  if (lBin) {
    const lrhs = asConst(lBin.rhs);
    if (lrhs && lrhs.value % c === 0n) {
      return affineMul(lBin.lhs, getAffineConstantExpr(wrap64(lrhs.value / c)));
    }
  }
  return null;
}

function simplifyFloorDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  const simplified = simplifyDiv(lhs, rhs, floorDivBig);
  if (simplified) return simplified;
  // (e1 + e2) floordiv c -> e1 floordiv c + e2 floordiv c when c divides e1 or e2.
  const rhsConst = asConst(rhs);
  const lBin = asBin(lhs, 'add');
  if (!rhsConst || rhsConst.value === 0n || !lBin) return null;
  const c = rhsConst.value;
  const llhsDiv = lBin.lhs.getLargestKnownDivisor();
  const lrhsDiv = lBin.rhs.getLargestKnownDivisor();
  if (llhsDiv % c === 0n || lrhsDiv % c === 0n) {
    return affineAdd(affineFloorDiv(lBin.lhs, rhsConst), affineFloorDiv(lBin.rhs, rhsConst));
  }
  return null;
}

function simplifyCeilDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  return simplifyDiv(lhs, rhs, ceilDivBig);
}

function simplifyMod(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  const lhsConst = asConst(lhs);
  const rhsConst = asConst(rhs);
  // mod by zero or a negative number is preserved as is.
  if (!rhsConst || rhsConst.value < 1n) return null;
  const c = rhsConst.value;

  if (lhsConst) return getAffineConstantExpr(modBig(lhsConst.value, c));

  // Known multiple of c -> 0.
  if (lhs.getLargestKnownDivisor() % c === 0n) return getAffineConstantExpr(0);

  const lBin = asBin(lhs);
  // (e1 + e2) mod c when c divides e1 or e2.
  if (lBin && lBin.kind === 'add') {
    const llhsDiv = lBin.lhs.getLargestKnownDivisor();
    const lrhsDiv = lBin.rhs.getLargestKnownDivisor();
    if (llhsDiv % c === 0n) return affineMod(lBin.rhs, rhsConst);
    if (lrhsDiv % c === 0n) return affineMod(lBin.lhs, rhsConst);
  }

  // (e mod a) mod b -> e mod b when b divides a.
  if (lBin && lBin.kind === 'mod') {
    const intermediate = asConst(lBin.rhs);
    if (intermediate && intermediate.value >= 1n && modBig(intermediate.value, c) === 0n) {
      return affineMod(lBin.lhs, rhsConst);
    }
  }
  return null;
}

/** `lhs + rhs`, simplified like MLIR's `AffineExpr::operator+`. */
export function affineAdd(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyAdd(lhs, rhs) ?? uniqueBinary('add', lhs, rhs);
}

/**
 * `lhs * rhs`, simplified like MLIR's `AffineExpr::operator*`. Throws if neither
 * operand is symbolic or constant (MLIR asserts in that case).
 */
export function affineMul(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyMul(lhs, rhs) ?? uniqueBinary('mul', lhs, rhs);
}

/** `-expr`, built as `expr * -1`. */
export function affineNeg(expr: AffineExpr): AffineExpr {
  return affineMul(expr, getAffineConstantExpr(-1));
}

/** `lhs - rhs`, built as `lhs + rhs * -1`. */
export function affineSub(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return affineAdd(lhs, affineNeg(rhs));
}

export function affineFloorDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyFloorDiv(lhs, rhs) ?? uniqueBinary('floordiv', lhs, rhs);
}

export function affineCeilDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyCeilDiv(lhs, rhs) ?? uniqueBinary('ceildiv', lhs, rhs);
}

export function affineMod(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyMod(lhs, rhs) ?? uniqueBinary('mod', lhs, rhs);
}

/** Dispatches to the simplifying factory for `kind`. */
export function getAffineBinaryOpExpr(kind: AffineBinaryKind, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  switch (kind) {
    case 'add':
      return affineAdd(lhs, rhs);
    case 'mul':
      return affineMul(lhs, rhs);
    case 'floordiv':
      return affineFloorDiv(lhs, rhs);
    case 'ceildiv':
      return affineCeilDiv(lhs, rhs);
    case 'mod':
      return affineMod(lhs, rhs);
  }
}

installAffineBinaryFactory(getAffineBinaryOpExpr);
