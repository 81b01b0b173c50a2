/**
 * A kernel's workgroup size: its `known_block_size`, or the constant block sizes of the
 * gpu.launch_func ops that launch it from the gpu.module's parent. WGSL fixes it at compile time.
 */
import { DenseArrayAttr, IntegerAttr, StringAttr, SymbolRefAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { failOp } from './context.js';

type Size = [number, number, number];

/** The constant block sizes of a launch, or undefined when one is not a constant. */
function launchBlockSize(launch: Operation): Size | undefined {
  const deps = (launch.getAttr('operandSegmentSizes') as DenseArrayAttr).numbers[0] ?? 0;
  const sizes = launch.operands.slice(deps + 3, deps + 6).map((v) => {
    const def = v.definingOp;
    const value = def?.name === 'arith.constant' ? def.getAttr('value') : undefined;
    return value instanceof IntegerAttr ? value.number : undefined;
  });
  return sizes.every((s) => s !== undefined) ? (sizes as Size) : undefined;
}

function launchesOf(module: Operation, kernel: string): Operation[] {
  const moduleName = (module.getAttr('sym_name') as StringAttr).value;
  const launches: Operation[] = [];
  module.parentOp?.walk((op) => {
    if (op === module) return 'skip';
    if (op.name !== 'gpu.launch_func') return;
    const ref = op.getAttr('kernel');
    if (ref instanceof SymbolRefAttr && ref.root === moduleName && ref.nested.length === 1 && ref.leaf === kernel) launches.push(op);
  }, 'pre');
  return launches;
}

const show = (s: readonly number[]) => `(${s.join(', ')})`;

export function workgroupSizeOf(fn: Operation, module: Operation): Size {
  const name = (fn.getAttr('sym_name') as StringAttr).value;
  const known = fn.getAttr('known_block_size');
  let size: Size | undefined = known instanceof DenseArrayAttr ? (known.numbers as Size) : undefined;
  let from: Operation | undefined;
  for (const launch of launchesOf(module, name)) {
    const s = launchBlockSize(launch);
    if (!s) {
      if (size) continue;
      failOp(launch, 'has block sizes that are not constants; the WGSL target needs the workgroup size at compile time (give the kernel a known_block_size)');
    }
    if (size && s.some((d, i) => d !== size![i])) {
      const was = from ? 'another launch uses' : "the kernel's known_block_size is";
      failOp(launch, `launches the kernel with block size ${show(s)}, but ${was} ${show(size)}; a WGSL shader has one workgroup size`);
    }
    if (!size) {
      size = s;
      from = launch;
    }
  }
  if (!size) failOp(fn, 'has no known_block_size and no gpu.launch_func with constant block sizes; the WGSL target needs the workgroup size at compile time');
  if (size.some((d) => !Number.isInteger(d) || d < 1)) failOp(fn, `has workgroup size ${show(size)}; every dimension must be at least 1`);
  return size;
}
