import type { Block } from '../ir/block.js';
import { Builder } from '../ir/builder.js';
import type { Context } from '../ir/dialect.js';
import { Attribute } from '../ir/attributes.js';
import type { Operation, OperationState } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import type { Value } from '../ir/value.js';
import { constantValue, foldOperation } from './folder.js';

/** Told about every change a rewriter makes (MLIR's RewriterBase::Listener). */
export interface RewriteListener {
  notifyOperationInserted?(op: Operation): void;
  /** `op`'s results are about to be replaced by `values`. */
  notifyOperationReplaced?(op: Operation, values: readonly Value[]): void;
  /** `op` is about to be erased (nested ops are reported first). */
  notifyOperationErased?(op: Operation): void;
  /** `op` was changed in place (operands, attributes, regions). */
  notifyOperationModified?(op: Operation): void;
}

/**
 * A builder that routes every IR change through listeners, so that drivers (the greedy driver,
 * dialect conversion) can track what changed. Patterns must change IR only through it.
 */
export class PatternRewriter extends Builder {
  readonly listeners: RewriteListener[] = [];

  constructor(context: Context, listener?: RewriteListener) {
    super(context);
    if (listener) this.listeners.push(listener);
  }

  // Notifications come by the hundred thousand on large IR, much of it before V8 optimizes this
  // code: indexed loops, as for-of makes an iterator result per step in unoptimized code.
  override insert(op: Operation): Operation {
    super.insert(op);
    this.notifyInserted(op);
    // Ops nested in a newly inserted op are new too.
    const regions = op.regions;
    for (let i = 0; i < regions.length; i++) for (const nested of regions[i]!.ops()) nested.walk((n) => this.notifyInserted(n), 'pre');
    return op;
  }
  /** Also for a moved op: moving counts as inserting (MLIR notifies insertion with the previous place). */
  private notifyInserted(op: Operation): void {
    const ls = this.listeners;
    for (let i = 0; i < ls.length; i++) ls[i]!.notifyOperationInserted?.(op);
  }

  /**
   * Create an op and fold it at once (MLIR's OpBuilder::createOrFold): the values it folded to
   * (constants materialized by its dialect at the insertion point), else its results.
   */
  createOrFold(state: OperationState): Value[] {
    const op = this.create(state);
    const folded = foldOperation(
      op,
      op.operandSlots.map((s) => constantValue(s.value)),
    );
    if (!folded?.length) return op.results;
    const materialize = this.context.dialect(op.dialect)?.spec.materializeConstant;
    const values: Value[] = [];
    const constants: Operation[] = [];
    for (let i = 0; i < folded.length; i++) {
      const r = folded[i]!;
      if (!(r instanceof Attribute)) {
        values.push(r);
        continue;
      }
      const constant = materialize?.(this, r, op.results[i]!.type, op.loc);
      if (!constant) {
        for (const c of constants) this.eraseOp(c);
        return op.results;
      }
      constants.push(constant);
      values.push(constant.results[0]!);
    }
    this.eraseOp(op);
    return values;
  }

  /** Replace all results of `op` with `values`, then erase it. */
  replaceOp(op: Operation, values: readonly Value[]): void {
    const ls = this.listeners;
    for (let i = 0; i < ls.length; i++) ls[i]!.notifyOperationReplaced?.(op, values);
    this.replaceAllUsesWith(op, values);
    this.eraseOp(op);
  }
  /**
   * Create an op from `state` (at `op`'s location unless it says otherwise) before `op` and
   * replace `op` by its results (MLIR's replaceOpWithNewOp); the insertion point is left as it was.
   */
  replaceOpWithNew(op: Operation, state: OperationState): Operation {
    const created = this.atInsertionPoint({ block: op.parent!, before: op }, () => this.create({ loc: op.loc, ...state }));
    this.replaceOp(op, created.results);
    return created;
  }
  /** Replace uses of `op`'s results, notifying the users as modified. */
  replaceAllUsesWith(op: Operation, values: readonly Value[]): void {
    if (values.length !== op.results.length) throw new Error(`'${op.name}': replacing ${op.results.length} results with ${values.length} values`);
    const results = op.results;
    for (let i = 0; i < results.length; i++) this.replaceAllValueUsesWith(results[i]!, values[i]!);
  }
  replaceAllValueUsesWith(from: Value, to: Value): void {
    if (from === to) {
      for (const use of from.uses) this.notifyModified(use.owner);
      return;
    }
    // Newest use first, as MLIR (each `set` moves the use to `to`'s list).
    for (let use = from.firstUse; use; use = from.firstUse) {
      use.set(to);
      this.notifyModified(use.owner);
    }
  }
  /**
   * Erase `op` and all nested ops; its results must be unused. As MLIR's RewriterBase::eraseOp,
   * nested ops are erased one by one, users before definitions (regions last to first, blocks in
   * post-order, ops last to first), each notified right before it goes: a listener sees the IR as
   * it is at that moment (e.g. how many uses an operand of the erased op has left).
   */
  eraseOp(op: Operation): void {
    const regions = op.regions;
    for (let i = regions.length - 1; i >= 0; i--) this.eraseRegionBody(regions[i]!);
    const ls = this.listeners;
    for (let i = 0; i < ls.length; i++) ls[i]!.notifyOperationErased?.(op);
    // Uses left can only come from graph regions: drop them as MLIR does.
    op.dropAllUses();
    op.erase();
  }
  private eraseRegionBody(region: Region): void {
    // Blocks that the entry cannot reach are left for the next round (MLIR repeats the traversal).
    while (!region.empty) {
      const blocks = region.postOrderBlocks();
      for (const block of blocks) {
        for (let nested = block.last; nested; ) {
          const prev: Operation | undefined = nested.prev;
          this.eraseOp(nested);
          nested = prev;
        }
      }
      for (const block of blocks) {
        for (const arg of block.arguments) arg.dropAllUses();
        for (const use of [...block.predecessorUses]) use.drop();
        region.removeBlock(block);
      }
    }
  }
  /** Change `op` in place inside `fn`, then notify. */
  modifyOpInPlace<T>(op: Operation, fn: () => T): T {
    const result = fn();
    this.notifyModified(op);
    return result;
  }
  notifyModified(op: Operation): void {
    const ls = this.listeners;
    for (let i = 0; i < ls.length; i++) ls[i]!.notifyOperationModified?.(op);
  }

  /**
   * Move the ops of `source` before `before` (or to the end of `dest`), replacing the block's
   * arguments with `args`; `source` is left empty and removed from its region.
   */
  inlineBlockBefore(source: Block, dest: Block, before: Operation | undefined, args: readonly Value[] = []): void {
    if (args.length !== source.arguments.length) throw new Error(`inlining a block with ${source.arguments.length} arguments given ${args.length} values`);
    const sourceArgs = source.arguments;
    for (let i = 0; i < sourceArgs.length; i++) this.replaceAllValueUsesWith(sourceArgs[i]!, args[i]!);
    for (let op = source.first; op; ) {
      const next: Operation | undefined = op.next;
      op.remove();
      dest.insertBefore(op, before);
      this.notifyInserted(op);
      op = next;
    }
    source.parent?.removeBlock(source);
  }
  /** Move every block of `region` before block index `index` of `dest`. */
  inlineRegionBefore(region: Region, dest: Region, index: number): void {
    const blocks = [...region.blocks];
    region.blocks.length = 0;
    blocks.forEach((b, i) => dest.insertBlock(b, index + i));
    for (const b of blocks) for (const op of b) this.notifyInserted(op);
  }
}
