import { Attribute } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import type { InsertionPoint } from '../ir/builder.js';
import type { Context } from '../ir/dialect.js';
import type { Operation, WalkResult } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import type { Value } from '../ir/value.js';
import { constantValue, constantValueOfOp, foldOperation, OperationFolder } from './folder.js';
import type { PatternSet } from './pattern.js';
import { PatternRewriter, type RewriteListener } from './rewriter.js';
import { dropRedundantArguments, mergeIdenticalBlocks } from './block-merge.js';
import { simplifyRegions, type SweepFacts } from './region-dce.js';
import { isOpTriviallyDead } from './trivially-dead.js';

/** MLIR's GreedySimplifyRegionLevel. */
export type RegionSimplification = 'disabled' | 'normal' | 'aggressive';

export interface GreedyConfig {
  /** Whole passes over the region before giving up (MLIR's maxIterations; -1 = no limit). */
  maxIterations?: number;
  /** Stop after this many pattern applications (-1 = no limit). */
  maxNumRewrites?: number;
  /** Seed the worklist in pre-order (top-down) rather than post-order. */
  topDown?: boolean;
  /** Fold ops with their folders. */
  fold?: boolean;
  /** Deduplicate existing constants and move them to the start of their scope. */
  cseConstants?: boolean;
  /**
   * A constant hoisted or standing in for equal ones keeps its location (else it gets
   * loc(unknown), MLIR's erasedFoldedLocation), so that later errors at it stay located.
   */
  keepConstantLocations?: boolean;
  /**
   * Simplify the regions after each iteration: 'normal' and 'aggressive' erase unreachable
   * blocks and dead ops (region DCE); 'aggressive' also merges identical blocks (block-merge.ts).
   */
  regionSimplification?: RegionSimplification;
  /** Extra listener told of every change. */
  listener?: RewriteListener;
}

export interface GreedyResult {
  /** The IR reached a fixed point within the limits. */
  converged: boolean;
  /** The IR changed at all. */
  changed: boolean;
  iterations: number;
  /** Successful pattern applications. */
  rewrites: number;
}

/**
 * Apply `patterns` and folding to everything nested in `regions` until nothing changes
 * (MLIR 19's applyPatternsAndFoldGreedily). Dead ops without side effects are removed.
 *
 * As in MLIR, each iteration seeds the worklist with every op (existing constants are uniqued and
 * hoisted to the start of their scope on the way), then processes it as a stack: erase dead ops,
 * fold (constants are materialized right before the folded op, and hoisted at the next
 * iteration), else try the patterns best-first. An op that changes re-enters the worklist with
 * its ancestors up to `regions`.
 */
export function applyPatternsGreedily(context: Context, regions: readonly Region[], patterns: PatternSet, config: GreedyConfig = {}): GreedyResult {
  const maxIterations = config.maxIterations ?? 10;
  const maxRewrites = config.maxNumRewrites ?? -1;
  const topDown = config.topDown !== false;
  const fold = config.fold !== false;
  const cseConstants = config.cseConstants !== false;
  const scope = new Set(regions);
  const onlyRegion = regions.length === 1 ? regions[0] : undefined;
  const inScope = (region: Region): boolean => (onlyRegion !== undefined ? region === onlyRegion : scope.has(region));

  const worklist = new Worklist();
  const remove = (op: Operation) => worklist.remove(op);

  /** Add `op` and its ancestors up to the scope; ops outside the scope are ignored. */
  const add = (op: Operation) => {
    let top: Operation = op;
    for (;;) {
      const region: Region | undefined = top.parent?.parent;
      if (!region) return;
      if (inScope(region)) break;
      const parent = region.parent;
      if (!parent) return;
      top = parent;
    }
    for (let o = op; ; o = o.parent!.parent!.parent!) {
      worklist.push(o);
      if (o === top) return;
    }
  };
  /** After `op` is erased its operands have one use fewer: their definitions may be dead or simpler. */
  const addOperandDefs = (op: Operation) => {
    const slots = op.operandSlots;
    for (let i = 0; i < slots.length; i++) {
      const value = slots[i]!.value;
      const def = value.definingOp;
      if (!def) continue;
      // At most one use: at most one other user.
      if (value.useCount <= 1) {
        add(def);
        continue;
      }
      let other: Operation | undefined;
      let many = false;
      for (let use = value.firstUse; use; use = use.nextUse) {
        const user = use.owner;
        if (user === op || user === other) continue;
        if (!other) other = user;
        else {
          many = true;
          break;
        }
      }
      if (!many) add(def);
    }
  };

  // Whether the IR may have changed since region simplification last ran (see the iteration loop).
  // Seeding's constant uniquing does not count: an op replaced by an equal one, or moved within its
  // block, leaves every other op as live as it was and every block as reachable.
  let editedSinceSimplify = true;
  let seedingNow = false;
  const sweepFacts: SweepFacts = { graphRegion: false };
  const listener: RewriteListener = {
    notifyOperationInserted: (op) => {
      if (!seedingNow) editedSinceSimplify = true;
      add(op);
      config.listener?.notifyOperationInserted?.(op);
    },
    notifyOperationModified: (op) => {
      if (!seedingNow) editedSinceSimplify = true;
      add(op);
      config.listener?.notifyOperationModified?.(op);
    },
    notifyOperationReplaced: (op, values: readonly Value[]) => {
      if (!seedingNow) editedSinceSimplify = true;
      config.listener?.notifyOperationReplaced?.(op, values);
    },
    notifyOperationErased: (op) => {
      if (!seedingNow) editedSinceSimplify = true;
      config.listener?.notifyOperationErased?.(op);
      addOperandDefs(op);
      remove(op);
    },
  };
  const rewriter = new PatternRewriter(context, listener);

  let iterations = 0;
  let rewrites = 0;
  let changedAtAll = false;
  let continueRewrites = false;
  let folder: OperationFolder;
  const foldOperands: (Attribute | undefined)[][] = [];
  // Where patterns start building (see processWorklist).
  const beforeOp: { block: Block | undefined; before: Operation | undefined } = { block: undefined, before: undefined };
  // A known constant equal to an earlier one is replaced by it (and not processed).
  const uniqued = (op: Operation): boolean => {
    if (!cseConstants) return false;
    const value = constantValueOfOp(op);
    return value !== undefined && op.parent !== undefined && !folder.insertKnownConstant(op, value);
  };
  // Seeds are added with their ancestors, as any op (bottom-up, the ancestors come right after
  // their first nested op). Operation.walk reads `next` before visiting an op: uniquing may move
  // or erase it.
  let seeded = 0;
  const seedPreOrder = (op: Operation): WalkResult => {
    if (uniqued(op)) return 'skip';
    seeded++;
    // `add` without its climb: the walk stays in scope, and pre-order has queued the ancestors.
    worklist.push(op);
  };
  const seedPostOrder = (op: Operation): void => {
    if (uniqued(op)) return;
    seeded++;
    add(op);
  };
  try {
    do {
      if (maxIterations >= 0 && iterations >= maxIterations) break;
      iterations++;
      worklist.clear();
      folder = new OperationFolder(rewriter, config.keepConstantLocations ?? false);
      seeded = 0;
      // Top-down, everything pushed while seeding (the users of uniqued constants too) is queued
      // in push order and processed first-in first-out; bottom-up it is a plain stack.
      worklist.seeding = topDown;
      seedingNow = true;
      for (const region of regions) {
        for (const block of region.blocks) {
          for (let op = block.first; op; ) {
            const next: Operation | undefined = op.next;
            if (topDown) op.walk(seedPreOrder, 'pre');
            else op.walk(seedPostOrder, 'post');
            op = next;
          }
        }
      }
      worklist.seeding = false;
      seedingNow = false;

      // MLIR loops forever on patterns that undo each other within one pass over the worklist; past
      // this many rewrites the pass is cut short, so that the iteration limit reports it instead.
      continueRewrites = processWorklist(rewrites + Math.max(10_000, 64 * seeded));
      // Stopped by max-num-rewrites with work left: not converged, and no further iteration.
      if (maxRewrites >= 0 && rewrites >= maxRewrites && !worklist.empty) {
        continueRewrites = true;
        break;
      }
      // Region simplification would find nothing when the IR has not changed since its last run
      // (which left no unreachable block) and the worklist erased nothing: every op was then found
      // not trivially dead, and in SSA regions a set of dead ops always has one that is unused.
      // (Graph regions may hold dead cycles. A pattern that changes the IR without telling the
      // rewriter still counts: it reported success.)
      if ((config.regionSimplification ?? 'normal') !== 'disabled' && (editedSinceSimplify || continueRewrites || sweepFacts.graphRegion)) {
        continueRewrites = simplifyRegions(rewriter, regions, sweepFacts) || continueRewrites;
        // Block merging and argument dropping change the IR behind the rewriter's back: the next
        // iteration simplifies again.
        let merged = false;
        if (config.regionSimplification === 'aggressive') {
          merged = mergeIdenticalBlocks(rewriter, regions);
          merged = dropRedundantArguments(regions) || merged;
        }
        continueRewrites ||= merged;
        editedSinceSimplify = merged;
      }
      changedAtAll ||= continueRewrites;
    } while (continueRewrites);
  } finally {
    worklist.clear();
  }

  return { converged: !continueRewrites, changed: changedAtAll, iterations, rewrites };

  function processWorklist(budget: number): boolean {
    let changed = false;
    while ((maxRewrites < 0 || rewrites < maxRewrites) && rewrites < budget) {
      const op = worklist.pop();
      if (!op) break;
      if (isOpTriviallyDead(op)) {
        rewriter.eraseOp(op);
        changed = true;
        continue;
      }
      // Constants are not folded: they would fold to their value and be rematerialized forever.
      if (fold && !op.definition?.constantLike && tryFold(op)) {
        changed = true;
        continue;
      }
      const candidates = patterns.patternsFor(op.name);
      if (candidates.length === 0) continue;
      // Before `op` for every pattern (a pattern that fails leaves the IR as it was, not the builder).
      // One point object for the whole run, updated per op: most ops match no pattern, and the
      // builder only reads it (moving the insertion point replaces the object).
      beforeOp.block = op.parent!;
      beforeOp.before = op;
      for (let i = 0; i < candidates.length; i++) {
        rewriter.loc = op.loc;
        rewriter.insertionPoint = beforeOp as InsertionPoint;
        if (candidates[i]!.matchAndRewrite(op, rewriter)) {
          rewrites++;
          changed = true;
          break;
        }
      }
    }
    return changed;
  }

  /** Fold `op`, materializing attribute results as constants right before it. */
  function tryFold(op: Operation): boolean {
    // Nothing can fold without a folder or a trait folder (then the operands need no look).
    const def = op.definition;
    if (!def?.folder && !def?.commutative) return false;
    const slots = op.operandSlots;
    // One scratch list per operand count for all folds (folders only read it during the call;
    // truncating one shared list costs a runtime call per fold).
    const operands = (foldOperands[slots.length] ??= new Array<Attribute | undefined>(slots.length));
    for (let i = 0; i < slots.length; i++) operands[i] = constantValue(slots[i]!.value);
    const results = foldOperation(op, operands);
    if (results === undefined) return false;
    if (results.length === 0) {
      rewriter.notifyModified(op);
      return true;
    }
    return replaceByFoldResults(op, results);
  }

  function replaceByFoldResults(op: Operation, results: readonly (Attribute | Value)[]): boolean {
    if (results.length !== op.results.length) throw new Error(`'${op.name}' folder returned ${results.length} results for ${op.results.length}`);
    const materialize = context.dialect(op.dialect)?.spec.materializeConstant;
    // Exact size (a push onto [] reserves room for 17): folds come by the ten thousand.
    const replacements = new Array<Value>(results.length);
    let created: Operation[] | undefined;
    rewriter.setInsertionPointBefore(op);
    rewriter.loc = op.loc;
    for (let i = 0; i < results.length; i++) {
      const r = results[i]!;
      if (!(r instanceof Attribute)) {
        replacements[i] = r;
        continue;
      }
      const constant = materialize?.(rewriter, r, op.results[i]!.type, op.loc);
      if (!constant) {
        if (created) for (const c of created) if (!c.hasResultsUsed) rewriter.eraseOp(c);
        return false;
      }
      (created ??= []).push(constant);
      replacements[i] = constant.results[0]!;
    }
    rewriter.replaceOp(op, replacements);
    return true;
  }
}

let nextWorklistToken = 1;

/**
 * The greedy driver's worklist (MLIR's Worklist): a stack of ops without duplicates, where removal
 * leaves a hole. Top-down, MLIR pushes the seeds (and whatever is added while seeding) in walk
 * order and then reverses the list; here they are queued instead and taken from the front once
 * the stack above them is empty, which is the same order without the reversal.
 * Each op records its slot under the driver's token (no map lookups); an op that another driver
 * holds at the same time (nested drivers) is tracked in `foreign` instead.
 */
class Worklist {
  private readonly token = nextWorklistToken++;
  /** Ops pushed after seeding, processed last-in first-out before the remaining seeds. */
  private readonly stack: (Operation | undefined)[] = [];
  /**
   * The seeds, `seeds[seedNext..seedEnd)` in processing order. The list keeps its length between
   * runs (cleared slot by slot), so that seeding 100k ops each iteration does not grow it anew.
   */
  private readonly seeds: (Operation | undefined)[] = [];
  private seedNext = 0;
  private seedEnd = 0;
  /** While true, pushed ops are queued as seeds. */
  seeding = false;
  private readonly foreign = new Map<Operation, number>();

  // A slot is an index into `stack` when >= 0, else ~(index into `seeds`). (Not -index - 1: -0 is
  // no small integer, and storing one in an op makes V8 migrate every op to a new layout.)
  private slotOf(op: Operation): number | undefined {
    if (op.worklistOwner === this.token) return op.worklistIndex;
    return this.foreign.size > 0 ? this.foreign.get(op) : undefined;
  }
  private claim(op: Operation, slot: number): void {
    if (op.worklistOwner === 0) {
      op.worklistOwner = this.token;
      op.worklistIndex = slot;
    } else {
      this.foreign.set(op, slot);
    }
  }
  private release(op: Operation): void {
    if (op.worklistOwner === this.token) op.worklistOwner = 0;
    else if (this.foreign.size > 0) this.foreign.delete(op);
  }

  /** Push `op` unless it is already there (where it stays). */
  push(op: Operation): void {
    if (this.slotOf(op) !== undefined) return;
    if (this.seeding) {
      this.claim(op, ~this.seedEnd);
      if (this.seedEnd < this.seeds.length) this.seeds[this.seedEnd] = op;
      else this.seeds.push(op);
      this.seedEnd++;
    } else {
      this.claim(op, this.stack.length);
      this.stack.push(op);
    }
  }
  remove(op: Operation): void {
    const slot = this.slotOf(op);
    if (slot === undefined) return;
    this.release(op);
    if (slot >= 0) this.stack[slot] = undefined;
    else this.seeds[~slot] = undefined;
  }
  pop(): Operation | undefined {
    const stack = this.stack;
    while (stack.length > 0) {
      const op = stack.pop();
      if (op) {
        this.release(op);
        return op;
      }
    }
    const seeds = this.seeds;
    while (this.seedNext < this.seedEnd) {
      const op = seeds[this.seedNext++];
      if (op) {
        this.release(op);
        return op;
      }
    }
    return undefined;
  }
  get empty(): boolean {
    for (let i = this.seedNext; i < this.seedEnd; i++) if (this.seeds[i]) return false;
    for (let i = 0; i < this.stack.length; i++) if (this.stack[i]) return false;
    return true;
  }
  clear(): void {
    for (let i = 0; i < this.seedEnd; i++) {
      const op = this.seeds[i];
      if (op === undefined) continue;
      if (i >= this.seedNext) this.release(op);
      this.seeds[i] = undefined;
    }
    for (let i = 0; i < this.stack.length; i++) {
      const op = this.stack[i];
      if (op) this.release(op);
    }
    this.stack.length = 0;
    this.seedNext = 0;
    this.seedEnd = 0;
    this.seeding = false;
    this.foreign.clear();
  }
}

/** Apply patterns greedily to the regions of `op`. */
export function applyPatternsToOp(context: Context, op: Operation, patterns: PatternSet, config?: GreedyConfig): GreedyResult {
  return applyPatternsGreedily(context, op.regions, patterns, config);
}
