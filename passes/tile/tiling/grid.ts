import { IndexType } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { BlockIdOp, DimensionAttr, type Dimension } from '../../../dialects/gpu/index.js';
import type { IndexBuilder } from './index-builder.js';

const AXES: readonly Dimension[] = ['x', 'y', 'z'];

/**
 * The grid axis (0 = x, 1 = y, 2 = z) of each of `numDims` tiled dimensions, outermost first: the
 * innermost dimension gets x, the next y, the next z. With more dimensions than `maxGridDims`
 * axes, the leading ones share the highest axis (Croktile's combined parallel dimensions).
 */
export function gridAxes(numDims: number, maxGridDims: number): number[] {
  return Array.from({ length: numDims }, (_, d) => Math.min(numDims - 1 - d, maxGridDims - 1));
}

/** The dimensions on each axis, outermost first. */
function dimsByAxis(axes: readonly number[]): number[][] {
  const byAxis: number[][] = [[], [], []];
  axes.forEach((axis, d) => byAxis[axis]!.push(d));
  return byAxis;
}

/** How many tiles of `sizes` cover `extents`, per dimension (built innermost first, as x comes first). */
export function tileCounts(b: IndexBuilder, extents: readonly Value[], sizes: readonly number[]): Value[] {
  const counts = new Array<Value>(extents.length);
  for (let d = extents.length - 1; d >= 0; d--) counts[d] = b.tileCount(extents[d]!, sizes[d]!);
  return counts;
}

/** Host side: the grid size along x, y, z, each the product of the tile counts of its dimensions. */
export function gridSize(b: IndexBuilder, counts: readonly Value[], axes: readonly number[]): [Value, Value, Value] {
  const sizes = dimsByAxis(axes).map((dims) => (dims.length === 0 ? b.index(1) : dims.map((d) => counts[d]!).reduce((x, y) => b.mul(x, y))));
  return sizes as [Value, Value, Value];
}

/**
 * Kernel side: the tile coordinate of the workgroup along each dimension. A dimension alone on
 * its axis is the block id; combined dimensions decompose it, innermost fastest, with the tile
 * counts `count(d)` (asked for only where needed).
 */
export function blockCoordinates(b: IndexBuilder, axes: readonly number[], count: (d: number) => Value): Value[] {
  const coords = new Array<Value>(axes.length);
  dimsByAxis(axes).forEach((dims, axis) => {
    if (dims.length === 0) return;
    let id: Value = b.build(BlockIdOp, { attributes: { dimension: DimensionAttr.get(AXES[axis]!) }, resultTypes: [IndexType.get()] }).result;
    for (let i = dims.length - 1; i > 0; i--) {
      const n = count(dims[i]!);
      coords[dims[i]!] = b.remU(id, n);
      id = b.divU(id, n);
    }
    coords[dims[0]!] = id;
  });
  return coords;
}
