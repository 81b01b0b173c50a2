import { defineDialect } from '../../core/ir/dialect.js';
import { ForallOp, InParallelOp } from './forall-ops.js';
import { IndexSwitchOp } from './index-switch.js';
import { ConditionOp, ExecuteRegionOp, ForOp, IfOp, WhileOp, YieldOp } from './ops.js';
import { ParallelOp, ReduceOp, ReduceReturnOp } from './parallel-ops.js';

export * from './ops.js';
export { ParallelOp, ReduceOp, ReduceReturnOp } from './parallel-ops.js';
export { ForallOp, InParallelOp } from './forall-ops.js';
export { IndexSwitchOp } from './index-switch.js';

export const scfDialect = defineDialect({
  name: 'scf',
  summary: 'structured control flow',
  ops: [ForOp, IfOp, WhileOp, ConditionOp, YieldOp, ExecuteRegionOp, ParallelOp, ReduceOp, ReduceReturnOp, ForallOp, InParallelOp, IndexSwitchOp],
});
