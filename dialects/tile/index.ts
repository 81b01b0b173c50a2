import { defineDialect } from '../../core/ir/dialect.js';
import { parseTileAttribute } from './attributes.js';
import { BroadcastOp, CastOp, DotOp, IotaOp, ReduceOp, SplatOp, TransposeOp, YieldOp } from './compute-ops.js';
import { AllocOp, LoadOp, StoreOp, ViewOp } from './memory-ops.js';
import { FusionOp, IndexOp, MapOp, MatmulOp, ReductionOp } from './problem-ops.js';

export * from './attributes.js';
export * from './compute-ops.js';
export * from './memory-ops.js';
export * from './problem-ops.js';
export * from './reduction-kinds.js';
export * from './schedule.js';

export const tileDialect = defineDialect({
  name: 'tile',
  summary: 'whole-tile (workgroup-collective) ops over register tiles and memrefs',
  ops: [MatmulOp, MapOp, IndexOp, ReductionOp, FusionOp, YieldOp, LoadOp, StoreOp, AllocOp, ViewOp, DotOp, TransposeOp, ReduceOp, BroadcastOp, SplatOp, IotaOp, CastOp],
  parseAttribute: parseTileAttribute,
});
