import type { Operation } from '../../core/ir/operation.js';
import { KERNEL_ATTR } from './ops.js';

/** The gpu.func kernels under `root`, in walk order. */
export function kernelsIn(root: Operation): Operation[] {
  const kernels: Operation[] = [];
  root.walk((op) => void (op.name === 'gpu.func' && op.getAttr(KERNEL_ATTR) !== undefined && kernels.push(op)));
  return kernels;
}
