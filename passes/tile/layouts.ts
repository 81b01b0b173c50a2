import { BlockedLayoutAttr, blockedDims, type RegisterLayout } from '../../dialects/tile/index.js';

/** Most elements one thread may hold of one register tile (they are unrolled into scalars). */
export const MAX_ELEMENTS_PER_THREAD = 256;

/**
 * Why a layout does not fit a tile of `shape` for unrolling: along `dim` it covers `covers`
 * elements at a time, more than one but not a divisor of the tile's extent; or each thread
 * would hold `count` elements, more than MAX_ELEMENTS_PER_THREAD. Undefined when it fits.
 */
export function layoutFitError(layout: RegisterLayout, shape: readonly number[]): { dim: number; covers: number } | { count: number } | undefined {
  const { blocked, dims } = blockedDims(layout);
  const perGroup = dims.map((d) => blocked.shapePerGroup[d]!);
  const spt = dims.map((d) => blocked.sizePerThread[d]!);
  for (let d = 0; d < shape.length; d++) {
    if (perGroup[d]! < shape[d]! && shape[d]! % perGroup[d]! !== 0) return { dim: d, covers: perGroup[d]! };
  }
  const count = shape.reduce((n, s, d) => n * Math.max(spt[d]!, (s / perGroup[d]!) * spt[d]!), 1);
  return count > MAX_ELEMENTS_PER_THREAD ? { count } : undefined;
}

/** Threads per warp (subgroup) the layouts assume. */
export const WARP_SIZE = 32;

/** The largest power of two <= n (n >= 1). */
export function floorPowerOfTwo(n: number): number {
  return 2 ** Math.floor(Math.log2(Math.max(1, n)));
}

/** The largest power of two that divides n (n >= 1). */
const largestPowerOfTwoDividing = (n: number): number => n & -n;

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

/**
 * Splits `count` (a power of two) over dimensions visited in `visit` order, giving each at most
 * the power of two that its extent `room[d]` holds; what is left goes to the last visited one
 * (those threads then hold copies of the same elements).
 */
function spread(count: number, room: readonly number[], visit: readonly number[]): number[] {
  const out = room.map(() => 1);
  let left = count;
  for (const d of visit) {
    const here = Math.min(left, floorPowerOfTwo(Math.max(1, room[d]!)));
    out[d] = here;
    left /= here;
  }
  out[visit[visit.length - 1]!]! *= left;
  return out;
}

/**
 * The layout loads and stores want (Triton's coalesced layout): `vector` contiguous elements per
 * thread along the innermost dimension (4 when it is contiguous in memory and a multiple of 4),
 * consecutive lanes along it, then along the next dimensions; warps from the outermost
 * dimension in. `numThreads` is the workgroup size, a power of two.
 */
export function accessLayoutFor(shape: readonly number[], numThreads: number, contiguous: boolean): BlockedLayoutAttr {
  const rank = shape.length;
  const inner = rank - 1;
  // 4 elements per thread at most, fewer when the tile has fewer than 4 per thread (so that no
  // thread holds a copy of another's elements when the threads can cover the tile).
  const perThread = shape.reduce((a, b) => a * b, 1) / numThreads;
  const vector = contiguous ? Math.min(4, floorPowerOfTwo(Math.max(1, perThread)), largestPowerOfTwoDividing(shape[inner]!)) : 1;
  const lanes = Math.min(WARP_SIZE, numThreads);
  const innerFirst = shape.map((_, d) => inner - d);
  const sizePerThread = shape.map((_, d) => (d === inner ? vector : 1));
  const threadsPerWarp = spread(
    lanes,
    shape.map((n, d) => n / sizePerThread[d]!),
    innerFirst,
  );
  const room = shape.map((n, d) => n / (sizePerThread[d]! * threadsPerWarp[d]!));
  const warpsPerGroup = spread(numThreads / lanes, room, [...innerFirst].reverse());
  return BlockedLayoutAttr.get({ sizePerThread, threadsPerWarp, warpsPerGroup, order: innerFirst });
}

/**
 * A register-blocked layout for a 2-D `tile.dot` accumulator (the fast hand-written kernels'
 * shape): each of the `numThreads` threads owns E = M*N/numThreads elements, a block as square
 * as powers of two allow and wider than tall (8x8 for E = 64, 4x8 for 32, 2x4 for 8), lanes
 * along N, warps along M. A block larger than 4 along a dimension is held as 4-wide pieces
 * that repeat every 4 x threads elements (an 8x8 block is 2x2 pieces of 4x4, 64 apart for 16
 * threads), as the hand-written kernels do: consecutive lanes then read consecutive 16-byte
 * pieces of workgroup memory, without bank conflicts, where contiguous 8-wide blocks would
 * give 32-byte strides. Falls back to blockedLayoutFor when the blocks do not tile the
 * accumulator exactly (and to the access layout for workgroups smaller than a warp).
 */
export function accumulatorLayoutFor(shape: readonly number[], numThreads: number): BlockedLayoutAttr {
  const [m, n] = shape as [number, number];
  const lanes = Math.min(WARP_SIZE, numThreads);
  const warps = numThreads / lanes;
  const perThread = (m * n) / numThreads;
  const cols = 2 ** Math.ceil(Math.log2(Math.max(1, perThread)) / 2);
  const rows = perThread / cols;
  const lanesCols = Math.min(lanes, floorPowerOfTwo(Math.max(1, n / cols)));
  const lanesRows = lanes / lanesCols;
  const warpsRows = Math.min(warps, floorPowerOfTwo(Math.max(1, m / (rows * lanesRows))));
  const warpsCols = warps / warpsRows;
  const exact = Number.isInteger(rows) && rows * lanesRows * warpsRows === m && cols * lanesCols * warpsCols === n;
  if (lanes < WARP_SIZE) return accessLayoutFor(shape, numThreads, true);
  if (shape.length !== 2 || !exact) return blockedLayoutFor(shape, warps);
  return BlockedLayoutAttr.get({ sizePerThread: [Math.min(rows, 4), Math.min(cols, 4)], threadsPerWarp: [lanesRows, lanesCols], warpsPerGroup: [warpsRows, warpsCols], order: [1, 0] });
}
