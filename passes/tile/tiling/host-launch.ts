import type { Operation } from '../../../core/ir/operation.js';
import type { Value } from '../../../core/ir/value.js';
import { gridLayout, gridSize, tileCounts } from './grid.js';
import { IndexBuilder } from './index-builder.js';
import type { Kernel } from './kernels.js';
import { WARP_SIZE } from '../layouts.js';
import type { TilingContext } from './tiling-context.js';
import { buildIfThenElse } from '../../../dialects/scf/builder.js';

/**
 * Replaces the whole-problem `op` by host code launching `kernel` on `launchArgs`: one workgroup
 * per tile of the grid dimensions, whose sizes `extents` builds and whose tile sizes are `sizes`.
 */
export function replaceByLaunch(op: Operation, tiling: TilingContext, kernel: Kernel, launchArgs: readonly Value[], grid: LaunchGrid): void {
  launchBefore(op, tiling, kernel, launchArgs, grid);
  op.erase();
}

/** The grid of a launch: the extents of the tiled dimensions and their tile sizes. */
export interface LaunchGrid {
  readonly extents: (b: IndexBuilder) => Value[];
  readonly sizes: readonly number[];
  /** Warps per workgroup, when not the tiling's num-warps. */
  readonly warps?: number;
}

/** Host code launching `kernel` on `launchArgs` just before `op` (which stays). */
export function launchBefore(op: Operation, tiling: TilingContext, kernel: Kernel, launchArgs: readonly Value[], grid: LaunchGrid): void {
  const b = new IndexBuilder(tiling.context);
  b.loc = op.loc;
  b.setInsertionPointBefore(op);
  const before = op.prev;
  const counts = tileCounts(b, grid.extents(b), grid.sizes);
  const size = gridSize(b, counts, gridLayout(counts.length, tiling));
  tiling.outliner.launch(b, kernel, size, WARP_SIZE * (grid.warps ?? tiling.numWarps), launchArgs);
  b.hoistConstants(op.parent!, before);
}

/**
 * Host code choosing among kernels by one extent: before `at`, an scf.if per bound, `extent <=
 * bound` running `launch(i, anchor)` in its then branch (anchor: the branch's terminator), the
 * next test in its else branch. Returns the last else branch's terminator, where the rest goes.
 */
export function launchByBound(b: IndexBuilder, at: Operation, extent: (b: IndexBuilder) => Value, bounds: readonly number[], launch: (i: number, anchor: Operation) => void): Operation {
  let anchor = at;
  for (const [i, bound] of bounds.entries()) {
    b.setInsertionPointBefore(anchor);
    const branch = buildIfThenElse(
      b,
      b.compare('ule', extent(b), b.index(bound)),
      [],
      () => [],
      () => [],
    );
    launch(i, branch.region(0).entry!.last!);
    anchor = branch.region(1).entry!.last!;
  }
  return anchor;
}
