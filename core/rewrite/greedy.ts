/**
 * The greedy pattern driver (MLIR's applyPatternsAndFoldGreedily): applies a pattern set and the
 * ops' folders to a set of regions until a fixed point, erasing dead ops and simplifying the
 * regions between iterations; its steps are the methods of GreedyDriver, its worklist is
 * worklist.ts.
 */
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
import { Worklist } from './worklist.js';

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
  return new GreedyDriver(context, regions, patterns, config).run();
}

/** One run of applyPatternsGreedily: its settings, worklist and counters, and its steps. */
class GreedyDriver {
  private readonly maxIterations: number;
  private readonly maxRewrites: number;
  private readonly topDown: boolean;
  private readonly fold: boolean;
  private readonly cseConstants: boolean;
  private readonly scope: Set<Region>;
  private readonly onlyRegion: Region | undefined;

  private readonly worklist = new Worklist();
  private readonly rewriter: PatternRewriter;

  // Whether the IR may have changed since region simplification last ran (see simplifyAfterIteration).
  // Seeding's constant uniquing does not count: an op replaced by an equal one, or moved within its
  // block, leaves every other op as live as it was and every block as reachable.
  private editedSinceSimplify = true;
  private seedingNow = false;
  private readonly sweepFacts: SweepFacts = { graphRegion: false };

  private iterations = 0;
  private rewrites = 0;
  /** The constants of the current iteration (a new folder per iteration). */
  private folder!: OperationFolder;
  /** Ops seeded in the current iteration. */
  private seeded = 0;
  private readonly foldOperands: (Attribute | undefined)[][] = [];
  // Where patterns start building (see applyPatterns).
  private readonly beforeOp: { block: Block | undefined; before: Operation | undefined } = { block: undefined, before: undefined };

  constructor(
    private readonly context: Context,
    private readonly regions: readonly Region[],
    private readonly patterns: PatternSet,
    private readonly config: GreedyConfig,
  ) {
    this.maxIterations = config.maxIterations ?? 10;
    this.maxRewrites = config.maxNumRewrites ?? -1;
    this.topDown = config.topDown !== false;
    this.fold = config.fold !== false;
    this.cseConstants = config.cseConstants !== false;
    this.scope = new Set(regions);
    this.onlyRegion = regions.length === 1 ? regions[0] : undefined;
    const listener: RewriteListener = {
      notifyOperationInserted: (op) => {
        if (!this.seedingNow) this.editedSinceSimplify = true;
        this.add(op);
        config.listener?.notifyOperationInserted?.(op);
      },
      notifyOperationModified: (op) => {
        if (!this.seedingNow) this.editedSinceSimplify = true;
        this.add(op);
        config.listener?.notifyOperationModified?.(op);
      },
      notifyOperationReplaced: (op, values: readonly Value[]) => {
        if (!this.seedingNow) this.editedSinceSimplify = true;
        config.listener?.notifyOperationReplaced?.(op, values);
      },
      notifyOperationErased: (op) => {
        if (!this.seedingNow) this.editedSinceSimplify = true;
        config.listener?.notifyOperationErased?.(op);
        this.addOperandDefs(op);
        this.worklist.remove(op);
      },
    };
    this.rewriter = new PatternRewriter(context, listener);
  }

  /** Iterate (seed, process the worklist, simplify the regions) until nothing changes or a limit is reached. */
  run(): GreedyResult {
    let changedAtAll = false;
    let continueRewrites = false;
    try {
      do {
        if (this.maxIterations >= 0 && this.iterations >= this.maxIterations) break;
        this.iterations++;
        this.seedWorklist();
        // MLIR loops forever on patterns that undo each other within one pass over the worklist; past
        // this many rewrites the pass is cut short, so that the iteration limit reports it instead.
        continueRewrites = this.processWorklist(this.rewrites + Math.max(10_000, 64 * this.seeded));
        // Stopped by max-num-rewrites with work left: not converged, and no further iteration.
        if (this.maxRewrites >= 0 && this.rewrites >= this.maxRewrites && !this.worklist.empty) {
          continueRewrites = true;
          break;
        }
        continueRewrites = this.simplifyAfterIteration(continueRewrites);
        changedAtAll ||= continueRewrites;
      } while (continueRewrites);
    } finally {
      this.worklist.clear();
    }
    return { converged: !continueRewrites, changed: changedAtAll, iterations: this.iterations, rewrites: this.rewrites };
  }

  // ------------------------------------------------------------------ worklist

  private inScope(region: Region): boolean {
    return this.onlyRegion !== undefined ? region === this.onlyRegion : this.scope.has(region);
  }

  /** Add `op` and its ancestors up to the scope; ops outside the scope are ignored. */
  private add(op: Operation): void {
    let top: Operation = op;
    for (;;) {
      const region: Region | undefined = top.parent?.parent;
      if (!region) return;
      if (this.inScope(region)) break;
      const parent = region.parent;
      if (!parent) return;
      top = parent;
    }
    for (let o = op; ; o = o.parent!.parent!.parent!) {
      this.worklist.push(o);
      if (o === top) return;
    }
  }

  /** After `op` is erased its operands have one use fewer: their definitions may be dead or simpler. */
  private addOperandDefs(op: Operation): void {
    const slots = op.operandSlots;
    for (let i = 0; i < slots.length; i++) {
      const value = slots[i]!.value;
      const def = value.definingOp;
      if (!def) continue;
      // At most one use: at most one other user.
      if (value.useCount <= 1) {
        this.add(def);
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
      if (!many) this.add(def);
    }
  }

  // ------------------------------------------------------------------ seeding

  /**
   * Start an iteration: a new folder, and every op of the regions on the worklist, existing
   * constants uniqued and hoisted on the way. Seeds are added with their ancestors, as any op
   * (bottom-up, the ancestors come right after their first nested op). Operation.walk reads `next`
   * before visiting an op: uniquing may move or erase it.
   */
  private seedWorklist(): void {
    const worklist = this.worklist;
    worklist.clear();
    this.folder = new OperationFolder(this.rewriter, this.config.keepConstantLocations ?? false);
    this.seeded = 0;
    // Top-down, everything pushed while seeding (the users of uniqued constants too) is queued
    // in push order and processed first-in first-out; bottom-up it is a plain stack.
    const topDown = this.topDown;
    worklist.seeding = topDown;
    this.seedingNow = true;
    for (const region of this.regions) {
      for (const block of region.blocks) {
        for (let op = block.first; op; ) {
          const next: Operation | undefined = op.next;
          if (topDown) op.walk(this.seedPreOrder, 'pre');
          else op.walk(this.seedPostOrder, 'post');
          op = next;
        }
      }
    }
    worklist.seeding = false;
    this.seedingNow = false;
  }

  private readonly seedPreOrder = (op: Operation): WalkResult => {
    if (this.uniqued(op)) return 'skip';
    this.seeded++;
    // `add` without its climb: the walk stays in scope, and pre-order has queued the ancestors.
    this.worklist.push(op);
  };

  private readonly seedPostOrder = (op: Operation): void => {
    if (this.uniqued(op)) return;
    this.seeded++;
    this.add(op);
  };

  /** A known constant equal to an earlier one is replaced by it (and not processed). */
  private uniqued(op: Operation): boolean {
    if (!this.cseConstants) return false;
    const value = constantValueOfOp(op);
    return value !== undefined && op.parent !== undefined && !this.folder.insertKnownConstant(op, value);
  }

  // ------------------------------------------------------------------ one pass over the worklist

  /** Process the worklist until it is empty or a rewrite limit is reached; whether the IR changed. */
  private processWorklist(budget: number): boolean {
    const worklist = this.worklist;
    const maxRewrites = this.maxRewrites;
    let changed = false;
    while ((maxRewrites < 0 || this.rewrites < maxRewrites) && this.rewrites < budget) {
      const op = worklist.pop();
      if (!op) break;
      if (this.processOp(op)) changed = true;
    }
    return changed;
  }

  /** Erase `op` if it is dead, else fold it, else try its patterns; whether the IR changed. */
  private processOp(op: Operation): boolean {
    if (isOpTriviallyDead(op)) {
      this.rewriter.eraseOp(op);
      return true;
    }
    // Constants are not folded: they would fold to their value and be rematerialized forever.
    if (this.fold && !op.definition?.constantLike && this.tryFold(op)) return true;
    return this.applyPatterns(op);
  }

  // ------------------------------------------------------------------ folding

  /** Fold `op`, materializing attribute results as constants right before it. */
  private tryFold(op: Operation): boolean {
    // Nothing can fold without a folder or a trait folder (then the operands need no look).
    const def = op.definition;
    if (!def?.folder && !def?.commutative) return false;
    const slots = op.operandSlots;
    // One scratch list per operand count for all folds (folders only read it during the call;
    // truncating one shared list costs a runtime call per fold).
    const operands = (this.foldOperands[slots.length] ??= new Array<Attribute | undefined>(slots.length));
    for (let i = 0; i < slots.length; i++) operands[i] = constantValue(slots[i]!.value);
    const results = foldOperation(op, operands);
    if (results === undefined) return false;
    if (results.length === 0) {
      this.rewriter.notifyModified(op);
      return true;
    }
    return this.replaceByFoldResults(op, results);
  }

  private replaceByFoldResults(op: Operation, results: readonly (Attribute | Value)[]): boolean {
    if (results.length !== op.results.length) throw new Error(`'${op.name}' folder returned ${results.length} results for ${op.results.length}`);
    const rewriter = this.rewriter;
    const materialize = this.context.dialect(op.dialect)?.spec.materializeConstant;
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

  // ------------------------------------------------------------------ pattern application

  /** Try the patterns of `op`'s name, best first, until one applies; whether one did. */
  private applyPatterns(op: Operation): boolean {
    const candidates = this.patterns.patternsFor(op.name);
    if (candidates.length === 0) return false;
    const rewriter = this.rewriter;
    // Before `op` for every pattern (a pattern that fails leaves the IR as it was, not the builder).
    // One point object for the whole run, updated per op: most ops match no pattern, and the
    // builder only reads it (moving the insertion point replaces the object).
    const beforeOp = this.beforeOp;
    beforeOp.block = op.parent!;
    beforeOp.before = op;
    for (let i = 0; i < candidates.length; i++) {
      rewriter.loc = op.loc;
      rewriter.insertionPoint = beforeOp as InsertionPoint;
      if (candidates[i]!.matchAndRewrite(op, rewriter)) {
        this.rewrites++;
        return true;
      }
    }
    return false;
  }

  // ------------------------------------------------------------------ region simplification

  /**
   * After an iteration, simplify the regions as configured; whether to go on iterating
   * (`changed`: the iteration changed the IR).
   *
   * Region simplification would find nothing when the IR has not changed since its last run
   * (which left no unreachable block) and the worklist erased nothing: every op was then found
   * not trivially dead, and in SSA regions a set of dead ops always has one that is unused.
   * (Graph regions may hold dead cycles. A pattern that changes the IR without telling the
   * rewriter still counts: it reported success.)
   */
  private simplifyAfterIteration(changed: boolean): boolean {
    const level = this.config.regionSimplification ?? 'normal';
    if (level === 'disabled' || !(this.editedSinceSimplify || changed || this.sweepFacts.graphRegion)) return changed;
    let continueRewrites = simplifyRegions(this.rewriter, this.regions, this.sweepFacts) || changed;
    // Block merging and argument dropping change the IR behind the rewriter's back: the next
    // iteration simplifies again.
    let merged = false;
    if (level === 'aggressive') {
      merged = mergeIdenticalBlocks(this.rewriter, this.regions);
      merged = dropRedundantArguments(this.regions) || merged;
    }
    continueRewrites ||= merged;
    this.editedSinceSimplify = merged;
    return continueRewrites;
  }
}

/** Apply patterns greedily to the regions of `op`. */
export function applyPatternsToOp(context: Context, op: Operation, patterns: PatternSet, config?: GreedyConfig): GreedyResult {
  return applyPatternsGreedily(context, op.regions, patterns, config);
}
