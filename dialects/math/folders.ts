/**
 * Constant folders of the math ops, as MLIR 19's MathOps.cpp has them. Transcendental functions
 * fold for f32 and f64 only (MLIR calls the C library: f32 through the float variant; here the
 * f64 result of JS's Math is rounded to f32, which can differ from the C library in the last
 * bit, except for expm1, computed in f32 as glibc's expm1f does); rounding, sign and integer ops fold for every type. Not folded, as in MLIR: cbrt, rsqrt,
 * fma, fpowi; erf folds for f32 only (JS has no erf: a series and continued fraction accurate to
 * 1e-13 give the f32 result, not the last bit of an f64 one).
 */
import { roundToKind } from '../../core/ir/float-format.js';
import type { Operation } from '../../core/ir/operation.js';
import { constFold, floatKind, intWidth, signBit, signed, unsigned, type Elem } from '../arith/fold-utils.js';
import type { Folder } from '../arith/folders.js';
import { expm1f } from './expm1f.js';
import { erf } from './interpret.js';

const resultType = (op: Operation) => op.results[0]!.type;

/**
 * Fold with `fn` for f32/f64 only; `fn` returns undefined to refuse. `f32`, where given, computes
 * the f32 result as the C library's float function does (in f32 arithmetic), for the functions
 * whose float version is not correctly rounded.
 */
function transcendental(fn: (...xs: number[]) => number | undefined, f32?: (x: number) => number): Folder {
  return (op, operands) => {
    const kind = floatKind(resultType(op));
    if (kind !== 'f32' && kind !== 'f64') return undefined;
    const compute = kind === 'f32' && f32 ? f32 : fn;
    return constFold(operands, resultType(op), (...xs: Elem[]) => {
      const r = compute(...(xs as [number]));
      return r === undefined ? undefined : roundToKind(r, kind);
    });
  };
}

/** Fold with `fn` for every float type (exact operations). */
function exact(fn: (...xs: number[]) => number): Folder {
  return (op, operands) => {
    const kind = floatKind(resultType(op));
    return constFold(operands, resultType(op), (...xs: Elem[]) => roundToKind(fn(...(xs as number[])), kind));
  };
}

function integer(fn: (x: bigint, w: number) => bigint): Folder {
  return (op, operands) => {
    const w = intWidth(resultType(op));
    return constFold(operands, resultType(op), (x) => fn(x as bigint, w));
  };
}

const nonNegative = (f: (x: number) => number) => (x: number) => (signBit(x) ? undefined : f(x));

const roundHalfAway = (x: number) => {
  const t = Math.trunc(x);
  // x - t is exact; halves move away from zero.
  return Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t;
};
const roundHalfEven = (x: number) => {
  if (!Number.isFinite(x)) return x;
  const r = Math.round(x);
  // Math.round rounds halves up; ties go to the even neighbour instead.
  const even = r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
  return even === 0 ? (signBit(x) ? -0 : 0) : even;
};
const fixZeroSign = (f: (x: number) => number) => (x: number) => {
  const r = f(x);
  return r === 0 ? (signBit(x) ? -0 : 0) : r;
};

const popcount = (v: bigint) => BigInt([...v.toString(2)].filter((c) => c === '1').length);

function ipow(base: bigint, power: bigint, w: number): bigint | undefined {
  const b = signed(base, w);
  const p = signed(power, w);
  if (p === 0n) return 1n;
  if (p < 0n) {
    if (b === 0n) return undefined;
    if (b === 1n) return 1n;
    if (b === -1n) return p % 2n === 0n ? 1n : -1n;
    return 0n;
  }
  let result = 1n;
  let cur = unsigned(b, w);
  let e = p;
  const mod = 1n << BigInt(w);
  while (e > 0n) {
    if (e & 1n) result = (result * cur) % mod;
    cur = (cur * cur) % mod;
    e >>= 1n;
  }
  return result;
}

export const mathFolders: Readonly<Record<string, Folder>> = {
  'math.absf': exact(Math.abs),
  'math.ceil': exact(fixZeroSign(Math.ceil)),
  'math.floor': exact(Math.floor),
  'math.round': exact(fixZeroSign(roundHalfAway)),
  'math.roundeven': exact(roundHalfEven),
  'math.trunc': exact(Math.trunc),
  'math.copysign': exact((x, y) => (signBit(x) === signBit(y) ? x : -x)),
  'math.acos': transcendental(Math.acos),
  'math.acosh': transcendental(Math.acosh),
  'math.asin': transcendental(Math.asin),
  'math.asinh': transcendental(Math.asinh),
  'math.atan': transcendental(Math.atan),
  'math.atanh': transcendental(Math.atanh),
  'math.atan2': transcendental(Math.atan2),
  'math.cos': transcendental(Math.cos),
  'math.cosh': transcendental(Math.cosh),
  'math.sin': transcendental(Math.sin),
  'math.sinh': transcendental(Math.sinh),
  'math.tan': transcendental(Math.tan),
  'math.tanh': transcendental(Math.tanh),
  'math.exp': transcendental(Math.exp),
  'math.exp2': transcendental((x) => 2 ** x),
  'math.expm1': transcendental(Math.expm1, expm1f),
  'math.erf': transcendental(() => undefined, erf),
  'math.log': transcendental(nonNegative(Math.log)),
  'math.log2': transcendental(nonNegative(Math.log2)),
  'math.log10': transcendental(nonNegative(Math.log10)),
  'math.log1p': transcendental((x) => (signBit(x + 1) ? undefined : Math.log1p(x))),
  'math.sqrt': transcendental(nonNegative(Math.sqrt)),
  'math.powf': transcendental((x, y) => x ** y),
  'math.absi': integer((x, w) => {
    const s = signed(x, w);
    return s < 0n ? -s : s;
  }),
  'math.ctlz': integer((x, w) => {
    const u = unsigned(x, w);
    return BigInt(w - (u === 0n ? 0 : u.toString(2).length));
  }),
  'math.cttz': integer((x, w) => {
    let u = unsigned(x, w);
    if (u === 0n) return BigInt(w);
    let n = 0n;
    while ((u & 1n) === 0n) {
      u >>= 1n;
      n++;
    }
    return n;
  }),
  'math.ctpop': integer((x, w) => popcount(unsigned(x, w))),
  'math.ipowi': (op, operands) => {
    const w = intWidth(resultType(op));
    return constFold(operands, resultType(op), (b, p) => ipow(b as bigint, p as bigint, w));
  },
};
