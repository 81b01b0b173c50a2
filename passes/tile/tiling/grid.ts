import { IndexType } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { BlockIdOp, DimensionAttr, GridDimOp, type Dimension } from '../../../dialects/gpu/index.js';
import { buildIfThenElse } from '../../../dialects/scf/builder.js';
import type { IndexBuilder } from './index-builder.js';
import type { TilingContext } from './tiling-context.js';

const AXES: readonly Dimension[] = ['x', 'y', 'z'];

/** WebGPU's default maxComputeWorkgroupsPerDimension: a launch with more blocks on an axis fails. */
export const WEBGPU_DEFAULT_MAX_BLOCKS_PER_AXIS = 65535;

/**
 * Where a launch's tiled dimensions go on the grid. `axes[d]` is the axis (0 = x, 1 = y, 2 = z)
 * of dimension d. `spill`, when the axis above the highest one used is free, is that highest
 * axis: where its blocks may outnumber `maxBlocks` (a dynamic extent, or a static one too large),
 * they are laid out over it and the next axis, block id = next id · X + id.
 */
export interface GridLayout {
  readonly axes: readonly number[];
  readonly spill?: number;
  readonly maxBlocks: number;
}

/**
 * The grid of `numDims` tiled dimensions, outermost first: the innermost dimension gets x, the
 * next y, the next z. With more dimensions than `maxGridDims` axes, the leading ones share the
 * highest axis (Croktile's combined parallel dimensions).
 */
export function gridLayout(numDims: number, { maxGridDims, maxBlocksPerAxis }: Pick<TilingContext, 'maxGridDims' | 'maxBlocksPerAxis'>): GridLayout {
  const axes = Array.from({ length: numDims }, (_, d) => Math.min(numDims - 1 - d, maxGridDims - 1));
  const top = Math.max(0, ...axes);
  return top + 1 < maxGridDims ? { axes, spill: top, maxBlocks: maxBlocksPerAxis } : { axes, maxBlocks: maxBlocksPerAxis };
}

/** The dimensions on each axis, outermost first. */
function dimsByAxis(axes: readonly number[]): number[][] {
  const byAxis: number[][] = [[], [], []];
  axes.forEach((axis, d) => byAxis[axis]!.push(d));
  return byAxis;
}

/** Whether the blocks of the counts `counts` (one axis's) need two axes: not known to fit one. */
function spills(b: IndexBuilder, counts: readonly Value[], maxBlocks: number): boolean {
  const known = counts.map((c) => b.knownIndex(c));
  return known.some((n) => n === undefined) || known.reduce((x, y) => x! * y!, 1)! > maxBlocks;
}

/** How many tiles of `sizes` cover `extents`, per dimension (built innermost first, as x comes first). */
export function tileCounts(b: IndexBuilder, extents: readonly Value[], sizes: readonly number[]): Value[] {
  const counts = new Array<Value>(extents.length);
  for (let d = extents.length - 1; d >= 0; d--) counts[d] = b.tileCount(extents[d]!, sizes[d]!);
  return counts;
}

/**
 * Host side: the grid size along x, y, z, each the product of the tile counts of its dimensions;
 * a spilling axis's n blocks as ceil(n / Y) along it and Y = ceil(n / maxBlocks) along
 * the next (fewer than Y blocks past n; none for n = 0).
 */
export function gridSize(b: IndexBuilder, counts: readonly Value[], layout: GridLayout): [Value, Value, Value] {
  const byAxis = dimsByAxis(layout.axes);
  const sizes = byAxis.map((dims) => (dims.length === 0 ? b.index(1) : dims.map((d) => counts[d]!).reduce((x, y) => b.mul(x, y))));
  const spill = layout.spill;
  const spillCounts = spill === undefined ? [] : byAxis[spill]!.map((d) => counts[d]!);
  if (spill !== undefined && spills(b, spillCounts, layout.maxBlocks)) {
    const n = sizes[spill]!;
    const rounds = b.tileCount(n, layout.maxBlocks);
    // (rounds is 0 for an empty problem: then no blocks.)
    sizes[spill] = b.ceilDivU(n, b.maxU(rounds, b.index(1)));
    sizes[spill + 1] = rounds;
  }
  return sizes as [Value, Value, Value];
}

/**
 * Kernel side: the tile coordinate of the workgroup along each dimension. A dimension alone on
 * its axis is the block id; combined dimensions decompose it, innermost fastest, with the tile
 * counts `count(d)` (asked for only where needed). Where the blocks spill onto the next axis,
 * the blocks past the last tile do nothing: the rest of the kernel, built at `b` afterwards, goes
 * into an `scf.if` on the outermost coordinate (a uniform branch). A count asked for and then not
 * needed (no spill) is erased: callers must not keep the values `count` returns.
 */
export function blockCoordinates(b: IndexBuilder, layout: GridLayout, count: (d: number) => Value): Value[] {
  const coords = new Array<Value>(layout.axes.length);
  const blockId = (axis: number): Value => b.build(BlockIdOp, { attributes: { dimension: DimensionAttr.get(AXES[axis]!) }, resultTypes: [IndexType.get()] }).result;
  const gridDim = (axis: number): Value => b.build(GridDimOp, { attributes: { dimension: DimensionAttr.get(AXES[axis]!) }, resultTypes: [IndexType.get()] }).result;
  let inRange: Value | undefined;
  dimsByAxis(layout.axes).forEach((dims, axis) => {
    if (dims.length === 0) return;
    const counts = new Map<number, Value>();
    const countOf = (d: number): Value => counts.get(d) ?? counts.set(d, count(d)).get(d)!;
    let id = blockId(axis);
    let outerCount: Value | undefined;
    if (axis === layout.spill) {
      if (spills(b, dims.map(countOf), layout.maxBlocks)) {
        id = b.add(b.mul(blockId(axis + 1), gridDim(axis)), id);
        outerCount = countOf(dims[0]!);
      } else {
        b.discard(countOf(dims[0]!));
      }
    }
    for (let i = dims.length - 1; i > 0; i--) {
      const n = countOf(dims[i]!);
      coords[dims[i]!] = b.remU(id, n);
      id = b.divU(id, n);
    }
    coords[dims[0]!] = id;
    if (outerCount) inRange = b.compare('ult', id, outerCount);
  });
  if (inRange) {
    const guarded = buildIfThenElse(b, inRange, [], () => []);
    b.setInsertionPointBefore(guarded.region(0).entry!.last!);
  }
  return coords;
}
