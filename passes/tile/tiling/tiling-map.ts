import type { Operation } from '../../../core/ir/operation.js';
import { i64, type MemRefType, RankedTensorType } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { LoadOp, MapOp, NUM_STAGES_ATTR, StoreOp } from '../../../dialects/tile/index.js';
import { IntegerAttr } from '../../../core/ir/attributes.js';
import { buildForLoop } from '../../../dialects/scf/builder.js';
import { blockCoordinates, gridLayout } from './grid.js';
import { replaceByLaunch } from './host-launch.js';
import { kernelBodyBuilder, uniqueValues, type Kernel } from './kernels.js';
import { capturedTiles, capturedValues, emitTiledBody, indexTiles, usesIndices } from './map-body.js';
import { sinkViews } from './sink-views.js';
import type { TilingContext } from './tiling-context.js';

/** The iteration space rank of a tile.map. */
export const mapRank = (op: Operation): number => (op.operands[0]!.type as MemRefType).rank;

/** Tile sizes of a map when the tile-sizes option is not given and no automatic configuration applies: [256] for rank 1, [1, ..., 1, 4, 64] above. */
export function mapDefaultTileSizes(rank: number): number[] {
  return rank === 1 ? [256] : [...new Array<number>(rank - 2).fill(1), 4, 64];
}

/** The dimensions the grid covers: all but the last, which each workgroup walks (rank 1: the one dimension). */
const gridDimsOf = (rank: number): number => Math.max(1, rank - 1);

/** The register tile shape for tile sizes: leading 1s dropped (a tile of rank k spans the trailing k dims). */
export function tileShapeOf(sizes: readonly number[]): number[] {
  const first = sizes.findIndex((s) => s !== 1);
  return first < 0 ? [1] : sizes.slice(first);
}

/**
 * Replaces a tile.map by the launch of a kernel in which each workgroup handles one tile of
 * `sizes`: the grid covers dimensions 0..r-2 and each workgroup walks the last one in steps of its
 * tile size (rank 1: the grid covers the one dimension). Each step loads a tile of every input,
 * computes the body on tiles and stores a tile of every output; tile.load/store mask the edges.
 */
export function tileMap(op: Operation, sizes: readonly number[], tiling: TilingContext): void {
  const map = MapOp.view(op);
  const captured = capturedValues(op);
  const views = sinkViews(op.operands);
  const launchArgs = uniqueValues([...views.launchArgs, ...captured]);
  const kernel = tiling.outliner.createKernel(tiling.kernelName, launchArgs, op.loc);
  const inKernel = views.rebuild(tiling.context, kernel.entry, (v) => kernel.argumentOf.get(v)!);
  buildMapKernel(map, sizes, tiling, kernel, inKernel);
  const first = op.operands[0]!;
  const gridDims = gridDimsOf(sizes.length);
  replaceByLaunch(op, tiling, kernel, launchArgs, { extents: (b) => sizes.slice(0, gridDims).map((_, d) => b.dim(first, d)), sizes });
}

function buildMapKernel(map: ReturnType<typeof MapOp.view>, sizes: readonly number[], tiling: TilingContext, kernel: Kernel, views: ReadonlyMap<Value, Value>): void {
  const op = map.op;
  const argOf = (v: Value): Value => views.get(v) ?? kernel.argumentOf.get(v)!;
  const [inputs, outputs] = [map.inputs.map(argOf), map.outputs.map(argOf)];
  const first = argOf(op.operands[0]!);
  const rank = sizes.length;
  const gridDims = gridDimsOf(rank);
  const shape = tileShapeOf(sizes);

  const b = kernelBodyBuilder(tiling.context, kernel, op.loc);
  const coords = blockCoordinates(b, gridLayout(gridDims, tiling), (d) => b.tileCount(b.dim(first, d), sizes[d]!));
  const offsets = coords.map((c, d) => b.scale(c, sizes[d]!));
  const outside = capturedTiles(b, op, shape, argOf);
  const step = (at: Value[]) => {
    const tiles = inputs.map((m) => b.build(LoadOp, { operands: { source: m, indices: at }, resultTypes: [RankedTensorType.get(shape, (m.type as MemRefType).elementType)] }).result);
    const results = emitTiledBody(b, op, shape, tiles, outside, undefined, usesIndices(op) ? indexTiles(b, shape, at) : undefined);
    results.forEach((t, i) => b.build(StoreOp, { operands: { value: t, dest: outputs[i]!, indices: at } }));
  };
  if (rank === 1) {
    step(offsets);
  } else {
    const bounds = { lower: b.index(0), upper: b.dim(first, rank - 1), step: b.index(sizes[rank - 1]!) };
    const loop = buildForLoop(b, bounds, [], (j) => {
      step([...offsets, j]);
      return [];
    });
    if (tiling.numStages !== undefined) loop.setAttr(NUM_STAGES_ATTR, IntegerAttr.get(i64, tiling.numStages));
  }
  b.hoistConstants(kernel.entry, undefined);
}
