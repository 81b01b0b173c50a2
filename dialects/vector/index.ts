import { defineDialect } from '../../core/ir/dialect.js';
import { materializeArithConstant } from '../arith/materialize.js';
import { parseVectorAttribute } from './attributes.js';
import { vectorOps } from './ops.js';
import { TransferReadOp, TransferWriteOp } from './transfer-ops.js';
import { shapeOps } from './shape-ops.js';
import { maskOps } from './mask-ops.js';
import { maskedMemoryOps } from './masked-memory-ops.js';
import { computeOps } from './compute-ops.js';
import { maskRegionOps } from './mask-region-ops.js';
import { miscOps } from './misc-ops.js';

export * from './attributes.js';
export * from './ops.js';
export { TransferReadOp, TransferWriteOp } from './transfer-ops.js';
export * from './shape-ops.js';
export * from './mask-ops.js';
export * from './masked-memory-ops.js';
export * from './compute-ops.js';
export * from './mask-region-ops.js';
export * from './misc-ops.js';

export const vectorDialect = defineDialect({
  name: 'vector',
  summary: 'vector operations',
  ops: [...vectorOps, TransferReadOp, TransferWriteOp, ...shapeOps, ...maskOps, ...maskedMemoryOps, ...computeOps, ...maskRegionOps, ...miscOps],
  parseAttribute: parseVectorAttribute,
  // Constants the folders make are arith constants, as in MLIR.
  materializeConstant: materializeArithConstant,
});
