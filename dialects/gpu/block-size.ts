/**
 * A kernel's workgroup (block) size: its `known_block_size`, or the constant block sizes of the
 * gpu.launch_func ops that launch it from the gpu.module's parent, which must agree.
 */
import { DenseArrayAttr, IntegerAttr, type StringAttr, SymbolRefAttr } from '../../core/ir/attributes.js';
import { Failure } from '../../core/ir/diagnostics.js';
import type { Operation } from '../../core/ir/operation.js';

export type BlockSize = [number, number, number];

/** The constant block sizes of a launch, or undefined when one is not a constant. */
function launchBlockSize(launch: Operation): BlockSize | undefined {
  const deps = (launch.getAttr('operandSegmentSizes') as DenseArrayAttr).numbers[0] ?? 0;
  const sizes = launch.operands.slice(deps + 3, deps + 6).map((v) => {
    const def = v.definingOp;
    const value = def?.name === 'arith.constant' ? def.getAttr('value') : undefined;
    return value instanceof IntegerAttr ? value.number : undefined;
  });
  return sizes.every((s) => s !== undefined) ? (sizes as BlockSize) : undefined;
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

/** How the messages name who needs the size: 'the WGSL target' and 'a WGSL shader', say. */
export interface BlockSizeNeeder {
  readonly who: string;
  readonly unit: string;
}

/** Why a kernel has no single constant block size: a Failure at the op to blame. */
export class BlockSizeError extends Failure {
  declare readonly op: Operation;
  constructor(op: Operation, message: string) {
    super(message, op);
  }
}

/** The block size of kernel `fn` of gpu.module `module`, or why there is no single constant one. */
export function kernelBlockSize(fn: Operation, module: Operation, needer: BlockSizeNeeder): BlockSize | BlockSizeError {
  const name = (fn.getAttr('sym_name') as StringAttr).value;
  const known = fn.getAttr('known_block_size');
  let size: BlockSize | undefined = known instanceof DenseArrayAttr ? (known.numbers as BlockSize) : undefined;
  let from: Operation | undefined;
  for (const launch of launchesOf(module, name)) {
    const s = launchBlockSize(launch);
    if (!s) {
      if (size) continue;
      return new BlockSizeError(launch, `has block sizes that are not constants; ${needer.who} needs the workgroup size at compile time (give the kernel a known_block_size)`);
    }
    if (size && s.some((d, i) => d !== size![i])) {
      const was = from ? 'another launch uses' : "the kernel's known_block_size is";
      return new BlockSizeError(launch, `launches the kernel with block size ${show(s)}, but ${was} ${show(size)}; ${needer.unit} has one workgroup size`);
    }
    if (!size) {
      size = s;
      from = launch;
    }
  }
  if (!size) return new BlockSizeError(fn, `has no known_block_size and no gpu.launch_func with constant block sizes; ${needer.who} needs the workgroup size at compile time`);
  if (size.some((d) => !Number.isInteger(d) || d < 1)) return new BlockSizeError(fn, `has workgroup size ${show(size)}; every dimension must be at least 1`);
  return size;
}
