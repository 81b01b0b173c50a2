import { defineDialect } from '../../core/ir/dialect.js';
import { parseUbAttribute } from './attributes.js';
import { materializePoison } from './materialize.js';
import { PoisonOp } from './ops.js';

export { PoisonAttr } from './attributes.js';
export { PoisonOp, PoisonAttrConstraint } from './ops.js';
export { materializePoison } from './materialize.js';

export const ubDialect = defineDialect({
  name: 'ub',
  summary: 'undefined behavior: poison values',
  ops: [PoisonOp],
  parseAttribute: parseUbAttribute,
  materializeConstant: materializePoison,
});
