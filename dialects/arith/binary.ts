import { arithPatterns } from './canonicalization.js';
import { arithFolders } from './folders.js';
import { defaultValued, FloatLike, SignlessIntegerLike } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { Commutative, MemoryEffects, Pure, SameOperandsAndResultType, type Trait } from '../../core/ir/traits.js';
import { FastMathAttrConstraint, FastMathFlagsAttr, IntegerOverflowFlagsAttr, OverflowAttrConstraint } from './attributes.js';

/** Ops that may trap (division by zero) have no memory effects but are not speculatable. */
const NoMemoryEffect = MemoryEffects();

/** Arith_IntBinaryOp / Arith_TotalIntBinaryOp: `$lhs, $rhs attr-dict : type($result)`. */
function intBinaryOp<const N extends string>(name: N, summary: string, traits: readonly Trait[]) {
  return defineOp({
    name,
    summary,
    operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
    results: { result: SignlessIntegerLike },
    traits: [...traits, SameOperandsAndResultType],
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
    fold: arithFolders[name],
    canonicalize: arithPatterns[name],
  });
}

/** Arith_IntBinaryOpWithOverflowFlags: `overflow<nsw, nuw>` after the operands. */
function intBinaryOpWithOverflow<const N extends string>(name: N, summary: string, traits: readonly Trait[]) {
  return defineOp({
    name,
    summary,
    operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
    results: { result: SignlessIntegerLike },
    attributes: { overflowFlags: defaultValued(OverflowAttrConstraint, IntegerOverflowFlagsAttr.none) },
    traits: [...traits, Pure, SameOperandsAndResultType],
    assemblyFormat: '$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)',
    fold: arithFolders[name],
    canonicalize: arithPatterns[name],
  });
}

/** Arith_FloatBinaryOp: `$lhs, $rhs fastmath<...> attr-dict : type($result)`. */
function floatBinaryOp<const N extends string>(name: N, summary: string, traits: readonly Trait[]) {
  return defineOp({
    name,
    summary,
    operands: { lhs: FloatLike, rhs: FloatLike },
    results: { result: FloatLike },
    attributes: { fastmath: defaultValued(FastMathAttrConstraint, FastMathFlagsAttr.none) },
    traits: [...traits, Pure, SameOperandsAndResultType],
    assemblyFormat: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
    fold: arithFolders[name],
    canonicalize: arithPatterns[name],
  });
}

export const AddIOp = intBinaryOpWithOverflow('arith.addi', 'integer addition operation', [Commutative]);
export const SubIOp = intBinaryOpWithOverflow('arith.subi', 'Integer subtraction operation.', []);
export const MulIOp = intBinaryOpWithOverflow('arith.muli', 'Integer multiplication operation.', [Commutative]);
export const ShLIOp = intBinaryOpWithOverflow('arith.shli', 'integer left-shift', []);

export const DivUIOp = intBinaryOp('arith.divui', 'unsigned integer division operation', [NoMemoryEffect]);
export const DivSIOp = intBinaryOp('arith.divsi', 'signed integer division operation', [NoMemoryEffect]);
export const CeilDivUIOp = intBinaryOp('arith.ceildivui', 'unsigned ceil integer division operation', [NoMemoryEffect]);
export const CeilDivSIOp = intBinaryOp('arith.ceildivsi', 'signed ceil integer division operation', [NoMemoryEffect]);
export const FloorDivSIOp = intBinaryOp('arith.floordivsi', 'signed floor integer division operation', [NoMemoryEffect]);
export const RemUIOp = intBinaryOp('arith.remui', 'unsigned integer division remainder operation', [NoMemoryEffect]);
export const RemSIOp = intBinaryOp('arith.remsi', 'signed integer division remainder operation', [NoMemoryEffect]);
export const AndIOp = intBinaryOp('arith.andi', 'integer binary and', [Pure, Commutative]);
export const OrIOp = intBinaryOp('arith.ori', 'integer binary or', [Pure, Commutative]);
export const XOrIOp = intBinaryOp('arith.xori', 'integer binary xor', [Pure, Commutative]);
export const ShRUIOp = intBinaryOp('arith.shrui', 'unsigned integer right-shift', [Pure]);
export const ShRSIOp = intBinaryOp('arith.shrsi', 'signed integer right-shift', [Pure]);
export const MaxSIOp = intBinaryOp('arith.maxsi', 'signed integer maximum operation', [Pure, Commutative]);
export const MaxUIOp = intBinaryOp('arith.maxui', 'unsigned integer maximum operation', [Pure, Commutative]);
export const MinSIOp = intBinaryOp('arith.minsi', 'signed integer minimum operation', [Pure, Commutative]);
export const MinUIOp = intBinaryOp('arith.minui', 'unsigned integer minimum operation', [Pure, Commutative]);

export const AddFOp = floatBinaryOp('arith.addf', 'floating point addition operation', [Commutative]);
export const SubFOp = floatBinaryOp('arith.subf', 'floating point subtraction operation', []);
export const MulFOp = floatBinaryOp('arith.mulf', 'floating point multiplication operation', [Commutative]);
export const DivFOp = floatBinaryOp('arith.divf', 'floating point division operation', []);
export const RemFOp = floatBinaryOp('arith.remf', 'floating point division remainder operation', []);
export const MaximumFOp = floatBinaryOp('arith.maximumf', 'floating-point maximum operation', [Commutative]);
export const MinimumFOp = floatBinaryOp('arith.minimumf', 'floating-point minimum operation', [Commutative]);
export const MaxNumFOp = floatBinaryOp('arith.maxnumf', 'floating-point maximum operation', [Commutative]);
export const MinNumFOp = floatBinaryOp('arith.minnumf', 'floating-point minimum operation', [Commutative]);

/** Arith_FloatUnaryOp. */
export const NegFOp = defineOp({
  name: 'arith.negf',
  summary: 'floating point negation',
  operands: { operand: FloatLike },
  results: { result: FloatLike },
  attributes: { fastmath: defaultValued(FastMathAttrConstraint, FastMathFlagsAttr.none) },
  traits: [Pure, SameOperandsAndResultType],
  assemblyFormat: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  fold: arithFolders['arith.negf'],
});

export const binaryOps = [
  AddIOp,
  SubIOp,
  MulIOp,
  ShLIOp,
  DivUIOp,
  DivSIOp,
  CeilDivUIOp,
  CeilDivSIOp,
  FloorDivSIOp,
  RemUIOp,
  RemSIOp,
  AndIOp,
  OrIOp,
  XOrIOp,
  ShRUIOp,
  ShRSIOp,
  MaxSIOp,
  MaxUIOp,
  MinSIOp,
  MinUIOp,
  AddFOp,
  SubFOp,
  MulFOp,
  DivFOp,
  RemFOp,
  MaximumFOp,
  MinimumFOp,
  MaxNumFOp,
  MinNumFOp,
  NegFOp,
];
