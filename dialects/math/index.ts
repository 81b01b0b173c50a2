import { defineDialect } from '../../core/ir/dialect.js';
import { materializeArithConstant } from '../arith/materialize.js';
import { mathOps } from './ops.js';

export * from './ops.js';

export const mathDialect = defineDialect({
  name: 'math',
  summary: 'Mathematical operations on integer and floating point values',
  ops: mathOps,
  // MLIR's math dialect materializes folded constants as arith.constant.
  materializeConstant: materializeArithConstant,
});
