import type { Context } from '../ir/dialect.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import type { Value } from '../ir/value.js';
import { constantValueOfOp, OperationFolder } from './folder.js';
import type { PatternSet } from './pattern.js';
import { PatternRewriter, type RewriteListener } from './rewriter.js';
import { isOpTriviallyDead } from './trivially-dead.js';

export interface GreedyConfig {
  /** Whole passes over the region before giving up (MLIR's maxIterations; -1 = no limit). */
  maxIterations?: number;
  /** Stop after this many rewrites (-1 = no limit). */
  maxNumRewrites?: number;
  /** Seed the worklist in pre-order (top-down) rather than post-order. */
  topDown?: boolean;
  /** Fold ops with their folders. */
  fold?: boolean;
  /** Deduplicate existing constants and move them to the start of their scope. */
  cseConstants?: boolean;
  /** Extra listener told of every change. */
  listener?: RewriteListener;
}

export interface GreedyResult {
  /** The IR reached a fixed point within the limits. */
  converged: boolean;
  /** The IR changed at all. */
  changed: boolean;
  iterations: number;
  rewrites: number;
}

/**
 * Apply `patterns` and folding to everything nested in `regions` until nothing changes
 * (MLIR's applyPatternsAndFoldGreedily). Dead ops without side effects are removed.
 */
export function applyPatternsGreedily(context: Context, regions: readonly Region[], patterns: PatternSet, config: GreedyConfig = {}): GreedyResult {
  const maxIterations = config.maxIterations ?? 10;
  const maxRewrites = config.maxNumRewrites ?? -1;
  const worklist: Operation[] = [];
  const inWorklist = new Set<Operation>();
  const erased = new Set<Operation>();
  let changedThisIteration = false;

  const add = (op: Operation) => {
    if (erased.has(op) || inWorklist.has(op)) return;
    inWorklist.add(op);
    worklist.push(op);
  };
  // Once `op` is gone, a definition left with at most one other user may be dead or simplify further.
  const addOperandDefs = (op: Operation) => {
    for (const slot of op.operandSlots) {
      const def = slot.value.definingOp;
      if (!def) continue;
      let otherUser: Operation | undefined;
      let moreThanOne = false;
      for (const use of slot.value.uses) {
        if (use.owner === op || use.owner === otherUser) continue;
        if (otherUser) {
          moreThanOne = true;
          break;
        }
        otherUser = use.owner;
      }
      if (!moreThanOne) add(def);
    }
  };
  let folder: OperationFolder;
  const listener: RewriteListener = {
    notifyOperationInserted: (op) => {
      changedThisIteration = true;
      add(op);
      config.listener?.notifyOperationInserted?.(op);
    },
    notifyOperationModified: (op) => {
      changedThisIteration = true;
      add(op);
      config.listener?.notifyOperationModified?.(op);
    },
    notifyOperationReplaced: (op, values: readonly Value[]) => {
      changedThisIteration = true;
      for (const r of op.results) for (const user of r.users()) add(user);
      config.listener?.notifyOperationReplaced?.(op, values);
    },
    notifyOperationErased: (op) => {
      changedThisIteration = true;
      addOperandDefs(op);
      erased.add(op);
      folder.notifyRemoval(op);
      config.listener?.notifyOperationErased?.(op);
    },
  };
  const rewriter = new PatternRewriter(context, listener);
  folder = new OperationFolder(rewriter);

  let iterations = 0;
  let rewrites = 0;
  let changedAtAll = false;
  let changed: boolean;
  do {
    changed = false;
    changedThisIteration = false;
    worklist.length = 0;
    inWorklist.clear();
    // Seed the worklist; known constants are uniqued on the way (not re-folded).
    const seed: Operation[] = [];
    for (const region of regions) {
      for (const op of [...region.ops()]) {
        op.walk(
          (nested) => {
            if (config.cseConstants !== false && nested.parent && constantValueOfOp(nested) !== undefined) {
              folder.insertKnownConstant(nested);
              return 'skip';
            }
            seed.push(nested);
          },
          config.topDown === false ? 'post' : 'pre',
        );
      }
    }
    // The worklist is a stack: push in reverse so the first op is processed first.
    for (let i = seed.length - 1; i >= 0; i--) add(seed[i]!);

    // MLIR would loop forever on patterns that undo each other within one pass over the worklist;
    // past this many rewrites the pass is cut short, so the iteration limit can report it.
    const rewriteBudget = rewrites + Math.max(10_000, 64 * seed.length);
    while (worklist.length > 0 && (maxRewrites < 0 || rewrites < maxRewrites) && rewrites < rewriteBudget) {
      const op = worklist.pop()!;
      inWorklist.delete(op);
      if (erased.has(op) || !op.parent) continue;
      if (isOpTriviallyDead(op)) {
        rewriter.eraseOp(op);
        changed = true;
        continue;
      }
      if (config.fold !== false) {
        rewriter.loc = op.loc;
        if (folder.tryToFold(op)) {
          changed = true;
          continue;
        }
      }
      for (const pattern of patterns.patternsFor(op.name)) {
        rewriter.loc = op.loc;
        rewriter.setInsertionPointBefore(op);
        if (pattern.matchAndRewrite(op, rewriter)) {
          rewrites++;
          changed = true;
          break;
        }
      }
    }
    changed ||= changedThisIteration || worklist.length > 0;
    changedAtAll ||= changed;
    iterations++;
  } while (changed && (maxIterations < 0 || iterations < maxIterations) && (maxRewrites < 0 || rewrites < maxRewrites));

  return { converged: !changed, changed: changedAtAll, iterations, rewrites };
}

/** Apply patterns greedily to the regions of `op`. */
export function applyPatternsToOp(context: Context, op: Operation, patterns: PatternSet, config?: GreedyConfig): GreedyResult {
  return applyPatternsGreedily(context, op.regions, patterns, config);
}
