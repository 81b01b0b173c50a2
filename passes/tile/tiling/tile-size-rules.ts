/**
 * Whether tile sizes suit the layouts the lowering will give the kernel's register tiles, checked
 * when tiling and said in option terms: every tile a thread unrolls must be covered by its layout
 * in whole steps (a layout that covers P elements along a dimension at a time needs the tile's
 * extent there to be at most P or a multiple of P), and hold at most MAX_ELEMENTS_PER_THREAD
 * elements per thread. The layouts are those of tile-assign-layouts and the copies' lowering
 * (layouts.ts: coalesced access layouts for loaded tiles, accumulatorLayoutFor for a dot's).
 */
import { failure, type Failure } from '../../../core/ir/diagnostics.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { Type } from '../../../core/ir/types.js';
import { innermostContiguous } from '../../../dialects/memref/types.js';
import type { BlockedLayoutAttr } from '../../../dialects/tile/index.js';
import { MatmulOp } from '../../../dialects/tile/index.js';
import { accessLayoutFor, accumulatorLayoutFor, layoutFitError, MAX_ELEMENTS_PER_THREAD, WARP_SIZE } from '../layouts.js';
import { tileShapeOf } from './tiling-map.js';

/** A register tile of the kernel: its shape, its layout, and which tile size each of its dimensions is. */
interface RegisterTile {
  readonly what: string;
  readonly shape: readonly number[];
  readonly layout: BlockedLayoutAttr;
  /** For each dimension of the tile: the index into tile-sizes and that size's name. */
  readonly sizes: readonly { readonly index: number; readonly name: string }[];
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];
const ordinal = (i: number): string => ORDINALS[i] ?? `#${i + 1}`;

function matmulTiles(op: Operation, [bm, bn, bk]: readonly number[], numThreads: number, packLhs: boolean): RegisterTile[] {
  const mm = MatmulOp.view(op);
  const BM = { index: 0, name: 'BM' };
  const BN = { index: 1, name: 'BN' };
  const BK = { index: 2, name: 'BK' };
  const loaded = (what: string, type: Type, dims: (typeof BM)[], contiguous = innermostContiguous(type)): RegisterTile => {
    const shape = dims.map((d) => [bm, bn, bk][d.index]!);
    return { what, shape, layout: accessLayoutFor(shape, numThreads, contiguous), sizes: dims };
  };
  const aTransposed = mm.transpose_a !== undefined || packLhs;
  return [
    aTransposed ? loaded('A', mm.a.type, [BK, BM], packLhs || innermostContiguous(mm.a.type)) : loaded('A', mm.a.type, [BM, BK]),
    mm.transpose_b !== undefined ? loaded('B', mm.b.type, [BN, BK]) : loaded('B', mm.b.type, [BK, BN]),
    { what: 'the accumulator', shape: [bm!, bn!], layout: accumulatorLayoutFor([bm!, bn!], numThreads), sizes: [BM, BN] },
  ];
}

function mapTiles(op: Operation, sizes: readonly number[], numThreads: number): RegisterTile[] {
  const shape = tileShapeOf(sizes);
  const lead = sizes.length - shape.length;
  const contiguous = op.operands.every((v) => innermostContiguous(v.type));
  return [{ what: 'the map', shape, layout: accessLayoutFor(shape, numThreads, contiguous), sizes: shape.map((_, d) => ({ index: lead + d, name: `the ${ordinal(lead + d)} tile size` })) }];
}

/** A row kernel's [R, C] tiles (the last two tile sizes). */
function rowTiles(sizes: readonly number[], numThreads: number): RegisterTile[] {
  const lead = sizes.length - 2;
  const shape = sizes.slice(lead);
  return [{ what: 'the rows', shape, layout: accessLayoutFor(shape, numThreads, true), sizes: shape.map((_, d) => ({ index: lead + d, name: `the ${ordinal(lead + d)} tile size` })) }];
}

/** A FlashAttention kernel's tiles: Q [BM, BD], K and V [BN, BD], the scores [BM, BN] and the output accumulator [BM, BD]. */
function attentionTiles([bm, bn, bd]: readonly number[], numThreads: number): RegisterTile[] {
  const BM = { index: 0, name: 'BM (the first tile size)' };
  const BN = { index: 1, name: 'BN (the second tile size)' };
  const BD = { index: 2, name: 'BD (the third tile size)' };
  const size = (d: typeof BM) => [bm!, bn!, bd!][d.index]!;
  const loaded = (what: string, dims: (typeof BM)[]): RegisterTile => ({ what, shape: dims.map(size), layout: accessLayoutFor(dims.map(size), numThreads, true), sizes: dims });
  const accumulator = (what: string, dims: (typeof BM)[]): RegisterTile => ({ what, shape: dims.map(size), layout: accumulatorLayoutFor(dims.map(size), numThreads), sizes: dims });
  return [loaded('Q', [BM, BD]), loaded('K and V', [BN, BD]), accumulator('the scores', [BM, BN]), accumulator('the output', [BM, BD])];
}

/** Why `sizes` do not suit `op` (a row kernel's when `rows`) with `numWarps` warps, in option terms, or undefined. */
export function tileSizeError(op: Operation, sizes: readonly number[], numWarps: number, packLhs: boolean, kernel: 'rows' | 'attention' | undefined = undefined): Failure | undefined {
  const numThreads = WARP_SIZE * numWarps;
  const tiles =
    kernel === 'attention'
      ? attentionTiles(sizes, numThreads)
      : MatmulOp.isa(op)
        ? matmulTiles(op, sizes, numThreads, packLhs)
        : kernel === 'rows'
          ? rowTiles(sizes, numThreads)
          : mapTiles(op, sizes, numThreads);
  const given = `tile-sizes=${sizes.join(',')}: with num-warps=${numWarps}`;
  for (const tile of tiles) {
    const why = layoutFitError(tile.layout, tile.shape);
    if (!why) continue;
    const of = `the ${tile.shape.join('x')} tiles of ${tile.what}`;
    if ('count' in why)
      return failure(
        `${given}, each of the ${numThreads} threads would hold ${why.count} elements of ${of} in registers (at most ${MAX_ELEMENTS_PER_THREAD}); use smaller tile sizes or more warps`,
      );
    const size = tile.sizes[why.dim]!;
    const name = MatmulOp.isa(op) && kernel !== 'attention' ? `${size.name} (the ${ordinal(size.index)} tile size)` : size.name;
    return failure(`${given}, ${name} must be at most ${why.covers} or a multiple of ${why.covers} (the threads hold ${of} in blocks of ${why.covers} along it)`);
  }
  return undefined;
}
