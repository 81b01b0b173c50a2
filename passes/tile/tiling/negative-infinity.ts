/**
 * Whether an elementwise map of attention scores keeps a score of -inf at -inf, so that a causal
 * mask before it still lets FlashAttention skip the key blocks past the diagonal: a scale by a
 * positive value (a constant, or rsqrt of a size), a finite bias (constants and indices), a
 * minimum with a finite value, conversions. What is not known is assumed to break it (a floor
 * max(s, c), tanh, a scalar argument of unknown sign).
 *
 * Each value gets a fact: `-inf` (it is -inf when the score is), or a number known not to be NaN,
 * with a bound on its magnitude (Infinity: it may be +inf), and whether it is positive or at
 * least non-negative. Values from outside the map are judged by the ops that define them.
 */
import { FloatAttr, IntegerAttr } from '../../../core/ir/attributes.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { Value } from '../../../core/ir/value.js';
import { constantValue } from '../../../core/rewrite/folder.js';

type Sign = 'positive' | 'non-negative' | 'any';
type NumberFact = { readonly kind: 'number'; readonly bound: number; readonly sign: Sign };
type Fact = { readonly kind: '-inf' } | NumberFact;

/** The largest finite f32, and the smallest normal one (GPUs may flush smaller ones to zero). */
const F32_MAX = 3.4028234663852886e38;
const F32_MIN_NORMAL = 1.1754943508222875e-38;
const NEGATIVE_INFINITY: Fact = { kind: '-inf' };
const number = (bound: number, sign: Sign = 'any'): Fact => ({ kind: 'number', bound, sign });
const isNumber = (f: Fact | undefined): f is NumberFact => f?.kind === 'number';
const finite = (f: Fact | undefined): f is NumberFact => isNumber(f) && f.bound <= F32_MAX;
const positive = (f: Fact | undefined): boolean => isNumber(f) && f.sign === 'positive';
const nonNegative = (f: Fact | undefined): boolean => isNumber(f) && f.sign !== 'any';
const isNegativeInfinity = (f: Fact | undefined): boolean => f?.kind === '-inf';

/** The fact of a constant, or undefined when `v` is not one (or is an infinity or NaN). */
function constantFact(v: Value): Fact | undefined {
  const c = constantValue(v);
  const x = c instanceof FloatAttr ? c.value : c instanceof IntegerAttr ? Number(c.value) : NaN;
  if (!Number.isFinite(x)) return undefined;
  return number(Math.abs(x), x >= F32_MIN_NORMAL ? 'positive' : x >= 0 ? 'non-negative' : 'any');
}

/** The fact of `v` defined outside the map, from its defining ops (`depth` of them at most). */
function outsideFact(v: Value, depth: number): Fact | undefined {
  const op = v.definingOp;
  if (!op || depth === 0) return undefined;
  return constantFact(v) ?? opFact(op, (x) => outsideFact(x, depth - 1));
}

/** The fact of `op`'s result from its operands' facts, or undefined when nothing is known. */
function opFact(op: Operation, of: (v: Value) => Fact | undefined): Fact | undefined {
  const [a, b] = op.operands.map(of);
  switch (op.name) {
    case 'memref.dim':
      return number(2 ** 63, 'non-negative');
    case 'arith.index_cast':
    case 'arith.extf':
      return a;
    case 'arith.truncf':
      return isNegativeInfinity(a) ? a : undefined;
    case 'arith.sitofp':
    case 'arith.uitofp':
      return isNumber(a) ? number(Math.min(a.bound, 2 ** 64), a.sign) : number(2 ** 64);
    case 'math.rsqrt':
      // At least 2^-32 for a size: never flushed to zero.
      return nonNegative(a) ? number(Infinity, 'positive') : undefined;
    case 'arith.mulf':
      if ((isNegativeInfinity(a) && positive(b)) || (isNegativeInfinity(b) && positive(a))) return NEGATIVE_INFINITY;
      // No sign: a product of small positive values may round to zero.
      return finite(a) && finite(b) ? number(a.bound * b.bound) : undefined;
    case 'arith.divf':
      return isNegativeInfinity(a) && positive(b) && finite(b) ? a : undefined;
    case 'arith.addf':
      if ((isNegativeInfinity(a) && finite(b)) || (isNegativeInfinity(b) && finite(a))) return NEGATIVE_INFINITY;
      return finite(a) && finite(b) ? number(a.bound + b.bound) : undefined;
    case 'arith.subf':
      if (isNegativeInfinity(a) && finite(b)) return a;
      return finite(a) && finite(b) ? number(a.bound + b.bound) : undefined;
    case 'arith.minimumf':
      return (isNegativeInfinity(a) && isNumber(b)) || (isNegativeInfinity(b) && isNumber(a)) ? NEGATIVE_INFINITY : undefined;
    case 'arith.select': {
      const [x, y] = [of(op.operand(1)), of(op.operand(2))];
      if (isNegativeInfinity(x) && isNegativeInfinity(y)) return x;
      return isNumber(x) && isNumber(y) ? number(Math.max(x.bound, y.bound)) : undefined;
    }
    case 'arith.addi':
    case 'arith.subi':
      return isNumber(a) && isNumber(b) ? number(a.bound + b.bound) : undefined;
    default:
      return undefined;
  }
}

/** Whether the unary map `map` yields -inf wherever its input (the score) is -inf. */
export function keepsNegativeInfinity(map: Operation): boolean {
  const body = map.region(0).entry!;
  const facts = new Map<Value, Fact | undefined>([[body.arguments[0]!, NEGATIVE_INFINITY]]);
  const of = (v: Value): Fact | undefined => (facts.has(v) ? facts.get(v) : v.parentRegion && map.region(0).isAncestorOf(v.parentRegion) ? undefined : outsideFact(v, 8));
  for (const op of body.ops) {
    if (op === body.last) return isNegativeInfinity(of(op.operand(0)));
    // tile.index: an index of the iteration space, at most the size of a dimension.
    const fact = op.name === 'tile.index' ? number(2 ** 63, 'non-negative') : op.results.length === 1 ? (constantFact(op.results[0]!) ?? opFact(op, of)) : undefined;
    for (const r of op.results) facts.set(r, fact);
  }
  return false;
}
