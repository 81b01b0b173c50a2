/** A kernel's workgroup size, which WGSL fixes at compile time (dialects/gpu/block-size.ts). */
import type { Operation } from '../../core/ir/operation.js';
import { kernelBlockSize, type BlockSize } from '../../dialects/gpu/block-size.js';
import { failOp } from './context.js';

export function workgroupSizeOf(fn: Operation, module: Operation): BlockSize {
  const size = kernelBlockSize(fn, module, { who: 'the WGSL target', unit: 'a WGSL shader' });
  if (!Array.isArray(size)) failOp(size.op, size.message);
  return size;
}
