/**
 * arith canonicalization patterns, named and ordered as MLIR 19's ArithCanonicalization.td and
 * ArithOps.cpp register them (a DRR pattern's benefit is the number of ops it matches).
 * Ops are matched and built by name: the op declarations import this module.
 */
import { IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import { FusedLoc, type Location } from '../../core/ir/location.js';
import type { Operation } from '../../core/ir/operation.js';
import { IntegerType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { constantInt, constantValue } from '../../core/rewrite/folder.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import type { PatternRewriter } from '../../core/rewrite/rewriter.js';
import { CMPI_PREDICATES, IntegerOverflowFlagsAttr } from './attributes.js';
import { CmpFIntToFPConst } from './cmpf-int-to-fp.js';
import { getI1SameShape } from './types.js';
import { constInt, intWidth, isOneInt, isZeroInt, makeConstant, splatValue, unsigned } from './fold-utils.js';

const def = (v: Value, name: string): Operation | undefined => (v.definingOp?.name === name ? v.definingOp : undefined);

function create(rw: PatternRewriter, loc: Location, name: string, operands: readonly Value[], resultType: Type, properties: Record<string, Attribute> = {}): Operation {
  return rw.create({ name, operands, resultTypes: [resultType], properties, loc });
}

function constant(rw: PatternRewriter, loc: Location, type: Type, value: bigint): Value {
  return create(rw, loc, 'arith.constant', [], type, { value: makeConstant(type, [value]) }).results[0]!;
}

/**
 * The location of the ops a DRR pattern builds (the `odsLoc` of MLIR's generated code): the fused
 * locations of the first N ops it matched, N being the number of op nodes in its source pattern.
 * DRR records matched ops in a particular order (the root, then for each operand in turn the ops
 * matched inside it and then the operand's own op, constants matched by ConstantLikeMatcher
 * included), so the N first may hold a constant and leave out an op: callers pass that prefix.
 */
function drrLoc(...matched: Operation[]): Location {
  return FusedLoc.get(matched.map((op) => op.loc));
}

/** The op defining `v` (a matched operand known to have one). */
const definer = (v: Value): Operation => v.definingOp!;

const flagsOf = (op: Operation): number => (op.properties.get('overflowFlags') as IntegerOverflowFlagsAttr | undefined)?.flags ?? 0;
/** DRR's MergeOverflow: the flags both ops carry. */
const merged = (a: Operation, b: Operation) => ({ overflowFlags: IntegerOverflowFlagsAttr.get(flagsOf(a) & flagsOf(b)) });

function replace(rw: PatternRewriter, op: Operation, by: Operation | Value): true {
  rw.replaceOp(op, ['results' in by ? by.results[0]! : by]);
  return true;
}

type Shape = 'x-c' | 'c-x';
/**
 * `outer(inner(..), c1)` or `outer(c1, inner(..))` where inner is `x op c0` or `c0 op x`, all
 * constants scalar: rebuilt as `newOp(x, k)` or `newOp(k, x)` with k = combine(c0, c1).
 */
function constantChain(
  name: string,
  root: string,
  outerShape: Shape,
  inner: string,
  innerShape: Shape,
  combine: (c0: bigint, c1: bigint) => bigint,
  result: { op: string; shape: Shape },
): RewritePattern {
  return definePattern({
    name,
    root,
    benefit: 2,
    matchAndRewrite(op, rw) {
      // The inner op first: it is cheaper to rule out than the constant.
      const innerOp = def(op.operandSlots[outerShape === 'x-c' ? 0 : 1]!.value, inner);
      if (!innerOp) return false;
      const c1Value = op.operandSlots[outerShape === 'x-c' ? 1 : 0]!.value;
      const c1 = constantInt(c1Value);
      if (c1 === undefined) return false;
      const x = innerOp.operand(innerShape === 'x-c' ? 0 : 1);
      const c0Value = innerOp.operand(innerShape === 'x-c' ? 1 : 0);
      const c0 = constantInt(c0Value);
      if (c0 === undefined) return false;
      // Two op nodes; DRR records the root, then the first operand's constant (the inner op's, or c1 itself).
      const loc = drrLoc(op, definer(outerShape === 'x-c' ? c0Value : c1Value));
      const type = op.results[0]!.type;
      const k = constant(rw, loc, type, combine(c0, c1));
      const operands = result.shape === 'x-c' ? [x, k] : [k, x];
      return replace(rw, op, create(rw, loc, result.op, operands, type, merged(innerOp, op)));
    },
  });
}

const add = (a: bigint, b: bigint) => a + b;
const mul = (a: bigint, b: bigint) => a * b;

export const AddIAddConstant = constantChain('AddIAddConstant', 'arith.addi', 'x-c', 'arith.addi', 'x-c', add, { op: 'arith.addi', shape: 'x-c' });
export const AddISubConstantRHS = constantChain('AddISubConstantRHS', 'arith.addi', 'x-c', 'arith.subi', 'x-c', (c0, c1) => c1 - c0, { op: 'arith.addi', shape: 'x-c' });
export const AddISubConstantLHS = constantChain('AddISubConstantLHS', 'arith.addi', 'x-c', 'arith.subi', 'c-x', add, { op: 'arith.subi', shape: 'c-x' });
export const MulIMulIConstant = constantChain('MulIMulIConstant', 'arith.muli', 'x-c', 'arith.muli', 'x-c', mul, { op: 'arith.muli', shape: 'x-c' });
export const SubIRHSAddConstant = constantChain('SubIRHSAddConstant', 'arith.subi', 'x-c', 'arith.addi', 'x-c', (c0, c1) => c0 - c1, { op: 'arith.addi', shape: 'x-c' });
export const SubILHSAddConstant = constantChain('SubILHSAddConstant', 'arith.subi', 'c-x', 'arith.addi', 'x-c', (c0, c1) => c1 - c0, { op: 'arith.subi', shape: 'c-x' });
export const SubIRHSSubConstantRHS = constantChain('SubIRHSSubConstantRHS', 'arith.subi', 'x-c', 'arith.subi', 'x-c', add, { op: 'arith.subi', shape: 'x-c' });
export const SubIRHSSubConstantLHS = constantChain('SubIRHSSubConstantLHS', 'arith.subi', 'x-c', 'arith.subi', 'c-x', (c0, c1) => c0 - c1, { op: 'arith.subi', shape: 'c-x' });
export const SubILHSSubConstantRHS = constantChain('SubILHSSubConstantRHS', 'arith.subi', 'c-x', 'arith.subi', 'x-c', add, { op: 'arith.subi', shape: 'c-x' });
export const SubILHSSubConstantLHS = constantChain('SubILHSSubConstantLHS', 'arith.subi', 'c-x', 'arith.subi', 'c-x', (c0, c1) => c1 - c0, { op: 'arith.addi', shape: 'x-c' });

/** A scalar or splat -1 operand (IsScalarOrSplatNegativeOne). */
const isMinusOne = (v: Value): boolean => {
  const c = constInt(constantValue(v));
  return c !== undefined && unsigned(c, intWidth(v.type)) === unsigned(-1n, intWidth(v.type));
};

function addMulNegativeOne(name: string, mulOnRight: boolean): RewritePattern {
  return definePattern({
    name,
    root: 'arith.addi',
    benefit: 2,
    matchAndRewrite(op, rw) {
      const mulOp = def(op.operandSlots[mulOnRight ? 1 : 0]!.value, 'arith.muli');
      if (!mulOp || !isMinusOne(mulOp.operand(1))) return false;
      const y = mulOp.operand(0);
      const other = op.operandSlots[mulOnRight ? 0 : 1]!.value;
      // Two op nodes: the root, then the -1 (matched inside the muli, before it).
      const loc = drrLoc(op, definer(mulOp.operand(1)));
      return replace(rw, op, create(rw, loc, 'arith.subi', [other, y], op.results[0]!.type));
    },
  });
}
export const AddIMulNegativeOneRhs = addMulNegativeOne('AddIMulNegativeOneRhs', true);
export const AddIMulNegativeOneLhs = addMulNegativeOne('AddIMulNegativeOneLhs', false);

/** subi(subi(a, b), a) -> subi(0, b) */
export const SubISubILHSRHSLHS = definePattern({
  name: 'SubISubILHSRHSLHS',
  root: 'arith.subi',
  benefit: 2,
  matchAndRewrite(op, rw) {
    const inner = def(op.operand(0), 'arith.subi');
    if (!inner || inner.operand(0) !== op.operand(1)) return false;
    const y = inner.operand(1);
    const loc = drrLoc(op, inner);
    const zero = create(rw, loc, 'arith.constant', [], y.type, { value: makeConstant(y.type, [0n]) }).results[0]!;
    return replace(rw, op, create(rw, loc, 'arith.subi', [zero, y], op.results[0]!.type, merged(inner, op)));
  },
});

// ---- bitwise ops over extensions, comparisons ---------------------------------------------------

/** `op(ext(x), ext(y)) -> ext(op(x, y))` when x and y have the same type. */
function logicOfExt(name: string, root: string, ext: string): RewritePattern {
  return definePattern({
    name,
    root,
    benefit: 3,
    matchAndRewrite(op, rw) {
      const a = def(op.operand(0), ext);
      const b = def(op.operand(1), ext);
      if (!a || !b || a.operand(0).type !== b.operand(0).type) return false;
      const loc = drrLoc(op, a, b);
      const inner = create(rw, loc, root, [a.operand(0), b.operand(0)], a.operand(0).type);
      return replace(rw, op, create(rw, loc, ext, [inner.results[0]!], op.results[0]!.type));
    },
  });
}

const INVERSE: Record<string, string> = { eq: 'ne', ne: 'eq', slt: 'sge', sge: 'slt', sle: 'sgt', sgt: 'sle', ult: 'uge', uge: 'ult', ule: 'ugt', ugt: 'ule' };
const predicateAttr = (name: string) => IntegerAttr.get(IntegerType.get(64), CMPI_PREDICATES.indexOf(name as never));
const predicateOf = (op: Operation) => CMPI_PREDICATES[Number((op.properties.get('predicate') as IntegerAttr).value)]!;

/** xori(cmpi(pred, a, b), true) -> cmpi(~pred, a, b) */
export const XOrINotCmpI = definePattern({
  name: 'XOrINotCmpI',
  root: 'arith.xori',
  benefit: 2,
  matchAndRewrite(op, rw) {
    const cmp = def(op.operand(0), 'arith.cmpi');
    const c = constantValue(op.operand(1));
    if (!cmp || !(c instanceof IntegerAttr) || c.value !== 1n || c.type !== IntegerType.get(1)) return false;
    const pred = INVERSE[predicateOf(cmp)]!;
    return replace(rw, op, create(rw, drrLoc(op, cmp), 'arith.cmpi', cmp.operands, op.results[0]!.type, { predicate: predicateAttr(pred) }));
  },
});

/** cmpi(eq/ne, ext(a), ext(b)) -> cmpi(eq/ne, a, b) */
function cmpOfExt(name: string, ext: string): RewritePattern {
  return definePattern({
    name,
    root: 'arith.cmpi',
    benefit: 3,
    matchAndRewrite(op, rw) {
      const pred = predicateOf(op);
      const a = def(op.operand(0), ext);
      const b = def(op.operand(1), ext);
      if ((pred !== 'eq' && pred !== 'ne') || !a || !b || a.operand(0).type !== b.operand(0).type) return false;
      return replace(rw, op, create(rw, drrLoc(op, a, b), 'arith.cmpi', [a.operand(0), b.operand(0)], op.results[0]!.type, { predicate: predicateAttr(pred) }));
    },
  });
}

// ---- select -------------------------------------------------------------------------------------

/** An arith.select's condition, true value and false value. */
const selectOperands = (op: Operation): [Value, Value, Value] => [op.operand(0), op.operand(1), op.operand(2)];

/** select(pred, select(pred, a, b), c) -> select(pred, a, c), and the mirrored form. */
function redundantSelect(name: string, nestedTrue: boolean): RewritePattern {
  return definePattern({
    name,
    root: 'arith.select',
    benefit: 2,
    matchAndRewrite(op, rw) {
      const [pred, t, f] = selectOperands(op);
      const inner = def(nestedTrue ? t : f, 'arith.select');
      if (!inner || inner.operand(0) !== pred) return false;
      const operands = nestedTrue ? [pred, inner.operand(1), f] : [pred, t, inner.operand(2)];
      return replace(rw, op, create(rw, drrLoc(op, inner), 'arith.select', operands, op.results[0]!.type));
    },
  });
}

/** Whether `v` is the i1 constant `value`. */
const isI1Constant = (v: Value, value: bigint): boolean => {
  const c = constantValue(v);
  return c instanceof IntegerAttr && c.type === IntegerType.get(1) && c.value === value;
};
const isTrue = (v: Value) => isI1Constant(v, 1n);
const isFalse = (v: Value) => isI1Constant(v, 0n);

/** select(not(pred), a, b) -> select(pred, b, a) */
export const SelectNotCond = definePattern({
  name: 'SelectNotCond',
  root: 'arith.select',
  benefit: 2,
  matchAndRewrite(op, rw) {
    const [cond, a, b] = selectOperands(op);
    const not = def(cond, 'arith.xori');
    if (!not || !isTrue(not.operand(1))) return false;
    // Two op nodes: the root, then the constant (matched inside the xori, before it).
    return replace(rw, op, create(rw, drrLoc(op, definer(not.operand(1))), 'arith.select', [not.operand(0), b, a], op.results[0]!.type));
  },
});

/** select(pred, false, true) -> xori(pred, true) */
export const SelectI1ToNot = definePattern({
  name: 'SelectI1ToNot',
  root: 'arith.select',
  benefit: 1,
  matchAndRewrite(op, rw) {
    const [pred, t, f] = selectOperands(op);
    if (!isFalse(t) || !isTrue(f)) return false;
    const loc = drrLoc(op);
    const one = constant(rw, loc, IntegerType.get(1), 1n);
    return replace(rw, op, create(rw, loc, 'arith.xori', [pred, one], op.results[0]!.type));
  },
});

/** select(c, 1, 0) -> extui(c); select(c, 0, 1) -> extui(xori(c, true)) for integers wider than i1. */
export const SelectToExtUI = definePattern({
  name: 'SelectToExtUI',
  root: 'arith.select',
  benefit: 1,
  matchAndRewrite(op, rw) {
    const type = op.results[0]!.type;
    if (!(type instanceof IntegerType) || type.width === 1) return false;
    const [cond, t, f] = selectOperands(op);
    const tc = constantValue(t);
    const fc = constantValue(f);
    // A C++ pattern in MLIR: its ops take the select's location.
    const loc = op.loc;
    if (isOneInt(tc, type) && isZeroInt(fc)) return replace(rw, op, create(rw, loc, 'arith.extui', [cond], type));
    if (isZeroInt(tc) && isOneInt(fc, type)) {
      const one = constant(rw, loc, cond.type, 1n);
      const not = create(rw, loc, 'arith.xori', [cond, one], cond.type);
      return replace(rw, op, create(rw, loc, 'arith.extui', [not.results[0]!], type));
    }
    return false;
  },
});

// ---- casts --------------------------------------------------------------------------------------

/** cast(cast(x)) -> x when the types round-trip (or, without `sameType`, whatever the types). */
function castRoundTrip(name: string, root: string, sameType = true): RewritePattern {
  return definePattern({
    name,
    root,
    benefit: 2,
    matchAndRewrite(op, rw) {
      const inner = def(op.operand(0), root);
      if (!inner || (sameType && inner.operand(0).type !== op.results[0]!.type)) return false;
      return replace(rw, op, inner.operand(0));
    },
  });
}

/** outer(inner(x)) -> result(x) */
function castOfCast(name: string, root: string, inner: string, result: string, when: (op: Operation, innerOp: Operation) => boolean = () => true): RewritePattern {
  return definePattern({
    name,
    root,
    benefit: 2,
    matchAndRewrite(op, rw) {
      const innerOp = def(op.operand(0), inner);
      if (!innerOp || !when(op, innerOp)) return false;
      return replace(rw, op, create(rw, drrLoc(op, innerOp), result, [innerOp.operand(0)], op.results[0]!.type));
    },
  });
}

// ---- extended arithmetic, float negation, shifts under truncation ----------------------------------

/** `op(x, y)` whose second result has no uses -> [`simple(x, y)`, x] (AddUIExtendedToAddI, Mul{S,U}IExtendedToMulI). */
function extendedUnusedHigh(name: string, root: string, simple: string): RewritePattern {
  return definePattern({
    name,
    root,
    benefit: 1,
    matchAndRewrite(op, rw) {
      if (op.results[1]!.hasUses) return false;
      const [x, y] = [op.operand(0), op.operand(1)];
      const low = create(rw, drrLoc(op), simple, [x, y], op.results[0]!.type, { overflowFlags: IntegerOverflowFlagsAttr.get(0) });
      rw.replaceOp(op, [low.results[0]!, x]);
      return true;
    },
  });
}

/** A scalar or splat integer constant (MLIR's getIntOrSplatIntValue). */
function intOrSplat(v: Value): bigint | undefined {
  const e = splatValue(constantValue(v));
  return typeof e === 'bigint' ? e : undefined;
}

/** mulsi_extended(x, 1) -> [x, extsi(cmpi slt, x, 0)]. */
const MulSIExtendedRHSOne = definePattern({
  name: 'MulSIExtendedRHSOne',
  root: 'arith.mulsi_extended',
  benefit: 1,
  matchAndRewrite(op, rw) {
    const c1 = op.operand(1);
    // DRR's IsScalarOrSplatOne: 1 as a signed value (an i1 `true` is -1).
    const one = intOrSplat(c1);
    if (one === undefined || BigInt.asIntN(intWidth(c1.type), one) !== 1n) return false;
    const x = op.operand(0);
    const loc = drrLoc(op);
    const zero = create(rw, loc, 'arith.constant', [], x.type, { value: makeConstant(x.type, [0n]) }).results[0]!;
    const cmp = create(rw, loc, 'arith.cmpi', [x, zero], getI1SameShape(x.type), { predicate: predicateAttr('slt') });
    const ext = create(rw, loc, 'arith.extsi', [cmp.results[0]!], x.type);
    rw.replaceOp(op, [x, ext.results[0]!]);
    return true;
  },
});

/** op(negf(x), negf(y)) -> op(x, y), keeping op's fastmath flags (MulFOfNegF, DivFOfNegF). */
function ofTwoNegF(name: string, root: string): RewritePattern {
  return definePattern({
    name,
    root,
    benefit: 3,
    matchAndRewrite(op, rw) {
      const a = def(op.operand(0), 'arith.negf');
      const b = def(op.operand(1), 'arith.negf');
      if (!a || !b || a.operand(0).type !== b.operand(0).type) return false;
      const fastmath = op.properties.get('fastmath');
      return replace(rw, op, create(rw, drrLoc(op, a, b), root, [a.operand(0), b.operand(0)], op.results[0]!.type, fastmath ? { fastmath } : {}));
    },
  });
}

/** DRR's TruncationMatchesShiftAmount: width(wide) - width(narrow) is the (splat) constant `c`. */
const truncationMatchesShift = (wide: Value, narrow: Value, c: Value) => {
  const k = intOrSplat(c);
  return k !== undefined && BigInt(intWidth(wide.type) - intWidth(narrow.type)) === k;
};

/** trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when the shift drops exactly the truncated bits. */
const TruncIShrSIToTrunciShrUI = definePattern({
  name: 'TruncIShrSIToTrunciShrUI',
  root: 'arith.trunci',
  benefit: 2,
  matchAndRewrite(op, rw) {
    const shr = def(op.operand(0), 'arith.shrsi');
    if (!shr) return false;
    const c0 = shr.operand(1);
    const attr = constantValue(c0);
    if (!attr || !c0.definingOp || !truncationMatchesShift(shr.operand(0), op.results[0]!, c0)) return false;
    const loc = drrLoc(op, c0.definingOp);
    const k = create(rw, loc, 'arith.constant', [], c0.type, { value: attr });
    const shrui = create(rw, loc, 'arith.shrui', [shr.operand(0), k.results[0]!], shr.results[0]!.type);
    return replace(rw, op, create(rw, loc, 'arith.trunci', [shrui.results[0]!], op.results[0]!.type));
  },
});

/** trunci(shrui(muli(ext(x), ext(y)), c)) -> the high result of `extended(x, y)`. */
function truncIShrUIMulI(name: string, ext: string, extended: string): RewritePattern {
  return definePattern({
    name,
    root: 'arith.trunci',
    benefit: 5,
    matchAndRewrite(op, rw) {
      const shr = def(op.operand(0), 'arith.shrui');
      const mul = shr && def(shr.operand(0), 'arith.muli');
      const ex = mul && def(mul.operand(0), ext);
      const ey = mul && def(mul.operand(1), ext);
      const c0 = shr?.operand(1);
      if (!mul || !ex || !ey || !c0?.definingOp || constantValue(c0) === undefined) return false;
      const [x, y, tr] = [ex.operand(0), ey.operand(0), op.results[0]!];
      if (x.type !== tr.type || y.type !== tr.type || !(intWidth(mul.results[0]!.type) > intWidth(x.type)) || !truncationMatchesShift(mul.results[0]!, x, c0)) return false;
      const res = rw.create({ name: extended, operands: [x, y], resultTypes: [x.type, x.type], loc: drrLoc(op, ex, ey, mul, c0.definingOp) });
      return replace(rw, op, res.results[1]!);
    },
  });
}

const wider = (a: Value, b: Value) => intWidth(a.type) > intWidth(b.type);

export const arithPatterns: Readonly<Record<string, readonly RewritePattern[]>> = {
  'arith.addi': [AddIAddConstant, AddISubConstantRHS, AddISubConstantLHS, AddIMulNegativeOneRhs, AddIMulNegativeOneLhs],
  'arith.subi': [SubIRHSAddConstant, SubILHSAddConstant, SubIRHSSubConstantRHS, SubIRHSSubConstantLHS, SubILHSSubConstantRHS, SubILHSSubConstantLHS, SubISubILHSRHSLHS],
  'arith.muli': [MulIMulIConstant],
  'arith.xori': [XOrINotCmpI, logicOfExt('XOrIOfExtUI', 'arith.xori', 'arith.extui'), logicOfExt('XOrIOfExtSI', 'arith.xori', 'arith.extsi')],
  'arith.andi': [logicOfExt('AndOfExtUI', 'arith.andi', 'arith.extui'), logicOfExt('AndOfExtSI', 'arith.andi', 'arith.extsi')],
  'arith.ori': [logicOfExt('OrOfExtUI', 'arith.ori', 'arith.extui'), logicOfExt('OrOfExtSI', 'arith.ori', 'arith.extsi')],
  'arith.cmpi': [cmpOfExt('CmpIExtSI', 'arith.extsi'), cmpOfExt('CmpIExtUI', 'arith.extui')],
  'arith.select': [redundantSelect('RedundantSelectFalse', false), redundantSelect('RedundantSelectTrue', true), SelectNotCond, SelectI1ToNot, SelectToExtUI],
  'arith.index_cast': [castRoundTrip('IndexCastOfIndexCast', 'arith.index_cast'), castOfCast('IndexCastOfExtSI', 'arith.index_cast', 'arith.extsi', 'arith.index_cast')],
  'arith.index_castui': [castRoundTrip('IndexCastUIOfIndexCastUI', 'arith.index_castui'), castOfCast('IndexCastUIOfExtUI', 'arith.index_castui', 'arith.extui', 'arith.index_castui')],
  // MLIR's BitcastOfBitcast has no type constraint: x may have a third type, which later rewrites
  // (or the verifier) settle, as in mlir-opt.
  'arith.bitcast': [castRoundTrip('BitcastOfBitcast', 'arith.bitcast', false)],
  'arith.extsi': [castOfCast('ExtSIOfExtUI', 'arith.extsi', 'arith.extui', 'arith.extui')],
  'arith.trunci': [
    castOfCast('TruncIExtSIToExtSI', 'arith.trunci', 'arith.extsi', 'arith.extsi', (op, ext) => wider(ext.results[0]!, op.results[0]!) && wider(op.results[0]!, ext.operand(0))),
    castOfCast('TruncIExtUIToExtUI', 'arith.trunci', 'arith.extui', 'arith.extui', (op, ext) => wider(ext.results[0]!, op.results[0]!) && wider(op.results[0]!, ext.operand(0))),
    TruncIShrSIToTrunciShrUI,
    truncIShrUIMulI('TruncIShrUIMulIToMulSIExtended', 'arith.extsi', 'arith.mulsi_extended'),
    truncIShrUIMulI('TruncIShrUIMulIToMulUIExtended', 'arith.extui', 'arith.mului_extended'),
  ],
  'arith.addui_extended': [extendedUnusedHigh('AddUIExtendedToAddI', 'arith.addui_extended', 'arith.addi')],
  'arith.mulsi_extended': [extendedUnusedHigh('MulSIExtendedToMulI', 'arith.mulsi_extended', 'arith.muli'), MulSIExtendedRHSOne],
  'arith.mului_extended': [extendedUnusedHigh('MulUIExtendedToMulI', 'arith.mului_extended', 'arith.muli')],
  'arith.mulf': [ofTwoNegF('MulFOfNegF', 'arith.mulf')],
  'arith.divf': [ofTwoNegF('DivFOfNegF', 'arith.divf')],
  'arith.cmpf': [CmpFIntToFPConst],
};
