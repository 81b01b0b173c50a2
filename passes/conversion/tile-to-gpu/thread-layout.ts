import type { Value } from '../../../core/ir/value.js';
import { blockedDims, type RegisterLayout } from '../../../dialects/tile/index.js';
import { DivUIOp, RemUIOp } from '../../../dialects/arith/index.js';
import type { ArithBuilder } from '../../../dialects/arith/builder.js';
import { layoutFitError, MAX_ELEMENTS_PER_THREAD } from '../../tile/layouts.js';

export { MAX_ELEMENTS_PER_THREAD } from '../../tile/layouts.js';

/**
 * Which elements of a tile of `shape` laid out by `layout` the current thread holds, as
 * coordinates per dimension: the thread's elements are every combination of one coordinate per
 * dimension (row-major over the dimensions), `coords[d]` listing the coordinates along d in the
 * order `sizePerThread` blocks repeat. Coordinates are index values computed from the thread id.
 */
export interface ThreadElements {
  readonly shape: readonly number[];
  readonly coords: readonly (readonly Value[])[];
  /** Elements per thread: the product of the coords' lengths. */
  readonly count: number;
  /**
   * Per dimension, how many consecutive coordinates the lists hold in a row (sizePerThread,
   * or 1 where coordinates wrap): `coords[d]` is made of such runs, each starting at a
   * multiple of the run length.
   */
  readonly runs: readonly number[];
  /**
   * Where the tile is smaller than the layout's extent along some dimension (coordinates wrap,
   * several threads hold each element): builds whether this thread is the first to hold its
   * elements. Writes to memory go through it alone: a tile stored where it was loaded from would
   * otherwise race with the other holders' loads.
   */
  readonly owner?: (b: ArithBuilder) => Value;
}

/** Why a layout cannot be unrolled for a shape, or undefined. */
export function unrollError(layout: RegisterLayout, shape: readonly number[]): string | undefined {
  const why = layoutFitError(layout, shape);
  if (!why) return undefined;
  if ('dim' in why) return `its layout covers ${why.covers} elements along dimension ${why.dim} at a time, which does not divide the tile's ${shape[why.dim]}`;
  return `each thread would hold ${why.count} of its elements in registers (at most ${MAX_ELEMENTS_PER_THREAD}); use smaller tile sizes or more warps`;
}

/** How many elements of a tile of `shape` each thread holds under `layout` (the `count` of its ThreadElements). */
export function elementsPerThread(layout: RegisterLayout, shape: readonly number[]): number {
  const { blocked, dims } = blockedDims(layout);
  return shape.reduce((n, extent, i) => n * Math.max(1, extent / blocked.shapePerGroup[dims[i]!]!) * blocked.sizePerThread[dims[i]!]!, 1);
}

/** The thread's index along each dimension of a grid of `extents`, `order[0]` fastest. */
function decompose(b: ArithBuilder, linear: Value, extents: readonly number[], order: readonly number[]): Value[] {
  const out: Value[] = new Array(extents.length);
  let rest = linear;
  for (const d of order) {
    const n = extents[d]!;
    const c = b.constant(linear.type, n);
    out[d] = n === 1 ? b.constant(linear.type, 0) : b.binary(RemUIOp, rest, c);
    rest = n === 1 ? rest : b.binary(DivUIOp, rest, c);
  }
  return out;
}

/**
 * The coordinates of the current thread's elements (docs/dialects/tile.md: thread t holds
 * element i iff (i_d div spt_d) mod tpw_d == lane_d and (i_d div (spt_d tpw_d)) mod wpg_d ==
 * warp_d). A tile smaller than the layout's extent along d is held by several threads
 * (coordinates wrap); so is every element of a #tile.slice, by the threads along its parent's
 * sliced dimension.
 */
export function threadElements(b: ArithBuilder, threadId: Value, layout: RegisterLayout, shape: readonly number[]): ThreadElements {
  const { blocked, dims, sliced } = blockedDims(layout);
  const lanesPerWarp = blocked.threadsPerWarp.reduce((a, x) => a * x, 1);
  const warpSize = b.constant(threadId.type, lanesPerWarp);
  const lane = decompose(b, b.binary(RemUIOp, threadId, warpSize), blocked.threadsPerWarp, blocked.order);
  const warp = decompose(b, b.binary(DivUIOp, threadId, warpSize), blocked.warpsPerGroup, blocked.order);
  const perGroup = blocked.shapePerGroup;
  // (warp * tpw + lane) * spt along parent dimension d
  const baseOf = (d: number): Value => {
    const block = b.add(b.mul(warp[d]!, b.constant(threadId.type, blocked.threadsPerWarp[d]!)), lane[d]!);
    return b.mul(block, b.constant(threadId.type, blocked.sizePerThread[d]!));
  };
  const firstHolder: ((b: ArithBuilder) => Value)[] = [];
  if (sliced !== undefined) {
    const base = baseOf(sliced);
    firstHolder.push((ob) => ob.compare('eq', base, ob.constant(threadId.type, 0)));
  }
  const coords = shape.map((extent, i) => {
    const d = dims[i]!;
    const spt = blocked.sizePerThread[d]!;
    const base = baseOf(d);
    if (perGroup[d]! > extent) firstHolder.push((ob) => ob.compare('ult', base, ob.constant(threadId.type, extent)));
    const out: Value[] = [];
    const reps = Math.max(1, extent / perGroup[d]!);
    for (let r = 0; r < reps; r++) {
      for (let s = 0; s < spt; s++) {
        const c = b.add(base, b.constant(threadId.type, r * perGroup[d]! + s));
        out.push(perGroup[d]! > extent ? b.binary(RemUIOp, c, b.constant(threadId.type, extent)) : c);
      }
    }
    return out;
  });
  const runs = shape.map((extent, i) => (perGroup[dims[i]!]! > extent ? 1 : Math.min(blocked.sizePerThread[dims[i]!]!, extent)));
  const owner = firstHolder.length === 0 ? undefined : (ob: ArithBuilder) => firstHolder.map((test) => test(ob)).reduce((x, y) => ob.and(x, y));
  return { shape, coords, count: coords.reduce((n, c) => n * c.length, 1), runs, owner };
}

/** The coordinates of element `e` (row-major over the per-dimension lists). */
export function elementCoords(elements: ThreadElements, e: number): Value[] {
  const out: Value[] = new Array(elements.coords.length);
  for (let d = elements.coords.length - 1; d >= 0; d--) {
    const n = elements.coords[d]!.length;
    out[d] = elements.coords[d]![e % n]!;
    e = Math.floor(e / n);
  }
  return out;
}
