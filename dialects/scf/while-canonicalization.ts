/**
 * scf.while canonicalization patterns, ported from MLIR 19's SCF.cpp (WhileOp::
 * getCanonicalizationPatterns; scf.while has no folder there). Each pattern rebuilds the loop as
 * MLIR does, in the same order of rewriter calls, so that the greedy driver sees the same changes.
 * Ops are matched and built by name (the op declarations import this module).
 */
import type { IntegerAttr } from '../../core/ir/attributes.js';
import { Block } from '../../core/ir/block.js';
import type { Location } from '../../core/ir/location.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Type } from '../../core/ir/types.js';
import type { BlockArgument, Value } from '../../core/ir/value.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import type { PatternRewriter } from '../../core/rewrite/rewriter.js';
import { boolConstant, mergeBlocks, valueLoc } from './rewrite-helpers.js';

// ---- accessors and builders ----------------------------------------------------------------------

const beforeBlock = (op: Operation): Block => op.region(0).entry!;
const afterBlock = (op: Operation): Block => op.region(1).entry!;
/** The scf.condition ending the before block (MLIR's getConditionOp). */
const conditionOp = (op: Operation): Operation => beforeBlock(op).last!;
/** The values scf.condition forwards (its operands after the condition). */
const conditionArgs = (cond: Operation): Value[] => cond.operands.slice(1);

/** Append a block with arguments of `types` at `locs` to region `index` of `op` (MLIR's createBlock). */
function createBlock(op: Operation, index: number, types: readonly Type[], locs: readonly Location[]): Block {
  const block = op.region(index).appendBlock(new Block());
  types.forEach((t, i) => block.addArgument(t, locs[i]!));
  return block;
}

/** A new scf.while before `op` with empty regions (the ODS builder: no attributes carried over). */
function createWhile(rw: PatternRewriter, op: Operation, resultTypes: readonly Type[], inits: readonly Value[]): Operation {
  rw.setInsertionPointBefore(op);
  return rw.create({ name: 'scf.while', operands: inits, resultTypes, regions: 2, loc: op.loc });
}

/**
 * A new scf.while with both blocks made as WhileOp::build makes them without body builders:
 * before arguments typed and located as the inits, after arguments of `resultTypes` at the op's location.
 */
function createWhileWithBlocks(rw: PatternRewriter, op: Operation, resultTypes: readonly Type[], inits: readonly Value[]): Operation {
  const newWhile = createWhile(rw, op, resultTypes, inits);
  createBlock(
    newWhile,
    0,
    inits.map((v) => v.type),
    inits.map(valueLoc),
  );
  createBlock(
    newWhile,
    1,
    resultTypes,
    resultTypes.map(() => op.loc),
  );
  return newWhile;
}

/** Replace the terminator `term` by a new op `name` with `operands` (MLIR's replaceOpWithNewOp). */
function replaceTerminator(rw: PatternRewriter, term: Operation, name: string, operands: readonly Value[]): void {
  rw.setInsertionPointBefore(term);
  rw.create({ name, operands, loc: term.loc });
  rw.replaceOp(term, []);
}

// ---- RemoveLoopInvariantArgsFromBeforeBlock ------------------------------------------------------

/**
 * Whether before argument `i` is loop invariant: the yield gives back its init, or an after
 * argument that the condition forwarded from the argument itself or from its init.
 */
function isInvariantBeforeArg(op: Operation, i: number, cond: Operation, yielded: Value): boolean {
  const init = op.operand(i);
  if (yielded === init) return true;
  if (yielded.definingOp !== undefined || (yielded as BlockArgument).owner !== afterBlock(op)) return false;
  const forwarded = cond.operand(1 + (yielded as BlockArgument).index);
  return forwarded === beforeBlock(op).arguments[i] || forwarded === init;
}

/** MLIR's RemoveLoopInvariantArgsFromBeforeBlock: invariant before arguments become their inits. */
export const RemoveLoopInvariantArgsFromBeforeBlock = definePattern({
  name: 'RemoveLoopInvariantArgsFromBeforeBlock',
  root: 'scf.while',
  matchAndRewrite(op, rw) {
    const cond = conditionOp(op);
    const yieldOp = afterBlock(op).last!;
    const yielded = yieldOp.operands;
    const n = Math.min(op.numOperands, yielded.length);
    const invariant: boolean[] = [];
    for (let i = 0; i < n; i++) invariant.push(isInvariantBeforeArg(op, i, cond, yielded[i]!));
    if (!invariant.includes(true)) return false;

    const oldBefore = beforeBlock(op);
    const keep = (_: unknown, i: number) => !invariant[i];
    const newInits = op.operands.slice(0, n).filter(keep);
    const newYielded = yielded.slice(0, n).filter(keep);
    replaceTerminator(rw, yieldOp, 'scf.yield', newYielded);
    const newWhile = createWhile(rw, op, op.resultTypes, newInits);
    const newBefore = createBlock(
      newWhile,
      0,
      newYielded.map((v) => v.type),
      oldBefore.arguments
        .slice(0, n)
        .filter(keep)
        .map((a) => a.loc),
    );
    let j = 0;
    const args = oldBefore.arguments.map((_, i) => (invariant[i] ? op.operand(i) : newBefore.arguments[j++]!));
    mergeBlocks(rw, oldBefore, newBefore, args);
    rw.inlineRegionBefore(op.region(1), newWhile.region(1), 0);
    rw.replaceOp(op, newWhile.results);
    return true;
  },
});

// ---- RemoveLoopInvariantValueYielded -------------------------------------------------------------

/** MLIR's RemoveLoopInvariantValueYielded: values the condition forwards from outside the before block are used directly. */
export const RemoveLoopInvariantValueYielded = definePattern({
  name: 'RemoveLoopInvariantValueYielded',
  root: 'scf.while',
  matchAndRewrite(op, rw) {
    const before = beforeBlock(op);
    const cond = conditionOp(op);
    const forwarded = conditionArgs(cond);
    const outside = forwarded.map((v) => v.parentBlock !== before);
    if (!outside.includes(true)) return false;

    const oldAfter = afterBlock(op);
    const kept = forwarded.filter((_, i) => !outside[i]);
    const keptTypes = kept.map((v) => v.type);
    const keptLocs = oldAfter.arguments.filter((_, i) => !outside[i]).map((a) => a.loc);
    replaceTerminator(rw, cond, 'scf.condition', [cond.operand(0), ...kept]);
    const newWhile = createWhile(rw, op, keptTypes, op.operands);
    const newAfter = createBlock(newWhile, 1, keptTypes, keptLocs);
    let j = 0;
    const replacements = forwarded.map((v, i) => (outside[i] ? { arg: v, result: v } : { arg: newAfter.arguments[j]!, result: newWhile.results[j++]! }));
    mergeBlocks(
      rw,
      oldAfter,
      newAfter,
      replacements.map((r) => r.arg),
    );
    rw.inlineRegionBefore(op.region(0), newWhile.region(0), 0);
    rw.replaceOp(
      op,
      replacements.map((r) => r.result),
    );
    return true;
  },
});

// ---- WhileConditionTruth -------------------------------------------------------------------------

/** MLIR's WhileConditionTruth: in the after block, an argument forwarding the condition is true. */
export const WhileConditionTruth = definePattern({
  name: 'WhileConditionTruth',
  root: 'scf.while',
  matchAndRewrite(op, rw) {
    const cond = conditionOp(op);
    const condition = cond.operand(0);
    const afterArgs = afterBlock(op).arguments;
    const n = Math.min(cond.numOperands - 1, afterArgs.length);
    let constantTrue: Value | undefined;
    for (let i = 0; i < n; i++) {
      const arg = afterArgs[i]!;
      if (cond.operand(1 + i) !== condition || !arg.hasUses) continue;
      rw.setInsertionPointBefore(op);
      constantTrue ??= boolConstant(rw, true, op.loc);
      rw.replaceAllValueUsesWith(arg, constantTrue);
    }
    return constantTrue !== undefined;
  },
});

// ---- WhileCmpCond --------------------------------------------------------------------------------

/** arith.cmpi predicates (eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge) and their negations (arith::invertPredicate). */
const INVERTED_PREDICATE = [1, 0, 5, 4, 3, 2, 9, 8, 7, 6];
const predicateOf = (cmp: Operation): number => Number((cmp.properties.get('predicate') as IntegerAttr).value);

/**
 * MLIR's WhileCmpCond: when the condition is `cmpi(x, y)` and x (or y) is forwarded, a cmpi in the
 * loop of the same predicate (or its negation) on the forwarded value and the same other operand
 * is true (false) there.
 */
export const WhileCmpCond = definePattern({
  name: 'WhileCmpCond',
  root: 'scf.while',
  matchAndRewrite(op, rw) {
    const cond = conditionOp(op);
    const cmp = cond.operand(0).definingOp;
    if (cmp?.name !== 'arith.cmpi') return false;
    const afterArgs = afterBlock(op).arguments;
    const n = Math.min(cond.numOperands - 1, afterArgs.length);
    let changed = false;
    for (let i = 0; i < n; i++) {
      for (let opIdx = 0; opIdx < 2; opIdx++) {
        if (cond.operand(1 + i) !== cmp.operand(opIdx)) continue;
        for (const use of afterArgs[i]!.uses) changed = replaceKnownCmp(rw, op, cmp, use.owner, opIdx) || changed;
      }
    }
    return changed;
  },
});

/** `cmp2` (a user of the forwarded value) replaced by a constant when it repeats `cmp` or its negation. */
function replaceKnownCmp(rw: PatternRewriter, op: Operation, cmp: Operation, cmp2: Operation, opIdx: number): boolean {
  // (An op using the argument twice is seen again after its replacement: it has no block then.)
  if (cmp2.name !== 'arith.cmpi' || cmp2.parent === undefined) return false;
  if (cmp2.operand(1 - opIdx) !== cmp.operand(1 - opIdx)) return false;
  const p = predicateOf(cmp);
  const p2 = predicateOf(cmp2);
  if (p2 !== p && p2 !== INVERTED_PREDICATE[p]) return false;
  rw.setInsertionPointBefore(op);
  const constant = boolConstant(rw, p2 === p, cmp2.loc);
  rw.replaceOp(cmp2, [constant]);
  return true;
}

// ---- WhileUnusedResult ---------------------------------------------------------------------------

/** MLIR's WhileUnusedResult: a forwarded value unused both after the loop and in the after block is dropped. */
export const WhileUnusedResult = definePattern({
  name: 'WhileUnusedResult',
  root: 'scf.while',
  matchAndRewrite(op, rw) {
    const cond = conditionOp(op);
    const afterArgs = afterBlock(op).arguments;
    const n = Math.min(op.results.length, afterArgs.length, cond.numOperands - 1);
    const kept: number[] = [];
    for (let i = 0; i < n; i++) if (op.results[i]!.hasUses || afterArgs[i]!.hasUses) kept.push(i);
    if (kept.length === n) return false;

    const types = kept.map((i) => op.results[i]!.type);
    replaceTerminator(rw, cond, 'scf.condition', [cond.operand(0), ...kept.map((i) => cond.operand(1 + i))]);
    const newWhile = createWhile(rw, op, types, op.operands);
    const newAfter = createBlock(
      newWhile,
      1,
      types,
      types.map(() => op.loc),
    );
    // Unused entries keep the old values: nothing uses them.
    const results: Value[] = [...op.results];
    const args: Value[] = [...afterArgs];
    kept.forEach((i, j) => {
      results[i] = newWhile.results[j]!;
      args[i] = newAfter.arguments[j]!;
    });
    rw.inlineRegionBefore(op.region(0), newWhile.region(0), 0);
    mergeBlocks(rw, afterBlock(op), newAfter, args);
    rw.replaceOp(op, results);
    return true;
  },
});

// ---- WhileRemoveDuplicatedResults ----------------------------------------------------------------

/** MLIR's WhileRemoveDuplicatedResults: a value the condition forwards twice is forwarded once. */
export const WhileRemoveDuplicatedResults = definePattern({
  name: 'WhileRemoveDuplicatedResults',
  root: 'scf.while',
  matchAndRewrite(op, rw) {
    const cond = conditionOp(op);
    const forwarded = conditionArgs(cond);
    const position = new Map<Value, number>();
    const unique: Value[] = [];
    for (const v of forwarded) {
      if (position.has(v)) continue;
      position.set(v, unique.length);
      unique.push(v);
    }
    if (unique.length === forwarded.length) return false;

    const newWhile = createWhileWithBlocks(
      rw,
      op,
      unique.map((v) => v.type),
      op.operands,
    );
    const newBefore = beforeBlock(newWhile);
    const newAfter = afterBlock(newWhile);
    const afterArgs = forwarded.map((v) => newAfter.arguments[position.get(v)!]!);
    const results = forwarded.map((v) => newWhile.results[position.get(v)!]!);
    replaceTerminator(rw, cond, 'scf.condition', [cond.operand(0), ...unique]);
    mergeBlocks(rw, beforeBlock(op), newBefore, newBefore.arguments);
    mergeBlocks(rw, afterBlock(op), newAfter, afterArgs);
    rw.replaceOp(op, results);
    return true;
  },
});

// ---- WhileRemoveUnusedArgs -----------------------------------------------------------------------

/** MLIR's WhileRemoveUnusedArgs: unused before arguments are dropped with their inits and yielded values. */
export const WhileRemoveUnusedArgs = definePattern({
  name: 'WhileRemoveUnusedArgs',
  root: 'scf.while',
  matchAndRewrite(op, rw) {
    const before = beforeBlock(op);
    if (before.arguments.every((a) => a.hasUses)) return false;
    const yieldOp = afterBlock(op).last!;
    const yielded = yieldOp.operands;
    const n = Math.min(before.numArguments, yielded.length, op.numOperands);
    const used = before.arguments.map((a) => a.hasUses);
    const newYields: Value[] = [];
    const newInits: Value[] = [];
    for (let i = 0; i < n; i++) {
      if (!used[i]) continue;
      newYields.push(yielded[i]!);
      newInits.push(op.operand(i));
    }
    // The block's arguments are erased directly, as MLIR's Block::eraseArguments (no notification).
    for (let i = n - 1; i >= 0; i--) if (!used[i]) before.eraseArgument(i);

    const newWhile = createWhileWithBlocks(rw, op, op.resultTypes, newInits);
    replaceTerminator(rw, yieldOp, 'scf.yield', newYields);
    mergeBlocks(rw, before, beforeBlock(newWhile), beforeBlock(newWhile).arguments);
    mergeBlocks(rw, afterBlock(op), afterBlock(newWhile), afterBlock(newWhile).arguments);
    rw.replaceOp(op, newWhile.results);
    return true;
  },
});

// ---- WhileOpAlignBeforeArgs ----------------------------------------------------------------------

/**
 * For each forwarded value, the index of the before argument it is, when the condition forwards
 * exactly the before arguments, each once, in another order (MLIR's getArgsMapping); else undefined.
 */
function argsMapping(beforeArgs: readonly Value[], forwarded: readonly Value[]): number[] | undefined {
  if (beforeArgs.length !== forwarded.length) return undefined;
  if (beforeArgs.every((a, i) => a === forwarded[i])) return undefined;
  if (new Set(forwarded).size !== forwarded.length) return undefined;
  const mapping: number[] = new Array<number>(forwarded.length);
  for (let i = 0; i < beforeArgs.length; i++) {
    const k = forwarded.indexOf(beforeArgs[i]!);
    if (k < 0) return undefined;
    mapping[k] = i;
  }
  return mapping;
}

/** MLIR's WhileOpAlignBeforeArgs: the condition forwards permuted before arguments in their own order. */
export const WhileOpAlignBeforeArgs = definePattern({
  name: 'WhileOpAlignBeforeArgs',
  root: 'scf.while',
  matchAndRewrite(op, rw) {
    const oldBefore = beforeBlock(op);
    const cond = conditionOp(op);
    const beforeArgs = oldBefore.arguments;
    const mapping = argsMapping(beforeArgs, conditionArgs(cond));
    if (!mapping) return false;

    replaceTerminator(rw, cond, 'scf.condition', [cond.operand(0), ...beforeArgs]);
    const oldAfter = afterBlock(op);
    const types = new Array<Type>(beforeArgs.length);
    mapping.forEach((j, i) => (types[j] = op.results[i]!.type));
    const newWhile = createWhileWithBlocks(rw, op, types, op.operands);
    const newAfter = afterBlock(newWhile);
    const results = mapping.map((j) => newWhile.results[j]!);
    const afterArgs = mapping.map((j) => newAfter.arguments[j]!);
    const newBefore = beforeBlock(newWhile);
    rw.inlineBlockBefore(oldBefore, newBefore, newBefore.first, newBefore.arguments);
    rw.inlineBlockBefore(oldAfter, newAfter, newAfter.first, afterArgs);
    rw.replaceOp(op, results);
    return true;
  },
});

/** In MLIR's order of registration (the greedy driver tries them in this order). */
export const whilePatterns: readonly RewritePattern[] = [
  RemoveLoopInvariantArgsFromBeforeBlock,
  RemoveLoopInvariantValueYielded,
  WhileConditionTruth,
  WhileCmpCond,
  WhileUnusedResult,
  WhileRemoveDuplicatedResults,
  WhileRemoveUnusedArgs,
  WhileOpAlignBeforeArgs,
];
