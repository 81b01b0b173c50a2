import { arithPatterns } from './canonicalization.js';
import { arithFolders } from './folders.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { AllTypesMatch, Commutative, Elementwise, Pure } from '../../core/ir/traits.js';
import { SignlessIntegerLike } from '../../core/ir/constraints.js';
import { BoolLike } from './types.js';

/** `%sum, %overflow = arith.addui_extended %a, %b : i32, i1`. */
export const AddUIExtendedOp = defineOp({
  name: 'arith.addui_extended',
  summary: 'extended unsigned integer addition operation returning sum and overflow bit',
  operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
  results: { sum: SignlessIntegerLike, overflow: BoolLike },
  traits: [AllTypesMatch('lhs', 'rhs', 'sum'), Pure, Commutative, Elementwise],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)',
  resultNames: () => ['sum', 'overflow'],
  fold: arithFolders['arith.addui_extended'],
  canonicalize: arithPatterns['arith.addui_extended'],
});

function mulExtended<const N extends string>(name: N, summary: string) {
  return defineOp({
    name,
    summary,
    operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
    results: { low: SignlessIntegerLike, high: SignlessIntegerLike },
    traits: [AllTypesMatch('lhs', 'rhs', 'low', 'high'), Pure, Commutative, Elementwise],
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($lhs)',
    resultNames: () => ['low', 'high'],
    fold: arithFolders[name],
    canonicalize: arithPatterns[name],
  });
}

export const MulSIExtendedOp = mulExtended('arith.mulsi_extended', 'extended signed integer multiplication operation');
export const MulUIExtendedOp = mulExtended('arith.mului_extended', 'extended unsigned integer multiplication operation');
