/** gpu canonicalization patterns, named as in MLIR 19's GPUDialect.cpp. */
import { definePattern } from '../../core/rewrite/pattern.js';

/** MLIR's eraseRedundantGpuBarrierOps: a gpu.barrier right before another one is erased (the threads are already synchronized). */
export const EraseRedundantGpuBarrierOps = definePattern({
  name: 'eraseRedundantGpuBarrierOps',
  root: 'gpu.barrier',
  matchAndRewrite(op, rw) {
    if (op.next?.name !== 'gpu.barrier') return false;
    rw.eraseOp(op);
    return true;
  },
});
