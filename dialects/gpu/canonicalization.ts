/** gpu canonicalization patterns, named as in MLIR 19's GPUDialect.cpp. */
import type { Value } from '../../core/ir/value.js';
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

/** A gpu.wait that gives a token and waits on nothing (`%t = gpu.wait async`). */
const isTrivialWait = (v: Value): boolean => {
  const def = v.definingOp;
  return def?.name === 'gpu.wait' && def.numOperands === 0;
};

/** MLIR's EraseRedundantGpuWaitOpPairs: a gpu.wait drops the tokens of `gpu.wait async` ops without dependencies. */
export const EraseRedundantGpuWaitOpPairs = definePattern({
  name: 'EraseRedundantGpuWaitOpPairs',
  root: 'gpu.wait',
  matchAndRewrite(op, rw) {
    if (!op.operands.some(isTrivialWait)) return false;
    const kept = op.operands.filter((v) => !isTrivialWait(v));
    rw.modifyOpInPlace(op, () => op.setOperands(kept));
    return true;
  },
});

/**
 * MLIR's SimplifyGpuWaitOp: `gpu.wait` without dependencies nor token is erased; the token of
 * `%t1 = gpu.wait async [%t0]` is %t0; `%t = gpu.wait async ...` with %t unused is erased.
 */
export const SimplifyGpuWaitOp = definePattern({
  name: 'SimplifyGpuWaitOp',
  root: 'gpu.wait',
  matchAndRewrite(op, rw) {
    const token = op.results[0];
    if (op.numOperands === 0 && !token) {
      rw.eraseOp(op);
      return true;
    }
    if (op.numOperands === 1 && token) {
      rw.replaceOp(op, [op.operand(0)]);
      return true;
    }
    if (token && !token.hasUses) {
      rw.eraseOp(op);
      return true;
    }
    return false;
  },
});
