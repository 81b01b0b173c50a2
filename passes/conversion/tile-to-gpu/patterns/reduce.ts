/**
 * tile.reduce and tile.broadcast as per-thread code (docs/lowering.md, "Reductions"). A
 * reduction combines the elements each thread holds along the axis in registers, then across
 * the lanes of a subgroup with `gpu.shuffle xor` (when the pass may use subgroups), then across
 * the remaining threads along the axis through a workgroup buffer of partials, from which every
 * thread reads the result elements its own layout gives it. A broadcast reads its elements from a
 * staged copy of the source (of one element: from the thread's own copy).
 */
import type { IntegerAttr } from '../../../../core/ir/attributes.js';
import { IRMapping, type Operation } from '../../../../core/ir/operation.js';
import { IndexType, MemRefType, RankedTensorType } from '../../../../core/ir/types.js';
import type { Value } from '../../../../core/ir/value.js';
import type { ConversionPatternRewriter, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import { DivUIOp, RemUIOp } from '../../../../dialects/arith/index.js';
import { AddressSpaceAttr } from '../../../../dialects/gpu/index.js';
import { LoadOp as MemLoadOp, StoreOp as MemStoreOp } from '../../../../dialects/memref/index.js';
import { staticByteSize } from '../../../../dialects/memref/types.js';
import { buildIfThenElse } from '../../../../dialects/scf/builder.js';
import { BlockedLayoutAttr, broadcastAddedDims, combinerOpName, ReduceKindAttr, SliceLayoutAttr } from '../../../../dialects/tile/index.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { shuffleXor } from '../subgroup.js';
import { elementCoords, type ThreadElements } from '../thread-layout.js';
import type { TileLowering } from '../tile-lowering.js';
import { TilePattern } from './tile-pattern.js';

const tileType = (v: Value): RankedTensorType => v.type as RankedTensorType;

/** Partials up to this size (a few words per row of the tile) get a workgroup buffer of their own. */
const SMALL_PARTIALS_BYTES = 256;
/**
 * From this many partials a row (a lane each, without subgroups: 256 for a row of 8 warps), they
 * are combined in two rounds: the first groups / S threads each combine S of them into a second
 * buffer, from which every thread reads groups / S (S about the square root: 16 of 256). Every
 * thread reading all of them was a chain of 256 dependent loads per reduction: on the H200 a
 * softmax over rows of 4096 ran 3x slower without subgroups than with them (bench/RESULTS.md).
 */
const TWO_ROUNDS_MIN_GROUPS = 32;

const reduceKind = (op: Operation) => op.getAttr('kind') ?? op.properties.get('kind');

/** Why a tile.reduce's combine cannot be built, or undefined. */
function combinerError(op: Operation): string | undefined {
  const kind = reduceKind(op);
  if (kind instanceof ReduceKindAttr) {
    const elem = tileType(op.operand(0)).elementType;
    return combinerOpName(kind.value, elem) ? undefined : `cannot reduce '${elem}' elements with '${kind.value}'`;
  }
  return op.region(0).entry?.last ? undefined : 'has a combiner without a terminator';
}

/** combine(x, y) of a tile.reduce (one combinerError accepts): the arith op of its kind, or a copy of its combiner region's body. */
function combiner(b: ArithBuilder, op: Operation): (x: Value, y: Value) => Value {
  const kind = reduceKind(op);
  if (kind instanceof ReduceKindAttr) {
    const elem = tileType(op.operand(0)).elementType;
    const name = combinerOpName(kind.value, elem)!;
    return (x, y) => b.create({ name, operands: [x, y], resultTypes: [elem] }).results[0]!;
  }
  const body = op.region(0).entry!;
  return (x, y) => {
    const mapping = new IRMapping();
    mapping.map(body.arguments[0]!, x);
    mapping.map(body.arguments[1]!, y);
    for (let inner = body.first!; inner !== body.last; inner = inner.next!) b.insert(inner.clone(mapping));
    return mapping.lookupOrSelf(body.last!.operand(0));
  };
}

const log2 = (n: number): number => Math.round(Math.log2(n));
const isPow2 = (n: number): boolean => n >= 1 && (n & (n - 1)) === 0;

/** The stride of dimension d in the linear index of a grid of `extents`, `order[0]` fastest. */
function strideOf(extents: readonly number[], order: readonly number[], d: number): number {
  let stride = 1;
  for (const o of order) {
    if (o === d) return stride;
    stride *= extents[o]!;
  }
  return stride;
}

/** tile.reduce %t axis a: in each thread, across subgroup lanes (when allowed), then through a workgroup buffer of partials. */
export class ReduceLowering extends TilePattern {
  readonly name = 'tile-reduce-to-simt';
  readonly root = 'tile.reduce';

  protected override problem(op: Operation): string | undefined {
    return combinerError(op) ?? this.lowering.workgroupBufferError;
  }

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const lowering = this.lowering;
    const input = op.operand(0);
    const type = tileType(input);
    const axis = (op.properties.get('axis') as IntegerAttr).number;
    const layout = type.encoding;
    const e = lowering.elementsOf(b, type);
    const combine = combiner(b, op);
    // Each element along the axis is held by exactly one thread of each row of threads along it
    // (no replication along the axis), and xor partners exist: the distributed reduction.
    const distributed =
      layout instanceof BlockedLayoutAttr && type.shape[axis]! % layout.shapePerGroup[axis]! === 0 && isPow2(layout.threadsPerWarp[axis]!) && isPow2(layout.warpsPerGroup[axis]!);
    const { partials, groups, group } = distributed
      ? reduceInThreadsAndLanes(lowering, b, adaptor.values(0), e, layout, axis, combine)
      : stageForReduce(lowering, b, adaptor.values(0), op, type, axis);
    const keyCoords = (key: readonly number[]): Value[] => key.map((p, i) => e.coords[i < axis ? i : i + 1]![p]!);
    // Partials go through workgroup memory: [group, ...result coordinates].
    const outShape = type.shape.filter((_, d) => d !== axis);
    const partialsType = MemRefType.get([groups, ...outShape], type.elementType, undefined, AddressSpaceAttr.get('workgroup'));
    // Small partials get a buffer of their own: reusing one would need a barrier first (threads may
    // still be reading an earlier reduction's partials), one more round per reduction.
    // The result stays with the threads that hold its rows: in the slice of the input's layout
    // along the axis, or where it is only broadcast back.
    const sliced = distributed && isSliceOf(op.results[0]!.type, layout, axis);
    const fused = distributed && !sliced && broadcastsBack(op);
    const inRegisters = sliced || fused;
    const scratch = distributed && !(inRegisters && groups === 1) ? lowering.scratch(partialsType, op, staticByteSize(partialsType)! <= SMALL_PARTIALS_BYTES) : undefined;
    const buffer = (scratch?.buffer ?? partials.buffer)!;
    if (scratch) {
      // Threads may still read what an earlier use (or iteration) left in the buffer.
      if (scratch.reused || inLoop(op)) lowering.barrier(b);
      for (const [key, value] of partials.values) b.build(MemStoreOp, { operands: { value, memref: scratch.buffer, indices: [group!, ...keyCoords(key)] } });
      lowering.barrier(b);
    }
    const index = IndexType.get();
    const load = (memref: Value, indices: Value[]): Value => b.build(MemLoadOp, { operands: { memref, indices }, resultTypes: [type.elementType] }).result;
    let [source, count] = [buffer, groups];
    if (scratch && groups >= TWO_ROUNDS_MIN_GROUPS) {
      const per = 2 ** Math.ceil(Math.log2(groups) / 2);
      const second = groups / per;
      // Written after the barrier above, which every thread passes only after its reads of an earlier use.
      const round = lowering.scratch(MemRefType.get([second, ...outShape], type.elementType, undefined, AddressSpaceAttr.get('workgroup')), op);
      buildIfThenElse(b, b.compare('ult', group!, b.constant(index, second)), [], () => {
        const first = b.mul(group!, b.constant(index, per));
        for (const [key] of partials.values) {
          let acc: Value | undefined;
          for (let j = 0; j < per; j++) {
            const g = j === 0 ? first : b.add(first, b.constant(index, j));
            const v = load(buffer, [g, ...keyCoords(key)]);
            acc = acc ? combine(acc, v) : v;
          }
          b.build(MemStoreOp, { operands: { value: acc!, memref: round.buffer, indices: [group!, ...keyCoords(key)] } });
        }
        return [];
      });
      lowering.barrier(b);
      [source, count] = [round.buffer, second];
    }
    const readAll = (coords: readonly Value[]): Value => {
      let acc: Value | undefined;
      for (let g = 0; g < count; g++) {
        const v = load(source, distributed ? [b.constant(index, g), ...coords] : [...coords.slice(0, axis), b.constant(index, g), ...coords.slice(axis)]);
        acc = acc ? combine(acc, v) : v;
      }
      return acc!;
    };
    if (inRegisters) {
      // The thread combines the partials of its own rows: the slice's elements, in its order
      // (the input's coordinate lists without the axis), which each broadcast repeats along the axis.
      const rows = partials.values.map(([key, value]) => (groups === 1 ? value : readAll(keyCoords(key))));
      if (sliced) return rewriter.replaceOpWithMultiple(op, [rows]);
      const n = e.coords.map((c) => c.length);
      const scalars = Array.from({ length: e.count }, (_, i) => rows[rowOf(i, n, axis)]!);
      for (const use of [...op.results[0]!.uses]) rewriter.replaceOpWithMultiple(use.owner, [scalars]);
      return rewriter.eraseOp(op);
    }
    const resultType = op.results[0]!.type;
    if (!(resultType instanceof RankedTensorType)) return rewriter.replaceOp(op, [readAll([])]);
    const out = lowering.elementsOf(b, resultType);
    const scalars: Value[] = [];
    for (let i = 0; i < out.count; i++) scalars.push(readAll(elementCoords(out, i)));
    rewriter.replaceOpWithMultiple(op, [scalars]);
  }
}

/** Whether `type` is a tile in the slice of `layout` along `axis`. */
function isSliceOf(type: unknown, layout: BlockedLayoutAttr, axis: number): boolean {
  const encoding = type instanceof RankedTensorType ? type.encoding : undefined;
  return encoding instanceof SliceLayoutAttr && encoding.dim === axis && encoding.parent === layout;
}

/**
 * Whether every use of a tile.reduce's result is a tile.broadcast that adds the reduced axis
 * back, to the reduced tile's own type (layout included): each thread then needs the results of
 * the rows it holds, which it has after combining the partials, and nothing goes through a
 * staged copy of the result.
 */
function broadcastsBack(op: Operation): boolean {
  const axis = (op.properties.get('axis') as IntegerAttr).number;
  const result = op.results[0]!;
  if (!result.hasUses) return false;
  for (const use of result.uses) {
    const user = use.owner;
    if (user.name !== 'tile.broadcast' || user.results[0]!.type !== op.operand(0).type) return false;
    const added = broadcastAddedDims(user);
    if (added.length !== 1 || added[0] !== axis) return false;
  }
  return true;
}

/** The position among a thread's partials (its element positions with the axis left out, row-major) of its element i. */
function rowOf(i: number, n: readonly number[], axis: number): number {
  let row = 0;
  let rest = i;
  let scale = 1;
  for (let d = n.length - 1; d >= 0; d--) {
    const p = rest % n[d]!;
    rest = Math.floor(rest / n[d]!);
    if (d === axis) continue;
    row += p * scale;
    scale *= n[d]!;
  }
  return row;
}

function inLoop(op: Operation): boolean {
  for (let p = op.parentOp; p && p.name !== 'gpu.func'; p = p.parentOp) if (p.name === 'scf.for' || p.name === 'scf.while') return true;
  return false;
}

interface Partials {
  /** Per result element this thread contributes (keyed by its positions in the thread's coordinate lists, axis left out). */
  values: [number[], Value][];
  buffer?: Value;
}

/**
 * The in-thread combine, then xor shuffles over the lanes along the axis that lie in one
 * subgroup; returns the partials and this thread's group (its position among the threads along
 * the axis that still hold different partials).
 */
function reduceInThreadsAndLanes(
  lowering: TileLowering,
  b: ArithBuilder,
  scalars: readonly Value[],
  e: ThreadElements,
  layout: BlockedLayoutAttr,
  axis: number,
  combine: (x: Value, y: Value) => Value,
): { partials: Partials; groups: number; group: Value } {
  const n = e.coords.map((c) => c.length);
  const keys: number[][] = [[]];
  for (let d = 0; d < n.length; d++) {
    if (d === axis) continue;
    const next: number[][] = [];
    for (const k of keys) for (let p = 0; p < n[d]!; p++) next.push([...k, p]);
    keys.splice(0, keys.length, ...next);
  }
  const linear = (positions: readonly number[]): number => positions.reduce((acc, p, d) => acc * n[d]! + p, 0);
  const values: [number[], Value][] = keys.map((key) => {
    const row = Array.from({ length: n[axis]! }, (_, p) => scalars[linear([...key.slice(0, axis), p, ...key.slice(axis)])]!);
    return [key, combineTree(row, combine)];
  });
  // Lanes along the axis differ in the bits of the lane id from laneStride to laneStride * tpw.
  const tpw = layout.threadsPerWarp[axis]!;
  const laneStride = strideOf(layout.threadsPerWarp, layout.order, axis);
  let shuffled = 0;
  while (shuffled < log2(tpw) && laneStride << shuffled < lowering.options.subgroupSize) shuffled++;
  for (let k = 0; k < shuffled; k++) {
    for (const entry of values) entry[1] = combine(entry[1], shuffleXor(b, entry[1], laneStride << k, lowering.options.subgroupSize));
  }
  // group = (lane[axis] >> shuffled) + (tpw >> shuffled) * warp[axis]
  const index = IndexType.get();
  const t = lowering.threadId;
  const warpSize = layout.threadsPerWarp.reduce((x, y) => x * y, 1);
  const coordinate = (linearId: Value, stride: number, extent: number): Value =>
    extent === 1 ? b.constant(index, 0) : b.binary(RemUIOp, b.binary(DivUIOp, linearId, b.constant(index, stride)), b.constant(index, extent));
  const lane = coordinate(b.binary(RemUIOp, t, b.constant(index, warpSize)), laneStride << shuffled, tpw >> shuffled);
  const wpg = layout.warpsPerGroup[axis]!;
  const warp = coordinate(b.binary(DivUIOp, t, b.constant(index, warpSize)), strideOf(layout.warpsPerGroup, layout.order, axis), wpg);
  const lanesLeft = tpw >> shuffled;
  const group = wpg === 1 ? lane : b.add(lane, b.mul(warp, b.constant(index, lanesLeft)));
  return { partials: { values }, groups: lanesLeft * wpg, group };
}

/**
 * `values` combined as a balanced tree (neighbours first): the dependent chain a thread waits on
 * is log2(n) combines long instead of n - 1, which a memory-bound row kernel feels as latency.
 */
function combineTree(values: readonly Value[], combine: (x: Value, y: Value) => Value): Value {
  let level = [...values];
  while (level.length > 1) {
    const next: Value[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(combine(level[i]!, level[i + 1]!));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  return level[0]!;
}

/** Replicated elements along the axis: the whole tile staged, each result element combining its row. */
function stageForReduce(
  lowering: TileLowering,
  b: ArithBuilder,
  scalars: readonly Value[],
  op: Operation,
  type: RankedTensorType,
  axis: number,
): { partials: Partials; groups: number; group: undefined } {
  return { partials: { values: [], buffer: lowering.stage(b, scalars, type, op) }, groups: type.shape[axis]!, group: undefined };
}

/** tile.broadcast: `result[i] = source[i on the kept dimensions, 0 on stretched ones]`, read from a staged copy of the source. */
export class BroadcastLowering extends TilePattern {
  readonly name = 'tile-broadcast-to-simt';
  readonly root = 'tile.broadcast';

  protected override problem(op: Operation): string | undefined {
    return broadcastInRegisters(op) ? undefined : this.lowering.workgroupBufferError;
  }

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const srcType = tileType(op.operand(0));
    const source = adaptor.values(0);
    const resultType = tileType(op.results[0]!);
    const kept = keptDims(op);
    const out = this.lowering.elementsOf(b, resultType);
    // A one-element source is held by every thread (its coordinates wrap): no staging, no barrier.
    if (srcType.shape.every((d) => d === 1)) return rewriter.replaceOpWithMultiple(op, [new Array<Value>(out.count).fill(source[0]!)]);
    // Adding dimensions of size 1 under the same spread of the kept ones relabels the elements:
    // each thread already holds its result elements, in the same order.
    if (sameSpread(srcType, resultType, kept)) return rewriter.replaceOpWithMultiple(op, [[...source]]);
    const added = sliceAdded(srcType, resultType, kept);
    if (added !== undefined) {
      // Each result element repeats the source element of its coordinates without `added`.
      const n = out.coords.map((c) => c.length);
      return rewriter.replaceOpWithMultiple(op, [Array.from({ length: out.count }, (_, i) => source[rowOf(i, n, added)]!)]);
    }
    const buffer = this.lowering.stage(b, source, srcType, op);
    const zero = b.constant(IndexType.get(), 0);
    const scalars: Value[] = [];
    for (let i = 0; i < out.count; i++) {
      const coords = elementCoords(out, i);
      const indices = kept.map((d, s) => (srcType.shape[s] === 1 ? zero : coords[d]!));
      scalars.push(b.build(MemLoadOp, { operands: { memref: buffer, indices }, resultTypes: [srcType.elementType] }).result);
    }
    rewriter.replaceOpWithMultiple(op, [scalars]);
  }
}

/** The result dimensions a broadcast keeps from its source (the others it adds). */
function keptDims(op: Operation): number[] {
  const added = broadcastAddedDims(op);
  const dims = tileType(op.results[0]!).shape.map((_, d) => d);
  return dims.filter((d) => !added.includes(d));
}

/** Whether a broadcast needs no workgroup memory: every thread holds its result elements already. */
function broadcastInRegisters(op: Operation): boolean {
  const srcType = tileType(op.operand(0));
  const [resultType, kept] = [tileType(op.results[0]!), keptDims(op)];
  return srcType.shape.every((d) => d === 1) || sameSpread(srcType, resultType, kept) || sliceAdded(srcType, resultType, kept) !== undefined;
}

/**
 * The dimension a broadcast adds when its source is a #tile.slice along that dimension of a
 * layout that spreads the kept dimensions as the result's layout does (the same lanes, warps and
 * order, the same sizes per thread along the kept dimensions): every thread then holds the
 * source elements of its result elements.
 */
function sliceAdded(src: RankedTensorType, result: RankedTensorType, kept: readonly number[]): number | undefined {
  const [slice, to] = [src.encoding, result.encoding];
  if (!(slice instanceof SliceLayoutAttr) || !(to instanceof BlockedLayoutAttr) || kept.length !== result.rank - 1 || kept.includes(slice.dim)) return undefined;
  const from = slice.parent;
  const same = (a: readonly number[], b: readonly number[]) => a.every((x, i) => x === b[i]);
  if (!same(from.threadsPerWarp, to.threadsPerWarp) || !same(from.warpsPerGroup, to.warpsPerGroup) || !same(from.order, to.order)) return undefined;
  return kept.every((d, i) => src.shape[i] === result.shape[d] && from.sizePerThread[d] === to.sizePerThread[d]) ? slice.dim : undefined;
}

/**
 * Whether a broadcast only adds dimensions of size 1 and its result's layout spreads the kept
 * dimensions as the source's layout does (same sizes per thread, lanes, warps and order), with
 * one lane and one warp along each added dimension: then every thread holds the same elements of
 * both.
 */
function sameSpread(src: RankedTensorType, result: RankedTensorType, kept: readonly number[]): boolean {
  const [a, b] = [src.encoding, result.encoding];
  if (!(a instanceof BlockedLayoutAttr) || !(b instanceof BlockedLayoutAttr)) return false;
  const added = result.shape.map((_, d) => d).filter((d) => !kept.includes(d));
  if (added.some((d) => result.shape[d] !== 1 || b.sizePerThread[d] !== 1 || b.threadsPerWarp[d] !== 1 || b.warpsPerGroup[d] !== 1)) return false;
  const keptOrder = b.order.filter((d) => kept.includes(d)).map((d) => kept.indexOf(d));
  return (
    kept.every(
      (d, i) => src.shape[i] === result.shape[d] && a.sizePerThread[i] === b.sizePerThread[d] && a.threadsPerWarp[i] === b.threadsPerWarp[d] && a.warpsPerGroup[i] === b.warpsPerGroup[d],
    ) && keptOrder.every((d, i) => a.order[i] === d)
  );
}
