import type { Attribute } from '../../core/ir/attributes.js';
import type { Builder } from '../../core/ir/builder.js';
import type { Location } from '../../core/ir/location.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Type } from '../../core/ir/types.js';
import { PoisonAttr } from './attributes.js';
import { PoisonOp } from './ops.js';

/** A ub.poison of `type` for a poison value (MLIR's UBDialect::materializeConstant). */
export function materializePoison(builder: Builder, value: Attribute, type: Type, loc: Location): Operation | undefined {
  if (!(value instanceof PoisonAttr)) return undefined;
  return builder.build(PoisonOp, { attributes: { value }, resultTypes: [type], loc }).op;
}
