import type { Context } from '../../../core/ir/dialect.js';
import type { KernelOutliner } from './kernels.js';

/**
 * How a matmul's K is split over workgroups (split-K): into a fixed number of slices, or into as
 * many as bring the grid to about `workgroups` workgroups (at run time, from M, N and K).
 */
export type SplitK = { readonly slices: number } | { readonly workgroups: number };

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
  /** The most workgroups a launch may have along one axis (WebGPU's maxComputeWorkgroupsPerDimension). */
  readonly maxBlocksPerAxis: number;
  /** Give a matmul whose A is row-major a K-major copy of A, made by a kernel of its own first. */
  readonly packLhs: boolean;
  /** Stages the K loop of a matmul kernel is to be pipelined over (its `tile.num_stages`), when the automatic configuration chose them. */
  readonly numStages?: number;
  /** The `tile.register_stages` of the loops of a FlashAttention kernel (over keys) or a row kernel (over column blocks), when the automatic configuration chose it: their loads stay loads into registers. */
  readonly registerStages?: number;
  /** Split a plain matmul's K over workgroups, each writing a partial C, summed by a second kernel. */
  readonly splitK?: SplitK;
  /** Tile a plain matmul as vector-matrix products (tileVectorMatrix: a row of C per workgroup row, no tile.dot). */
  readonly vectorMatrix?: boolean;
}
