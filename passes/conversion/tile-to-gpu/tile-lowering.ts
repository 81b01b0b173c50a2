import { type DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../../core/ir/attributes.js';
import { Block } from '../../../core/ir/block.js';
import type { Context } from '../../../core/ir/dialect.js';
import { DiagnosticError, opDiagnostic } from '../../../core/ir/diagnostics.js';
import type { Operation } from '../../../core/ir/operation.js';
import { FloatType, IndexType, IntegerType, MemRefType, RankedTensorType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { ExtFOp, ExtSIOp, IndexCastOp, ExtUIOp, FPToSIOp, MaxSIOp, MinSIOp, SIToFPOp, TruncFOp, TruncIOp } from '../../../dialects/arith/index.js';
import { AddressSpaceAttr, BarrierOp, DimensionAttr, ThreadIdOp } from '../../../dialects/gpu/index.js';
import { FmaOp } from '../../../dialects/math/index.js';
import { CastOp as MemCastOp, DimOp, LoadOp as MemLoadOp, StoreOp as MemStoreOp, SubViewOp } from '../../../dialects/memref/index.js';
import { denseI64, kDynamicIndex } from '../../../dialects/memref/dynamic-index-list.js';
import { inferSubViewType } from '../../../dialects/memref/types.js';
import { ForOp, IfOp, YieldOp } from '../../../dialects/scf/index.js';
import {
  AllocOp,
  BlockedLayoutAttr,
  BroadcastOp,
  CastOp,
  DotOp,
  IotaOp,
  LoadOp,
  ReduceOp,
  SplatOp,
  StoreOp,
  TransposeOp,
  ViewOp,
  type SharedLayoutAttr,
} from '../../../dialects/tile/index.js';
import { ArithBuilder, zeroAttr } from '../../loops/arith-builder.js';
import { elementIndices, fastPathTest, inBounds, isWorkgroup, withInteriorPath } from '../memory-access.js';
import { globalVectorizable, loadVector, storeVector, VECTOR_WIDTH, vectorizable } from '../vector-access.js';
import { lowerBroadcast, lowerReduce, type TileLoweringHost } from './reduce-lowering.js';
import { swizzledIndices, transposeStagingSwizzle } from './swizzle.js';
import { elementCoords, threadElements, unrollError, type ThreadElements } from './thread-layout.js';

/** How a dot reads an operand's elements (see KernelLowering.operandSource). */
interface OperandSource {
  read(row: Value, col: Value): Value;
  readVector(row: Value, col: Value): Value[];
  /** Whether runs of `run` consecutive columns may be read as vectors. */
  vectorizable(run: number): boolean;
}

const fail = (op: Operation, message: string): never => {
  throw new DiagnosticError(opDiagnostic(op, message));
};

const tileType = (v: Value): RankedTensorType | undefined => (v.type instanceof RankedTensorType ? v.type : undefined);

/**
 * Lowers one tile-level kernel to per-thread SIMT code, in place: every register tile becomes
 * the scalars the current thread holds (its #tile.blocked layout says which), tile ops become
 * scalar loads, stores, arithmetic and FMAs on them, and loops carry the scalars. Workgroup
 * buffers become workgroup attributions of the kernel.
 */
export class KernelLowering {
  private readonly b: ArithBuilder;
  /** The scalars the current thread holds of each tile value, in ThreadElements order. */
  private readonly tiles = new Map<Value, Value[]>();
  private readonly elementsCache = new Map<string, ThreadElements>();
  private threadId!: Value;
  /** Workgroup buffers for staging and scratch, by type; reused by later ops (each use sits between its own barriers). */
  private readonly scratchBuffers = new Map<Type, Value[]>();
  /** The scratch buffers the op being lowered holds: two operands of one op (a dot's A and B) never share one. */
  private readonly scratchInUse = new Set<Value>();
  /** Transposes read in place by the dots that use them: the workgroup tile.load each transposes. */
  private readonly readThrough = new Map<Value, Operation>();
  /** Replaced tile ops, erased at the end (their results are used until every user is lowered). */
  private readonly dead: Operation[] = [];

  constructor(
    context: Context,
    private readonly kernel: Operation,
    /** Whether to read and write workgroup memory in vectors of VECTOR_WIDTH where allowed. */
    private readonly vectorize = true,
    /** Lanes of a subgroup reductions may shuffle across (0: workgroup memory only). */
    private readonly subgroupSize = 0,
  ) {
    this.b = new ArithBuilder(context);
  }

  run(): void {
    const entry = this.kernel.region(0).entry!;
    this.b.setInsertionPointToStart(entry);
    this.b.loc = this.kernel.loc;
    this.threadId = this.linearThreadId();
    this.lowerBlock(entry);
    for (const op of this.dead) op.dropAllReferences();
    for (const op of this.dead.reverse()) op.erase();
  }

  /** x + y*bx + z*bx*by (tiling launches 1-D workgroups; the general case costs two more ops). */
  private linearThreadId(): Value {
    return this.b.build(ThreadIdOp, { attributes: { dimension: DimensionAttr.get('x') }, resultTypes: [IndexType.get()] }).result;
  }

  private elements(v: Value, at: Operation): ThreadElements {
    return this.elementsOf(tileType(v)!, at);
  }

  /** The elements the current thread holds of tiles of this type (their coordinates are computed once, at the top of the kernel). */
  private elementsOf(type: RankedTensorType, at: Operation): ThreadElements {
    const layout = type.encoding;
    if (!(layout instanceof BlockedLayoutAttr)) return fail(at, `has a tile without a #tile.blocked layout ('${type}'); run tile-assign-layouts first`);
    const key = `${layout.id}|${type.shape.join('x')}`;
    let e = this.elementsCache.get(key);
    if (!e) {
      const why = unrollError(layout, type.shape);
      if (why) return fail(at, `cannot unroll a ${type.shape.join('x')} tile: ${why}`);
      const entry = this.kernel.region(0).entry!;
      e = this.b.atInsertionPoint({ block: entry, before: this.threadId.definingOp!.next }, () => threadElements(this.b, this.threadId, layout, type.shape));
      this.elementsCache.set(key, e);
    }
    return e;
  }

  private scalars(v: Value): Value[] {
    const s = this.tiles.get(v);
    if (!s) throw new Error(`internal: tile value without scalars`);
    return s;
  }

  /** Lowers the ops of a block in order; tile-typed ops are replaced, others kept (their tile operands are gone by then). */
  private lowerBlock(block: Block): void {
    for (const op of block.ops) this.lowerOp(op);
  }

  private lowerOp(op: Operation): void {
    this.scratchInUse.clear();
    this.b.setInsertionPointBefore(op);
    this.b.loc = op.loc;
    if (ForOp.isa(op)) return this.lowerFor(op);
    if (IfOp.isa(op)) return this.lowerIf(op);
    if (YieldOp.isa(op)) return this.lowerYield(op);
    const touchesTiles = op.operands.some((v) => tileType(v)) || op.results.some((r) => tileType(r));
    if (AllocOp.isa(op)) return this.lowerAlloc(op);
    if (ViewOp.isa(op)) return this.lowerView(op);
    if (!touchesTiles) {
      for (const region of op.regions) for (const block of region.blocks) this.lowerBlock(block);
      return;
    }
    if (LoadOp.isa(op)) this.lowerLoad(op);
    else if (StoreOp.isa(op)) this.lowerStore(op);
    else if (SplatOp.isa(op)) this.tiles.set(op.result, new Array(this.elements(op.result, op).count).fill(op.operand(0)));
    else if (IotaOp.isa(op)) this.lowerIota(op);
    else if (op.name === 'arith.constant') this.lowerConstant(op);
    else if (DotOp.isa(op)) this.lowerDot(op);
    else if (CastOp.isa(op)) this.lowerCast(op);
    else if (TransposeOp.isa(op)) {
      // A transpose that only dots read is read through: they index its buffer with swapped
      // coordinates. Decided once, here: ops lowered between it and a dot may add writes (to
      // other buffers) that would make the dot's own check refuse a value with no scalars.
      const load = readThroughLoad(op);
      if (load) this.readThrough.set(op.result, load);
      else this.lowerTranspose(op);
    } else if (ReduceOp.isa(op)) lowerReduce(this.host(), op);
    else if (BroadcastOp.isa(op)) lowerBroadcast(this.host(), op);
    else if ((op.dialect === 'arith' || op.dialect === 'math') && op.regions.length === 0) this.lowerElementwise(op);
    else fail(op, `cannot be lowered to SIMT code by convert-tile-to-gpu yet`);
    this.dead.push(op);
  }

  /** Each element of a tile.iota is its coordinate along the dimension, which the layout gives every thread. */
  private lowerIota(op: Operation): void {
    const e = this.elements(op.result, op);
    const d = (op.properties.get('dimension') as IntegerAttr).number;
    const elem = tileType(op.result)!.elementType;
    const cast = new Map<Value, Value>();
    const scalars = Array.from({ length: e.count }, (_, i): Value => {
      const c = elementCoords(e, i)[d]!;
      let v = cast.get(c);
      if (!v) cast.set(c, (v = this.b.build(IndexCastOp, { operands: { in: c }, resultTypes: [elem] }).out));
      return v;
    });
    this.tiles.set(op.result, scalars);
  }

  // ------------------------------------------------------------------------------ memory

  /** `memref.load` of one element of a tile.load, masked (unless in_bounds or `masked` is false): padding where it falls outside the memref. */
  private loadElement(load: Operation, coords: readonly Value[], masked = !load.properties.has('in_bounds')): Value {
    const memref = load.operand(0);
    const type = memref.type as MemRefType;
    const indices = elementIndices(this.b, load.operands.slice(1), coords, type.rank);
    const elem = type.elementType;
    if (!masked) return this.b.build(MemLoadOp, { operands: { memref, indices }, resultTypes: [elem] }).result;
    const padding = (load.properties.get('padding') as Attribute | undefined) ?? zeroAttr(elem)!;
    return this.b.ifThenElse(
      inBounds(this.b, memref, indices),
      [elem],
      () => [this.b.build(MemLoadOp, { operands: { memref, indices }, resultTypes: [elem] }).result],
      () => [this.b.constantOf(padding)],
    ).results[0]!;
  }

  private lowerLoad(op: Operation): void {
    const e = this.elements(op.result, op);
    const loadAll = () => Array.from({ length: e.count }, (_, i) => this.loadElement(op, elementCoords(e, i)));
    const memref = op.operand(0);
    const vector = this.vectorize && globalVectorizable(memref, e.runs[e.runs.length - 1]!);
    const masked = !op.properties.has('in_bounds');
    if (!masked && !vector) return void this.tiles.set(op.result, loadAll());
    // Interior tiles load without per-element tests, in aligned vectors where the memref allows.
    const fast = fastPathTest(this.b, memref, op.operands.slice(1), tileType(op.result)!.shape, masked, vector)!;
    const rank = (memref.type as MemRefType).rank;
    const fastLoads = () =>
      vector
        ? Array.from({ length: e.count / VECTOR_WIDTH }, (_, i) =>
            loadVector(this.b, memref, elementIndices(this.b, op.operands.slice(1), elementCoords(e, i * VECTOR_WIDTH), rank), true),
          ).flat()
        : Array.from({ length: e.count }, (_, i) => this.loadElement(op, elementCoords(e, i), false));
    const types = new Array<Type>(e.count).fill(tileType(op.result)!.elementType);
    this.tiles.set(op.result, withInteriorPath(this.b, fast, types, fastLoads, loadAll));
  }

  private storeElement(value: Value, memref: Value, indices: readonly Value[], masked: boolean): void {
    if (!masked) {
      this.b.build(MemStoreOp, { operands: { value, memref, indices } });
      return;
    }
    this.b.ifThenElse(inBounds(this.b, memref, indices), [], () => {
      this.b.build(MemStoreOp, { operands: { value, memref, indices } });
      return [];
    });
  }

  private lowerStore(op: Operation): void {
    const [value, memref] = [op.operand(0), op.operand(1)];
    const e = this.elements(value, op);
    const scalars = this.scalars(value);
    const rank = (memref.type as MemRefType).rank;
    const indices = Array.from({ length: e.count }, (_, i) => elementIndices(this.b, op.operands.slice(2), elementCoords(e, i), rank));
    const storeAll = (masked: boolean) => () => {
      for (let i = 0; i < e.count; i++) this.storeElement(scalars[i]!, memref, indices[i]!, masked);
      return [];
    };
    const vector = this.vectorize && globalVectorizable(memref, e.runs[e.runs.length - 1]!);
    const masked = !op.properties.has('in_bounds');
    if (!masked && !vector) return void storeAll(false)();
    // Interior tiles store without per-element tests, in aligned vectors where the memref allows.
    const fastStores = () => {
      for (let i = 0; i < e.count; i += VECTOR_WIDTH) storeVector(this.b, scalars.slice(i, i + VECTOR_WIDTH), memref, indices[i]!, true);
      return [];
    };
    withInteriorPath(this.b, fastPathTest(this.b, memref, op.operands.slice(2), tileType(value)!.shape, masked, vector)!, [], vector ? fastStores : storeAll(false), storeAll(masked));
  }

  /**
   * `tile.view %M[%c..] tile [T..]` is the subview at offsets c*T with sizes
   * min(T, max(0, dim - c*T)) (static T where the view's type says so), cast to the view's type.
   */
  private lowerView(op: Operation): void {
    const source = op.operand(0);
    const type = source.type as MemRefType;
    const tile = (op.properties.get('tile') as DenseArrayAttr).numbers;
    const viewType = op.resultTypes[0] as MemRefType;
    const index = IndexType.get();
    const offsets = op.operands.slice(1).map((c, d) => this.b.mul(c, this.b.constant(index, tile[d]!)));
    const dynamicSizes: Value[] = [];
    const staticSizes = tile.map((t, d) => {
      if (viewType.shape[d]! >= 0) return BigInt(t);
      const size =
        type.shape[d]! >= 0 ? this.b.constant(index, type.shape[d]!) : this.b.build(DimOp, { operands: { source, index: this.b.constant(index, d) }, resultTypes: [index] }).result;
      const left = this.b.binary(MaxSIOp, this.b.sub(size, offsets[d]!), this.b.constant(index, 0));
      dynamicSizes.push(this.b.build(MinSIOp, { operands: { lhs: left, rhs: this.b.constant(index, t) }, resultTypes: [index] }).result);
      return kDynamicIndex;
    });
    const statics = { offsets: tile.map(() => kDynamicIndex), sizes: staticSizes, strides: tile.map(() => 1n) };
    const inferred = inferSubViewType(type, statics.offsets, statics.sizes, statics.strides);
    if (!inferred) return fail(op, 'cannot be lowered: its source has no strided layout');
    const subview = this.b.build(SubViewOp, {
      operands: { source, offsets, sizes: dynamicSizes, strides: [] },
      attributes: { static_offsets: denseI64(statics.offsets), static_sizes: denseI64(statics.sizes), static_strides: denseI64(statics.strides) },
      resultTypes: [inferred],
    }).result;
    const view = inferred === viewType ? subview : this.b.build(MemCastOp, { operands: { source: subview }, resultTypes: [viewType] }).op.results[0]!;
    op.result.replaceAllUsesWith(view);
    this.dead.push(op);
  }

  /** A workgroup buffer becomes a workgroup attribution of the kernel (one per workgroup). */
  private lowerAlloc(op: Operation): void {
    this.tiles.delete(op.result);
    const buffer = this.addWorkgroupBuffer(op.resultTypes[0] as MemRefType, op);
    op.result.replaceAllUsesWith(buffer);
    op.erase();
  }

  private addWorkgroupBuffer(type: MemRefType, at: Operation): Value {
    const entry = this.kernel.region(0).entry!;
    const count = (this.kernel.getAttr('workgroup_attributions') as IntegerAttr | undefined)?.number ?? 0;
    const inputs = entry.arguments.length - count;
    if (this.kernel.getAttr('private_attrib_attrs') !== undefined || entry.arguments.length !== inputs + count) {
      fail(at, 'cannot add a workgroup buffer to a kernel with private attributions');
    }
    const arg = entry.addArgument(MemRefType.get(type.shape, type.elementType, undefined, type.memorySpace), at.loc);
    this.kernel.setAttr('workgroup_attributions', IntegerAttr.get(IntegerType.get(64), count + 1));
    return arg;
  }

  /**
   * Writes a register tile to a fresh workgroup buffer (row-major, the tile's shape) between
   * barriers, so that any thread can read any element: how register operands reach the dot and
   * how a relayout moves elements between threads. With `swizzle`, element (r, c) goes where
   * that #tile.shared layout places it, and the reader must swizzle its indices the same way.
   */
  private stage(v: Value, at: Operation, swizzle?: SharedLayoutAttr): Value {
    const type = tileType(v)!;
    const { buffer } = this.scratch(MemRefType.get(type.shape, type.elementType, undefined, AddressSpaceAttr.get('workgroup')), at);
    const e = this.elements(v, at);
    const scalars = this.scalars(v);
    const run = e.runs[e.runs.length - 1]!;
    const vector = this.vectorize && vectorizable(buffer, run);
    this.barrier();
    for (let i = 0; i < e.count; i += vector ? VECTOR_WIDTH : 1) {
      const coords = swizzle ? swizzledIndices(this.b, swizzle, elementCoords(e, i)) : elementCoords(e, i);
      if (vector) storeVector(this.b, scalars.slice(i, i + VECTOR_WIDTH), buffer, coords);
      else this.b.build(MemStoreOp, { operands: { value: scalars[i]!, memref: buffer, indices: coords } });
    }
    this.barrier();
    return buffer;
  }

  /** A workgroup buffer of this type that no other operand of the current op holds; `reused` when an earlier op used it. */
  private scratch(type: MemRefType, at: Operation, fresh = false): { buffer: Value; reused: boolean } {
    let pool = this.scratchBuffers.get(type);
    if (!pool) this.scratchBuffers.set(type, (pool = []));
    let buffer = fresh ? undefined : pool.find((b) => !this.scratchInUse.has(b));
    const reused = buffer !== undefined;
    if (!buffer) pool.push((buffer = this.addWorkgroupBuffer(type, at)));
    this.scratchInUse.add(buffer);
    return { buffer, reused };
  }

  /** The lowering's helpers, for the ops lowered in other modules. */
  private host(): TileLoweringHost {
    return {
      b: this.b,
      threadId: this.threadId,
      subgroupSize: this.subgroupSize,
      elementsOf: (t, at) => this.elementsOf(t, at),
      scalars: (v) => this.scalars(v),
      setScalars: (v, s) => void this.tiles.set(v, s),
      stage: (v, at) => this.stage(v, at),
      scratch: (t, at, fresh) => this.scratch(t, at, fresh),
      barrier: () => this.barrier(),
      fail,
    };
  }

  private barrier(): void {
    this.b.build(BarrierOp, {});
  }

  // ------------------------------------------------------------------------------ compute

  private lowerConstant(op: Operation): void {
    const value = op.getAttr('value');
    if (!(value instanceof DenseElementsAttr) || !value.isSplat) fail(op, 'only splat tile constants can be lowered');
    const d = value as DenseElementsAttr;
    const elem = d.elementType;
    const scalar = this.b.constantOf(elem instanceof FloatType ? FloatAttr.get(elem, Number(d.values[0])) : IntegerAttr.get(elem, d.values[0] as bigint));
    this.tiles.set(op.result, new Array(this.elements(op.result, op).count).fill(scalar));
  }

  private lowerElementwise(op: Operation): void {
    const result = op.results[0]!;
    const count = this.elements(result, op).count;
    const outs: Value[][] = op.results.map(() => []);
    for (let i = 0; i < count; i++) {
      const operands = op.operands.map((v) => (tileType(v) ? this.scalars(v)[i]! : v));
      const scalar = this.b.create({
        name: op.name,
        operands,
        resultTypes: op.resultTypes.map((t) => (t instanceof RankedTensorType ? t.elementType : t)),
        properties: new Map(op.properties),
        attributes: new Map(op.attributes),
      });
      scalar.results.forEach((r, k) => outs[k]!.push(r));
    }
    op.results.forEach((r, k) => this.tiles.set(r, outs[k]!));
  }

  /** Element type conversion in place; a change of layout goes through workgroup memory. */
  private lowerCast(op: Operation): void {
    const [src, dst] = [tileType(op.operand(0))!, tileType(op.result)!];
    let scalars = this.scalars(op.operand(0));
    // The relayout moves source elements; the conversion follows in the new layout.
    if (src.encoding !== dst.encoding) scalars = this.relayout(op.operand(0), RankedTensorType.get(dst.shape, src.elementType, dst.encoding), op);
    this.tiles.set(
      op.result,
      scalars.map((s) => convertScalar(this.b, s, dst.elementType, op)),
    );
  }

  /** The elements `to` lays out, read from a staged copy of `v`. */
  private relayout(v: Value, to: RankedTensorType, at: Operation, transpose = false): Value[] {
    const e = this.elementsOf(to, at);
    // A transposed read walks the staged tile down its columns; a swizzle spreads those over the banks.
    const swizzle = transpose ? transposeStagingSwizzle(tileType(v)!.shape, e.runs[e.runs.length - 1]!) : undefined;
    const buffer = this.stage(v, at, swizzle);
    const out: Value[] = [];
    for (let i = 0; i < e.count; i++) {
      const coords = elementCoords(e, i);
      const logical = transpose ? [...coords].reverse() : coords;
      const indices = swizzle ? swizzledIndices(this.b, swizzle, logical) : logical;
      out.push(this.b.build(MemLoadOp, { operands: { memref: buffer, indices }, resultTypes: [to.elementType] }).result);
    }
    return out;
  }

  private lowerTranspose(op: Operation): void {
    this.tiles.set(op.result, this.relayout(op.operand(0), tileType(op.result)!, op, true));
  }

  /**
   * acc[i, j] += a[i, k] * b[k, j], the K dimension unrolled: each thread reads the rows of A and
   * columns of B its accumulator elements need from workgroup memory (directly from the buffer a
   * tile.load read them from, else from a staged copy) and issues FMAs. Reads are vectorized
   * along each buffer's contiguous dimension where it is allowed: A four k at a time, B the
   * runs of four columns the accumulator layout gives a thread.
   */
  private lowerDot(op: Operation): void {
    const [a, bv, acc] = [op.operand(0), op.operand(1), op.operand(2)];
    const accType = tileType(acc)!;
    const e = this.elements(acc, op);
    const [rows, cols] = [e.coords[0]!, e.coords[1]!];
    const k = tileType(a)!.shape[1]!;
    const elem = accType.elementType;
    const srcA = this.operandSource(a, op);
    const srcB = this.operandSource(bv, op);
    const vectorA = this.vectorize && srcA.vectorizable(k);
    const vectorB = this.vectorize && srcB.vectorizable(e.runs[1]!);
    const out = [...this.scalars(acc)];
    let aBlock: Value[][] = [];
    for (let kk = 0; kk < k; kk++) {
      const kIndex = this.b.constant(IndexType.get(), kk);
      let as: Value[];
      if (vectorA) {
        if (kk % VECTOR_WIDTH === 0) aBlock = rows.map((r) => srcA.readVector(r, kIndex));
        as = aBlock.map((lanes) => lanes[kk % VECTOR_WIDTH]!);
      } else {
        as = rows.map((r) => srcA.read(r, kIndex));
      }
      const bs = vectorB ? cols.flatMap((c, j) => (j % VECTOR_WIDTH === 0 ? srcB.readVector(kIndex, c) : [])) : cols.map((c) => srcB.read(kIndex, c));
      const [ac, bc] = [as.map((x) => convertScalar(this.b, x, elem, op)), bs.map((x) => convertScalar(this.b, x, elem, op))];
      for (let i = 0; i < rows.length; i++) {
        for (let j = 0; j < cols.length; j++) {
          const n = i * cols.length + j;
          out[n] = this.b.build(FmaOp, { operands: { a: ac[i]!, b: bc[j]!, c: out[n]! }, resultTypes: [elem] }).result;
        }
      }
    }
    this.tiles.set(op.result, out);
  }

  /**
   * Where a dot operand's elements are read: the workgroup buffer its tile.load reads (masked
   * as that load is), else a staged copy. `readVector(row, col)` reads (row, col..col+3).
   */
  private operandSource(v: Value, at: Operation): OperandSource {
    const load = workgroupLoad(v, at);
    if (load) {
      const source = load.operand(0);
      const rank = (source.type as MemRefType).rank;
      const masked = !load.properties.has('in_bounds');
      return {
        read: (row, col) => this.loadElement(load, [row, col]),
        readVector: (row, col) => loadVector(this.b, source, elementIndices(this.b, load.operands.slice(1), [row, col], rank)),
        vectorizable: (run) => !masked && vectorizable(source, run),
      };
    }
    const transposed = this.readThrough.get(v);
    if (transposed) {
      // (row, col) of the transpose is (col, row) of the buffer; runs of rows that are consecutive
      // words there become vector loads in combine-loads.
      const read = (row: Value, col: Value) => this.loadElement(transposed, [col, row]);
      return {
        read,
        readVector: (row, col) => Array.from({ length: VECTOR_WIDTH }, (_, i) => read(row, this.b.add(col, this.b.constant(IndexType.get(), i)))),
        vectorizable: () => false,
      };
    }
    const buffer = this.stage(v, at);
    const elem = tileType(v)!.elementType;
    return {
      read: (row, col) => this.b.build(MemLoadOp, { operands: { memref: buffer, indices: [row, col] }, resultTypes: [elem] }).result,
      readVector: (row, col) => loadVector(this.b, buffer, [row, col]),
      vectorizable: (run) => vectorizable(buffer, run),
    };
  }

  // ------------------------------------------------------------------------------ control flow

  /** Expands tile operands/results of structured control flow into the thread's scalars. */
  private expand(values: readonly Value[]): Value[] {
    return values.flatMap((v) => (tileType(v) ? this.scalars(v) : [v]));
  }

  private lowerFor(op: Operation): void {
    const inits = op.operands.slice(3);
    if (!inits.some((v) => tileType(v))) {
      this.lowerBlock(op.region(0).entry!);
      return;
    }
    const newInits = this.expand(inits);
    const loop = this.b.build(ForOp, {
      operands: { lowerBound: op.operand(0), upperBound: op.operand(1), step: op.operand(2), initArgs: newInits },
      resultTypes: { results: newInits.map((v) => v.type) },
    }).op;
    const oldBody = op.region(0).entry!;
    const body = loop.region(0).appendBlock(new Block());
    const iv = body.addArgument(oldBody.arguments[0]!.type, oldBody.arguments[0]!.loc);
    oldBody.arguments[0]!.replaceAllUsesWith(iv);
    this.bindExpanded(oldBody.arguments.slice(1), (t) => body.addArgument(t, op.loc));
    // Move the old body's ops into the new loop, then lower them there.
    for (const inner of oldBody.ops) body.append((inner.remove(), inner));
    this.lowerBlock(body);
    this.bindResults(op, loop.results);
  }

  private lowerIf(op: Operation): void {
    if (!op.results.some((r) => tileType(r))) {
      for (const region of op.regions) for (const block of region.blocks) this.lowerBlock(block);
      return;
    }
    const types = op.results.flatMap((r) => (tileType(r) ? new Array<Type>(this.elements(r, op).count).fill(tileType(r)!.elementType) : [r.type]));
    const ifOp = this.b.build(IfOp, { operands: { condition: op.operand(0) }, resultTypes: { results: types } }).op;
    op.regions.forEach((region, i) => {
      const block = ifOp.region(i).appendBlock(new Block());
      for (const inner of region.entry?.ops ?? []) block.append((inner.remove(), inner));
      this.lowerBlock(block);
    });
    this.bindResults(op, ifOp.results);
  }

  /** Maps old values to new ones, a tile to as many new values as the thread holds of it. */
  private bindExpanded(old: readonly Value[], make: (t: Type) => Value): void {
    for (const v of old) {
      const t = tileType(v);
      if (!t) {
        v.replaceAllUsesWith(make(v.type));
        continue;
      }
      const count = this.elements(v, v.parentBlock!.parentOp!).count;
      this.tiles.set(
        v,
        Array.from({ length: count }, () => make(t.elementType)),
      );
    }
  }

  private bindResults(op: Operation, results: readonly Value[]): void {
    let k = 0;
    this.bindExpanded(op.results, () => results[k++]!);
    this.dead.push(op);
  }

  private lowerYield(op: Operation): void {
    if (!op.operands.some((v) => tileType(v))) return;
    op.setOperands(this.expand(op.operands));
  }
}

/** The tile.load of a workgroup buffer (rank >= 2) that defines `v`, if nothing writes memory between it and `at`. */
function workgroupLoad(v: Value, at: Operation): Operation | undefined {
  const load = v.definingOp;
  if (!load || !LoadOp.isa(load)) return undefined;
  const source = load.operand(0);
  return isWorkgroup(source.type) && (source.type as MemRefType).rank >= 2 && !writesBetween(load, at) ? load : undefined;
}

/**
 * The tile.load of a workgroup buffer (2-D, or one slot of a multibuffer) that a transpose reads,
 * when every user of the transpose is a tile.dot that can read that buffer as an operand (nothing
 * writes memory between).
 */
function readThroughLoad(transpose: Operation): Operation | undefined {
  const load = transpose.operand(0).definingOp;
  if (!load || !LoadOp.isa(load) || !isWorkgroup(load.operand(0).type) || (load.operand(0).type as MemRefType).rank < 2) return undefined;
  const users = transpose.result.users();
  return users.length > 0 && users.every((u) => DotOp.isa(u) && u.operand(2) !== transpose.result && !writesBetween(load, u)) ? load : undefined;
}

/**
 * Whether memory may be written between `from` and `to` (same block, `from` first): then the
 * buffer a tile was loaded from may no longer hold it, and reading it again is wrong.
 */
function writesBetween(from: Operation, to: Operation): boolean {
  if (from.parent !== to.parent) return true;
  for (let op = from.next; op && op !== to; op = op.next) {
    let writes = false;
    op.walk((inner) => {
      if (inner.name === 'memref.store' || inner.name === 'tile.store' || inner.name === 'async.copy' || inner.name === 'gpu.barrier' || inner.name === 'func.call') writes = true;
    });
    if (writes) return true;
  }
  return false;
}

/** An element converted to another element type (f16 -> f32 for the dot, tile.cast's conversions). */
function convertScalar(b: ArithBuilder, v: Value, to: Type, at: Operation): Value {
  const from = v.type;
  if (from === to) return v;
  if (from instanceof FloatType && to instanceof FloatType) {
    const cast = from.width < to.width ? ExtFOp.state({ loc: b.loc, operands: { in: v }, resultTypes: [to] }) : TruncFOp.state({ loc: b.loc, operands: { in: v }, resultTypes: [to] });
    return b.create(cast).results[0]!;
  }
  const convert = (op: { readonly name: string }): Value => b.create({ name: op.name, operands: [v], resultTypes: [to] }).results[0]!;
  if (from instanceof IntegerType && to instanceof FloatType) return convert(SIToFPOp);
  if (from instanceof FloatType && to instanceof IntegerType) return convert(FPToSIOp);
  if (from instanceof IntegerType && to instanceof IntegerType) {
    // As tile.cast defines it: i1 zero-extends, other integers sign-extend or truncate.
    if (from.width > to.width) return convert(TruncIOp);
    return convert(from.width === 1 ? ExtUIOp : ExtSIOp);
  }
  return fail(at, `cannot convert '${from}' elements to '${to}'`);
}
