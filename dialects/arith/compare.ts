import { arithPatterns } from './canonicalization.js';
import { arithFolders } from './folders.js';
import { defaultValued, FloatLike, required, SignlessIntegerLike } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { Pure, SameTypeOperands, TypesMatchWith } from '../../core/ir/traits.js';
import { CmpFPredicateAttr, CmpIPredicateAttr, FastMathAttrConstraint, FastMathFlagsAttr } from './attributes.js';
import { BoolLike, getI1SameShape } from './types.js';

const ResultIsI1OfOperandShape = TypesMatchWith('result type has i1 element type and same shape as operands', 'lhs', 'result', getI1SameShape);

/** `arith.cmpi slt, %a, %b : i32`; the predicate is an i64 enum attribute. */
export const CmpIOp = defineOp({
  name: 'arith.cmpi',
  summary: 'integer comparison operation',
  operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
  results: { result: BoolLike },
  attributes: { predicate: required(CmpIPredicateAttr) },
  traits: [ResultIsI1OfOperandShape, Pure, SameTypeOperands],
  assemblyFormat: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
  fold: arithFolders['arith.cmpi'],
  canonicalize: arithPatterns['arith.cmpi'],
});

/** `arith.cmpf ogt, %a, %b fastmath<nnan> : f32`. */
export const CmpFOp = defineOp({
  name: 'arith.cmpf',
  summary: 'floating-point comparison operation',
  operands: { lhs: FloatLike, rhs: FloatLike },
  results: { result: BoolLike },
  attributes: { predicate: required(CmpFPredicateAttr), fastmath: defaultValued(FastMathAttrConstraint, FastMathFlagsAttr.none) },
  traits: [ResultIsI1OfOperandShape, Pure, SameTypeOperands],
  assemblyFormat: '$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)',
  fold: arithFolders['arith.cmpf'],
  canonicalize: arithPatterns['arith.cmpf'],
});
