import { DenseArrayAttr } from '../../core/ir/attributes.js';
import { defineDialect } from '../../core/ir/dialect.js';
import { IntegerType } from '../../core/ir/types.js';
import { AllocOp } from './alloc.js';
import { BinaryOp } from './binary.js';
import { SubgroupMmaComputeOp, SubgroupMmaLoadMatrixOp, SubgroupMmaStoreMatrixOp } from './mma.js';
import { AllReduceOp, SubgroupReduceOp, YieldOp } from './all-reduce.js';
import { LaunchOp, TerminatorOp } from './launch.js';
import { MemcpyOp, MemsetOp, WaitOp } from './async-ops.js';
import { parseGpuAttribute, parseGpuType } from './attributes.js';
import {
  BarrierOp,
  BlockDimOp,
  BlockIdOp,
  DynamicSharedMemoryOp,
  PrintfOp,
  GlobalIdOp,
  GPUFuncOp,
  GPUModuleOp,
  GridDimOp,
  LaneIdOp,
  LaunchFuncOp,
  ModuleEndOp,
  NumSubgroupsOp,
  ReturnOp,
  SubgroupIdOp,
  ShuffleOp,
  SubgroupSizeOp,
  ThreadIdOp,
} from './ops.js';

export * from './attributes.js';
export * from './ops.js';
export { AllocOp } from './alloc.js';
export * from './binary.js';
export * from './mma.js';
export * from './all-reduce.js';
export * from './launch.js';
export * from './async-ops.js';

export const gpuDialect = defineDialect({
  name: 'gpu',
  summary: 'GPU kernels, launches and thread/block ids',
  ops: [
    GPUModuleOp,
    ModuleEndOp,
    BinaryOp,
    SubgroupMmaLoadMatrixOp,
    SubgroupMmaStoreMatrixOp,
    SubgroupMmaComputeOp,
    GPUFuncOp,
    ReturnOp,
    LaunchFuncOp,
    ThreadIdOp,
    BlockIdOp,
    BlockDimOp,
    GridDimOp,
    GlobalIdOp,
    LaneIdOp,
    SubgroupIdOp,
    NumSubgroupsOp,
    SubgroupSizeOp,
    BarrierOp,
    DynamicSharedMemoryOp,
    PrintfOp,
    ShuffleOp,
    AllocOp,
    AllReduceOp,
    SubgroupReduceOp,
    YieldOp,
    LaunchOp,
    TerminatorOp,
    WaitOp,
    MemcpyOp,
    MemsetOp,
  ],
  // MLIR 19's GPUDialect::verifyOperationAttribute for the launch sizes a func.func may carry.
  verifyOperationAttribute(_op, name, value) {
    if (name !== 'gpu.known_block_size' && name !== 'gpu.known_grid_size') return undefined;
    if (!(value instanceof DenseArrayAttr && value.elementType === IntegerType.get(32))) return `${name} must be a dense i32 array`;
    if (value.values.length !== 3) return `${name} must contain exactly 3 elements`;
    return undefined;
  },
  parseAttribute: parseGpuAttribute,
  parseType: parseGpuType,
});
