import { DenseElementsAttr, DenseResourceElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import type { Builder } from '../../core/ir/builder.js';
import type { Location } from '../../core/ir/location.js';
import type { Operation } from '../../core/ir/operation.js';
import { IntegerType, type Type } from '../../core/ir/types.js';
import { ConstantOp } from './constant.js';
import { PoisonAttr } from '../ub/attributes.js';
import { materializePoison } from '../ub/materialize.js';

/**
 * An `arith.constant` of `type` holding `value`, or undefined when arith cannot hold it
 * (MLIR's arith::ConstantOp::materialize: the value's type must be the requested type).
 */
export function materializeArithConstant(builder: Builder, value: Attribute, type: Type, loc: Location): Operation | undefined {
  // Poison values become ub.poison, as MLIR's ArithDialect::materializeConstant makes them.
  if (value instanceof PoisonAttr) return materializePoison(builder, value, type, loc);
  if (!(value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof DenseElementsAttr || value instanceof DenseResourceElementsAttr)) return undefined;
  if (value.type !== type) return undefined;
  if (type instanceof IntegerType && !type.isSignless) return undefined;
  return builder.build(ConstantOp, { attributes: { value }, resultTypes: [type], loc }).op;
}
