import { defineDialect } from '../../core/ir/dialect.js';
import { materializeArithConstant } from '../arith/materialize.js';
import { memrefOps } from './ops.js';

export * from './ops.js';
export * from './types.js';
export * from './dynamic-index-list.js';

// Constants the folders make (memref.dim's static extents) are arith constants, as in MLIR.
export const memrefDialect = defineDialect({ name: 'memref', summary: 'memory reference operations', ops: memrefOps, materializeConstant: materializeArithConstant });
