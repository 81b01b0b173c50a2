import { IntegerAttr } from '../../../core/ir/attributes.js';
import type { Block } from '../../../core/ir/block.js';
import type { Context } from '../../../core/ir/dialect.js';
import type { Location } from '../../../core/ir/location.js';
import type { Operation } from '../../../core/ir/operation.js';
import { IndexType, IntegerType, MemRefType, type RankedTensorType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import type { PatternRewriter } from '../../../core/rewrite/rewriter.js';
import { AddressSpaceAttr, BarrierOp, DimensionAttr, ThreadIdOp } from '../../../dialects/gpu/index.js';
import { LoadOp as MemLoadOp, StoreOp as MemStoreOp } from '../../../dialects/memref/index.js';
import type { RegisterLayout, SharedLayoutAttr } from '../../../dialects/tile/index.js';
import { ArithBuilder } from '../../../dialects/arith/builder.js';
import { RewriterArithBuilder } from '../rewriter-builder.js';
import { storeVector, VECTOR_WIDTH, vectorizable } from '../vector-access.js';
import { swizzledIndices, transposeStagingSwizzle } from './swizzle.js';
import { elementCoords, type ThreadElements, threadElements } from './thread-layout.js';

/** A register tile staged in a workgroup buffer (row-major, its shape), swizzled by `swizzle` when given. */
export interface StagedTile {
  readonly buffer: Value;
  readonly swizzle?: SharedLayoutAttr;
}

/** How convert-tile-to-gpu lowers (its options). */
export interface TileLoweringOptions {
  /** Read and write workgroup memory in vectors of VECTOR_WIDTH where allowed. */
  readonly vectorize: boolean;
  /** Lanes of a subgroup reductions may shuffle across (0: workgroup memory only). */
  readonly subgroupSize: number;
}

/**
 * What the patterns of convert-tile-to-gpu share while they lower one kernel (docs/lowering.md,
 * "Tiles"): the thread id and the coordinates of the elements each thread holds of each layout
 * (computed once, at the top of the kernel), the workgroup buffers added for staging and
 * scratch, and the transposes that dots read in place. A register tile itself becomes the
 * scalars the current thread holds: the type converter's 1:N conversion, which the patterns
 * receive in their adaptors.
 */
export class TileLowering {
  readonly threadId: Value;
  private readonly elementsCache = new Map<string, ThreadElements>();
  /** Workgroup buffers for staging and scratch, by type; reused by later ops (each use sits between its own barriers). */
  private readonly scratchBuffers = new Map<Type, Value[]>();
  /** The scratch buffers the op being lowered holds (two operands of one op, a dot's A and B, never share one). */
  private readonly scratchInUse = new Set<Value>();
  private scratchOwner: Operation | undefined;
  /** Transposes read in place by the dots that use them: the workgroup tile.load each transposes. */
  private readonly readThrough = new Map<Value, Operation>();
  /** Transposes of register tiles that dots read in place: the staged source tile. */
  private readonly stagedTransposes = new Map<Value, StagedTile>();
  /** Scratch buffers that hold a staged tile until the dots reading it are lowered: how many are left. */
  private readonly held = new Map<Value, number>();
  /** Scratch buffers that still hold a register tile staged by stageTile, and the block of the op that staged it. */
  private readonly stagedValues = new Map<Value, { tile: Value; block: Block }>();

  constructor(
    context: Context,
    readonly kernel: Operation,
    readonly options: TileLoweringOptions,
  ) {
    const b = new ArithBuilder(context);
    b.setInsertionPointToStart(kernel.region(0).entry!);
    b.loc = kernel.loc;
    // x + y*bx + z*bx*by would be the general linear id; tiling launches 1-D workgroups.
    this.threadId = b.build(ThreadIdOp, { attributes: { dimension: DimensionAttr.get('x') }, resultTypes: [IndexType.get()] }).result;
  }

  /** A builder for a pattern: at the rewriter's insertion point, inserting through it. */
  builder(rewriter: PatternRewriter): ArithBuilder {
    return new RewriterArithBuilder(rewriter);
  }

  /** The elements the current thread holds of tiles of this type (a type the tile type converter converts). */
  elementsOf(b: ArithBuilder, type: RankedTensorType): ThreadElements {
    const layout = type.encoding as RegisterLayout;
    const key = `${layout.id}|${type.shape.join('x')}`;
    let e = this.elementsCache.get(key);
    if (!e) {
      const entry = this.kernel.region(0).entry!;
      e = b.atInsertionPoint({ block: entry, before: this.threadId.definingOp!.next }, () => threadElements(b, this.threadId, layout, type.shape));
      this.elementsCache.set(key, e);
    }
    return e;
  }

  /** Why the kernel cannot take workgroup buffers, or undefined. */
  get workgroupBufferError(): string | undefined {
    return this.kernel.getAttr('private_attrib_attrs') !== undefined ? 'cannot add a workgroup buffer to a kernel with private attributions' : undefined;
  }

  /** A new workgroup attribution of the kernel (one buffer per workgroup). */
  addWorkgroupBuffer(type: MemRefType, loc: Location): Value {
    const entry = this.kernel.region(0).entry!;
    const count = (this.kernel.getAttr('workgroup_attributions') as IntegerAttr | undefined)?.number ?? 0;
    const arg = entry.addArgument(MemRefType.get(type.shape, type.elementType, undefined, type.memorySpace), loc);
    this.kernel.setAttr('workgroup_attributions', IntegerAttr.get(IntegerType.get(64), count + 1));
    return arg;
  }

  /**
   * A workgroup buffer of this type that no other operand of the op `at` holds; `reused` when an
   * earlier op used it. `fresh`: a new buffer, never shared with another op.
   */
  scratch(type: MemRefType, at: Operation, fresh = false): { buffer: Value; reused: boolean } {
    this.takeScratchFor(at);
    let pool = this.scratchBuffers.get(type);
    if (!pool) this.scratchBuffers.set(type, (pool = []));
    let buffer = fresh ? undefined : pool.find((b) => !this.scratchInUse.has(b) && !this.held.has(b));
    const reused = buffer !== undefined;
    if (!buffer) pool.push((buffer = this.addWorkgroupBuffer(type, at.loc)));
    this.scratchInUse.add(buffer);
    // Whatever the buffer held is about to be overwritten.
    this.stagedValues.delete(buffer);
    return { buffer, reused };
  }

  /** The op `at` takes scratch buffers now: the set of buffers in use starts anew with each op. */
  private takeScratchFor(at: Operation): void {
    if (at === this.scratchOwner) return;
    this.scratchInUse.clear();
    this.scratchOwner = at;
  }

  /**
   * The buffer an earlier op of the same block staged the register tile `tile` into, if no op
   * has taken it since (its contents are still that tile, row-major and unswizzled): the op
   * `at` then reads it without staging the tile again (the probabilities of attention, which each
   * chunk of the output multiplies).
   */
  stagedCopyOf(tile: Value, at: Operation): Value | undefined {
    this.takeScratchFor(at);
    for (const [buffer, staged] of this.stagedValues) {
      if (staged.tile !== tile || staged.block !== at.parent || this.scratchInUse.has(buffer)) continue;
      this.scratchInUse.add(buffer);
      return buffer;
    }
    return undefined;
  }

  /** Stages the register tile `tile` (its scalars) for the op `at`, or reuses its staged copy (stagedCopyOf). */
  stageTile(b: ArithBuilder, tile: Value, scalars: readonly Value[], at: Operation): Value {
    const copy = this.stagedCopyOf(tile, at);
    if (copy) return copy;
    const buffer = this.stage(b, scalars, tile.type as RankedTensorType, at);
    if (at.parent) this.stagedValues.set(buffer, { tile, block: at.parent });
    return buffer;
  }

  barrier(b: ArithBuilder): void {
    b.build(BarrierOp, {});
  }

  /**
   * Writes the scalars of a register tile of `type` to a workgroup buffer (row-major, the tile's
   * shape) between barriers, so that any thread can read any element: how register operands
   * reach the dot and how a relayout moves elements between threads. With `swizzle`, element
   * (r, c) goes where that #tile.shared layout places it, and the reader must swizzle its indices
   * the same way.
   */
  stage(b: ArithBuilder, scalars: readonly Value[], type: RankedTensorType, at: Operation, swizzle?: SharedLayoutAttr): Value {
    const { buffer } = this.scratch(MemRefType.get(type.shape, type.elementType, undefined, AddressSpaceAttr.get('workgroup')), at);
    const e = this.elementsOf(b, type);
    const run = e.runs[e.runs.length - 1]!;
    const vector = this.options.vectorize && vectorizable(buffer, run);
    this.barrier(b);
    for (let i = 0; i < e.count; i += vector ? VECTOR_WIDTH : 1) {
      const coords = swizzle ? swizzledIndices(b, swizzle, elementCoords(e, i)) : elementCoords(e, i);
      if (vector) storeVector(b, scalars.slice(i, i + VECTOR_WIDTH), buffer, coords);
      else b.build(MemStoreOp, { operands: { value: scalars[i]!, memref: buffer, indices: coords } });
    }
    this.barrier(b);
    return buffer;
  }

  /** The elements `to` lays out of a tile of `type` (held as `scalars`), read from a staged copy; `transpose` reads it transposed. */
  relayout(b: ArithBuilder, scalars: readonly Value[], type: RankedTensorType, to: RankedTensorType, at: Operation, transpose = false): Value[] {
    const e = this.elementsOf(b, to);
    // A transposed read walks the staged tile down its columns; a swizzle spreads those over the banks.
    const swizzle = transpose ? transposeStagingSwizzle(type.shape, e.runs[e.runs.length - 1]!) : undefined;
    const buffer = this.stage(b, scalars, type, at, swizzle);
    const out: Value[] = [];
    for (let i = 0; i < e.count; i++) {
      const coords = elementCoords(e, i);
      const logical = transpose ? [...coords].reverse() : coords;
      const indices = swizzle ? swizzledIndices(b, swizzle, logical) : logical;
      out.push(b.build(MemLoadOp, { operands: { memref: buffer, indices }, resultTypes: [to.elementType] }).result);
    }
    return out;
  }

  /**
   * The transpose `result` of a register tile of `type` (held as `scalars`) is read in place by
   * `readers` dots: the tile is staged once, row-major (swizzled by `swizzle`), and the buffer
   * stays theirs until each has called releaseStaged.
   */
  stageTransposed(b: ArithBuilder, result: Value, scalars: readonly Value[], type: RankedTensorType, at: Operation, readers: number, swizzle?: SharedLayoutAttr): void {
    const buffer = this.stage(b, scalars, type, at, swizzle);
    this.held.set(buffer, readers);
    this.stagedTransposes.set(result, { buffer, swizzle });
  }

  /** The staged tile whose transpose `v` is, if dots read `v` in place. */
  stagedTranspose(v: Value): StagedTile | undefined {
    return this.stagedTransposes.get(v);
  }

  /** A dot reading the staged tile is lowered: the buffer returns to the pool after the last one. */
  releaseStaged(tile: StagedTile): void {
    const left = (this.held.get(tile.buffer) ?? 1) - 1;
    if (left > 0) this.held.set(tile.buffer, left);
    else this.held.delete(tile.buffer);
  }

  /** Dots read the transpose `result` in place, from the workgroup buffer `load` reads. */
  readInPlace(result: Value, load: Operation): void {
    this.readThrough.set(result, load);
  }

  /** The workgroup tile.load a transpose read in place transposes, if `v` is such a transpose. */
  readThroughLoad(v: Value): Operation | undefined {
    return this.readThrough.get(v);
  }
}
