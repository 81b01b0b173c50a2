import { defineDialect } from '../../core/ir/dialect.js';
import { materializeArithConstant } from '../arith/materialize.js';
import { AtomicRMWOp } from './atomic-ops.js';
import { memrefOps } from './ops.js';
import { CollapseShapeOp, ExpandShapeOp, ReshapeOp } from './reshape-ops.js';
import { ExtractStridedMetadataOp, RankOp, ReinterpretCastOp, ViewOp } from './view-ops.js';

export * from './ops.js';
export * from './types.js';
export * from './dynamic-index-list.js';
export { AtomicRMWOp } from './atomic-ops.js';
export { CollapseShapeOp, ExpandShapeOp, ReshapeOp } from './reshape-ops.js';
export { ExtractStridedMetadataOp, RankOp, ReinterpretCastOp, ViewOp } from './view-ops.js';

// Constants the folders make (memref.dim's static extents) are arith constants, as in MLIR.
export const memrefDialect = defineDialect({ name: 'memref', summary: 'memory reference operations', ops: [...memrefOps, ExpandShapeOp, CollapseShapeOp, ReshapeOp, ReinterpretCastOp, ViewOp, ExtractStridedMetadataOp, RankOp, AtomicRMWOp], materializeConstant: materializeArithConstant });
