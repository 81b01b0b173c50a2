import { IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr } from '../../../core/ir/attributes.js';
import { Block } from '../../../core/ir/block.js';
import { Builder } from '../../../core/ir/builder.js';
import type { Context } from '../../../core/ir/dialect.js';
import type { Location } from '../../../core/ir/location.js';
import type { Operation } from '../../../core/ir/operation.js';
import { SymbolTable } from '../../../core/ir/symbol-table.js';
import { FunctionType, IntegerType } from '../../../core/ir/types.js';
import type { BlockArgument, Value } from '../../../core/ir/value.js';
import { GPUFuncOp, GPUModuleOp, LaunchFuncOp, ModuleEndOp, ReturnOp } from '../../../dialects/gpu/index.js';
import { IndexBuilder } from './index-builder.js';

/** The symbol of the gpu.module that holds the kernels of a module. */
export const KERNELS_MODULE = 'kernels';
const CONTAINER_MODULE_ATTR = 'gpu.container_module';

/** A symbol `kernels` in `module` that is not a gpu.module (where kernels cannot go), if any. */
export function kernelsSymbolClash(module: Operation): Operation | undefined {
  const existing = new SymbolTable(module).lookup(KERNELS_MODULE);
  return existing && !GPUModuleOp.isa(existing) ? existing : undefined;
}

/** `values` without repeats, in order of first appearance. */
export function uniqueValues(values: readonly Value[]): Value[] {
  return [...new Set(values)];
}

/** A new kernel: its gpu.func and the entry block arguments standing for the launch arguments. */
export interface Kernel {
  readonly func: Operation;
  readonly name: string;
  readonly entry: Block;
  /** The kernel argument of each launch argument. */
  readonly argumentOf: Map<Value, BlockArgument>;
}

/** A builder at the end of a new kernel's body (before its gpu.return), its ops located at `loc`. */
export function kernelBodyBuilder(context: Context, kernel: Kernel, loc: Location): IndexBuilder {
  const b = new IndexBuilder(context);
  b.loc = loc;
  b.setInsertionPointBefore(kernel.entry.last!);
  return b;
}

/**
 * Adds kernels to a module's `gpu.module @kernels` (created at the start of the module when
 * missing) and launches them from host code; marks the module `gpu.container_module`.
 */
export class KernelOutliner {
  private kernelsModule: Operation | undefined;
  private taken = new Set<string>();

  constructor(
    readonly context: Context,
    readonly module: Operation,
  ) {}

  private kernels(loc: Location): Operation {
    if (this.kernelsModule) return this.kernelsModule;
    let gm = new SymbolTable(this.module).lookup(KERNELS_MODULE);
    if (!gm) {
      const b = new Builder(this.context);
      b.setInsertionPointToStart(this.module.region(0).entry!);
      b.loc = loc;
      gm = b.build(GPUModuleOp, { attributes: { sym_name: StringAttr.get(KERNELS_MODULE) } }).op;
      const body = gm.region(0).appendBlock(new Block());
      b.setInsertionPointToEnd(body);
      b.build(ModuleEndOp, {});
    }
    this.module.setAttr(CONTAINER_MODULE_ATTR, UnitAttr.get());
    this.taken = new Set(new SymbolTable(gm).names);
    return (this.kernelsModule = gm);
  }

  /** `base`, or `base_0`, `base_1`, ... : the first name no symbol of the kernels module has. */
  private uniqueName(base: string): string {
    let name = base;
    for (let i = 0; this.taken.has(name); i++) name = `${base}_${i}`;
    this.taken.add(name);
    return name;
  }

  /**
   * An empty `gpu.func @name(...) kernel` (ending in gpu.return) taking `launchArgs`' types, at the
   * end of the kernels module; `name` is made unique there.
   */
  createKernel(name: string, launchArgs: readonly Value[], loc: Location): Kernel {
    const kernels = this.kernels(loc);
    const unique = this.uniqueName(name);
    const b = new Builder(this.context);
    b.loc = loc;
    b.setInsertionPointBefore(kernels.region(0).entry!.last!);
    const func = b.build(GPUFuncOp, {
      attributes: {
        function_type: TypeAttr.get(
          FunctionType.get(
            launchArgs.map((v) => v.type),
            [],
          ),
        ),
      },
      discardable: { 'gpu.kernel': UnitAttr.get(), sym_name: StringAttr.get(unique), workgroup_attributions: IntegerAttr.get(IntegerType.get(64), 0) },
    }).op;
    const entry = func.region(0).appendBlock(new Block());
    const argumentOf = new Map<Value, BlockArgument>();
    for (const v of launchArgs) argumentOf.set(v, entry.addArgument(v.type, loc));
    b.setInsertionPointToEnd(entry);
    b.build(ReturnOp, {});
    return { func, name: unique, entry, argumentOf };
  }

  /** `gpu.launch_func @kernels::@name blocks in (grid) threads in (threads, 1, 1) args(...)` at `b`'s insertion point. */
  launch(b: IndexBuilder, kernel: Kernel, grid: readonly [Value, Value, Value], threads: number, launchArgs: readonly Value[]): Operation {
    const one = b.index(1);
    return b.build(LaunchFuncOp, {
      operands: {
        gridSizeX: grid[0],
        gridSizeY: grid[1],
        gridSizeZ: grid[2],
        blockSizeX: b.index(threads),
        blockSizeY: one,
        blockSizeZ: one,
        kernelOperands: [...launchArgs],
      },
      attributes: { kernel: SymbolRefAttr.get(KERNELS_MODULE, [kernel.name]) },
    }).op;
  }
}
