// Affine expressions and affine maps, modelled on MLIR's AffineExpr/AffineMap.
//
// * Expressions and maps are immutable and uniqued: two structurally equal
//   expressions (maps) are the same object, so `===` is structural equality.
// * Construction goes through simplifying factories that behave like MLIR's
//   AffineExpr operators (mlir/lib/IR/AffineExpr.cpp as shipped in LLVM 19):
//   constant folding (with the LLVM 19 overflow guards), constants canonicalized
//   to the right, `(x + c1) + c2` folding, `c1 * e + c2 * e` merging,
//   `e - (e floordiv q) * q` -> `e mod q`, etc.
// * Printing follows MLIR's `printAffineExprInternal` / `printAffineMap`.
// * `parseAffineMap` implements MLIR's affine-map grammar (AffineParser.cpp),
//   including its diagnostics and error locations.
//
// Constants are 64-bit signed integers represented as `bigint`; arithmetic that
// MLIR performs in plain int64 arithmetic wraps the same way here.

// ---------------------------------------------------------------------------
// int64 helpers
// ---------------------------------------------------------------------------

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** Wraps to int64 (two's complement), as C++ int64 arithmetic does in practice. */
function wrap64(v: bigint): bigint {
  return BigInt.asIntN(64, v);
}

function fitsInt64(v: bigint): boolean {
  return v >= INT64_MIN && v <= INT64_MAX;
}

/** Exact floor division (rhs != 0). */
function floorDivBig(lhs: bigint, rhs: bigint): bigint {
  const q = lhs / rhs;
  if (lhs % rhs !== 0n && (lhs < 0n) !== (rhs < 0n)) return q - 1n;
  return q;
}

/** Exact ceiling division (rhs != 0). */
function ceilDivBig(lhs: bigint, rhs: bigint): bigint {
  const q = lhs / rhs;
  if (lhs % rhs !== 0n && (lhs < 0n) === (rhs < 0n)) return q + 1n;
  return q;
}

/** Euclidean-style modulo for a positive rhs (result in [0, rhs)). */
function modBig(lhs: bigint, rhs: bigint): bigint {
  const r = lhs % rhs;
  return r < 0n ? r + rhs : r;
}

function gcd64(a: bigint, b: bigint): bigint {
  // llvm::GreatestCommonDivisor64 works on uint64_t; the int64 result is the
  // reinterpretation of that.
  let x = BigInt.asUintN(64, a);
  let y = BigInt.asUintN(64, b);
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return BigInt.asIntN(64, x);
}

function toBigInt(v: number | bigint): bigint {
  if (typeof v === 'bigint') return v;
  if (!Number.isInteger(v)) throw new RangeError(`affine constant must be an integer, got ${v}`);
  return BigInt(v);
}

// ---------------------------------------------------------------------------
// Expression classes
// ---------------------------------------------------------------------------

export type AffineBinaryKind = 'add' | 'mul' | 'mod' | 'floordiv' | 'ceildiv';
export type AffineExprKind = AffineBinaryKind | 'constant' | 'dim' | 'symbol';

/** Private token so that expressions can only be created through the factories. */
const CREATE = Symbol('affine-create');

let nextExprId = 0;
const exprTable = new Map<string, AffineExpr>();

/** Operand accepted by the convenience arithmetic methods. */
export type AffineOperand = AffineExpr | number | bigint;

function asExpr(v: AffineOperand): AffineExpr {
  return v instanceof AffineExpr ? v : getAffineConstantExpr(v);
}

/** Base class of all affine expressions. Instances are immutable and uniqued. */
export abstract class AffineExpr {
  abstract readonly kind: AffineExprKind;
  /** Unique id (stable for the lifetime of the process); usable in uniquing keys. */
  readonly id: number;
  /** True if the expression contains no dimension identifiers. */
  readonly symbolicOrConstant: boolean;

  protected constructor(token: symbol, symbolicOrConstant: boolean) {
    if (token !== CREATE) throw new Error('AffineExpr instances must be created through the factory functions');
    this.id = nextExprId++;
    this.symbolicOrConstant = symbolicOrConstant;
  }

  /** Returns true if this expression is made out of only symbols and constants. */
  isSymbolicOrConstant(): boolean {
    return this.symbolicOrConstant;
  }

  /** Multiplication, floordiv, ceildiv and mod only by constants (MLIR `isPureAffine`). */
  isPureAffine(): boolean {
    if (!(this instanceof AffineBinaryOpExpr)) return true;
    const { lhs, rhs } = this;
    switch (this.kind) {
      case 'add':
        return lhs.isPureAffine() && rhs.isPureAffine();
      case 'mul':
        return (
          lhs.isPureAffine() &&
          rhs.isPureAffine() &&
          (lhs instanceof AffineConstantExpr || rhs instanceof AffineConstantExpr)
        );
      default:
        return lhs.isPureAffine() && rhs instanceof AffineConstantExpr;
    }
  }

  /** Greatest known integral divisor of this expression (MLIR `getLargestKnownDivisor`). */
  getLargestKnownDivisor(): bigint {
    if (this instanceof AffineConstantExpr) {
      return wrap64(this.value < 0n ? -this.value : this.value);
    }
    if (this instanceof AffineBinaryOpExpr) {
      switch (this.kind) {
        case 'mul':
          return wrap64(this.lhs.getLargestKnownDivisor() * this.rhs.getLargestKnownDivisor());
        case 'add':
        case 'mod':
          return gcd64(this.lhs.getLargestKnownDivisor(), this.rhs.getLargestKnownDivisor());
        default:
          return 1n;
      }
    }
    return 1n;
  }

  /** True if the expression involves dimension `position`. */
  isFunctionOfDim(position: number): boolean {
    if (this instanceof AffineDimExpr) return this.position === position;
    if (this instanceof AffineBinaryOpExpr) {
      return this.lhs.isFunctionOfDim(position) || this.rhs.isFunctionOfDim(position);
    }
    return false;
  }

  /** True if the expression involves symbol `position`. */
  isFunctionOfSymbol(position: number): boolean {
    if (this instanceof AffineSymbolExpr) return this.position === position;
    if (this instanceof AffineBinaryOpExpr) {
      return this.lhs.isFunctionOfSymbol(position) || this.rhs.isFunctionOfSymbol(position);
    }
    return false;
  }

  /** Post-order walk over all sub-expressions (including this one). */
  walk(callback: (expr: AffineExpr) => void): void {
    if (this instanceof AffineBinaryOpExpr) {
      this.lhs.walk(callback);
      this.rhs.walk(callback);
    }
    callback(this);
  }

  /**
   * Substitutes dims/symbols (dim i -> dimReplacements[i] when present, same for
   * symbols) and re-simplifies, like MLIR's `replaceDimsAndSymbols`.
   */
  replaceDimsAndSymbols(
    dimReplacements: readonly AffineExpr[],
    symReplacements: readonly AffineExpr[],
  ): AffineExpr {
    if (this instanceof AffineDimExpr) {
      return this.position < dimReplacements.length ? dimReplacements[this.position]! : this;
    }
    if (this instanceof AffineSymbolExpr) {
      return this.position < symReplacements.length ? symReplacements[this.position]! : this;
    }
    if (this instanceof AffineBinaryOpExpr) {
      const newLhs = this.lhs.replaceDimsAndSymbols(dimReplacements, symReplacements);
      const newRhs = this.rhs.replaceDimsAndSymbols(dimReplacements, symReplacements);
      if (newLhs === this.lhs && newRhs === this.rhs) return this;
      return getAffineBinaryOpExpr(this.kind, newLhs, newRhs);
    }
    return this;
  }

  add(other: AffineOperand): AffineExpr {
    return affineAdd(this, asExpr(other));
  }
  sub(other: AffineOperand): AffineExpr {
    return affineSub(this, asExpr(other));
  }
  mul(other: AffineOperand): AffineExpr {
    return affineMul(this, asExpr(other));
  }
  neg(): AffineExpr {
    return affineNeg(this);
  }
  floorDiv(other: AffineOperand): AffineExpr {
    return affineFloorDiv(this, asExpr(other));
  }
  ceilDiv(other: AffineOperand): AffineExpr {
    return affineCeilDiv(this, asExpr(other));
  }
  mod(other: AffineOperand): AffineExpr {
    return affineMod(this, asExpr(other));
  }

  /** MLIR textual form using `d<i>` / `s<i>` names. */
  toString(): string {
    return printAffineExpr(this);
  }
}

/** Dimension identifier `d<position>`. */
export class AffineDimExpr extends AffineExpr {
  readonly kind = 'dim' as const;
  readonly position: number;
  /** @internal use getAffineDimExpr */
  constructor(token: symbol, position: number) {
    super(token, false);
    this.position = position;
    Object.freeze(this);
  }
}

/** Symbol identifier `s<position>`. */
export class AffineSymbolExpr extends AffineExpr {
  readonly kind = 'symbol' as const;
  readonly position: number;
  /** @internal use getAffineSymbolExpr */
  constructor(token: symbol, position: number) {
    super(token, true);
    this.position = position;
    Object.freeze(this);
  }
}

/** Integer constant (int64, stored as bigint). */
export class AffineConstantExpr extends AffineExpr {
  readonly kind = 'constant' as const;
  readonly value: bigint;
  /** @internal use getAffineConstantExpr */
  constructor(token: symbol, value: bigint) {
    super(token, true);
    this.value = value;
    Object.freeze(this);
  }
  /** The value as a JS number (exact only within the safe-integer range). */
  toNumber(): number {
    return Number(this.value);
  }
}

/** Binary expression: add, mul, mod, floordiv or ceildiv. */
export class AffineBinaryOpExpr extends AffineExpr {
  readonly kind: AffineBinaryKind;
  readonly lhs: AffineExpr;
  readonly rhs: AffineExpr;
  /** @internal use the simplifying factories */
  constructor(token: symbol, kind: AffineBinaryKind, lhs: AffineExpr, rhs: AffineExpr) {
    super(token, lhs.symbolicOrConstant && rhs.symbolicOrConstant);
    this.kind = kind;
    this.lhs = lhs;
    this.rhs = rhs;
    Object.freeze(this);
  }
}

// ---------------------------------------------------------------------------
// Leaf factories
// ---------------------------------------------------------------------------

function checkPosition(position: number, what: string): void {
  if (!Number.isInteger(position) || position < 0) {
    throw new RangeError(`invalid affine ${what} position ${position}`);
  }
}

export function getAffineDimExpr(position: number): AffineDimExpr {
  checkPosition(position, 'dimension');
  const key = `d${position}`;
  let e = exprTable.get(key);
  if (!e) {
    e = new AffineDimExpr(CREATE, position);
    exprTable.set(key, e);
  }
  return e as AffineDimExpr;
}

export function getAffineSymbolExpr(position: number): AffineSymbolExpr {
  checkPosition(position, 'symbol');
  const key = `s${position}`;
  let e = exprTable.get(key);
  if (!e) {
    e = new AffineSymbolExpr(CREATE, position);
    exprTable.set(key, e);
  }
  return e as AffineSymbolExpr;
}

export function getAffineConstantExpr(value: number | bigint): AffineConstantExpr {
  const v = toBigInt(value);
  if (!fitsInt64(v)) throw new RangeError(`affine constant ${v} does not fit in int64`);
  const key = `c${v}`;
  let e = exprTable.get(key);
  if (!e) {
    e = new AffineConstantExpr(CREATE, v);
    exprTable.set(key, e);
  }
  return e as AffineConstantExpr;
}

/** Short aliases. */
export const affineDim = getAffineDimExpr;
export const affineSymbol = getAffineSymbolExpr;
export const affineConstant = getAffineConstantExpr;

/** Creates (uniques) a binary node without any simplification. */
function uniqueBinary(kind: AffineBinaryKind, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  const key = `${kind}(${lhs.id},${rhs.id})`;
  let e = exprTable.get(key);
  if (!e) {
    e = new AffineBinaryOpExpr(CREATE, kind, lhs, rhs);
    exprTable.set(key, e);
  }
  return e;
}

function asConst(e: AffineExpr): AffineConstantExpr | undefined {
  return e instanceof AffineConstantExpr ? e : undefined;
}

function asBin(e: AffineExpr, kind?: AffineBinaryKind): AffineBinaryOpExpr | undefined {
  if (!(e instanceof AffineBinaryOpExpr)) return undefined;
  if (kind !== undefined && e.kind !== kind) return undefined;
  return e;
}

// ---------------------------------------------------------------------------
// Simplifying binary factories (MLIR AffineExpr operators)
// ---------------------------------------------------------------------------

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
  let c1 = 1n;
  let firstExpr = lhs;
  const lMul = asBin(lhs, 'mul');
  if (lMul && lMul.rhs instanceof AffineConstantExpr) {
    c1 = lMul.rhs.value;
    firstExpr = lMul.lhs;
  }
  let c2 = 1n;
  let secondExpr = rhs;
  const rMul = asBin(rhs, 'mul');
  if (rMul && rMul.rhs instanceof AffineConstantExpr) {
    c2 = rMul.rhs.value;
    secondExpr = rMul.lhs;
  }
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
    throw new Error(
      'non-affine expression: at least one of the multiply operands has to be either a constant or symbolic',
    );
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

function simplifyFloorDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  const lhsConst = asConst(lhs);
  const rhsConst = asConst(rhs);
  if (!rhsConst || rhsConst.value === 0n) return null;
  const c = rhsConst.value;

  if (lhsConst) {
    if (lhsConst.value === INT64_MIN && c === -1n) return null;
    return getAffineConstantExpr(floorDivBig(lhsConst.value, c));
  }

  if (c === 1n) return lhs;

  // (expr * k) floordiv c -> expr * (k / c) when c divides k.
  const lBin = asBin(lhs);
  if (lBin && lBin.kind === 'mul') {
    const lrhs = asConst(lBin.rhs);
    if (lrhs && lrhs.value % c === 0n) {
      return affineMul(lBin.lhs, getAffineConstantExpr(wrap64(lrhs.value / c)));
    }
  }

  // (e1 + e2) floordiv c -> e1 floordiv c + e2 floordiv c when c divides e1 or e2.
  if (lBin && lBin.kind === 'add') {
    const llhsDiv = lBin.lhs.getLargestKnownDivisor();
    const lrhsDiv = lBin.rhs.getLargestKnownDivisor();
    if (llhsDiv % c === 0n || lrhsDiv % c === 0n) {
      return affineAdd(affineFloorDiv(lBin.lhs, rhsConst), affineFloorDiv(lBin.rhs, rhsConst));
    }
  }
  return null;
}

function simplifyCeilDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  const lhsConst = asConst(lhs);
  const rhsConst = asConst(rhs);
  if (!rhsConst || rhsConst.value === 0n) return null;
  const c = rhsConst.value;

  if (lhsConst) {
    if (lhsConst.value === INT64_MIN && c === -1n) return null;
    return getAffineConstantExpr(ceilDivBig(lhsConst.value, c));
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

// ---------------------------------------------------------------------------
// Printing (MLIR AsmPrinter::printAffineExprInternal)
// ---------------------------------------------------------------------------

/** Optional naming hook: returns the text for dim/symbol `pos`. */
export type AffineValueNamer = (position: number, isSymbol: boolean) => string;

const BINOP_SPELLING: Record<AffineBinaryKind, string> = {
  add: ' + ',
  mul: ' * ',
  floordiv: ' floordiv ',
  ceildiv: ' ceildiv ',
  mod: ' mod ',
};

/** Prints an expression exactly as MLIR does (`d0 - d1 * 2`, `-d0`, `(d0 floordiv 2) * 4`, ...). */
export function printAffineExpr(expr: AffineExpr, namer?: AffineValueNamer): string {
  const out: string[] = [];
  printExprInternal(expr, false, namer, out);
  return out.join('');
}

function printExprInternal(expr: AffineExpr, strong: boolean, namer: AffineValueNamer | undefined, out: string[]): void {
  if (expr instanceof AffineSymbolExpr) {
    out.push(namer ? namer(expr.position, true) : `s${expr.position}`);
    return;
  }
  if (expr instanceof AffineDimExpr) {
    out.push(namer ? namer(expr.position, false) : `d${expr.position}`);
    return;
  }
  if (expr instanceof AffineConstantExpr) {
    out.push(expr.value.toString());
    return;
  }
  const bin = expr as AffineBinaryOpExpr;
  const lhsExpr = bin.lhs;
  const rhsExpr = bin.rhs;

  // Tightly binding operators.
  if (bin.kind !== 'add') {
    if (strong) out.push('(');
    const rhsConst = asConst(rhsExpr);
    if (rhsConst && bin.kind === 'mul' && rhsConst.value === -1n) {
      out.push('-');
      printExprInternal(lhsExpr, true, namer, out);
      if (strong) out.push(')');
      return;
    }
    printExprInternal(lhsExpr, true, namer, out);
    out.push(BINOP_SPELLING[bin.kind]);
    printExprInternal(rhsExpr, true, namer, out);
    if (strong) out.push(')');
    return;
  }

  // Addition, with pretty forms for subtraction.
  if (strong) out.push('(');
  const rhsBin = asBin(rhsExpr, 'mul');
  if (rhsBin) {
    const rrhs = asConst(rhsBin.rhs);
    if (rrhs) {
      if (rrhs.value === -1n) {
        printExprInternal(lhsExpr, false, namer, out);
        out.push(' - ');
        printExprInternal(rhsBin.lhs, rhsBin.lhs.kind === 'add', namer, out);
        if (strong) out.push(')');
        return;
      }
      if (rrhs.value < -1n) {
        printExprInternal(lhsExpr, false, namer, out);
        out.push(' - ');
        printExprInternal(rhsBin.lhs, true, namer, out);
        out.push(` * ${wrap64(-rrhs.value)}`);
        if (strong) out.push(')');
        return;
      }
    }
  }
  const rhsConst = asConst(rhsExpr);
  if (rhsConst && rhsConst.value < 0n) {
    printExprInternal(lhsExpr, false, namer, out);
    out.push(` - ${wrap64(-rhsConst.value)}`);
    if (strong) out.push(')');
    return;
  }
  printExprInternal(lhsExpr, false, namer, out);
  out.push(' + ');
  printExprInternal(rhsExpr, false, namer, out);
  if (strong) out.push(')');
}

// ---------------------------------------------------------------------------
// AffineMap
// ---------------------------------------------------------------------------

let nextMapId = 0;
const mapTable = new Map<string, AffineMap>();

/** `(d0, ..)[s0, ..] -> (results)`; immutable and uniqued. */
export class AffineMap {
  readonly id: number;
  readonly numDims: number;
  readonly numSymbols: number;
  readonly results: readonly AffineExpr[];

  /** @internal use AffineMap.get */
  constructor(token: symbol, numDims: number, numSymbols: number, results: readonly AffineExpr[]) {
    if (token !== CREATE) throw new Error('AffineMap instances must be created through AffineMap.get');
    this.id = nextMapId++;
    this.numDims = numDims;
    this.numSymbols = numSymbols;
    this.results = Object.freeze([...results]);
    Object.freeze(this);
  }

  /** Gets the uniqued map. Throws if a result uses a dim/symbol out of range. */
  static get(numDims: number, numSymbols: number, results: readonly AffineExpr[] = []): AffineMap {
    checkCount(numDims, 'dimension');
    checkCount(numSymbols, 'symbol');
    for (const r of results) {
      r.walk((e) => {
        if (e instanceof AffineDimExpr && e.position >= numDims) {
          throw new RangeError(`affine map result uses d${e.position} but the map has ${numDims} dimension(s)`);
        }
        if (e instanceof AffineSymbolExpr && e.position >= numSymbols) {
          throw new RangeError(`affine map result uses s${e.position} but the map has ${numSymbols} symbol(s)`);
        }
      });
    }
    const key = `${numDims},${numSymbols}:${results.map((r) => r.id).join(',')}`;
    let m = mapTable.get(key);
    if (!m) {
      m = new AffineMap(CREATE, numDims, numSymbols, results);
      mapTable.set(key, m);
    }
    return m;
  }

  /** `(d0, ..., d{n-1}) -> (d0, ..., d{n-1})` (MLIR getMultiDimIdentityMap). */
  static identity(numDims: number): AffineMap {
    checkCount(numDims, 'dimension');
    const results: AffineExpr[] = [];
    for (let i = 0; i < numDims; i++) results.push(getAffineDimExpr(i));
    return AffineMap.get(numDims, 0, results);
  }

  /** `() -> (value)` (MLIR getConstantMap). */
  static constant(value: number | bigint): AffineMap {
    return AffineMap.get(0, 0, [getAffineConstantExpr(value)]);
  }

  /** Permutation map `(d0, ..) -> (d{perm[0]}, ..)` (MLIR getPermutationMap). */
  static permutation(perm: readonly number[]): AffineMap {
    const seen = new Set<number>();
    for (const p of perm) {
      if (!Number.isInteger(p) || p < 0 || p >= perm.length || seen.has(p)) {
        throw new RangeError(`invalid permutation [${perm.join(', ')}]`);
      }
      seen.add(p);
    }
    return AffineMap.get(perm.length, 0, perm.map((p) => getAffineDimExpr(p)));
  }

  get numResults(): number {
    return this.results.length;
  }

  /** Number of dims plus symbols. */
  get numInputs(): number {
    return this.numDims + this.numSymbols;
  }

  getResult(i: number): AffineExpr {
    const r = this.results[i];
    if (!r) throw new RangeError(`affine map result index ${i} out of range`);
    return r;
  }

  /** MLIR `isIdentity`: numDims == numResults and result i is d_i (symbols are ignored). */
  isIdentity(): boolean {
    if (this.numDims !== this.results.length) return false;
    for (let i = 0; i < this.numDims; i++) {
      const r = this.results[i];
      if (!(r instanceof AffineDimExpr) || r.position !== i) return false;
    }
    return true;
  }

  /** True if the map has no results. */
  isEmpty(): boolean {
    return this.results.length === 0;
  }

  /** True if the map has exactly one result and it is a constant. */
  isSingleConstant(): boolean {
    return this.results.length === 1 && this.results[0] instanceof AffineConstantExpr;
  }

  /** The single constant result; throws unless isSingleConstant(). */
  getSingleConstantResult(): bigint {
    if (!this.isSingleConstant()) throw new Error('affine map is not a single constant');
    return (this.results[0] as AffineConstantExpr).value;
  }

  /** True if all results are constants (MLIR `isConstant`). */
  isConstant(): boolean {
    return this.results.every((r) => r instanceof AffineConstantExpr);
  }

  /** Constant results; throws unless isConstant(). */
  getConstantResults(): bigint[] {
    if (!this.isConstant()) throw new Error('affine map results are not all constant');
    return this.results.map((r) => (r as AffineConstantExpr).value);
  }

  /** True if this is a permutation of its dims (no symbols used). */
  isPermutation(): boolean {
    if (this.numDims !== this.results.length) return false;
    const seen = new Set<number>();
    for (const r of this.results) {
      if (!(r instanceof AffineDimExpr) || seen.has(r.position)) return false;
      seen.add(r.position);
    }
    return true;
  }

  /** True if all results are pure affine. */
  isPureAffine(): boolean {
    return this.results.every((r) => r.isPureAffine());
  }

  /** True if some result involves dimension `position`. */
  isFunctionOfDim(position: number): boolean {
    return this.results.some((r) => r.isFunctionOfDim(position));
  }

  /** True if some result involves symbol `position`. */
  isFunctionOfSymbol(position: number): boolean {
    return this.results.some((r) => r.isFunctionOfSymbol(position));
  }

  /** Replaces dims/symbols in all results and returns a map with the given counts. */
  replaceDimsAndSymbols(
    dimReplacements: readonly AffineExpr[],
    symReplacements: readonly AffineExpr[],
    numResultDims: number,
    numResultSyms: number,
  ): AffineMap {
    return AffineMap.get(
      numResultDims,
      numResultSyms,
      this.results.map((r) => r.replaceDimsAndSymbols(dimReplacements, symReplacements)),
    );
  }

  /** MLIR form without the `affine_map<...>` wrapper, e.g. `(d0, d1)[s0] -> (d0 * 4 + d1 + s0)`. */
  toString(): string {
    let s = '(';
    for (let i = 0; i < this.numDims; i++) s += (i ? ', ' : '') + `d${i}`;
    s += ')';
    if (this.numSymbols !== 0) {
      s += '[';
      for (let i = 0; i < this.numSymbols; i++) s += (i ? ', ' : '') + `s${i}`;
      s += ']';
    }
    s += ' -> (';
    s += this.results.map((r) => printAffineExpr(r)).join(', ');
    s += ')';
    return s;
  }
}

function checkCount(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`invalid ${what} count ${n}`);
}

/**
 * The layout map MLIR builds for a strided layout (`makeStridedLinearLayoutMap`):
 * `(d0, .., dn)[s..] -> (offset + d0 * stride0 + ... + dn * striden)`, where a
 * dynamic (`null`) offset gets symbol s0 and each dynamic stride gets the next
 * symbol in order.
 */
export function stridedLinearLayoutMap(
  offset: number | bigint | null,
  strides: readonly (number | bigint | null)[],
): AffineMap {
  let nSymbols = 0;
  let expr: AffineExpr = offset === null ? getAffineSymbolExpr(nSymbols++) : getAffineConstantExpr(offset);
  strides.forEach((stride, dim) => {
    const d = getAffineDimExpr(dim);
    const mult = stride === null ? getAffineSymbolExpr(nSymbols++) : getAffineConstantExpr(stride);
    expr = affineAdd(expr, affineMul(d, mult));
  });
  return AffineMap.get(strides.length, nSymbols, [expr]);
}

// ---------------------------------------------------------------------------
// Parser (MLIR AffineParser)
// ---------------------------------------------------------------------------

/** Parse failure; `offset` is a character offset into the parsed text. */
export class AffineParseError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.name = 'AffineParseError';
    this.offset = offset;
  }
}

type TokKind =
  | 'ident'
  | 'integer'
  | 'float'
  | 'percent'
  | 'l_paren'
  | 'r_paren'
  | 'l_square'
  | 'r_square'
  | 'comma'
  | 'plus'
  | 'minus'
  | 'star'
  | 'arrow'
  | 'colon'
  | 'eof'
  | 'other';

interface Token {
  kind: TokKind;
  start: number;
  end: number;
  text: string;
}

const isIdStart = (c: string): boolean => /[A-Za-z_]/.test(c);
const isIdChar = (c: string): boolean => /[A-Za-z0-9_$.]/.test(c);
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isHexDigit = (c: string): boolean => /[0-9a-fA-F]/.test(c);

type LowOp = 'add' | 'sub';
type HighOp = 'mul' | 'floordiv' | 'ceildiv' | 'mod';

class AffineMapParser {
  private tok: Token;
  private pos: number;
  /** End offset of the most recently consumed token. */
  private prevEnd: number;
  private readonly ids = new Map<string, AffineExpr>();

  constructor(
    private readonly src: string,
    start: number,
  ) {
    this.pos = start;
    this.prevEnd = start;
    this.tok = this.lex();
  }

  // --- lexer ---------------------------------------------------------------

  private lex(): Token {
    const src = this.src;
    let p = this.pos;
    for (;;) {
      const c = src[p];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
        p++;
      } else if (c === '/' && src[p + 1] === '/') {
        while (p < src.length && src[p] !== '\n' && src[p] !== '\r') p++;
      } else {
        break;
      }
    }
    const start = p;
    const make = (kind: TokKind, end: number): Token => {
      this.pos = end;
      return { kind, start, end, text: src.slice(start, end) };
    };
    if (p >= src.length) return make('eof', p);
    const c = src[p]!;
    switch (c) {
      case '(':
        return make('l_paren', p + 1);
      case ')':
        return make('r_paren', p + 1);
      case '[':
        return make('l_square', p + 1);
      case ']':
        return make('r_square', p + 1);
      case ',':
        return make('comma', p + 1);
      case '+':
        return make('plus', p + 1);
      case '*':
        return make('star', p + 1);
      case ':':
        return make('colon', p + 1);
      case '-':
        return src[p + 1] === '>' ? make('arrow', p + 2) : make('minus', p + 1);
      case '%': {
        let q = p + 1;
        while (q < src.length && isIdChar(src[q]!)) q++;
        return make('percent', q);
      }
    }
    if (isIdStart(c)) {
      let q = p + 1;
      while (q < src.length && isIdChar(src[q]!)) q++;
      return make('ident', q);
    }
    if (isDigit(c)) {
      let q = p + 1;
      if (c === '0' && src[q] === 'x' && q + 1 < src.length && isHexDigit(src[q + 1]!)) {
        q += 2;
        while (q < src.length && isHexDigit(src[q]!)) q++;
        return make('integer', q);
      }
      while (q < src.length && isDigit(src[q]!)) q++;
      if (src[q] === '.') {
        q++;
        while (q < src.length && isDigit(src[q]!)) q++;
        if (src[q] === 'e' || src[q] === 'E') {
          let r = q + 1;
          if (src[r] === '+' || src[r] === '-') r++;
          if (r < src.length && isDigit(src[r]!)) {
            while (r < src.length && isDigit(src[r]!)) r++;
            q = r;
          }
        }
        return make('float', q);
      }
      return make('integer', q);
    }
    return make('other', p + 1);
  }

  private consume(): void {
    this.prevEnd = this.tok.end;
    this.tok = this.lex();
  }

  private consumeIf(kind: TokKind): boolean {
    if (this.tok.kind !== kind) return false;
    this.consume();
    return true;
  }

  // --- diagnostics -----------------------------------------------------------

  // Note: MLIR moves errors at EOF back one character. Here the end of the
  // text stands for the `>` that closes `affine_map<...>`, so errors there are
  // reported at the end offset, matching what mlir-opt reports for the
  // embedded map.

  /** MLIR Parser::emitError(message): at the current token. */
  private errorHere(message: string): never {
    throw new AffineParseError(message, this.tok.start);
  }

  /**
   * MLIR Parser::emitWrongTokenError: reported right after the previous
   * non-whitespace character (so "expected ')'" points at the end of what came
   * before), unless there is nothing before it.
   */
  private errorWrongToken(message: string): never {
    const loc = this.tok.start;
    let p = loc;
    while (p > 0 && /[ \t\r\n]/.test(this.src[p - 1]!)) p--;
    throw new AffineParseError(message, p === 0 ? loc : p);
  }

  private expect(kind: TokKind, message: string): void {
    if (!this.consumeIf(kind)) this.errorWrongToken(message);
  }

  // --- grammar ---------------------------------------------------------------

  private parseCommaSeparatedList(
    open: TokKind,
    close: TokKind,
    openSpelling: string,
    closeSpelling: string,
    context: string,
    element: () => void,
  ): void {
    this.expect(open, `expected '${openSpelling}'${context}`);
    if (this.consumeIf(close)) return;
    element();
    while (this.consumeIf('comma')) element();
    this.expect(close, `expected '${closeSpelling}'${context}`);
  }

  private parseIdentifierDefinition(idExpr: AffineExpr): void {
    if (this.tok.kind !== 'ident') this.errorWrongToken('expected bare identifier');
    const name = this.tok.text;
    if (this.ids.has(name)) this.errorHere(`redefinition of identifier '${name}'`);
    this.consume();
    this.ids.set(name, idExpr);
  }

  parseMap(): AffineMap {
    const mapStart = this.tok.start;
    let numDims = 0;
    let numSymbols = 0;
    this.parseCommaSeparatedList('l_paren', 'r_paren', '(', ')', ' in dimensional identifier list', () =>
      this.parseIdentifierDefinition(getAffineDimExpr(numDims++)),
    );
    if (this.tok.kind === 'l_square') {
      this.parseCommaSeparatedList('l_square', 'r_square', '[', ']', ' in symbol list', () =>
        this.parseIdentifierDefinition(getAffineSymbolExpr(numSymbols++)),
      );
    }
    if (!this.consumeIf('arrow')) {
      if (this.tok.kind === 'colon') {
        throw new AffineParseError('expected AffineMap, but got IntegerSet', mapStart);
      }
      this.errorWrongToken("expected '->' or ':'");
    }
    const results: AffineExpr[] = [];
    this.parseCommaSeparatedList('l_paren', 'r_paren', '(', ')', ' in affine map range', () => {
      results.push(this.parseAffineExpr());
    });
    return AffineMap.get(numDims, numSymbols, results);
  }

  /** Offset just past the last consumed token. */
  endOffsetAfterMap(): number {
    return this.prevEnd;
  }

  get currentToken(): Token {
    return this.tok;
  }

  private parseAffineExpr(): AffineExpr {
    return this.parseLowPrecOpExpr(null, null);
  }

  private consumeIfLowPrecOp(): LowOp | null {
    if (this.tok.kind === 'plus') {
      this.consume();
      return 'add';
    }
    if (this.tok.kind === 'minus') {
      this.consume();
      return 'sub';
    }
    return null;
  }

  private consumeIfHighPrecOp(): HighOp | null {
    const t = this.tok;
    let op: HighOp | null = null;
    if (t.kind === 'star') op = 'mul';
    else if (t.kind === 'ident') {
      if (t.text === 'floordiv') op = 'floordiv';
      else if (t.text === 'ceildiv') op = 'ceildiv';
      else if (t.text === 'mod') op = 'mod';
    }
    if (op) this.consume();
    return op;
  }

  private buildHigh(op: HighOp, lhs: AffineExpr, rhs: AffineExpr, opLoc: number): AffineExpr {
    switch (op) {
      case 'mul':
        if (!lhs.symbolicOrConstant && !rhs.symbolicOrConstant) {
          throw new AffineParseError(
            'non-affine expression: at least one of the multiply operands has to be either a constant or symbolic',
            opLoc,
          );
        }
        return affineMul(lhs, rhs);
      case 'floordiv':
      case 'ceildiv':
      case 'mod':
        if (!rhs.symbolicOrConstant) {
          throw new AffineParseError(
            `non-affine expression: right operand of ${op} has to be either a constant or symbolic`,
            opLoc,
          );
        }
        return getAffineBinaryOpExpr(op, lhs, rhs);
    }
  }

  private buildLow(op: LowOp, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
    return op === 'add' ? affineAdd(lhs, rhs) : affineSub(lhs, rhs);
  }

  private parseHighPrecOpExpr(llhs: AffineExpr | null, llhsOp: HighOp | null, llhsOpLoc: number): AffineExpr {
    const lhs = this.parseOperandExpr(llhs);
    const opLoc = this.tok.start;
    const op = this.consumeIfHighPrecOp();
    if (op) {
      if (llhs) {
        // MLIR reports an error for the previous operator at this operator's location.
        const expr = this.buildHigh(llhsOp!, llhs, lhs, opLoc);
        return this.parseHighPrecOpExpr(expr, op, opLoc);
      }
      return this.parseHighPrecOpExpr(lhs, op, opLoc);
    }
    if (llhs) return this.buildHigh(llhsOp!, llhs, lhs, llhsOpLoc);
    return lhs;
  }

  private parseLowPrecOpExpr(llhs: AffineExpr | null, llhsOp: LowOp | null): AffineExpr {
    const lhs = this.parseOperandExpr(llhs);
    const lOp = this.consumeIfLowPrecOp();
    if (lOp) {
      if (llhs) return this.parseLowPrecOpExpr(this.buildLow(llhsOp!, llhs, lhs), lOp);
      return this.parseLowPrecOpExpr(lhs, lOp);
    }
    const opLoc = this.tok.start;
    const hOp = this.consumeIfHighPrecOp();
    if (hOp) {
      const highRes = this.parseHighPrecOpExpr(lhs, hOp, opLoc);
      const expr = llhs ? this.buildLow(llhsOp!, llhs, highRes) : highRes;
      const nextOp = this.consumeIfLowPrecOp();
      if (nextOp) return this.parseLowPrecOpExpr(expr, nextOp);
      return expr;
    }
    if (llhs) return this.buildLow(llhsOp!, llhs, lhs);
    return lhs;
  }

  private parseOperandExpr(lhs: AffineExpr | null): AffineExpr {
    const t = this.tok;
    switch (t.kind) {
      case 'ident':
        if (t.text === 'symbol') {
          // `symbol(%ssa)` is only valid where SSA ids are allowed.
          this.consume();
          this.expect('l_paren', "expected '(' at start of SSA symbol");
          this.errorWrongToken('unexpected ssa identifier');
        }
        return this.parseBareIdExpr();
      case 'percent':
        return this.errorWrongToken('unexpected ssa identifier');
      case 'integer':
        return this.parseIntegerExpr();
      case 'l_paren':
        return this.parseParentheticalExpr();
      case 'minus':
        return this.parseNegateExpression(lhs);
      case 'plus':
      case 'star':
        return this.errorHere(
          lhs ? 'missing right operand of binary operator' : 'missing left operand of binary operator',
        );
      default:
        return this.errorHere(lhs ? 'missing right operand of binary operator' : 'expected affine expression');
    }
  }

  private parseBareIdExpr(): AffineExpr {
    const e = this.ids.get(this.tok.text);
    if (!e) this.errorWrongToken('use of undeclared identifier');
    this.consume();
    return e;
  }

  private parseIntegerExpr(): AffineExpr {
    const text = this.tok.text;
    const v = BigInt(text); // handles decimal and 0x-hex
    if (v > INT64_MAX) this.errorHere('constant too large for index');
    this.consume();
    return getAffineConstantExpr(v);
  }

  private parseParentheticalExpr(): AffineExpr {
    this.expect('l_paren', "expected '('");
    if (this.tok.kind === 'r_paren') this.errorHere('no expression inside parentheses');
    const expr = this.parseAffineExpr();
    this.expect('r_paren', "expected ')'");
    return expr;
  }

  private parseNegateExpression(lhs: AffineExpr | null): AffineExpr {
    this.expect('minus', "expected '-'");
    const operand = this.parseOperandExpr(lhs);
    return affineNeg(operand);
  }
}

/**
 * Parses an affine map starting at `start` in `source` (e.g. just after
 * `affine_map<`). Returns the map and the offset just past its closing `)`.
 * Error offsets are offsets into `source`.
 */
export function parseAffineMapAt(source: string, start = 0): { map: AffineMap; end: number } {
  const parser = new AffineMapParser(source, start);
  const map = parser.parseMap();
  return { map, end: parser.endOffsetAfterMap() };
}

/**
 * Parses the body of `affine_map<...>`, e.g. `(d0, d1)[s0] -> (d0 * 4 + d1 + s0)`,
 * with user-chosen identifier names. The whole string must be consumed.
 * Throws AffineParseError (with `offset` into `text`) on failure.
 */
export function parseAffineMap(text: string): AffineMap {
  const parser = new AffineMapParser(text, 0);
  const map = parser.parseMap();
  const t = parser.currentToken;
  if (t.kind !== 'eof') throw new AffineParseError('encountered unexpected token', t.start);
  return map;
}
