import { defineDialect } from '../../core/ir/dialect.js';
import { ConditionOp, ExecuteRegionOp, ForOp, IfOp, WhileOp, YieldOp } from './ops.js';

export * from './ops.js';

export const scfDialect = defineDialect({
  name: 'scf',
  summary: 'structured control flow',
  ops: [ForOp, IfOp, WhileOp, ConditionOp, YieldOp, ExecuteRegionOp],
});
