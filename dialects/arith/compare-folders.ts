/**
 * The folders of arith.cmpi, arith.cmpf and arith.select (MLIR 19's ArithOps.cpp), and the
 * predicates' semantics on constants.
 */
import { BoolAttr, DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { IntegerType, ShapedType, type Type } from '../../core/ir/types.js';
import { CMPF_PREDICATES, CMPI_PREDICATES } from './attributes.js';
import { constFold, constInt, elementType, intWidth, isZeroInt, makeConstant, signed, unsigned, type Elem } from './fold-utils.js';
import { PoisonAttr } from '../ub/attributes.js';
import { type Folder, binaryFolder, resultType, operandOf, lhsOf, rhsOf, definedBy } from './folder-helpers.js';

/** A bool (i1) constant of the shape of `type` (MLIR's getBoolAttribute). */
function boolAttr(type: Type, value: boolean): Attribute | undefined {
  if (type instanceof ShapedType) return type.hasStaticShape ? DenseElementsAttr.get(type, [value ? 1n : 0n]) : undefined;
  return BoolAttr.get(value);
}

// ---- comparisons and select -------------------------------------------------------------------

type CmpIPredicate = (typeof CMPI_PREDICATES)[number];

export function applyCmpI(pred: CmpIPredicate, x: bigint, y: bigint, w: number): boolean {
  const [sx, sy, ux, uy] = [signed(x, w), signed(y, w), unsigned(x, w), unsigned(y, w)];
  switch (pred) {
    case 'eq':
      return ux === uy;
    case 'ne':
      return ux !== uy;
    case 'slt':
      return sx < sy;
    case 'sle':
      return sx <= sy;
    case 'sgt':
      return sx > sy;
    case 'sge':
      return sx >= sy;
    case 'ult':
      return ux < uy;
    case 'ule':
      return ux <= uy;
    case 'ugt':
      return ux > uy;
    case 'uge':
      return ux >= uy;
  }
}

/** The predicate with operands swapped (not the inverse: eq stays eq). */
const SWAPPED: Record<CmpIPredicate, CmpIPredicate> = {
  eq: 'eq',
  ne: 'ne',
  slt: 'sgt',
  sgt: 'slt',
  sle: 'sge',
  sge: 'sle',
  ult: 'ugt',
  ugt: 'ult',
  ule: 'uge',
  uge: 'ule',
};

export function cmpIPredicateOf(op: Operation): CmpIPredicate {
  return CMPI_PREDICATES[Number((op.properties.get('predicate') as IntegerAttr).value)]!;
}

export const foldCmpI = binaryFolder((op, a, b) => {
  const pred = cmpIPredicateOf(op);
  const resType = resultType(op);
  if (lhsOf(op) === rhsOf(op)) return boolAttr(resType, ['eq', 'sle', 'sge', 'ule', 'uge'].includes(pred));
  if (isZeroInt(b) && pred === 'ne') {
    // extsi/extui(%x : i1) != 0 -> %x
    const ext = definedBy(lhsOf(op), 'arith.extsi') ?? definedBy(lhsOf(op), 'arith.extui');
    if (ext && intWidth(operandOf(ext, 0).type) === 1 && elementType(operandOf(ext, 0).type) instanceof IntegerType) return operandOf(ext, 0);
  }
  if (a !== undefined && b === undefined) {
    // Move the constant to the right.
    op.properties.set('predicate', IntegerAttr.get((op.properties.get('predicate') as IntegerAttr).type, CMPI_PREDICATES.indexOf(SWAPPED[pred])));
    const [l, r] = [lhsOf(op), rhsOf(op)];
    op.setOperand(0, r);
    op.setOperand(1, l);
    return op.results[0];
  }
  if (a === undefined || b === undefined) return undefined;
  const w = intWidth(lhsOf(op).type);
  return constFold([a, b], resType, (x, y) => (applyCmpI(pred, x as bigint, y as bigint, w) ? 1n : 0n));
});

type CmpFPredicate = (typeof CMPF_PREDICATES)[number];

/** The result of a cmpf predicate (ordered: false if either is NaN; unordered: true if either is); the folder and the interpreter share it. */
export function applyCmpF(pred: CmpFPredicate, x: number, y: number): boolean {
  const unordered = Number.isNaN(x) || Number.isNaN(y);
  switch (pred) {
    case 'false':
      return false;
    case 'true':
      return true;
    case 'ord':
      return !unordered;
    case 'uno':
      return unordered;
    case 'oeq':
      return !unordered && x === y;
    case 'ogt':
      return !unordered && x > y;
    case 'oge':
      return !unordered && x >= y;
    case 'olt':
      return !unordered && x < y;
    case 'ole':
      return !unordered && x <= y;
    case 'one':
      return !unordered && x !== y;
    case 'ueq':
      return unordered || x === y;
    case 'ugt':
      return unordered || x > y;
    case 'uge':
      return unordered || x >= y;
    case 'ult':
      return unordered || x < y;
    case 'ule':
      return unordered || x <= y;
    case 'une':
      return unordered || x !== y;
  }
}

/** cmpf folds scalar constants only (as MLIR 19). */
export const foldCmpF = binaryFolder((op, a, b) => {
  let x = a instanceof FloatAttr ? a.value : undefined;
  let y = b instanceof FloatAttr ? b.value : undefined;
  // One NaN operand decides the result whatever the other is.
  if (x !== undefined && Number.isNaN(x)) y = x;
  if (y !== undefined && Number.isNaN(y)) x = y;
  if (x === undefined || y === undefined) return undefined;
  const pred = CMPF_PREDICATES[Number((op.properties.get('predicate') as IntegerAttr).value)]!;
  return BoolAttr.get(applyCmpF(pred, x, y));
});

export const foldSelect: Folder = (op, operands) => {
  const cond = operands[0];
  const t = operands[1];
  const f = operands[2];
  const c = lhsOf(op);
  const tv = rhsOf(op);
  const fv = operandOf(op, 2);
  if (tv === fv) return tv;
  const cv = constInt(cond);
  if (cv !== undefined) return cv !== 0n ? tv : fv;
  // Either value poison: the other one.
  if (t instanceof PoisonAttr) return fv;
  if (f instanceof PoisonAttr) return tv;
  const resType = resultType(op);
  if (resType instanceof IntegerType && resType.width === 1 && constInt(t) === 1n && constInt(f) === 0n) return c;
  const cmp = definedBy(c, 'arith.cmpi');
  if (cmp) {
    const pred = cmpIPredicateOf(cmp);
    const l = operandOf(cmp, 0);
    const r = operandOf(cmp, 1);
    if ((pred === 'eq' || pred === 'ne') && ((l === tv && r === fv) || (r === tv && l === fv))) return pred === 'ne' ? tv : fv;
  }
  // Elementwise select of dense constants by a non-splat constant condition.
  if (cond instanceof DenseElementsAttr && t instanceof DenseElementsAttr && f instanceof DenseElementsAttr) {
    const n = (resType as ShapedType).numElements;
    const out: Elem[] = [];
    for (let i = 0; i < n; i++) out.push(cond.element(i) !== 0n ? t.element(i) : f.element(i));
    return makeConstant(t.type, out);
  }
  return undefined;
};
