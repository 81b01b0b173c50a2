/**
 * Semantics of the arith dialect. Integer results wrap to their type's width; undefined
 * behaviour (division by zero, signed division overflow, shifts by the width or more, fptosi and
 * fptoui of NaN, infinities and out-of-range values) is reported as an error at the op.
 */
import { IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { elementTypeOrSelf, FloatType, type Type } from '../../core/ir/types.js';
import type { DialectSemantics, OpHandler } from '../../core/interpret/engine.js';
import { attributeValue, map1, map2, map2x2 } from '../../core/interpret/elementwise.js';
import { bf16ToBits, bitsToBF16, bitsToF16, f16ToBits } from '../../core/interpret/float16.js';
import {
  EvalError,
  floatRounder,
  fromBig,
  indexAdd,
  indexMul,
  indexSub,
  intFormat,
  toSigned,
  toUnsigned,
  UnsupportedError,
  wrapSmall,
  type IntFormat,
  type Scalar,
} from '../../core/interpret/numeric.js';
import { ShapedValue } from '../../core/interpret/values.js';
import { CMPF_PREDICATES, CMPI_PREDICATES } from './attributes.js';
import { applyCmpF } from './compare-folders.js';

type Bin = (a: Scalar, b: Scalar) => Scalar;

const resultElement = (op: Operation, i = 0): Type => elementTypeOrSelf(op.results[i]!.type);
const operandElement = (op: Operation, i = 0): Type => elementTypeOrSelf(op.operandSlots[i]!.value.type);

/** An elementwise binary op whose scalar function depends on the result element type. */
function binary(make: (t: Type) => Bin): OpHandler {
  const cache = new Map<Type, Bin>();
  return (op, [a, b]) => {
    const t = resultElement(op);
    let f = cache.get(t);
    if (!f) cache.set(t, (f = make(t)));
    return [map2(a!, b!, op.results[0]!.type, f)];
  };
}

// ------------------------------------------------------------------------------------ integers

/** An integer op computed on bigints (signed or unsigned views), wrapped back to the type. */
function viaBig(signed: boolean, g: (x: bigint, y: bigint, f: IntFormat) => bigint): (t: Type) => Bin {
  return (t) => {
    const f = intFormat(t);
    const view = signed ? toSigned : toUnsigned;
    return (a, b) => fromBig(g(view(a, f), view(b, f), f), f);
  };
}

/** Fast paths for number-represented integers, else the bigint computation. */
function intOp(
  fast: { small?: (a: number, b: number, w: number) => number; index?: (a: number, b: number) => number; bool?: (a: boolean, b: boolean) => boolean },
  big: (t: Type) => Bin,
): (t: Type) => Bin {
  return (t) => {
    const f = intFormat(t);
    if (f.kind === 'small' && fast.small) {
      const s = fast.small;
      const w = f.width;
      return (a, b) => s(a as number, b as number, w);
    }
    if (f.kind === 'index' && fast.index) return fast.index as Bin;
    if (f.kind === 'bool' && fast.bool) return fast.bool as Bin;
    return big(t);
  };
}

const nonZero = (y: bigint): void => {
  if (y === 0n) throw new EvalError('division by zero');
};
const minSigned = (f: IntFormat) => -(1n << BigInt(f.width - 1));
const checkSignedDiv = (x: bigint, y: bigint, f: IntFormat): void => {
  nonZero(y);
  if (y === -1n && x === minSigned(f)) throw new EvalError('signed division overflow');
};
const shiftAmount = (y: bigint, f: IntFormat): bigint => {
  if (y >= BigInt(f.width)) throw new EvalError(`shift amount ${y} is not less than the bit width ${f.width}`);
  return y;
};
const floorDiv = (x: bigint, y: bigint): bigint => {
  const q = x / y;
  return x % y !== 0n && x < 0n !== y < 0n ? q - 1n : q;
};
const ceilDiv = (x: bigint, y: bigint): bigint => {
  const q = x / y;
  return x % y !== 0n && x < 0n === y < 0n ? q + 1n : q;
};

/**
 * An unsigned division: `fast` where both operands are numbers, the dividend non-negative and the
 * divisor positive (their unsigned views are themselves, and a quotient of integers below 2^53
 * rounds exactly), else `big` on the unsigned views. Index arithmetic divides this way in every
 * tiled kernel's grid and address computations.
 */
function unsignedDivision(fast: (a: number, b: number) => number, big: (x: bigint, y: bigint) => bigint): (t: Type) => Bin {
  return (t) => {
    const slow = viaBig(false, (x, y) => (nonZero(y), big(x, y)))(t);
    return (a, b) => (typeof a === 'number' && typeof b === 'number' && a >= 0 && b > 0 ? fast(a, b) : slow(a, b));
  };
}

const smallDivOk = (a: number, b: number) => Math.abs(a) < 2 ** 31 && b !== 0 && !(b === -1 && a === -(2 ** 31));

const integerOps: Record<string, (t: Type) => Bin> = {
  'arith.addi': intOp(
    { small: (a, b, w) => wrapSmall(a + b, w), index: indexAdd, bool: (a, b) => a !== b },
    viaBig(true, (x, y) => x + y),
  ),
  'arith.subi': intOp(
    { small: (a, b, w) => wrapSmall(a - b, w), index: indexSub, bool: (a, b) => a !== b },
    viaBig(true, (x, y) => x - y),
  ),
  'arith.muli': intOp(
    { small: (a, b, w) => wrapSmall(Math.imul(a, b), w), index: indexMul, bool: (a, b) => a && b },
    viaBig(true, (x, y) => x * y),
  ),
  'arith.andi': intOp(
    { small: (a, b) => a & b, bool: (a, b) => a && b },
    viaBig(true, (x, y) => x & y),
  ),
  'arith.ori': intOp(
    { small: (a, b) => a | b, bool: (a, b) => a || b },
    viaBig(true, (x, y) => x | y),
  ),
  'arith.xori': intOp(
    { small: (a, b) => a ^ b, bool: (a, b) => a !== b },
    viaBig(true, (x, y) => x ^ y),
  ),
  'arith.divsi': intOp(
    {
      small: (a, b, w) =>
        smallDivOk(a, b) && !(b === -1 && a === -(2 ** (w - 1)))
          ? Math.trunc(a / b)
          : (fromBig(divsi(BigInt(a), BigInt(b), { kind: 'small', width: w }), { kind: 'small', width: w }) as number),
      index: (a, b) => (smallDivOk(a, b) ? Math.trunc(a / b) : (fromBig(divsi(BigInt(a), BigInt(b), { kind: 'index', width: 64 }), { kind: 'index', width: 64 }) as number)),
    },
    viaBig(true, (x, y, f) => divsi(x, y, f)),
  ),
  'arith.remsi': intOp(
    { small: (a, b) => (b !== 0 ? a % b || 0 : remsiZero()), index: (a, b) => (b !== 0 ? a % b || 0 : remsiZero()) },
    viaBig(true, (x, y) => (nonZero(y), x % y)),
  ),
  'arith.divui': unsignedDivision(
    (a, b) => Math.floor(a / b),
    (x, y) => x / y,
  ),
  'arith.remui': unsignedDivision(
    (a, b) => a % b,
    (x, y) => x % y,
  ),
  'arith.ceildivui': unsignedDivision(
    (a, b) => (a === 0 ? 0 : Math.floor((a - 1) / b) + 1),
    (x, y) => (x + y - 1n) / y,
  ),
  'arith.ceildivsi': viaBig(true, (x, y, f) => (checkSignedDiv(x, y, f), ceilDiv(x, y))),
  'arith.floordivsi': viaBig(true, (x, y, f) => (checkSignedDiv(x, y, f), floorDiv(x, y))),
  'arith.shli': (t) => {
    const f = intFormat(t);
    return (a, b) => fromBig(toSigned(a, f) << shiftAmount(toUnsigned(b, f), f), f);
  },
  'arith.shrui': (t) => {
    const f = intFormat(t);
    return (a, b) => fromBig(toUnsigned(a, f) >> shiftAmount(toUnsigned(b, f), f), f);
  },
  'arith.shrsi': (t) => {
    const f = intFormat(t);
    return (a, b) => fromBig(toSigned(a, f) >> shiftAmount(toUnsigned(b, f), f), f);
  },
  'arith.maxsi': pick(true, (x, y) => x >= y),
  'arith.minsi': pick(true, (x, y) => x <= y),
  'arith.maxui': pick(false, (x, y) => x >= y),
  'arith.minui': pick(false, (x, y) => x <= y),
};

function divsi(x: bigint, y: bigint, f: IntFormat): bigint {
  checkSignedDiv(x, y, f);
  return x / y;
}
function remsiZero(): never {
  throw new EvalError('division by zero');
}

/** min/max: the operand whose view wins `first` over the other. */
function pick(signed: boolean, first: <T extends number | bigint>(x: T, y: T) => boolean): (t: Type) => Bin {
  return (t) => {
    const f = intFormat(t);
    if (signed && (f.kind === 'small' || f.kind === 'index')) return (a, b) => (first(a as number, b as number) ? a : b);
    const view = signed ? toSigned : toUnsigned;
    return (a, b) => (first(view(a, f), view(b, f)) ? a : b);
  };
}

// ------------------------------------------------------------------------------------ floats

function floatBinary(g: (a: number, b: number) => number): (t: Type) => Bin {
  return (t) => {
    const r = floatRounder(t);
    return (a, b) => r(g(a as number, b as number));
  };
}

const maxnum = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b));
const minnum = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b));

const floatOps: Record<string, (t: Type) => Bin> = {
  'arith.addf': floatBinary((a, b) => a + b),
  'arith.subf': floatBinary((a, b) => a - b),
  'arith.mulf': floatBinary((a, b) => a * b),
  'arith.divf': floatBinary((a, b) => a / b),
  'arith.remf': floatBinary((a, b) => a % b),
  'arith.maximumf': floatBinary(Math.max),
  'arith.minimumf': floatBinary(Math.min),
  'arith.maxnumf': floatBinary(maxnum),
  'arith.minnumf': floatBinary(minnum),
};

// ------------------------------------------------------------------------------------ compare

/** The result of an integer comparison predicate on signed/unsigned bigint views. */
export function compareIntegers(predicate: string, a: Scalar, b: Scalar, f: IntFormat): boolean {
  const unsigned = predicate.startsWith('u');
  if (!unsigned && (f.kind === 'small' || f.kind === 'index')) return rel(predicate, a as number, b as number);
  const view = unsigned ? toUnsigned : toSigned;
  return rel(predicate, view(a, f), view(b, f));
}

function rel<T extends number | bigint>(predicate: string, x: T, y: T): boolean {
  switch (predicate) {
    case 'eq':
      return x === y;
    case 'ne':
      return x !== y;
    case 'slt':
    case 'ult':
      return x < y;
    case 'sle':
    case 'ule':
      return x <= y;
    case 'sgt':
    case 'ugt':
      return x > y;
    default:
      return x >= y;
  }
}

function predicateOf<P extends string>(op: Operation, names: readonly P[]): P {
  return names[(op.getAttr('predicate') as IntegerAttr).number]!;
}

const cmpi: OpHandler = (op, [a, b]) => {
  const predicate = predicateOf(op, CMPI_PREDICATES);
  const f = intFormat(operandElement(op));
  return [map2(a!, b!, op.results[0]!.type, (x, y) => compareIntegers(predicate, x, y, f))];
};

const cmpf: OpHandler = (op, [a, b]) => {
  const predicate = predicateOf(op, CMPF_PREDICATES);
  return [map2(a!, b!, op.results[0]!.type, (x, y) => applyCmpF(predicate, x as number, y as number))];
};

// ------------------------------------------------------------------------------------ casts

/** An elementwise cast whose scalar function depends on the source and result element types. */
function cast(make: (from: Type, to: Type, op: Operation) => (a: Scalar) => Scalar): OpHandler {
  return (op, [a]) => {
    const f = make(operandElement(op), resultElement(op), op);
    return [map1(a!, op.results[0]!.type, f)];
  };
}

function fpToInt(signed: boolean) {
  return (_from: Type, to: Type) => {
    const f = intFormat(to);
    const lo = signed ? minSigned(f) : 0n;
    const hi = signed ? -minSigned(f) - 1n : (1n << BigInt(f.width)) - 1n;
    return (a: Scalar) => {
      const x = a as number;
      if (!Number.isFinite(x)) throw new EvalError(`cannot convert ${x} to an integer`);
      const v = BigInt(Math.trunc(x));
      if (v < lo || v > hi) throw new EvalError(`${x} is out of the range of ${signed ? 'signed' : 'unsigned'} i${f.width}`);
      return fromBig(v, f);
    };
  };
}

/** The bits of a scalar of type `t` as an unsigned bigint. */
export function bitsOf(v: Scalar, t: Type): bigint {
  if (t instanceof FloatType) {
    const x = v as number;
    switch (t.kind) {
      case 'f16':
        return BigInt(f16ToBits(x));
      case 'bf16':
        return BigInt(bf16ToBits(x));
      case 'f32': {
        const dv = new DataView(new ArrayBuffer(4));
        dv.setFloat32(0, x);
        return BigInt(dv.getUint32(0));
      }
      case 'f64': {
        const dv = new DataView(new ArrayBuffer(8));
        dv.setFloat64(0, x);
        return dv.getBigUint64(0);
      }
      default:
        throw new UnsupportedError(`bitcast of ${t}`);
    }
  }
  return toUnsigned(v, intFormat(t));
}

/** The scalar of type `t` with the given bits. */
export function fromBits(bits: bigint, t: Type): Scalar {
  if (t instanceof FloatType) {
    switch (t.kind) {
      case 'f16':
        return bitsToF16(Number(bits));
      case 'bf16':
        return bitsToBF16(Number(bits));
      case 'f32': {
        const dv = new DataView(new ArrayBuffer(4));
        dv.setUint32(0, Number(bits));
        return dv.getFloat32(0);
      }
      case 'f64': {
        const dv = new DataView(new ArrayBuffer(8));
        dv.setBigUint64(0, bits);
        return dv.getFloat64(0);
      }
      default:
        throw new UnsupportedError(`bitcast to ${t}`);
    }
  }
  return fromBig(bits, intFormat(t));
}

const signExtend = (from: Type, to: Type) => {
  const [ff, ft] = [intFormat(from), intFormat(to)];
  return (a: Scalar) => fromBig(toSigned(a, ff), ft);
};
const zeroExtend = (from: Type, to: Type) => {
  const [ff, ft] = [intFormat(from), intFormat(to)];
  return (a: Scalar) => fromBig(toUnsigned(a, ff), ft);
};

const castOps: Record<string, OpHandler> = {
  'arith.extsi': cast(signExtend),
  'arith.extui': cast(zeroExtend),
  'arith.trunci': cast(signExtend),
  'arith.index_cast': cast(signExtend),
  'arith.index_castui': cast(zeroExtend),
  'arith.sitofp': cast((from, to) => {
    const [f, r] = [intFormat(from), floatRounder(to)];
    return (a) => r(Number(toSigned(a, f)));
  }),
  'arith.uitofp': cast((from, to) => {
    const [f, r] = [intFormat(from), floatRounder(to)];
    return (a) => r(Number(toUnsigned(a, f)));
  }),
  'arith.fptosi': cast(fpToInt(true)),
  'arith.fptoui': cast(fpToInt(false)),
  'arith.extf': cast((_from, to) => floatRounder(to) as (a: Scalar) => Scalar),
  'arith.truncf': cast((_from, to, op) => {
    const mode = op.getAttr('roundingmode');
    if (mode instanceof IntegerAttr && mode.number !== 0) throw new UnsupportedError('arith.truncf rounding modes other than to_nearest_even');
    return floatRounder(to) as (a: Scalar) => Scalar;
  }),
  'arith.bitcast': cast((from, to) => (a) => fromBits(bitsOf(a, from), to)),
};

// ------------------------------------------------------------------------------------ the rest

const select: OpHandler = (_op, [c, t, f]) => {
  if (!(c instanceof ShapedValue)) return [c ? t! : f!];
  const [st, sf] = [t as ShapedValue, f as ShapedValue];
  return [
    ShapedValue.fromScalars(
      st.type,
      c.toArray().map((b, i) => (b ? st.get(i) : sf.get(i))),
      st.shape,
    ),
  ];
};

const addUIExtended: OpHandler = (op, [a, b]) => {
  const f = intFormat(resultElement(op));
  const limit = 1n << BigInt(f.width);
  return map2x2(a!, b!, [op.results[0]!.type, op.results[1]!.type], (x, y) => {
    const s = toUnsigned(x, f) + toUnsigned(y, f);
    return [fromBig(s, f), s >= limit];
  });
};

function mulExtended(signed: boolean): OpHandler {
  return (op, [a, b]) => {
    const f = intFormat(resultElement(op));
    const view = signed ? toSigned : toUnsigned;
    return map2x2(a!, b!, [op.results[0]!.type, op.results[1]!.type], (x, y) => {
      const p = view(x, f) * view(y, f);
      return [fromBig(p, f), fromBig(p >> BigInt(f.width), f)];
    });
  };
}

const negf: OpHandler = (op, [a]) => [map1(a!, op.results[0]!.type, (x) => -(x as number))];

const constant: OpHandler = (op) => [attributeValue(op.getAttr('value')!, op.results[0]!.type)];

const handlers: Record<string, OpHandler> = {
  'arith.constant': constant,
  'arith.cmpi': cmpi,
  'arith.cmpf': cmpf,
  'arith.select': select,
  'arith.negf': negf,
  'arith.addui_extended': addUIExtended,
  'arith.mulsi_extended': mulExtended(true),
  'arith.mului_extended': mulExtended(false),
  ...castOps,
};
for (const [name, make] of Object.entries({ ...integerOps, ...floatOps })) handlers[name] = binary(make);

export const arithSemantics: DialectSemantics = { dialect: 'arith', ops: handlers };

/** The scalar function of binary arith op `name` on elements of type `t` (for other dialects' semantics, e.g. memref.atomic_rmw). */
export function scalarBinaryOp(name: string, t: Type): ((a: Scalar, b: Scalar) => Scalar) | undefined {
  return (integerOps[name] ?? floatOps[name])?.(t);
}
