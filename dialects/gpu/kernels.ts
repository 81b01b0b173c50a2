import type { IntegerAttr, TypeAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import type { FunctionType, MemRefType } from '../../core/ir/types.js';
import { staticByteSize } from '../memref/types.js';
import { KERNEL_ATTR } from './ops.js';

/** The gpu.func kernels under `root`, in walk order. */
export function kernelsIn(root: Operation): Operation[] {
  const kernels: Operation[] = [];
  root.walk((op) => void (op.name === 'gpu.func' && op.getAttr(KERNEL_ATTR) !== undefined && kernels.push(op)));
  return kernels;
}

/** The bytes of a gpu.func's workgroup attributions (the block arguments after its inputs). */
export function workgroupAttributionBytes(fn: Operation): number {
  const count = (fn.getAttr('workgroup_attributions') as IntegerAttr | undefined)?.number ?? 0;
  const inputs = ((fn.getAttr('function_type') as TypeAttr).value as FunctionType).inputs.length;
  return fn
    .region(0)
    .entry!.arguments.slice(inputs, inputs + count)
    .reduce((sum, a) => sum + staticByteSize(a.type as MemRefType), 0);
}
