import type { Context } from '../../../core/ir/dialect.js';
import type { KernelOutliner } from './kernels.js';

/** What tiling one whole-problem op needs besides the op and its tile sizes. */
export interface TilingContext {
  readonly context: Context;
  /** Where the op's kernel goes. */
  readonly outliner: KernelOutliner;
  /** The kernel's name before it is made unique: the enclosing function's symbol. */
  readonly kernelName: string;
  readonly numWarps: number;
  /** How many grid axes (x, y, z) the launch may use. */
  readonly maxGridDims: number;
  /** Give a matmul whose A is row-major a K-major copy of A, made by a kernel of its own first. */
  readonly packLhs: boolean;
  /** Stages the K loop of a matmul kernel is to be pipelined over (its `tile.num_stages`), when the automatic configuration chose them. */
  readonly numStages?: number;
}
