import { BlockedLayoutAttr } from '../../../dialects/tile/index.js';

/** Threads per warp (subgroup) the layouts assume. */
export const WARP_SIZE = 32;

/** The largest power of two <= n (n >= 1). */
export function floorPowerOfTwo(n: number): number {
  return 2 ** Math.floor(Math.log2(Math.max(1, n)));
}

export const isPowerOfTwo = (n: number): boolean => Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0;

/**
 * A `#tile.blocked` layout spreading a tile of `shape` over `numWarps` warps of WARP_SIZE threads
 * (Triton's default for a dot accumulator). For the last two dimensions [.., BM, BN]:
 * 4 contiguous elements per thread along BN (fewer when BN is smaller), as many lanes along BN as
 * fill it (a power of two), the rest of the warp along BM; warps along BM as far as BM allows, the
 * rest along BN; each thread repeats along BM to cover it. Leading dimensions get 1s. A rank-1
 * tile puts the whole warp and all warps along its one dimension. `numWarps` must be a power of
 * two.
 */
export function blockedLayoutFor(shape: readonly number[], numWarps: number): BlockedLayoutAttr {
  if (!isPowerOfTwo(numWarps)) throw new Error(`blockedLayoutFor: numWarps must be a power of two, got ${numWarps}`);
  const rank = shape.length;
  const order = shape.map((_, d) => rank - 1 - d);
  if (rank === 1) {
    return BlockedLayoutAttr.get({ sizePerThread: [Math.min(4, shape[0]!)], threadsPerWarp: [WARP_SIZE], warpsPerGroup: [numWarps], order });
  }
  const [rows, cols] = [shape[rank - 2]!, shape[rank - 1]!];
  const sizeCols = Math.min(4, cols);
  const lanesCols = floorPowerOfTwo(Math.min(WARP_SIZE, Math.max(1, Math.floor(cols / sizeCols))));
  const lanesRows = WARP_SIZE / lanesCols;
  const warpsRows = floorPowerOfTwo(Math.min(numWarps, Math.max(1, Math.floor(rows / lanesRows))));
  const warpsCols = numWarps / warpsRows;
  const sizeRows = Math.max(1, Math.floor(rows / (lanesRows * warpsRows)));
  const lead = new Array<number>(rank - 2).fill(1);
  return BlockedLayoutAttr.get({
    sizePerThread: [...lead, sizeRows, sizeCols],
    threadsPerWarp: [...lead, lanesRows, lanesCols],
    warpsPerGroup: [...lead, warpsRows, warpsCols],
    order,
  });
}
