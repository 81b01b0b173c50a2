import { DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import type { Builder } from '../../core/ir/builder.js';
import type { Location } from '../../core/ir/location.js';
import type { Operation } from '../../core/ir/operation.js';
import { IntegerType, type Type } from '../../core/ir/types.js';
import { ConstantOp } from './constant.js';

/**
 * An `arith.constant` of `type` holding `value`, or undefined when arith cannot hold it
 * (MLIR's arith::ConstantOp::materialize: the value's type must be the requested type).
 */
export function materializeArithConstant(builder: Builder, value: Attribute, type: Type, loc: Location): Operation | undefined {
  if (!(value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof DenseElementsAttr)) return undefined;
  if (value.type !== type) return undefined;
  if (type instanceof IntegerType && !type.isSignless) return undefined;
  return builder.build(ConstantOp, { attributes: { value }, resultTypes: [type], loc }).op;
}
