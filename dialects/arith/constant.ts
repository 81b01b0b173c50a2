import { foldConstant } from './folders.js';
import { DenseElementsAttr, DenseResourceElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import { AnyType, attrConstraint, required } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { AllTypesMatch, ConstantLike, Pure } from '../../core/ir/traits.js';
import { IntegerType, VectorType } from '../../core/ir/types.js';

/** MLIR's TypedAttrInterface: attributes that carry a type. */
export const TypedAttr = attrConstraint('TypedAttr instance', (a: Attribute): a is Attribute => a.type !== undefined);

/**
 * `arith.constant 42 : i32`, `arith.constant dense<1.0> : vector<4xf32>`. The format is MLIR's
 * (`attr-dict $value`); the result type is the value's type.
 */
export const ConstantOp = defineOp({
  name: 'arith.constant',
  summary: 'integer or floating point constant',
  attributes: { value: required(TypedAttr) },
  results: { result: AnyType },
  traits: [AllTypesMatch('value', 'result'), ConstantLike, Pure],
  assemblyFormat: 'attr-dict $value',
  fold: foldConstant,
  inferResultTypes: (_operands, attributes) => {
    const t = attributes.get('value')?.type;
    return t ? [t] : 'expected a typed attribute for the constant value';
  },
  resultNames: (op) => {
    const value = op.getProperty('value');
    const type = op.resultTypes[0];
    if (value instanceof IntegerAttr) {
      if (type instanceof IntegerType && type.width === 1) return [value.value ? 'true' : 'false'];
      return [`c${value.value}${type instanceof IntegerType ? `_${type}` : ''}`];
    }
    return ['cst'];
  },
  verify: (op) => {
    const type = op.resultTypes[0]!;
    const value = op.getProperty('value')!;
    if (type instanceof IntegerType && !type.isSignless) return 'integer return type must be signless';
    if (!(value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof DenseElementsAttr || value instanceof DenseResourceElementsAttr)) {
      return 'value must be an integer, float, or elements attribute';
    }
    if (type instanceof VectorType && type.scalableDims.some(Boolean) && !(value instanceof DenseElementsAttr && value.isSplat)) {
      return "intializing scalable vectors with elements attribute is not supported unless it's a vector splat";
    }
    return undefined;
  },
});
