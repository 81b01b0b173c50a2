import type { DenseArrayAttr } from '../../../core/ir/attributes.js';
import { Block } from '../../../core/ir/block.js';
import type { Context } from '../../../core/ir/dialect.js';
import { DiagnosticError, opDiagnostic } from '../../../core/ir/diagnostics.js';
import type { Operation } from '../../../core/ir/operation.js';
import { i1, IndexType, type MemRefType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { CommitOp, CopyOp, GroupType, TokenType, WaitOp } from '../../../dialects/async/index.js';
import { BarrierOp, DimensionAttr, ThreadIdOp } from '../../../dialects/gpu/index.js';
import { LoadOp as MemLoadOp, StoreOp as MemStoreOp } from '../../../dialects/memref/index.js';
import { ForOp, IfOp, YieldOp } from '../../../dialects/scf/index.js';
import { ArithBuilder, zeroAttr } from '../../loops/arith-builder.js';
import { accessLayoutFor } from '../../tile/layouts.js';
import { innermostContiguous } from '../../../dialects/memref/types.js';
import { elementIndices, fastPathTest, inBounds, withInteriorPath } from '../memory-access.js';
import { elementCoords, threadElements, unrollError, type ThreadElements } from '../tile-to-gpu/thread-layout.js';
import { globalVectorizable, loadVector, storeVector, VECTOR_WIDTH, vectorizable } from '../vector-access.js';
import { fitInits, planSlots, slotShapes, type LoopSlots, type SlotShape } from './loop-slots.js';

const fail = (op: Operation, message: string): never => {
  throw new DiagnosticError(opDiagnostic(op, message));
};

/**
 * A copy in flight, held by the current thread: the elements it loaded from global memory (in
 * registers), where they go, and whether the copy is on at all. Stored at the wait that
 * completes it.
 */
interface CopyRecord {
  readonly values: Value[];
  readonly dest: Value;
  /** The copy's destination indices (the tile's origin in `dest`; iteration-dependent, so loops carry them). */
  readonly destIndices: Value[];
  /** Which elements of the tile the thread holds (computed once at the top of the kernel). */
  readonly elements: ThreadElements;
  /** The copy's predicate (absent: on). */
  readonly on: Value | undefined;
  /** The async.copy it lowers (absent for copies carried by loops). */
  readonly copy?: Operation;
  stored: boolean;
}

/** A committed group: its copies. A token is a group of one copy (uncommitted). */
type Group = CopyRecord[];

const isAsync = (t: Type): boolean => t === GroupType.get() || t === TokenType.get();

/**
 * Lowers async copies of one kernel to register-staged SIMT code (WGSL has no asynchronous
 * copy): a copy becomes per-thread global loads into registers where it is issued (masked
 * positions read 0), and the workgroup stores where an `async.wait` completes it, between
 * barriers; tokens and groups become the registers they hold, loops carry them.
 */
export class AsyncLowering {
  private readonly b: ArithBuilder;
  private readonly groups = new Map<Value, Group>();
  /** Copies issued (or received through a loop) and not yet stored, in issue order, per region being lowered. */
  private readonly pending: CopyRecord[] = [];
  /** The copies loops carried out through their results. */
  private readonly loopResults = new Set<CopyRecord>();
  /** The slots each lowered loop carries (its yield fills them). */
  private readonly loopSlots = new Map<Operation, { plan: LoopSlots; inSlots: CopyRecord[] }>();
  /** The copies the last yield lowered carries to the next iteration (they may stay in flight). */
  private yielded = new Set<CopyRecord>();
  private threadId!: Value;
  /** ThreadElements by access layout and tile shape (see elementsOf). */
  private readonly threadElements = new Map<string, ThreadElements>();
  /** Replaced ops, erased at the end (their tokens and groups are used until every user is lowered). */
  private readonly dead: Operation[] = [];

  constructor(
    context: Context,
    private readonly kernel: Operation,
    private readonly numThreads: number,
    private readonly synchronous: boolean,
    /** Whether workgroup stores go VECTOR_WIDTH elements at a time where allowed. */
    private readonly vectorize = true,
  ) {
    this.b = new ArithBuilder(context);
  }

  run(): void {
    const entry = this.kernel.region(0).entry!;
    this.b.setInsertionPointToStart(entry);
    this.b.loc = this.kernel.loc;
    this.threadId = this.b.build(ThreadIdOp, { attributes: { dimension: DimensionAttr.get('x') }, resultTypes: [IndexType.get()] }).result;
    this.lowerBlock(entry);
    for (const op of this.dead) op.dropAllReferences();
    for (const op of this.dead.reverse()) op.erase();
  }

  private lowerBlock(block: Block): void {
    for (const op of block.ops) this.lowerOp(op);
  }

  private lowerOp(op: Operation): void {
    this.b.setInsertionPointBefore(op);
    this.b.loc = op.loc;
    if (CopyOp.isa(op)) return this.lowerCopy(op);
    if (CommitOp.isa(op)) {
      this.groups.set(
        op.result,
        op.operands.flatMap((t) => this.groupOf(t, op)),
      );
      return this.erase(op);
    }
    if (WaitOp.isa(op)) return this.lowerWait(op);
    if (ForOp.isa(op) && op.operands.slice(3).some((v) => isAsync(v.type))) return this.lowerFor(op);
    if (op.regions.length > 0 && this.pending.some((r) => !r.stored) && containsWait(op)) {
      // As for loops carrying groups: copies issued before a region with waits complete before it.
      this.store(this.pending);
    }
    if (YieldOp.isa(op) && op.operands.some((v) => isAsync(v.type))) return this.lowerAsyncYield(op);
    if (op.name === 'arith.select' && isAsync(op.results[0]!.type)) {
      // The chosen copies complete here (early, which the semantics allow): both, since either may be chosen.
      const chosen = new Set([...this.groupOf(op.operand(1), op), ...this.groupOf(op.operand(2), op)]);
      this.store([...this.pending.filter((r) => chosen.has(r)), ...[...chosen].filter((r) => !this.pending.includes(r))]);
      this.groups.set(op.results[0]!, []);
      return this.erase(op);
    }
    if (IfOp.isa(op) && op.results.some((r) => isAsync(r.type))) return this.lowerAsyncIf(op);
    if (op.results.some((r) => isAsync(r.type))) fail(op, 'cannot be lowered: convert-async-to-gpu handles async tokens and groups only in async ops and scf.for loops');
    for (const region of op.regions) for (const block of region.blocks) this.lowerRegionBlock(block);
  }

  /** Lowers a nested block: copies it issues must be stored in it, or leave it as values it yields (a loop's iter_args). */
  private lowerRegionBlock(block: Block): void {
    const outer = this.pending.splice(0);
    this.lowerBlock(block);
    // Copies a loop of this block carried out and nothing waits for (a pipelined loop's
    // predicated copies past its end) are never observed: dropped, as at the end of the kernel.
    const kept = this.pending.filter((r) => r.stored || !this.loopResults.has(r));
    this.pending.splice(0, this.pending.length, ...kept);
    this.checkNoneLeft(block);
    this.pending.push(...outer);
  }

  private checkNoneLeft(block: Block): void {
    const left = this.pending.find((r) => !r.stored && !this.yielded.has(r));
    this.yielded = new Set();
    if (left) {
      fail(
        left.copy ?? block.parentOp!,
        `is still in flight at the end of the body of the '${block.parentOp!.name}' around it, and its group is not carried: ` +
          'wait for it in the body, or pass its group (or token) through iter_args and name it in the wait that completes it ' +
          '(`async.wait N for %g`, as tile-pipeline does), so that its registers can be carried to the next iteration',
      );
    }
  }

  /** The elements a thread holds of a tile of `shape` spread by `layout`, computed once at the top of the kernel. */
  private elementsOf(layout: ReturnType<typeof accessLayoutFor>, shape: readonly number[]): ThreadElements {
    const key = `${String(layout)}|${shape.join('x')}`;
    let elements = this.threadElements.get(key);
    if (!elements) {
      const entry = this.kernel.region(0).entry!;
      elements = this.b.atInsertionPoint({ block: entry, before: this.threadId.definingOp!.next }, () => threadElements(this.b, this.threadId, layout, shape));
      this.threadElements.set(key, elements);
    }
    return elements;
  }

  private erase(op: Operation): void {
    this.dead.push(op);
  }

  private groupOf(v: Value, at: Operation): Group {
    const g = this.groups.get(v);
    if (!g) return fail(at, 'uses an async token or group whose copies are unknown here');
    return g;
  }

  // ------------------------------------------------------------------------------ copies

  /** The global loads of a copy, into registers: each thread loads its share, spread as a coalesced access layout would. */
  private lowerCopy(op: Operation): void {
    const view = CopyOp.view(op);
    const [src, dst] = [view.source, view.dest];
    const shape = (op.properties.get('shape') as DenseArrayAttr).numbers;
    const predicate = (view as unknown as { predicate: Value | undefined }).predicate;
    const layout = accessLayoutFor(shape, this.numThreads, innermostContiguous(src.type));
    const why = unrollError(layout, shape);
    if (why) fail(op, `cannot stage this copy in registers: ${why}`);
    const elements = this.elementsOf(layout, shape);
    const masked = op.properties.has('masked');
    const elem = (src.type as MemRefType).elementType;
    const record: CopyRecord = { values: [], dest: dst, destIndices: [...view.dstIndices], elements, on: predicate, stored: false, copy: op };
    const srcIndices = Array.from({ length: elements.count }, (_, e) => elementIndices(this.b, view.srcIndices, elementCoords(elements, e), (src.type as MemRefType).rank));
    const plainLoad = (indices: Value[]) => this.b.build(MemLoadOp, { operands: { memref: src, indices }, resultTypes: [elem] }).result;
    const guardedLoads = () =>
      srcIndices.map((indices) => {
        let load = masked ? inBounds(this.b, src, indices) : undefined;
        if (predicate) load = load ? this.b.and(load, predicate) : predicate;
        return load
          ? this.b.ifThenElse(
              load,
              [elem],
              () => [plainLoad(indices)],
              () => [this.b.constantOf(zeroAttr(elem)!)],
            ).results[0]!
          : plainLoad(indices);
      });
    // Interior tiles (whole tile in bounds, copy on) load without per-element tests, in aligned
    // vectors where the source allows (a uniform test: its row length and the tile's first
    // column are multiples of the vector width).
    const vectorGlobal = this.vectorize && globalVectorizable(src, elements.runs[elements.runs.length - 1]!);
    const fast = masked || vectorGlobal ? fastPathTest(this.b, src, view.srcIndices, shape, masked, vectorGlobal, predicate) : undefined;
    const fastLoads = () => (vectorGlobal ? srcIndices.flatMap((indices, e) => (e % VECTOR_WIDTH === 0 ? loadVector(this.b, src, indices, true) : [])) : srcIndices.map(plainLoad));
    record.values.push(...(fast ? withInteriorPath(this.b, fast, new Array<Type>(elements.count).fill(elem), fastLoads, guardedLoads) : guardedLoads()));
    this.groups.set(op.result, [record]);
    this.pending.push(record);
    if (this.synchronous) this.store([record]);
    this.erase(op);
  }

  /** The workgroup stores of copies, between barriers (others may still read the old contents; all must see the new). */
  private store(records: readonly CopyRecord[]): void {
    const todo = records.filter((r) => !r.stored);
    if (todo.length === 0) return;
    this.b.build(BarrierOp, {});
    for (const r of todo) {
      const write = () => this.write(r);
      if (r.on) {
        this.b.ifThenElse(r.on, [], () => {
          write();
          return [];
        });
      } else {
        write();
      }
      r.stored = true;
    }
    this.b.build(BarrierOp, {});
  }

  /** The thread's elements of a copy into its destination, VECTOR_WIDTH at a time where they are consecutive there. */
  private write(r: CopyRecord): void {
    const rank = (r.dest.type as MemRefType).rank;
    const vector = this.vectorize && vectorizable(r.dest, r.elements.runs[r.elements.runs.length - 1]!);
    for (let e = 0; e < r.values.length; e += vector ? VECTOR_WIDTH : 1) {
      const indices = elementIndices(this.b, r.destIndices, elementCoords(r.elements, e), rank);
      if (vector) storeVector(this.b, r.values.slice(e, e + VECTOR_WIDTH), r.dest, indices);
      else this.b.build(MemStoreOp, { operands: { value: r.values[e]!, memref: r.dest, indices } });
    }
  }

  /** A wait stores the copies of the groups it names (or every pending copy: `all`, or no groups named). */
  private lowerWait(op: Operation): void {
    if (!this.synchronous) {
      const named = op.operands.flatMap((g) => this.groupOf(g, op));
      const all = op.properties.get('pending') === undefined || op.numOperands === 0;
      // Issue order: a copy chained `after` another is stored after it.
      const records = all ? this.pending : this.pending.filter((r) => named.includes(r)).concat(named.filter((r) => !this.pending.includes(r)));
      this.store(records);
    }
    this.erase(op);
  }

  // ------------------------------------------------------------------------------ loops

  /** The registers of a carried copy: its predicate (true when it has none, false once it is stored), values and destination indices. */
  private registersOf(r: CopyRecord): Value[] {
    return [r.stored ? this.b.constant(i1, 0) : (r.on ?? this.b.constant(i1, 1)), ...r.values, ...r.destIndices];
  }

  /** A copy of the shape of `slot` made of fresh values (`next(type)` gives them in registersOf order). */
  private rebuild(shape: SlotShape, next: (type: Type) => Value): CopyRecord {
    const on = next(i1);
    const values = shape.values.map((t) => next(t));
    const destIndices = shape.indexTypes.map((t) => next(t));
    return { on, values, dest: shape.dest, destIndices, elements: shape.elements, stored: false };
  }

  /** A copy that is switched off, of a slot's shape: what a slot carries into the loop when no initial copy fits it. */
  private offCopy(shape: SlotShape): CopyRecord {
    const off = this.b.constant(i1, 0);
    const zero = (t: Type) => this.b.constantOf(zeroAttr(t)!);
    const values = shape.values.map(zero);
    return { on: off, values, dest: shape.dest, destIndices: shape.indexTypes.map(zero), elements: shape.elements, stored: false };
  }

  /** The register shape of what a copy op holds per thread. */
  private copyShape(copy: Operation): SlotShape {
    const view = CopyOp.view(copy);
    const shape = (copy.properties.get('shape') as DenseArrayAttr).numbers;
    const layout = accessLayoutFor(shape, this.numThreads, innermostContiguous(view.source.type));
    const elements = this.elementsOf(layout, shape);
    const elem = (view.source.type as MemRefType).elementType;
    const rank = (view.dest.type as MemRefType).rank;
    return { dest: view.dest, values: new Array<Type>(elements.count).fill(elem), indexTypes: new Array<Type>(rank).fill(IndexType.get()), elements };
  }

  private static recordShape(r: CopyRecord): SlotShape {
    return { dest: r.dest, values: r.values.map((v) => v.type), indexTypes: r.destIndices.map((v) => v.type), elements: r.elements };
  }

  private lowerFor(op: Operation): void {
    const oldBody = op.region(0).entry!;
    const inits = op.operands.slice(3);
    const initGroups = inits.map((v) => (isAsync(v.type) ? this.groupOf(v, op) : undefined));
    if (this.synchronous) {
      // Every copy was stored where it was issued: async values carry nothing.
      return this.lowerForCarrying(op, oldBody, inits, initGroups, { sources: [], argSlots: initGroups.map((g) => (g ? [] : undefined)) }, []);
    }
    const plan = planSlots(
      op,
      initGroups.map((g) => g?.length),
      isAsync,
    );
    if ('error' in plan) return fail(plan.at, `cannot be lowered: ${plan.error}`);
    const shapes = slotShapes(
      plan,
      (c) => this.copyShape(c),
      (a, k) => (initGroups[a]?.[k] ? AsyncLowering.recordShape(initGroups[a]![k]!) : undefined),
    );
    if (typeof shapes === 'string') return fail(op, `cannot be lowered: ${shapes}`);
    const sameShape = (a: SlotShape, b: SlotShape) => a.dest === b.dest && a.elements === b.elements && a.values.length === b.values.length && a.values.every((t, i) => t === b.values[i]);
    const { chosen, leftOver } = fitInits(plan, initGroups, (slot, r) => sameShape(shapes[slot]!, AsyncLowering.recordShape(r)));
    // Copies pending here that the loop does not carry complete before it (early, which their
    // semantics allows): a wait inside the loop could not store them once, in the first iteration only.
    const carried = new Set(chosen.filter((r) => r !== undefined));
    this.store([...this.pending.filter((r) => !carried.has(r)), ...leftOver]);
    const initial = chosen.map((r, slot) => (r && !r.stored ? r : this.offCopy(shapes[slot]!)));
    this.lowerForCarrying(op, oldBody, inits, initGroups, plan, initial, shapes);
  }

  /** Builds the loop that carries the slots' registers in place of its async iter_args, and lowers its body. */
  private lowerForCarrying(
    op: Operation,
    oldBody: Block,
    inits: readonly Value[],
    initGroups: readonly (Group | undefined)[],
    plan: LoopSlots,
    initial: CopyRecord[],
    shapes: SlotShape[] = [],
  ): void {
    const newInits = [...inits.filter((_, i) => !initGroups[i]), ...initial.flatMap((r) => this.registersOf(r))];
    const loop = this.b.build(ForOp, {
      operands: { lowerBound: op.operand(0), upperBound: op.operand(1), step: op.operand(2), initArgs: newInits },
      resultTypes: { results: newInits.map((v) => v.type) },
    }).op;
    const body = loop.region(0).appendBlock(new Block());
    oldBody.arguments[0]!.replaceAllUsesWith(body.addArgument(oldBody.arguments[0]!.type, oldBody.arguments[0]!.loc));
    // The loop completes the copies it carries in (in an iteration, or through its results).
    for (const r of initial) r.stored = true;
    const outerPending = this.pending.splice(0);
    for (const [i, arg] of oldBody.arguments.slice(1).entries()) if (!initGroups[i]) arg.replaceAllUsesWith(body.addArgument(arg.type, arg.loc));
    const inSlots = shapes.map((shape) => this.rebuild(shape, (type) => body.addArgument(type, op.loc)));
    oldBody.arguments.slice(1).forEach(
      (arg, i) =>
        initGroups[i] &&
        this.groups.set(
          arg,
          plan.argSlots[i]!.map((k) => inSlots[k]!),
        ),
    );
    this.pending.push(...inSlots);
    this.loopSlots.set(loop, { plan, inSlots });
    for (const inner of oldBody.ops) body.append((inner.remove(), inner));
    this.lowerBlock(body);
    this.checkNoneLeft(body);
    // A register yielded as its own init (a destination index the same in every iteration) is
    // invariant: using the init instead lets canonicalize drop it, and keeps addresses static.
    const yielded = body.last!.operands;
    newInits.forEach((init, i) => yielded[i] === init && body.arguments[i + 1]!.replaceAllUsesWith(init));
    // After the loop: the results hold what the last iteration carried.
    this.pending.splice(0, this.pending.length, ...outerPending.filter((r) => !r.stored));
    let k = 0;
    op.results.forEach((r, i) => void (!initGroups[i] && r.replaceAllUsesWith(loop.results[k++]!)));
    const outSlots = shapes.map((shape) => this.rebuild(shape, () => loop.results[k++]!));
    for (const r of outSlots) this.loopResults.add(r);
    op.results.forEach(
      (r, i) =>
        initGroups[i] &&
        this.groups.set(
          r,
          plan.argSlots[i]!.map((s) => outSlots[s]!),
        ),
    );
    this.pending.push(...outSlots);
    this.erase(op);
  }

  /** A yield of async values: a loop's carries its slots' registers; an scf.if's completes their copies (the if's async results are then empty). */
  private lowerAsyncYield(op: Operation): void {
    const parent = op.parentOp!;
    const plan = this.loopSlots.get(parent);
    const plain = op.operands.filter((v) => !isAsync(v.type));
    if (!plan || this.synchronous) {
      // An scf.if's yield (or a loop's with synchronous copies): the yielded copies complete here, nothing is carried.
      this.store(op.operands.filter((v) => isAsync(v.type)).flatMap((v) => this.groupOf(v, op)));
      op.setOperands(plain);
      return;
    }
    const { plan: slotsPlan, inSlots } = plan;
    // What fills each slot: the record of its copy (in the value yielded), or the carried record it passes on.
    const slots = slotsPlan.sources.map((source, slot) => {
      if ('arg' in source) return inSlots[slotsPlan.argSlots[source.arg]![source.index]!]!;
      const holder = op.operands.findIndex((_, i) => slotsPlan.argSlots[i]?.includes(slot));
      const r = this.groupOf(op.operand(holder), op).find((c) => c.copy === source.copy);
      return r ?? fail(op, `cannot be lowered: the copy at ${String(source.copy.loc)} is not in the value yielded for iter_arg #${holder}`);
    });
    this.yielded = new Set(slots);
    op.setOperands([...plain, ...slots.flatMap((r) => this.registersOf(r))]);
  }

  /** An scf.if with async results: copies pending before it complete first; each branch completes the copies it yields. */
  private lowerAsyncIf(op: Operation): void {
    this.store(this.pending);
    const keep = op.results.filter((r) => !isAsync(r.type));
    const ifOp = this.b.build(IfOp, { operands: { condition: op.operand(0) }, resultTypes: { results: keep.map((r) => r.type) } }).op;
    op.regions.forEach((region, i) => {
      if (!region.entry) return;
      const block = ifOp.region(i).appendBlock(new Block());
      for (const inner of region.entry.ops) block.append((inner.remove(), inner));
      this.lowerRegionBlock(block);
    });
    keep.forEach((r, i) => r.replaceAllUsesWith(ifOp.results[i]!));
    for (const r of op.results) if (isAsync(r.type)) this.groups.set(r, []);
    this.erase(op);
  }
}

function containsWait(op: Operation): boolean {
  let found = false;
  op.walk((inner) => {
    if (WaitOp.isa(inner)) found = true;
  });
  return found;
}
