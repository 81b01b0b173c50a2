/**
 * Affine expressions, modelled on MLIR's AffineExpr: the node classes (dimension, symbol, int64
 * constant, binary operation), their structural queries, and their uniquing, so that two
 * structurally equal expressions are the same object and `===` is structural equality. Nodes are
 * only made here, but binary ones are built through the simplifying factories of simplify.ts;
 * the arithmetic methods and `toString` of AffineExpr delegate to simplify.ts and print.ts, which
 * install themselves in `operators` when loaded (core/ir/affine.ts, the entry point, loads both).
 */
import { fitsInt64, gcd64, toBigInt, wrap64 } from './int64.js';

/**
 * What the methods of AffineExpr delegate to: the simplifying binary factory (simplify.ts) and the
 * printer (print.ts). Those modules import this one, so they install themselves here rather than
 * being imported.
 */
const operators: {
  binary: (kind: AffineBinaryKind, lhs: AffineExpr, rhs: AffineExpr) => AffineExpr;
  print: (expr: AffineExpr) => string;
} = {
  binary: () => {
    throw new Error('affine expression arithmetic needs core/ir/affine/simplify.ts loaded (import core/ir/affine.js)');
  },
  print: () => {
    throw new Error('affine expression printing needs core/ir/affine/print.ts loaded (import core/ir/affine.js)');
  },
};

/** Called by simplify.ts when it loads. */
export function installAffineBinaryFactory(factory: (kind: AffineBinaryKind, lhs: AffineExpr, rhs: AffineExpr) => AffineExpr): void {
  operators.binary = factory;
}

/** Called by print.ts when it loads. */
export function installAffineExprPrinter(print: (expr: AffineExpr) => string): void {
  operators.print = print;
}

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
        return lhs.isPureAffine() && rhs.isPureAffine() && (lhs instanceof AffineConstantExpr || rhs instanceof AffineConstantExpr);
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
  replaceDimsAndSymbols(dimReplacements: readonly AffineExpr[], symReplacements: readonly AffineExpr[]): AffineExpr {
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
      return operators.binary(this.kind, newLhs, newRhs);
    }
    return this;
  }

  // The arithmetic below simplifies as affineAdd and the other factories of simplify.ts do (`sub`
  // and `neg` are built the same way as affineSub and affineNeg).
  add(other: AffineOperand): AffineExpr {
    return operators.binary('add', this, asExpr(other));
  }
  sub(other: AffineOperand): AffineExpr {
    return operators.binary('add', this, asExpr(other).neg());
  }
  mul(other: AffineOperand): AffineExpr {
    return operators.binary('mul', this, asExpr(other));
  }
  neg(): AffineExpr {
    return operators.binary('mul', this, getAffineConstantExpr(-1));
  }
  floorDiv(other: AffineOperand): AffineExpr {
    return operators.binary('floordiv', this, asExpr(other));
  }
  ceilDiv(other: AffineOperand): AffineExpr {
    return operators.binary('ceildiv', this, asExpr(other));
  }
  mod(other: AffineOperand): AffineExpr {
    return operators.binary('mod', this, asExpr(other));
  }

  /** MLIR textual form using `d<i>` / `s<i>` names (printAffineExpr). */
  toString(): string {
    return operators.print(this);
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

/** The one expression under `key` in the uniquing table, made by `make` the first time. */
function uniqued<T extends AffineExpr>(key: string, make: () => T): T {
  let e = exprTable.get(key);
  if (!e) {
    e = make();
    exprTable.set(key, e);
  }
  return e as T;
}

export function getAffineDimExpr(position: number): AffineDimExpr {
  checkPosition(position, 'dimension');
  return uniqued(`d${position}`, () => new AffineDimExpr(CREATE, position));
}

export function getAffineSymbolExpr(position: number): AffineSymbolExpr {
  checkPosition(position, 'symbol');
  return uniqued(`s${position}`, () => new AffineSymbolExpr(CREATE, position));
}

export function getAffineConstantExpr(value: number | bigint): AffineConstantExpr {
  const v = toBigInt(value);
  if (!fitsInt64(v)) throw new RangeError(`affine constant ${v} does not fit in int64`);
  return uniqued(`c${v}`, () => new AffineConstantExpr(CREATE, v));
}

/** Short aliases. */
export const affineDim = getAffineDimExpr;
export const affineSymbol = getAffineSymbolExpr;
export const affineConstant = getAffineConstantExpr;

/** Creates (uniques) a binary node without any simplification (for simplify.ts). */
export function uniqueBinary(kind: AffineBinaryKind, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return uniqued(`${kind}(${lhs.id},${rhs.id})`, () => new AffineBinaryOpExpr(CREATE, kind, lhs, rhs));
}

export function asConst(e: AffineExpr): AffineConstantExpr | undefined {
  return e instanceof AffineConstantExpr ? e : undefined;
}

export function asBin(e: AffineExpr, kind?: AffineBinaryKind): AffineBinaryOpExpr | undefined {
  if (!(e instanceof AffineBinaryOpExpr)) return undefined;
  if (kind !== undefined && e.kind !== kind) return undefined;
  return e;
}
