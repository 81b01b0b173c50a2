/**
 * MLIR 19's CmpFIntToFPConst: `cmpf(sitofp/uitofp(x), C)` with a float constant C becomes an
 * integer comparison of x (or a constant i1) when the conversion cannot change the outcome.
 */
import { FloatAttr, IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { IntegerType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { definePattern } from '../../core/rewrite/pattern.js';
import type { PatternRewriter } from '../../core/rewrite/rewriter.js';
import { CMPF_PREDICATES, CMPI_PREDICATES } from './attributes.js';
import { decompose, floatKind, makeConstant, roundScaled } from './fold-utils.js';

function constant(rw: PatternRewriter, op: Operation, type: Type, value: bigint): Value {
  return rw.create({ name: 'arith.constant', operands: [], resultTypes: [type], properties: { value: makeConstant(type, [value]) }, loc: op.loc }).results[0]!;
}

/** APFloat's precision (significand bits, the implicit one included) and largest exponent. */
const FORMAT = { f16: { mantissa: 11, emax: 15 }, bf16: { mantissa: 8, emax: 127 }, f32: { mantissa: 24, emax: 127 }, f64: { mantissa: 53, emax: 1023 } } as const;

/** The cmpi predicate of a cmpf predicate (ordered and unordered alike). */
function integerPredicate(pred: string, isUnsigned: boolean): string | undefined {
  const base = pred.slice(1);
  if (base === 'eq') return 'eq';
  if (base === 'ne') return 'ne';
  if (['gt', 'ge', 'lt', 'le'].includes(base)) return (isUnsigned ? 'u' : 's') + base;
  return undefined;
}

/** ilogb of a finite nonzero value: the exponent of its leading bit. */
function ilogb(x: number): number {
  const { m, e } = decompose(Math.abs(x));
  return m.toString(2).length - 1 + e;
}

/**
 * A comparison with a fractional constant, for a negative and a positive constant: its known
 * outcome, the predicate to compare with the constant rounded toward zero, or unchanged.
 */
const FRACTIONAL: Record<string, readonly [boolean | string | undefined, boolean | string | undefined]> = {
  ne: [true, true],
  eq: [false, false],
  ule: [false, undefined],
  sle: ['slt', undefined],
  ult: [false, 'ule'],
  slt: [undefined, 'sle'],
  ugt: [true, undefined],
  sgt: ['sge', undefined],
  uge: [true, 'ugt'],
  sge: [undefined, 'sgt'],
};

function replaceWithBool(rw: PatternRewriter, op: Operation, value: boolean): true {
  rw.replaceOp(op, [constant(rw, op, IntegerType.get(1), value ? 1n : 0n)]);
  return true;
}

export const CmpFIntToFPConst = definePattern({
  name: 'CmpFIntToFPConst',
  root: 'arith.cmpf',
  benefit: 1,
  matchAndRewrite(op, rw) {
    const flt = constantValue(op.operand(1));
    if (!(flt instanceof FloatAttr) || Number.isNaN(flt.value)) return false;
    const rhs = flt.value;
    const kind = floatKind(op.operand(1).type);
    const { mantissa, emax } = FORMAT[kind];
    const conv = op.operand(0).definingOp;
    if (conv?.name !== 'arith.sitofp' && conv?.name !== 'arith.uitofp') return false;
    const isUnsigned = conv.name === 'arith.uitofp';
    const intVal = conv.operand(0);
    if (!(intVal.type instanceof IntegerType)) return false;
    const w = intVal.type.width;
    const valueBits = isUnsigned ? w : w - 1;
    if (w > mantissa) {
      // The conversion may round: give up where rounding could change the comparison.
      if (!Number.isFinite(rhs)) {
        if (emax < valueBits) return false;
      } else if (rhs !== 0) {
        const exponent = ilogb(rhs);
        if (mantissa <= exponent && exponent <= valueBits) return false;
      }
    }
    const fpred = CMPF_PREDICATES[Number((op.properties.get('predicate') as IntegerAttr).value)] as string;
    if (fpred === 'ord') return replaceWithBool(rw, op, true);
    if (fpred === 'uno') return replaceWithBool(rw, op, false);
    let pred = integerPredicate(fpred, isUnsigned);
    if (pred === undefined) return false;
    const min = isUnsigned ? 0n : -(1n << BigInt(w - 1));
    const max = isUnsigned ? (1n << BigInt(w)) - 1n : (1n << BigInt(w - 1)) - 1n;
    const s = isUnsigned ? 'u' : 's';
    // Beyond the integer range (infinities included): the outcome is known.
    if (roundScaled(max, 0, kind) < rhs) return replaceWithBool(rw, op, pred === 'ne' || pred === `${s}lt` || pred === `${s}le`);
    if (roundScaled(min, 0, kind) > rhs) return replaceWithBool(rw, op, pred === 'ne' || pred === `${s}gt` || pred === `${s}ge`);
    // The constant rounded toward zero must fit the integer type (APFloat's convertToInteger).
    const rhsInt = BigInt(Math.trunc(rhs));
    if (rhsInt < min || rhsInt > max) return false;
    if (rhs !== 0 && roundScaled(rhsInt, 0, kind) !== rhs) {
      // A fractional constant (rhsInt is rounded toward zero): the outcome, or the predicate, changes.
      const change = FRACTIONAL[pred]![rhs < 0 ? 0 : 1];
      if (typeof change === 'boolean') return replaceWithBool(rw, op, change);
      if (change) pred = change;
    }
    const c = constant(rw, op, intVal.type, rhsInt);
    const predicate = IntegerAttr.get(IntegerType.get(64), CMPI_PREDICATES.indexOf(pred as never));
    rw.replaceOp(op, [rw.create({ name: 'arith.cmpi', operands: [intVal, c], resultTypes: [op.results[0]!.type], properties: { predicate }, loc: op.loc }).results[0]!]);
    return true;
  },
});
