import type { Block } from '../../../core/ir/block.js';
import type { Context } from '../../../core/ir/dialect.js';
import type { Operation } from '../../../core/ir/operation.js';
import { i1, IndexType, type MemRefType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import type { MatchFailure } from '../../../core/rewrite/conversion.js';
import type { PatternRewriter } from '../../../core/rewrite/rewriter.js';
import type { DenseArrayAttr } from '../../../core/ir/attributes.js';
import { CopyOp, GroupType, TokenType, WaitOp } from '../../../dialects/async/index.js';
import { BarrierOp, DimensionAttr, ThreadIdOp } from '../../../dialects/gpu/index.js';
import { innermostContiguous } from '../../../dialects/memref/types.js';
import { StoreOp as MemStoreOp } from '../../../dialects/memref/index.js';
import { ArithBuilder } from '../../../dialects/arith/builder.js';
import { zeroAttr } from '../../../core/ir/attributes.js';
import { buildIfThenElse } from '../../../dialects/scf/builder.js';
import { loopRegionsOf } from '../../analysis/interfaces.js';
import { accessLayoutFor } from '../../tile/layouts.js';
import { elementIndices } from '../memory-access.js';
import { RewriterArithBuilder } from '../rewriter-builder.js';
import { elementCoords, type ThreadElements, threadElements } from '../tile-to-gpu/thread-layout.js';
import { storeVector, VECTOR_WIDTH, vectorizable } from '../vector-access.js';
import type { LoopSlots, SlotShape } from './loop-slots.js';

/**
 * A copy in flight, held by the current thread: the elements it loaded from global memory (in
 * registers), where they go, and whether the copy is on at all. Stored at the wait that
 * completes it.
 */
export interface CopyRecord {
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
export type Group = CopyRecord[];

export const isAsync = (t: Type): boolean => t === GroupType.get() || t === TokenType.get();

/** Whether an op takes or makes async tokens or groups (asked of every op the conversion visits: no arrays made). */
export function touchesAsync(op: Operation): boolean {
  const slots = op.operandSlots;
  for (let i = 0; i < slots.length; i++) if (isAsync(slots[i]!.value.type)) return true;
  const results = op.results;
  for (let i = 0; i < results.length; i++) if (isAsync(results[i]!.type)) return true;
  return false;
}

/** A loop that carries copies (an scf.for with async iter_args, lowered): what its yield needs to finish it. */
export interface CarryingLoop {
  /** The scf.for it replaces. */
  readonly original: Operation;
  readonly loop: Operation;
  readonly plan: LoopSlots;
  readonly shapes: readonly SlotShape[];
  /** The copies in the slots at the start of an iteration (the body's arguments). */
  readonly inSlots: readonly CopyRecord[];
  /** The loop's inits: its plain ones, then the registers of its slots. */
  readonly inits: readonly Value[];
  /** Per iter_arg of the original loop: its async value's copies before the loop (undefined: not async). */
  readonly initGroups: readonly (Group | undefined)[];
}

/** A block being lowered: the copies pending around it wait in `outer` until it ends. */
interface OpenBlock {
  readonly block: Block;
  readonly outer: CopyRecord[];
  /** The loop whose body it is, when the loop carries copies (its yield ends the block). */
  readonly loop?: CarryingLoop;
}

function containsWait(op: Operation): boolean {
  let found = false;
  op.walk((inner) => {
    if (WaitOp.isa(inner)) found = true;
  });
  return found;
}

/**
 * What the patterns of convert-async-to-gpu share while they lower one kernel (docs/lowering.md,
 * "Async copies"): the copies each token and group holds, the copies issued and not yet stored in
 * the block being lowered (`pending`, in issue order), the blocks open around it, the loops that
 * carry copies, and the coordinates of the elements each thread copies (computed once, at the top
 * of the kernel). The patterns see ops in program order (the driver's pre-order); before each,
 * the open blocks are brought to the op's: blocks left since are ended (their copies must be
 * complete or carried) and blocks entered start with nothing pending, the copies pending before a
 * region that waits being stored before it.
 */
export class AsyncLowering {
  readonly threadId: Value;
  private readonly groups = new Map<Value, Group>();
  /** Copies issued (or received through a loop) and not yet stored, in issue order, in the innermost open block. */
  private pending: CopyRecord[] = [];
  private readonly open: OpenBlock[];
  /** Region ops whose blocks have been entered (a region that waits gets the copies pending before it stored once). */
  private readonly entered = new Set<Operation>();
  /** The copies loops carried out through their results. */
  private readonly loopResults = new Set<CopyRecord>();
  /** The lowered loops that carry copies, by the scf.for that replaced them. */
  private readonly loops = new Map<Operation, CarryingLoop>();
  /** ThreadElements by access layout and tile shape (see elementsOf). */
  private readonly threadElements = new Map<string, ThreadElements>();

  constructor(
    context: Context,
    readonly kernel: Operation,
    readonly numThreads: number,
    /** Store each copy where it is issued. */
    readonly synchronous: boolean,
    /** Whether workgroup stores go VECTOR_WIDTH elements at a time where allowed. */
    readonly vectorize = true,
  ) {
    const entry = kernel.region(0).entry!;
    const b = new ArithBuilder(context);
    b.setInsertionPointToStart(entry);
    b.loc = kernel.loc;
    this.threadId = b.build(ThreadIdOp, { attributes: { dimension: DimensionAttr.get('x') }, resultTypes: [IndexType.get()] }).result;
    this.open = [{ block: entry, outer: [] }];
  }

  /** A builder for a pattern: at the rewriter's insertion point, inserting through it. */
  builder(rewriter: PatternRewriter): ArithBuilder {
    return new RewriterArithBuilder(rewriter);
  }

  // ------------------------------------------------------------------------------ blocks

  /** The blocks from the kernel's body down to the one holding `op` (empty for an op outside the body). */
  private blocksAround(op: Operation): Block[] {
    const around: Block[] = [];
    for (let block = op.parent; block; block = block.parentOp?.parent) {
      around.unshift(block);
      if (block === this.open[0]!.block) return around;
    }
    return [];
  }

  /** End the open blocks that do not hold `op` (the lowering has left them); returns the error of one that leaves a copy in flight. */
  leaveBlocksBefore(op: Operation): MatchFailure | undefined {
    const around = this.blocksAround(op);
    if (around.length === 0) return undefined;
    while (!around.includes(this.open.at(-1)!.block)) {
      const left = this.endBlock();
      if (left) return left;
    }
    return undefined;
  }

  /** Enter the blocks around `op` that are not open yet (after leaveBlocksBefore). */
  enterBlocksAround(op: Operation, b: ArithBuilder): void {
    const around = this.blocksAround(op);
    const top = around.indexOf(this.open.at(-1)!.block);
    if (top >= 0) for (const block of around.slice(top + 1)) this.enterBlock(block, b);
  }

  /** Ends the blocks still open inside the kernel's body, at the end of the lowering; returns the first error. */
  finish(): MatchFailure | undefined {
    while (this.open.length > 1) {
      const left = this.endBlock();
      if (left) return left;
    }
    return undefined;
  }

  /** Enter a block of a region op: the copies pending before a region that waits complete before it (early, which the semantics allow). */
  private enterBlock(block: Block, b: ArithBuilder): void {
    const owner = block.parentOp!;
    if (!this.entered.has(owner)) {
      this.entered.add(owner);
      if (this.pending.some((r) => !r.stored) && containsWait(owner)) {
        b.atInsertionPoint({ block: owner.parent!, before: owner }, () => {
          const loc = b.loc;
          b.loc = owner.loc;
          this.store(b, this.pending);
          b.loc = loc;
        });
      }
    }
    this.open.push({ block, outer: this.pending.splice(0) });
  }

  /** Ends the innermost open block (of a region op): its copies must be complete; those pending around it are pending again. */
  private endBlock(): MatchFailure | undefined {
    const { block, outer } = this.open.at(-1)!;
    // Copies that no wait can complete are never observed: dropped, as at the end of the kernel.
    // So are those a loop of this block carried out and nothing waits for (a pipelined loop's
    // predicated copies past its end), and all those left at the end of a block that no wait
    // follows (a kernel's body guarded by `scf.if`, its pipelined loop unrolled, the epilogue not peeled).
    // (The ops that follow are walked only where a copy would otherwise be left in flight.)
    const unobserved = this.pending.some((r) => !r.stored && !this.loopResults.has(r)) && this.neverWaitedAfter(block.parentOp!);
    const kept = this.pending.filter((r) => r.stored || (!unobserved && !this.loopResults.has(r)));
    const left = this.inFlight(block, kept, new Set());
    if (left) return left;
    this.open.pop();
    this.pending = [...kept, ...outer];
    return undefined;
  }

  /**
   * Whether no wait can run after `owner`'s regions: none follows it in the blocks around it up
   * to the kernel's body, and neither it nor an op around it is a loop (whose next iteration may
   * wait; the waits of a body already lowered are gone, so a loop is never looked into).
   */
  private neverWaitedAfter(owner: Operation): boolean {
    const body = this.open[0]!.block;
    for (let op: Operation | undefined = owner; op?.parent; op = op.parent.parentOp) {
      if (loopRegionsOf(op)) return false;
      for (let after = op.next; after; after = after.next) if (containsWait(after)) return false;
      if (op.parent === body) return true;
    }
    return false;
  }

  /** The error for a copy of `records` still in flight at the end of `block` and not carried (`yielded`) to the next iteration. */
  private inFlight(block: Block, records: readonly CopyRecord[], yielded: ReadonlySet<CopyRecord>): MatchFailure | undefined {
    const left = records.find((r) => !r.stored && !yielded.has(r));
    if (!left) return undefined;
    const owner = block.parentOp!;
    const why = loopRegionsOf(owner)
      ? 'its group is not carried: wait for it in the body, or pass its group (or token) through iter_args and name it in the wait ' +
        'that completes it (`async.wait N for %g`, as tile-pipeline does), so that its registers can be carried to the next iteration'
      : 'a wait after it may complete it: wait for it in the body (copies are carried out of loops only)';
    return { at: left.copy ?? owner, reason: `is still in flight at the end of the body of the '${owner.name}' around it, and ${why}` };
  }

  /** Open the body of a loop that carries copies: it starts with the copies in its slots pending. */
  enterLoop(carrying: CarryingLoop): void {
    this.loops.set(carrying.loop, carrying);
    this.open.push({ block: carrying.loop.region(0).entry!, outer: this.pending.splice(0), loop: carrying });
    this.pending.push(...carrying.inSlots);
  }

  /** The loop carrying copies whose body `yieldOp` ends, if it is one. */
  carryingLoopOf(yieldOp: Operation): CarryingLoop | undefined {
    return this.loops.get(yieldOp.parentOp!);
  }

  /** The error for a copy still in flight at the end of the body of `carrying`, not among `yielded`. */
  loopBodyInFlight(carrying: CarryingLoop, yielded: ReadonlySet<CopyRecord>): MatchFailure | undefined {
    return this.inFlight(carrying.loop.region(0).entry!, this.pending, yielded);
  }

  /** Ends the body of the innermost loop carrying copies (its yield was lowered): the copies pending before the loop that it did not store are pending again, then those its results hold. */
  endLoop(outSlots: readonly CopyRecord[]): void {
    const { outer } = this.open.pop()!;
    this.pending = outer.filter((r) => !r.stored);
    for (const r of outSlots) this.loopResults.add(r);
    this.pending.push(...outSlots);
  }

  // ------------------------------------------------------------------------------ copies

  /** The copies pending in the block being lowered, in issue order. */
  get pendingCopies(): readonly CopyRecord[] {
    return this.pending;
  }

  /** A copy issued here: pending until stored. */
  issue(r: CopyRecord): void {
    this.pending.push(r);
  }

  /** Let `v` hold the copies of `group`. */
  setGroup(v: Value, group: Group): void {
    this.groups.set(v, group);
  }

  /** The copies `v` holds, or undefined when they are unknown here. */
  groupOf(v: Value): Group | undefined {
    return this.groups.get(v);
  }

  /** The elements a thread holds of a tile of `shape` spread by `layout`, computed once at the top of the kernel. */
  elementsOf(b: ArithBuilder, layout: ReturnType<typeof accessLayoutFor>, shape: readonly number[]): ThreadElements {
    const key = `${String(layout)}|${shape.join('x')}`;
    let elements = this.threadElements.get(key);
    if (!elements) {
      const entry = this.kernel.region(0).entry!;
      elements = b.atInsertionPoint({ block: entry, before: this.threadId.definingOp!.next }, () => threadElements(b, this.threadId, layout, shape));
      this.threadElements.set(key, elements);
    }
    return elements;
  }

  /** The workgroup stores of copies, between barriers (others may still read the old contents; all must see the new). */
  store(b: ArithBuilder, records: readonly CopyRecord[]): void {
    const todo = records.filter((r) => !r.stored);
    if (todo.length === 0) return;
    b.build(BarrierOp, {});
    for (const r of todo) {
      const write = () => this.write(b, r);
      if (r.on) {
        buildIfThenElse(b, r.on, [], () => {
          write();
          return [];
        });
      } else {
        write();
      }
      r.stored = true;
    }
    b.build(BarrierOp, {});
  }

  /** The thread's elements of a copy into its destination, VECTOR_WIDTH at a time where they are consecutive there. */
  private write(b: ArithBuilder, r: CopyRecord): void {
    const rank = (r.dest.type as MemRefType).rank;
    const vector = this.vectorize && vectorizable(r.dest, r.elements.runs[r.elements.runs.length - 1]!);
    for (let e = 0; e < r.values.length; e += vector ? VECTOR_WIDTH : 1) {
      const indices = elementIndices(b, r.destIndices, elementCoords(r.elements, e), rank);
      if (vector) storeVector(b, r.values.slice(e, e + VECTOR_WIDTH), r.dest, indices);
      else b.build(MemStoreOp, { operands: { value: r.values[e]!, memref: r.dest, indices } });
    }
  }

  // ------------------------------------------------------------------------------ loops

  /** The registers of a carried copy: its predicate (true when it has none, false once it is stored), values and destination indices. */
  registersOf(b: ArithBuilder, r: CopyRecord): Value[] {
    return [r.stored ? b.constant(i1, 0) : (r.on ?? b.constant(i1, 1)), ...r.values, ...r.destIndices];
  }

  /** A copy of the shape of a slot made of fresh values (`next(type)` gives them in registersOf order). */
  rebuild(shape: SlotShape, next: (type: Type) => Value): CopyRecord {
    const on = next(i1);
    const values = shape.values.map((t) => next(t));
    const destIndices = shape.indexTypes.map((t) => next(t));
    return { on, values, dest: shape.dest, destIndices, elements: shape.elements, stored: false };
  }

  /** A copy that is switched off, of a slot's shape: what a slot carries into the loop when no initial copy fits it. */
  offCopy(b: ArithBuilder, shape: SlotShape): CopyRecord {
    const off = b.constant(i1, 0);
    const zero = (t: Type) => b.constantOf(zeroAttr(t)!);
    const values = shape.values.map(zero);
    return { on: off, values, dest: shape.dest, destIndices: shape.indexTypes.map(zero), elements: shape.elements, stored: false };
  }

  /** The register shape of what a copy op holds per thread. */
  copyShape(b: ArithBuilder, copy: Operation): SlotShape {
    const view = CopyOp.view(copy);
    const shape = (copy.properties.get('shape') as DenseArrayAttr).numbers;
    const layout = accessLayoutFor(shape, this.numThreads, innermostContiguous(view.source.type));
    const elements = this.elementsOf(b, layout, shape);
    const elem = (view.source.type as MemRefType).elementType;
    const rank = (view.dest.type as MemRefType).rank;
    return { dest: view.dest, values: new Array<Type>(elements.count).fill(elem), indexTypes: new Array<Type>(rank).fill(IndexType.get()), elements };
  }

  /** The register shape of a copy record. */
  static recordShape(r: CopyRecord): SlotShape {
    return { dest: r.dest, values: r.values.map((v) => v.type), indexTypes: r.destIndices.map((v) => v.type), elements: r.elements };
  }
}
