import { defineDialect } from '../../core/ir/dialect.js';
import { parseArithAttribute } from './attributes.js';
import { binaryOps } from './binary.js';
import { castOps } from './casts.js';
import { CmpFOp, CmpIOp } from './compare.js';
import { ConstantOp } from './constant.js';
import { AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp } from './extended.js';
import { SelectOp } from './select.js';
import { materializeArithConstant } from './materialize.js';

export * from './attributes.js';
export * from './binary.js';
export * from './casts.js';
export * from './compare.js';
export * from './constant.js';
export * from './extended.js';
export * from './select.js';
export * from './types.js';

export const arithDialect = defineDialect({
  name: 'arith',
  summary: 'Basic integer and floating point operations',
  ops: [ConstantOp, ...binaryOps, AddUIExtendedOp, MulSIExtendedOp, MulUIExtendedOp, CmpIOp, CmpFOp, SelectOp, ...castOps],
  parseAttribute: parseArithAttribute,
  materializeConstant: materializeArithConstant,
});
