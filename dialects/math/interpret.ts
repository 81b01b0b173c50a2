/** Semantics of the math dialect: computed in f64, then rounded to the operand type. */
import type { Operation } from '../../core/ir/operation.js';
import { elementTypeOrSelf, type Type } from '../../core/ir/types.js';
import type { DialectSemantics, OpHandler } from '../../core/interpret/engine.js';
import { map1, map2, map3 } from '../../core/interpret/elementwise.js';
import { floatRounder, fromBig, intFormat, toSigned, toUnsigned } from '../../core/interpret/numeric.js';

const resultElement = (op: Operation): Type => elementTypeOrSelf(op.results[0]!.type);

function unary(f: (x: number) => number): OpHandler {
  return (op, [a]) => {
    const r = floatRounder(resultElement(op));
    return [map1(a!, op.results[0]!.type, (x) => r(f(x as number)))];
  };
}

function binary(f: (x: number, y: number) => number): OpHandler {
  return (op, [a, b]) => {
    const r = floatRounder(resultElement(op));
    return [map2(a!, b!, op.results[0]!.type, (x, y) => r(f(x as number, y as number)))];
  };
}

function intUnary(f: (x: bigint, width: number) => bigint): OpHandler {
  return (op, [a]) => {
    const fmt = intFormat(resultElement(op));
    return [map1(a!, op.results[0]!.type, (x) => fromBig(f(toUnsigned(x, fmt), fmt.width), fmt))];
  };
}

const signedZero = (r: number, x: number) => (r === 0 && (x < 0 || Object.is(x, -0)) ? -0 : r);
/** Rounds half away from zero (C's round). */
const roundAway = (x: number) => {
  if (!Number.isFinite(x)) return x;
  const t = Math.trunc(x);
  return signedZero(Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t, x);
};
/** Rounds half to even. */
const roundEven = (x: number) => {
  if (!Number.isFinite(x)) return x;
  const t = Math.trunc(x);
  const d = Math.abs(x - t);
  return signedZero(d > 0.5 || (d === 0.5 && t % 2 !== 0) ? t + Math.sign(x) : t, x);
};

/** erf: Taylor series near zero, continued fraction of erfc further out (|error| < 1e-13). */
export function erf(x: number): number {
  if (Number.isNaN(x)) return x;
  const a = Math.abs(x);
  if (a > 6) return Math.sign(x);
  if (a < 2.5) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 200; n++) {
      term *= (-x * x) / n;
      const t = term / (2 * n + 1);
      sum += t;
      if (Math.abs(t) < 1e-17 * Math.abs(sum)) break;
    }
    return (2 / Math.sqrt(Math.PI)) * sum;
  }
  let t = a;
  for (let n = 80; n >= 1; n--) t = a + n / 2 / t;
  const erfc = Math.exp(-a * a) / Math.sqrt(Math.PI) / t;
  return Math.sign(x) * (1 - erfc);
}

const popcount = (x: bigint) => {
  let n = 0n;
  for (let v = x; v; v >>= 1n) n += v & 1n;
  return n;
};

/** math.ipowi: signed integer power; negative exponents give 0 except for bases 1 and -1. */
function ipow(base: bigint, exp: bigint): bigint {
  if (exp < 0n) {
    if (base === 1n) return 1n;
    if (base === -1n) return exp % 2n === 0n ? 1n : -1n;
    return 0n;
  }
  let r = 1n;
  let b = base;
  for (let e = exp; e > 0n; e >>= 1n) {
    if (e & 1n) r = BigInt.asIntN(64, r * b);
    b = BigInt.asIntN(64, b * b);
  }
  return r;
}

const ops: Record<string, OpHandler> = {
  'math.absf': unary(Math.abs),
  'math.acos': unary(Math.acos),
  'math.acosh': unary(Math.acosh),
  'math.asin': unary(Math.asin),
  'math.asinh': unary(Math.asinh),
  'math.atan': unary(Math.atan),
  'math.atanh': unary(Math.atanh),
  'math.cbrt': unary(Math.cbrt),
  'math.ceil': unary(Math.ceil),
  'math.cos': unary(Math.cos),
  'math.cosh': unary(Math.cosh),
  'math.erf': unary(erf),
  'math.exp': unary(Math.exp),
  'math.exp2': unary((x) => 2 ** x),
  'math.expm1': unary(Math.expm1),
  'math.floor': unary(Math.floor),
  'math.log': unary(Math.log),
  'math.log10': unary(Math.log10),
  'math.log1p': unary(Math.log1p),
  'math.log2': unary(Math.log2),
  'math.round': unary(roundAway),
  'math.roundeven': unary(roundEven),
  'math.rsqrt': unary((x) => 1 / Math.sqrt(x)),
  'math.sin': unary(Math.sin),
  'math.sinh': unary(Math.sinh),
  'math.sqrt': unary(Math.sqrt),
  'math.tan': unary(Math.tan),
  'math.tanh': unary(Math.tanh),
  'math.trunc': unary(Math.trunc),
  'math.atan2': binary(Math.atan2),
  'math.copysign': binary((x, y) => (y < 0 || Object.is(y, -0) ? -Math.abs(x) : Math.abs(x))),
  'math.powf': binary((x, y) => x ** y),
  'math.absi': (op, [a]) => {
    const fmt = intFormat(resultElement(op));
    return [
      map1(a!, op.results[0]!.type, (x) => {
        const v = toSigned(x, fmt);
        return fromBig(v < 0n ? -v : v, fmt);
      }),
    ];
  },
  'math.ctlz': intUnary((x, w) => {
    let n = 0n;
    for (let bit = BigInt(w - 1); bit >= 0n && !((x >> bit) & 1n); bit--) n++;
    return n;
  }),
  'math.cttz': intUnary((x, w) => {
    let n = 0n;
    for (let bit = 0n; bit < BigInt(w) && !((x >> bit) & 1n); bit++) n++;
    return n;
  }),
  'math.ctpop': intUnary(popcount),
  'math.ipowi': (op, [a, b]) => {
    const fmt = intFormat(resultElement(op));
    return [map2(a!, b!, op.results[0]!.type, (x, y) => fromBig(ipow(toSigned(x, fmt), toSigned(y, fmt)), fmt))];
  },
  'math.fpowi': (op, [a, b]) => {
    const r = floatRounder(resultElement(op));
    const fmt = intFormat(elementTypeOrSelf(op.operandSlots[1]!.value.type));
    return [map2(a!, b!, op.results[0]!.type, (x, y) => r((x as number) ** Number(toSigned(y, fmt))))];
  },
  'math.fma': (op, [a, b, c]) => {
    const r = floatRounder(resultElement(op));
    return [map3(a!, b!, c!, op.results[0]!.type, (x, y, z) => r((x as number) * (y as number) + (z as number)))];
  },
};

export const mathSemantics: DialectSemantics = { dialect: 'math', ops };
