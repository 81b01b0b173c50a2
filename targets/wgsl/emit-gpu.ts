/** gpu ops inside a kernel: ids from WGSL builtins, block sizes from the workgroup size, barriers. */
import type { Operation } from '../../core/ir/operation.js';
import type { DimensionAttr, ShuffleModeAttr } from '../../dialects/gpu/attributes.js';
import type { Builtin, KernelContext, OpEmitter } from './context.js';

/** The entry point parameter name of each builtin. */
export const BUILTIN_PARAMS: Record<Builtin, string> = {
  local_invocation_id: 'local_id',
  workgroup_id: 'workgroup_id',
  num_workgroups: 'num_workgroups',
  global_invocation_id: 'global_id',
};

function dimension(op: Operation): 'x' | 'y' | 'z' {
  return (op.getAttr('dimension') as DimensionAttr).value;
}

function fromBuiltin(builtin: Builtin): OpEmitter {
  return (op: Operation, cx: KernelContext) => {
    cx.builtins.add(builtin);
    cx.define(op, `i32(${BUILTIN_PARAMS[builtin]}.${dimension(op)})`);
  };
}

const blockDim: OpEmitter = (op, cx) => {
  const n = cx.workgroupSize['xyz'.indexOf(dimension(op))]!;
  cx.define(op, `${n}i`);
  cx.noteInteger(op.result, n);
};

/**
 * workgroupBarrier() orders workgroup memory only. When a storage buffer is both read and
 * written, threads may communicate through it, so storageBarrier() comes first.
 */
const barrier: OpEmitter = (_op, cx) => {
  if (cx.racyStorage) cx.line('storageBarrier();');
  cx.line('workgroupBarrier();');
};

/**
 * gpu.shuffle xor as subgroupShuffleXor (the `subgroups` extension and device feature). Lanes
 * stay within a segment of `width` when the offset is below it, as the lowering guarantees (its
 * width is at most the device's subgroup size); `valid` is that comparison.
 */
const shuffle: OpEmitter = (op, cx) => {
  const mode = (op.getAttr('mode') as ShuffleModeAttr).value;
  if (mode !== 'xor') cx.fail(op, `gpu.shuffle ${mode} is not supported by the WGSL target (only xor)`);
  cx.enables.add('subgroups');
  const lanes = cx.integerConstant(op.operand(2));
  if (lanes === undefined) cx.fail(op, 'the WGSL target needs a constant gpu.shuffle width (the subgroup size the kernel assumes)');
  cx.subgroupLanes = Math.max(cx.subgroupLanes, lanes!);
  const [value, offset, width] = [0, 1, 2].map((i) => cx.operand(op, i));
  cx.define(op, `subgroupShuffleXor(${value}, u32(${offset}))`, 0);
  cx.define(op, `${offset} < ${width}`, 1);
};

export const gpuEmitters: Record<string, OpEmitter> = {
  'gpu.thread_id': fromBuiltin('local_invocation_id'),
  'gpu.block_id': fromBuiltin('workgroup_id'),
  'gpu.grid_dim': fromBuiltin('num_workgroups'),
  'gpu.global_id': fromBuiltin('global_invocation_id'),
  'gpu.block_dim': blockDim,
  'gpu.barrier': barrier,
  'gpu.shuffle': shuffle,
  // The kernel's single block ends the function.
  'gpu.return': () => {},
};
