import { defineDialect } from '../../core/ir/dialect.js';
import { materializeArithConstant } from '../arith/materialize.js';
import { AtomicRMWOp, AtomicYieldOp, GenericAtomicRMWOp } from './atomic-ops.js';
import { DmaStartOp, DmaWaitOp } from './dma-ops.js';
import { AssumeAlignmentOp, PrefetchOp } from './hint-ops.js';
import { AllocaScopeOp, AllocaScopeReturnOp } from './scope-ops.js';
import { memrefOps } from './ops.js';
import { CollapseShapeOp, ExpandShapeOp, ReshapeOp } from './reshape-ops.js';
import { ExtractAlignedPointerAsIndexOp, ExtractStridedMetadataOp, MemorySpaceCastOp, RankOp, ReinterpretCastOp, TransposeOp, ViewOp } from './view-ops.js';

export * from './ops.js';
export * from './types.js';
export * from './dynamic-index-list.js';
export { AtomicRMWOp, AtomicYieldOp, GenericAtomicRMWOp } from './atomic-ops.js';
export { DmaStartOp, DmaWaitOp } from './dma-ops.js';
export { AssumeAlignmentOp, PrefetchOp } from './hint-ops.js';
export { AllocaScopeOp, AllocaScopeReturnOp } from './scope-ops.js';
export { CollapseShapeOp, ExpandShapeOp, ReshapeOp } from './reshape-ops.js';
export { ExtractAlignedPointerAsIndexOp, ExtractStridedMetadataOp, MemorySpaceCastOp, RankOp, ReinterpretCastOp, TransposeOp, ViewOp } from './view-ops.js';

// Constants the folders make (memref.dim's static extents) are arith constants, as in MLIR.
export const memrefDialect = defineDialect({
  name: 'memref',
  summary: 'memory reference operations',
  ops: [
    ...memrefOps,
    ExpandShapeOp,
    CollapseShapeOp,
    ReshapeOp,
    ReinterpretCastOp,
    ViewOp,
    ExtractStridedMetadataOp,
    RankOp,
    AtomicRMWOp,
    GenericAtomicRMWOp,
    AtomicYieldOp,
    DmaStartOp,
    DmaWaitOp,
    PrefetchOp,
    AssumeAlignmentOp,
    AllocaScopeOp,
    AllocaScopeReturnOp,
    MemorySpaceCastOp,
    TransposeOp,
    ExtractAlignedPointerAsIndexOp,
  ],
  materializeConstant: materializeArithConstant,
});
