import { Attribute } from '../ir/attributes.js';
import type { Block } from '../ir/block.js';
import type { Context } from '../ir/dialect.js';
import type { Operation } from '../ir/operation.js';
import type { Region } from '../ir/region.js';
import type { Value } from '../ir/value.js';
import { constantValue, constantValueOfOp, foldOperation, OperationFolder } from './folder.js';
import type { PatternSet } from './pattern.js';
import { PatternRewriter, type RewriteListener } from './rewriter.js';
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
   * Simplify the regions after each iteration: 'normal' and 'aggressive' erase unreachable
   * blocks (MLIR also runs region DCE and, when aggressive, merges identical blocks: not done here).
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
  const scope = new Set(regions);
  const worklist: (Operation | undefined)[] = [];
  const position = new Map<Operation, number>();

  const addSingle = (op: Operation) => {
    if (position.has(op)) return;
    position.set(op, worklist.length);
    worklist.push(op);
  };
  const remove = (op: Operation) => {
    const i = position.get(op);
    if (i === undefined) return;
    worklist[i] = undefined;
    position.delete(op);
  };
  const pop = (): Operation | undefined => {
    while (worklist.length > 0) {
      const op = worklist.pop();
      if (op) {
        position.delete(op);
        return op;
      }
    }
    return undefined;
  };
  /** Add `op` and its ancestors up to the scope; ops outside the scope are ignored. */
  const add = (op: Operation) => {
    const ancestors: Operation[] = [];
    for (let o: Operation | undefined = op; o; ) {
      ancestors.push(o);
      const region: Region | undefined = o.parent?.parent;
      if (!region) return;
      if (scope.has(region)) {
        for (const a of ancestors) addSingle(a);
        return;
      }
      o = region.parent;
    }
  };
  /** After `op` is erased its operands have one use fewer: their definitions may be dead or simpler. */
  const addOperandDefs = (op: Operation) => {
    for (const slot of op.operandSlots) {
      const def = slot.value.definingOp;
      if (!def) continue;
      let other: Operation | undefined;
      let many = false;
      for (const use of slot.value.uses) {
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

  const listener: RewriteListener = {
    notifyOperationInserted: (op) => {
      add(op);
      config.listener?.notifyOperationInserted?.(op);
    },
    notifyOperationModified: (op) => {
      add(op);
      config.listener?.notifyOperationModified?.(op);
    },
    notifyOperationReplaced: (op, values: readonly Value[]) => {
      config.listener?.notifyOperationReplaced?.(op, values);
    },
    notifyOperationErased: (op) => {
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
  do {
    if (maxIterations >= 0 && iterations >= maxIterations) break;
    iterations++;
    worklist.length = 0;
    position.clear();
    const folder = new OperationFolder(rewriter);
    // A known constant equal to an earlier one is replaced by it (and not processed).
    const uniqued = (op: Operation): boolean => {
      if (config.cseConstants === false) return false;
      const value = constantValueOfOp(op);
      return value !== undefined && op.parent !== undefined && !folder.insertKnownConstant(op, value);
    };
    const seed: Operation[] = [];
    for (const region of regions) {
      for (const block of region.blocks) {
        for (let op = block.first; op; ) {
          const next: Operation | undefined = op.next;
          if (config.topDown === false) {
            op.walk((nested) => {
              if (!uniqued(nested)) seed.push(nested);
            }, 'post');
          } else {
            op.walk((nested) => {
              if (uniqued(nested)) return 'skip';
              seed.push(nested);
            }, 'pre');
          }
          op = next;
        }
      }
    }
    // The worklist is a stack: push in reverse so that the first op is processed first.
    if (config.topDown === false) seed.forEach(addSingle);
    else for (let i = seed.length - 1; i >= 0; i--) addSingle(seed[i]!);

    // MLIR loops forever on patterns that undo each other within one pass over the worklist; past
    // this many rewrites the pass is cut short, so that the iteration limit reports it instead.
    continueRewrites = processWorklist(rewrites + Math.max(10_000, 64 * seed.length));
    // Stopped by max-num-rewrites with work left: not converged, and no further iteration.
    if (maxRewrites >= 0 && rewrites >= maxRewrites && worklist.some((op) => op !== undefined)) {
      continueRewrites = true;
      break;
    }
    if ((config.regionSimplification ?? 'normal') !== 'disabled') {
      continueRewrites = eraseUnreachableBlocks(rewriter, regions) || continueRewrites;
    }
    changedAtAll ||= continueRewrites;
  } while (continueRewrites);

  return { converged: !continueRewrites, changed: changedAtAll, iterations, rewrites };

  function processWorklist(budget: number): boolean {
    let changed = false;
    while ((maxRewrites < 0 || rewrites < maxRewrites) && rewrites < budget) {
      const op = pop();
      if (!op) break;
      if (isOpTriviallyDead(op)) {
        rewriter.eraseOp(op);
        changed = true;
        continue;
      }
      // Constants are not folded: they would fold to their value and be rematerialized forever.
      if (config.fold !== false && !op.hasTrait('ConstantLike') && tryFold(op)) {
        changed = true;
        continue;
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
    return changed;
  }

  /** Fold `op`, materializing attribute results as constants right before it. */
  function tryFold(op: Operation): boolean {
    const results = foldOperation(op, op.operandSlots.map((s) => constantValue(s.value)));
    if (results === undefined) return false;
    if (results.length === 0) {
      rewriter.notifyModified(op);
      return true;
    }
    if (results.length !== op.results.length) throw new Error(`'${op.name}' folder returned ${results.length} results for ${op.results.length}`);
    const materialize = context.dialect(op.dialect)?.spec.materializeConstant;
    const replacements: Value[] = [];
    const created: Operation[] = [];
    rewriter.setInsertionPointBefore(op);
    rewriter.loc = op.loc;
    for (let i = 0; i < results.length; i++) {
      const r = results[i]!;
      if (!(r instanceof Attribute)) {
        replacements.push(r);
        continue;
      }
      const constant = materialize?.(rewriter, r, op.results[i]!.type, op.loc);
      if (!constant) {
        for (const c of created) if (!c.hasResultsUsed) rewriter.eraseOp(c);
        return false;
      }
      created.push(constant);
      replacements.push(constant.results[0]!);
    }
    rewriter.replaceOp(op, replacements);
    return true;
  }
}

/** Apply patterns greedily to the regions of `op`. */
export function applyPatternsToOp(context: Context, op: Operation, patterns: PatternSet, config?: GreedyConfig): GreedyResult {
  return applyPatternsGreedily(context, op.regions, patterns, config);
}

/**
 * Erase the blocks of multi-block regions that the entry block cannot reach, in `regions` and
 * everything nested (MLIR's eraseUnreachableBlocks). Returns true when a block was erased.
 */
export function eraseUnreachableBlocks(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  let erased = false;
  const worklist = [...regions];
  const nested = (block: Block) => {
    for (const op of block) worklist.push(...op.regions);
  };
  while (worklist.length > 0) {
    const region = worklist.pop()!;
    if (region.empty) continue;
    if (region.blocks.length === 1) {
      nested(region.entry!);
      continue;
    }
    const reachable = new Set<Block>([region.entry!]);
    const stack = [region.entry!];
    while (stack.length > 0) {
      for (const s of stack.pop()!.successors) {
        if (!reachable.has(s)) {
          reachable.add(s);
          stack.push(s);
        }
      }
    }
    const dead = region.blocks.filter((b) => !reachable.has(b));
    for (const block of dead) for (const op of block) op.dropAllReferences();
    for (const block of dead) {
      for (const arg of block.arguments) for (const use of [...arg.uses]) use.drop();
      for (const op of [...block].reverse()) {
        for (const r of op.results) for (const use of [...r.uses]) use.drop();
        rewriter.eraseOp(op);
      }
      region.removeBlock(block);
      erased = true;
    }
    for (const block of region.blocks) nested(block);
  }
  return erased;
}
