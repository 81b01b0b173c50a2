import { Block } from '../../../../core/ir/block.js';
import { Failure } from '../../../../core/ir/diagnostics.js';
import type { Operation } from '../../../../core/ir/operation.js';
import type { ConversionPatternRewriter, MatchFailure, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import { IfOp } from '../../../../dialects/scf/index.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { AsyncLowering, type CarryingLoop, type CopyRecord, type Group, isAsync } from '../async-lowering.js';
import { fitInits, type LoopSlots, planSlots, type SlotShape, slotShapes } from '../loop-slots.js';
import { AsyncPattern, isFailure } from './async-pattern.js';
import { rebuildFor } from '../../scf-for.js';

const sameShape = (a: SlotShape, b: SlotShape) => a.dest === b.dest && a.elements === b.elements && a.values.length === b.values.length && a.values.every((t, i) => t === b.values[i]);

/**
 * An scf.for with async iter_args: the same loop carrying, in place of them, the registers of its
 * slots (docs/lowering.md; loop-slots.ts): the copies its body leaves in flight for the next
 * iteration. Copies pending before it that it does not carry are stored before it. Its body moves
 * into the new loop; the yield that ends the body (AsyncYieldLowering) fills the slots.
 */
export class AsyncForLowering extends AsyncPattern {
  readonly name = 'scf-for-carrying-copies-to-registers';
  readonly root = 'scf.for';

  protected rewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): MatchFailure | undefined {
    const inits = op.operands.slice(3);
    const initGroups: (Group | undefined)[] = [];
    for (const v of inits) {
      if (!isAsync(v.type)) {
        initGroups.push(undefined);
        continue;
      }
      const g = this.groupsOf(op, [v]);
      if (isFailure(g)) return g;
      initGroups.push(g[0]);
    }
    const lowering = this.lowering;
    let plan: LoopSlots;
    let initial: CopyRecord[] = [];
    let shapes: SlotShape[] = [];
    if (lowering.synchronous) {
      // Every copy was stored where it was issued: async values carry nothing.
      plan = { sources: [], argSlots: initGroups.map((g) => (g ? [] : undefined)) };
    } else {
      const planned = planSlots(
        op,
        initGroups.map((g) => g?.length),
        isAsync,
      );
      if (planned instanceof Failure) return { at: planned.op ?? op, reason: `cannot be lowered: ${planned.message}` };
      plan = planned;
      const shaped = slotShapes(
        plan,
        (c) => lowering.copyShape(b, c),
        (a, k) => (initGroups[a]?.[k] ? AsyncLowering.recordShape(initGroups[a]![k]!) : undefined),
      );
      if (shaped instanceof Failure) return { at: shaped.op ?? op, reason: `cannot be lowered: ${shaped.message}` };
      shapes = shaped;
      const { chosen, leftOver } = fitInits(plan, initGroups, (slot, r) => sameShape(shapes[slot]!, AsyncLowering.recordShape(r)));
      // Copies pending here that the loop does not carry complete before it (early, which their
      // semantics allows): a wait inside the loop could not store them once, in the first iteration only.
      const carried = new Set(chosen.filter((r) => r !== undefined));
      lowering.store(b, [...lowering.pendingCopies.filter((r) => !carried.has(r)), ...leftOver]);
      initial = chosen.map((r, slot) => (r && !r.stored ? r : lowering.offCopy(b, shapes[slot]!)));
    }
    const plainInits = adaptor.operandValues.slice(3).filter((_, i) => !initGroups[i]);
    const newInits = [...plainInits.map((v) => v[0]!), ...initial.flatMap((r) => lowering.registersOf(b, r))];
    const { loop, body, oldBody, oldArgs } = rebuildFor(op, adaptor, rewriter, b, newInits);
    // The loop completes the copies it carries in (in an iteration, or through its results).
    for (const r of initial) r.stored = true;
    oldArgs.forEach((arg, i) => void (!initGroups[i] && rewriter.replaceAllValueUsesWith(arg, body.addArgument(arg.type, arg.loc))));
    const inSlots = shapes.map((shape) => lowering.rebuild(shape, (type) => body.addArgument(type, op.loc)));
    oldArgs.forEach((arg, i) => {
      if (!initGroups[i]) return;
      lowering.setGroup(
        arg,
        plan.argSlots[i]!.map((k) => inSlots[k]!),
      );
      rewriter.replaceUsesOfBlockArgument(arg, []);
    });
    const carrying: CarryingLoop = { original: op, loop, plan, shapes, inSlots, inits: newInits, initGroups };
    lowering.enterLoop(carrying);
    rewriter.inlineBlockBefore(oldBody, body, undefined, oldBody.arguments);
    let k = 0;
    rewriter.replaceOpWithMultiple(
      op,
      op.results.map((_, i) => (initGroups[i] ? [] : [loop.results[k++]!])),
    );
    return undefined;
  }

  protected override matches(op: Operation): boolean {
    return op.operands.slice(3).some((v) => isAsync(v.type));
  }
}

/** An scf.if with async results: copies pending before it complete first; each branch completes the copies it yields (AsyncYieldLowering); the results hold none. */
export class AsyncIfLowering extends AsyncPattern {
  readonly name = 'scf-if-yielding-copies-to-stores';
  readonly root = 'scf.if';

  protected override matches(op: Operation): boolean {
    return op.results.some((r) => isAsync(r.type));
  }

  protected rewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): MatchFailure | undefined {
    this.lowering.store(b, this.lowering.pendingCopies);
    const keep = op.results.filter((r) => !isAsync(r.type));
    const ifOp = b.build(IfOp, { operands: { condition: adaptor.operand(0) }, resultTypes: { results: keep.map((r) => r.type) } }).op;
    op.regions.forEach((region, i) => {
      if (!region.entry) return;
      const block = ifOp.region(i).appendBlock(new Block());
      rewriter.inlineBlockBefore(region.entry, block, undefined, region.entry.arguments);
    });
    for (const r of op.results) if (isAsync(r.type)) this.lowering.setGroup(r, []);
    let k = 0;
    rewriter.replaceOpWithMultiple(
      op,
      op.results.map((r) => (isAsync(r.type) ? [] : [ifOp.results[k++]!])),
    );
    return undefined;
  }
}

/**
 * An scf.yield of async values. In a loop that carries copies, it yields the registers of the
 * loop's slots and ends the body: the copies left in flight must be those it carries. In an scf.if,
 * the yielded copies complete here.
 */
export class AsyncYieldLowering extends AsyncPattern {
  readonly name = 'scf-yield-of-copies-to-registers';
  readonly root = 'scf.yield';

  protected rewrite(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): MatchFailure | undefined {
    const carrying = this.lowering.carryingLoopOf(op);
    const plain = op.operands.filter((v) => !isAsync(v.type)).map((v) => rewriter.getRemappedValue(v));
    if (!carrying || this.lowering.synchronous) {
      // An scf.if's yield (or a loop's with synchronous copies): the yielded copies complete here, nothing is carried.
      const groups = this.groupsOf(
        op,
        op.operands.filter((v) => isAsync(v.type)),
      );
      if (isFailure(groups)) return groups;
      if (carrying) {
        const left = this.lowering.loopBodyInFlight(carrying, new Set());
        if (left) return left;
      }
      this.lowering.store(b, groups.flat());
      rewriter.modifyOpInPlace(op, () => op.setOperands(plain));
      if (carrying) this.endLoop(carrying, rewriter);
      return undefined;
    }
    const slots = this.slotsYielded(op, carrying);
    if (!Array.isArray(slots)) return slots;
    const left = this.lowering.loopBodyInFlight(carrying, new Set(slots));
    if (left) return left;
    rewriter.modifyOpInPlace(op, () => op.setOperands([...plain, ...slots.flatMap((r) => this.lowering.registersOf(b, r))]));
    this.endLoop(carrying, rewriter);
    return undefined;
  }

  /** What fills each slot at the end of an iteration: the record of its copy (in the value yielded), or the carried record it passes on. */
  private slotsYielded(op: Operation, { plan, inSlots }: CarryingLoop): CopyRecord[] | MatchFailure {
    const slots: CopyRecord[] = [];
    for (const [slot, source] of plan.sources.entries()) {
      if ('arg' in source) {
        slots.push(inSlots[plan.argSlots[source.arg]![source.index]!]!);
        continue;
      }
      const holder = op.operands.findIndex((_, i) => plan.argSlots[i]?.includes(slot));
      const group = this.groupsOf(op, [op.operand(holder)]);
      if (isFailure(group)) return group;
      const r = group[0]!.find((c) => c.copy === source.copy);
      if (!r) return { at: op, reason: `cannot be lowered: the copy at ${String(source.copy.loc)} is not in the value yielded for iter_arg #${holder}` };
      slots.push(r);
    }
    return slots;
  }

  /**
   * After the body: a register yielded as its own init (a destination index the same in every
   * iteration) is invariant, and using the init instead lets canonicalize drop it and keeps
   * addresses static; the loop's results hold what the last iteration carried.
   */
  private endLoop(carrying: CarryingLoop, rewriter: ConversionPatternRewriter): void {
    const { loop, inits, shapes, plan, initGroups, original } = carrying;
    const body = loop.region(0).entry!;
    const yielded = body.last!.operands;
    inits.forEach((init, i) => yielded[i] === init && rewriter.replaceAllValueUsesWith(body.arguments[i + 1]!, init));
    let k = initGroups.filter((g) => !g).length;
    const outSlots = shapes.map((shape) => this.lowering.rebuild(shape, () => loop.results[k++]!));
    original.results.forEach(
      (r, i) =>
        initGroups[i] &&
        this.lowering.setGroup(
          r,
          plan.argSlots[i]!.map((s) => outSlots[s]!),
        ),
    );
    this.lowering.endLoop(outSlots);
  }
}
