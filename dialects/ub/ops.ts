import { AnyType, attrConstraint, defaultValued } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { ConstantLike, Pure } from '../../core/ir/traits.js';
import { PoisonAttr } from './attributes.js';

export const PoisonAttrConstraint = attrConstraint('PoisonAttrInterface instance', (a): a is PoisonAttr => a instanceof PoisonAttr);

/** A poison value of any type (MLIR 19's ub.poison); it folds to its `#ub.poison` value. */
export const PoisonOp = defineOp({
  name: 'ub.poison',
  summary: 'poisoned constant operation',
  results: { result: AnyType },
  attributes: { value: defaultValued(PoisonAttrConstraint, PoisonAttr.get()) },
  traits: [ConstantLike, Pure],
  fold: (op) => op.getAttr('value'),
  assemblyFormat: 'attr-dict (`<` $value^ `>`)? `:` type($result)',
});
