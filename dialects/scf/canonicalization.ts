/**
 * scf canonicalization patterns and folders, named as in MLIR 19's SCF.cpp. Ops are matched
 * and built by name (the op declarations import this module).
 */
import { IntegerAttr } from '../../core/ir/attributes.js';
import { Block } from '../../core/ir/block.js';
import { Operation } from '../../core/ir/operation.js';
import type { Region } from '../../core/ir/region.js';
import { i1, IntegerType, type Type } from '../../core/ir/types.js';
import type { OpResult, Value } from '../../core/ir/value.js';
import type { Location } from '../../core/ir/location.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import type { PatternRewriter } from '../../core/rewrite/rewriter.js';
import { boolConstant, mergeBlocks, valueLoc } from './rewrite-helpers.js';
import type { FoldResult } from '../../core/ir/op-definition.js';

/** Inline the single block of `region` before `op` (its arguments bound to `args`) and replace `op` by what its terminator yielded. */
function replaceOpWithRegion(rw: PatternRewriter, op: Operation, region: Region, args: readonly Value[] = []): void {
  const block = region.entry!;
  const terminator = block.last!;
  rw.inlineBlockBefore(block, op.parent!, op, args);
  // Read after inlining: a yielded block argument has been replaced by its value in `args`.
  rw.replaceOp(op, terminator.operands);
  rw.eraseOp(terminator);
}

/** A new op like `op` (same name, attributes) with other operands and result types and fresh empty regions. */
function createLike(rw: PatternRewriter, op: Operation, operands: readonly Value[], resultTypes: readonly Type[]): Operation {
  return rw.create({ name: op.name, operands, resultTypes, properties: op.properties, attributes: op.attributes, regions: op.regions.length, loc: op.loc });
}

/** Move the blocks of `from` into the empty region `to`, notifying the moved ops. */
function takeBody(rw: PatternRewriter, from: Region, to: Region): void {
  rw.inlineRegionBefore(from, to, 0);
}

function setOperands(rw: PatternRewriter, op: Operation, values: readonly Value[]): void {
  rw.modifyOpInPlace(op, () => op.setOperands(values));
}

// ---- scf.for ------------------------------------------------------------------------------------

/** The constant difference ub - lb, from two constants or `ub = addi(lb, c)` (MLIR's computeConstDiff). */
function constDiff(lb: Value, ub: Value): bigint | undefined {
  // Tried on every visit of every loop: the upper bound first, as it is seldom constant.
  const u = constantValue(ub);
  const width = lb.type instanceof IntegerType ? lb.type.width : 64;
  if (u instanceof IntegerAttr) {
    const l = constantValue(lb);
    return l instanceof IntegerAttr ? BigInt.asIntN(width, u.value - l.value) : undefined;
  }
  const add = ub.definingOp;
  if (add?.name !== 'arith.addi') return undefined;
  const a = add.operandSlots[0]?.value as Value;
  const b = add.operandSlots[1]?.value as Value;
  // (When both operands are `lb`, either reading gives the same.)
  if (a === lb) return constIntOf(b, width);
  if (b === lb) return constIntOf(a, width);
  return undefined;
}

/** The integer constant `v` is defined by, as a `width`-bit signed value. */
function constIntOf(v: Value, width: number): bigint | undefined {
  const k = constantValue(v);
  return k instanceof IntegerAttr ? BigInt.asIntN(width, k.value) : undefined;
}

/** Whether no value `yieldOp` yields is defined inside `op`. */
function yieldsOnlyOutsideValues(op: Operation, yieldOp: Operation): boolean {
  const slots = yieldOp.operandSlots;
  for (let i = 0; i < slots.length; i++) {
    const v = slots[i]!.value;
    if (op.isAncestorOf(v.definingOp ?? v.parentBlock!.parentOp!)) return false;
  }
  return true;
}

/** Loops with no iteration are replaced by their inits; with one iteration, by their body. */
export const SimplifyTrivialLoops = definePattern({
  name: 'SimplifyTrivialLoops',
  root: 'scf.for',
  matchAndRewrite(op, rw) {
    const lb = op.operandSlots[0]?.value as Value;
    const ub = op.operandSlots[1]?.value as Value;
    const step = op.operandSlots[2]?.value as Value;
    if (lb === ub) {
      rw.replaceOp(op, op.operands.slice(3));
      return true;
    }
    const diff = constDiff(lb, ub);
    if (diff === undefined) return false;
    const inits = op.operands.slice(3);
    if (diff <= 0n) {
      rw.replaceOp(op, inits);
      return true;
    }
    const s = constantValue(step);
    if (!(s instanceof IntegerAttr)) return false;
    const width = step.type instanceof IntegerType ? step.type.width : 64;
    if (BigInt.asIntN(width, s.value) >= diff) {
      replaceOpWithRegion(rw, op, op.region(0), [lb, ...inits]);
      return true;
    }
    // A body of only a yield of values defined outside: the loop yields them.
    const block = op.region(0).entry!;
    if (block.first !== block.last) return false;
    if (!yieldsOnlyOutsideValues(op, block.last!)) return false;
    rw.replaceOp(op, block.last!.operands);
    return true;
  },
});

/** The test of ForOpIterArgsFolder below, without building anything (most loops have nothing to drop). */
function hasDroppableIterArg(op: Operation, blockArgs: readonly Value[], yieldOp: Operation): boolean {
  for (let i = 0; i + 3 < op.operandSlots.length; i++) {
    const init = op.operandSlots[i + 3]!.value;
    const arg = blockArgs[i + 1]!;
    const y = yieldOp.operandSlots[i]?.value;
    if (arg === y || (!arg.hasUses && (init === y || !op.results[i]!.hasUses))) return true;
  }
  return false;
}

/**
 * Drop loop-carried values that are forwarded unchanged (the yield returns the region argument or
 * the init), or unused both inside and after the loop. As MLIR does (and in its order, which the
 * greedy driver's worklist reflects): a new loop takes over the old body (merged into its block,
 * the dropped arguments bound to their inits), a new yield replaces the merged one, and the new
 * loop's results and the inits replace the old loop.
 */
export const ForOpIterArgsFolder = definePattern({
  name: 'ForOpIterArgsFolder',
  root: 'scf.for',
  matchAndRewrite(op, rw) {
    const oldBlock = op.region(0).entry!;
    const yieldOp = oldBlock.last!;
    if (!hasDroppableIterArg(op, oldBlock.arguments, yieldOp)) return false;
    dropIterArgs(op, rw, oldBlock, yieldOp);
    return true;
  },
});

// Apart from matchAndRewrite: its closures would make every call allocate their context, although
// most loops (tried again whenever their body changes) have nothing to drop.
function dropIterArgs(op: Operation, rw: PatternRewriter, oldBlock: Block, yieldOp: Operation): void {
  const inits = op.operands.slice(3);
  const args = oldBlock.arguments.slice(1);
  const yielded = yieldOp.operands;
  // LLVM 19's rule: an iter_arg yielded unchanged, or an unused one whose init is yielded or
  // whose result is unused. (A used iter_arg whose init is yielded is also invariant, but
  // mlir-opt 19 keeps it, so we do too.)
  const keep = inits.map((init, i) => !(args[i] === yielded[i] || (!args[i]!.hasUses && (init === yielded[i] || !op.results[i]!.hasUses))));
  const newInits = inits.filter((_, i) => keep[i]);
  const newFor = createLike(
    rw,
    op,
    [...op.operands.slice(0, 3), ...newInits],
    newInits.map((v) => v.type),
  );
  // The body block as scf.for's builder makes it: the induction variable, the iter_args, and a
  // yield when there are none (built before the loop is inserted: nobody is told of it).
  const newBlock = newFor.region(0).appendBlock(new Block());
  newBlock.addArgument(op.operandSlots[0]!.value.type, op.loc);
  for (const init of newInits) newBlock.addArgument(init.type, valueLoc(init));
  let k = 0;
  const transfer = [newBlock.arguments[0]!, ...inits.map((init, i) => (keep[i] ? newBlock.arguments[++k]! : init))];
  k = 0;
  const results = inits.map((init, i) => (keep[i] ? newFor.results[k++]! : init));
  if (newInits.length === 0) {
    const newYield = Operation.create({ name: 'scf.yield', definition: yieldOp.definition, loc: op.loc });
    newBlock.append(newYield);
    rw.inlineBlockBefore(oldBlock, newBlock, newYield, transfer);
    rw.eraseOp(newYield.prev!);
  } else {
    rw.inlineBlockBefore(oldBlock, newBlock, undefined, transfer);
    const merged = newBlock.last!;
    rw.setInsertionPointBefore(merged);
    rw.create({ name: 'scf.yield', operands: merged.operands.filter((_, i) => keep[i]), loc: merged.loc });
    rw.eraseOp(merged);
  }
  rw.replaceOp(op, results);
}

// ---- scf.if -------------------------------------------------------------------------------------

const thenYield = (op: Operation) => op.region(0).entry!.last!;
const elseYield = (op: Operation) => op.region(1).entry!.last!;

/** `if (xori(c, true))` with an else branch -> `if (c)` with the branches swapped. */
export const foldIf = (op: Operation): FoldResult[] | undefined => {
  if (op.region(1).empty) return undefined;
  const xor = op.operands[0]!.definingOp;
  if (xor?.name !== 'arith.xori') return undefined;
  const one = constantValue(xor.operands[1]!);
  if (!(one instanceof IntegerAttr) || one.value !== 1n) return undefined;
  op.setOperand(0, xor.operands[0]!);
  const thenBlocks = op.region(0).blocks.splice(0);
  const elseBlocks = op.region(1).blocks.splice(0);
  for (const b of elseBlocks) op.region(0).appendBlock(b);
  for (const b of thenBlocks) op.region(1).appendBlock(b);
  // The op's own results (none for an if without results) mean: updated in place.
  return [...op.results];
};

/** An if on a constant condition is replaced by the taken branch. */
export const RemoveStaticCondition = definePattern({
  name: 'RemoveStaticCondition',
  root: 'scf.if',
  matchAndRewrite(op, rw) {
    const c = constantValue(op.operands[0]!);
    if (!(c instanceof IntegerAttr)) return false;
    if (c.value !== 0n) replaceOpWithRegion(rw, op, op.region(0));
    else if (!op.region(1).empty) replaceOpWithRegion(rw, op, op.region(1));
    else rw.eraseOp(op);
    return true;
  },
});

/** Results yielded from outside the branches become selects (or the common value). */
export const ConvertTrivialIfToSelect = definePattern({
  name: 'ConvertTrivialIfToSelect',
  root: 'scf.if',
  matchAndRewrite(op, rw) {
    if (op.results.length === 0) return false;
    const cond = op.operands[0]!;
    const tv = thenYield(op).operands;
    const fv = elseYield(op).operands;
    const inside = (v: Value, r: Region) => v.parentBlock?.parent === r;
    const stays = tv.map((t, i) => inside(t, op.region(0)) || inside(fv[i]!, op.region(1)));
    if (stays.every(Boolean)) return false;
    const replacement = createLike(
      rw,
      op,
      [cond],
      op.resultTypes.filter((_, i) => stays[i]),
    );
    takeBody(rw, op.region(0), replacement.region(0));
    takeBody(rw, op.region(1), replacement.region(1));
    const results: Value[] = [];
    let k = 0;
    rw.setInsertionPointBefore(replacement);
    tv.forEach((t, i) => {
      const f = fv[i]!;
      if (stays[i]) results.push(replacement.results[k++]!);
      else if (t === f) results.push(t);
      else results.push(rw.create({ name: 'arith.select', operands: [cond, t, f], resultTypes: [t.type], loc: op.loc }).results[0]!);
    });
    for (const r of [0, 1]) {
      const y = replacement.region(r).entry!.last!;
      const kept = y.operands.filter((_, i) => stays[i]);
      rw.setInsertionPointToEnd(replacement.region(r).entry!);
      rw.create({ name: 'scf.yield', operands: kept, resultTypes: [], loc: y.loc });
      rw.eraseOp(y);
    }
    rw.replaceOp(op, results);
    return true;
  },
});

/** An else branch holding only its yield is dropped when the if has no results. */
export const RemoveEmptyElseBranch = definePattern({
  name: 'RemoveEmptyElseBranch',
  root: 'scf.if',
  matchAndRewrite(op, rw) {
    if (op.results.length > 0) return false;
    const elseBlock = op.region(1).entry;
    if (!elseBlock || elseBlock.first !== elseBlock.last) return false;
    const newIf = createLike(rw, op, op.operands, []);
    takeBody(rw, op.region(0), newIf.region(0));
    rw.eraseOp(op);
    return true;
  },
});

/** Unused results are dropped from the if and its yields. */
export const RemoveUnusedResults = definePattern({
  name: 'RemoveUnusedResults',
  root: 'scf.if',
  matchAndRewrite(op, rw) {
    const used = op.results.filter((r) => r.hasUses);
    if (used.length === op.results.length) return false;
    const newIf = createLike(
      rw,
      op,
      op.operands,
      used.map((r) => r.type),
    );
    for (const r of [0, 1]) {
      takeBody(rw, op.region(r), newIf.region(r));
      const y = newIf.region(r).entry!.last!;
      setOperands(
        rw,
        y,
        used.map((u) => y.operands[u.index]!),
      );
    }
    rw.replaceOp(
      op,
      op.results.map((r) => (r.hasUses ? newIf.results[used.indexOf(r)]! : r)),
    );
    return true;
  },
});

/** Results yielding the same value in both branches, or true/false constants, use the value or the condition. */
export const ReplaceIfYieldWithConditionOrValue = definePattern({
  name: 'ReplaceIfYieldWithConditionOrValue',
  root: 'scf.if',
  matchAndRewrite(op, rw) {
    if (op.results.length === 0) return false;
    const tv = thenYield(op).operands;
    const fv = elseYield(op).operands;
    let changed = false;
    const boolOf = (v: Value) => {
      const c = constantValue(v);
      return c instanceof IntegerAttr && c.type === i1 ? c.value !== 0n : undefined;
    };
    op.results.forEach((result, i) => {
      const t = tv[i]!;
      const f = fv[i]!;
      if (t === f) {
        if (result.hasUses) {
          rw.replaceAllValueUsesWith(result, t);
          changed = true;
        }
        return;
      }
      const tb = boolOf(t);
      const fb = boolOf(f);
      if (tb === undefined || fb === undefined || !result.hasUses) return;
      if (!tb && fb) {
        const not = rw.create({ name: 'arith.xori', operands: [op.operands[0]!, boolConstant(rw, true, op.loc)], resultTypes: [i1], loc: op.loc });
        rw.replaceAllValueUsesWith(result, not.results[0]!);
        changed = true;
      } else if (tb && !fb) {
        rw.replaceAllValueUsesWith(result, op.operands[0]!);
        changed = true;
      }
    });
    return changed;
  },
});

/** `xori(v, 1)`: the value negated, else undefined (MLIR's m_One on the right-hand side). */
function negated(cond: Value): Value | undefined {
  const xor = cond.definingOp;
  if (xor?.name !== 'arith.xori') return undefined;
  const one = constantValue(xor.operandSlots[1]!.value);
  return one instanceof IntegerAttr && one.value === 1n ? xor.operandSlots[0]!.value : undefined;
}

/** An if like `op` (condition `cond`) with `resultTypes` and empty regions, at `loc`. */
function createIf(rw: PatternRewriter, cond: Value, resultTypes: readonly Type[], loc: Location): Operation {
  return rw.create({ name: 'scf.if', operands: [cond], resultTypes, regions: 2, loc });
}

/**
 * The ops of `source` (a branch ending in a yield) moved after those of `dest`, one yield of both
 * yields' values ending the block (as CombineIfs merges two branches).
 */
function appendBranch(rw: PatternRewriter, source: Block, dest: Block): void {
  const firstYield = dest.last!;
  const secondYield = source.last!;
  mergeBlocks(rw, source, dest);
  rw.setInsertionPointToEnd(dest);
  rw.create({ name: 'scf.yield', operands: [...firstYield.operands, ...secondYield.operands], loc: secondYield.loc });
  rw.eraseOp(firstYield);
  rw.eraseOp(secondYield);
}

/**
 * Two consecutive ifs on the same condition (or one on its negation) become one (MLIR's
 * CombineIfs): the first's branches, then the second's, yielding the results of both. Uses of the
 * first if's results inside the second's branches take the values its branches yield.
 */
export const CombineIfs = definePattern({
  name: 'CombineIfs',
  root: 'scf.if',
  matchAndRewrite(nextIf, rw) {
    const prevIf = nextIf.prev;
    if (prevIf?.name !== 'scf.if') return false;
    const nextCond = nextIf.operandSlots[0]!.value;
    const prevCond = prevIf.operandSlots[0]!.value;
    // The blocks of nextIf that run when prevIf's condition is true / false.
    let nextThen: Block | undefined;
    let nextElse: Block | undefined;
    const nextElseBlock = nextIf.region(1).entry;
    if (nextCond === prevCond) {
      nextThen = nextIf.region(0).entry;
      nextElse = nextElseBlock;
    }
    if (negated(nextCond) === prevCond || negated(prevCond) === nextCond) {
      nextElse = nextIf.region(0).entry;
      nextThen = nextElseBlock;
    }
    if (!nextThen && !nextElse) return false;

    // Inside nextIf, prevIf's results are what its branches yielded.
    const prevElseYielded = prevIf.region(1).empty ? [] : elseYield(prevIf).operands;
    const prevThenYielded = thenYield(prevIf).operands;
    for (let i = 0; i < Math.min(prevIf.results.length, prevElseYielded.length); i++) {
      for (const use of prevIf.results[i]!.uses) {
        const region = use.owner.parentRegion;
        const value = nextThen?.parent!.isAncestorOf(region) ? prevThenYielded[i] : nextElse?.parent!.isAncestorOf(region) ? prevElseYielded[i] : undefined;
        if (value) rw.modifyOpInPlace(use.owner, () => use.set(value));
      }
    }

    const combined = createIf(rw, prevCond, [...prevIf.resultTypes, ...nextIf.resultTypes], nextIf.loc);
    rw.inlineRegionBefore(prevIf.region(0), combined.region(0), 0);
    if (nextThen) appendBranch(rw, nextThen, combined.region(0).entry!);
    rw.inlineRegionBefore(prevIf.region(1), combined.region(1), 0);
    if (nextElse) {
      if (combined.region(1).empty) rw.inlineRegionBefore(nextElse.parent!, combined.region(1), 0);
      else appendBranch(rw, nextElse, combined.region(1).entry!);
    }
    const n = prevIf.results.length;
    rw.replaceOp(prevIf, combined.results.slice(0, n));
    rw.replaceOp(nextIf, combined.results.slice(n));
    return true;
  },
});

/**
 * An if whose then branch holds only another if (and whose else branch, like the inner one's,
 * only yields) becomes one if on the conjunction of both conditions (MLIR's CombineNestedIfs).
 * Values the outer then branch yields from outside become selects on the outer condition.
 */
export const CombineNestedIfs = definePattern({
  name: 'CombineNestedIfs',
  root: 'scf.if',
  matchAndRewrite(op, rw) {
    const thenBlock = op.region(0).entry!;
    const nestedIf = thenBlock.first;
    // The nested if must be the only op besides the yield.
    if (!nestedIf || nestedIf.next !== thenBlock.last || nestedIf.name !== 'scf.if') return false;
    const outerElse = op.region(1).entry;
    if (outerElse && outerElse.first !== outerElse.last) return false;
    const nestedElse = nestedIf.region(1).entry;
    if (nestedElse && nestedElse.first !== nestedElse.last) return false;

    const thenYielded = [...thenYield(op).operands];
    const elseYielded = outerElse ? elseYield(op).operands : [];
    // Results that the combined if's else would get wrong when only the inner condition fails.
    const toSelect: number[] = [];
    for (let i = 0; i < thenYielded.length; i++) {
      const v = thenYielded[i]!;
      if (v.definingOp === nestedIf) {
        const k = (v as OpResult).index;
        if (elseYield(nestedIf).operands[k] !== elseYielded[i]) return false;
        thenYielded[i] = thenYield(nestedIf).operands[k]!;
        continue;
      }
      if (v.parentRegion === op.region(0)) return false;
      toSelect.push(i);
    }

    const loc = op.loc;
    const outerCond = op.operandSlots[0]!.value;
    const cond = rw.create({ name: 'arith.andi', operands: [outerCond, nestedIf.operandSlots[0]!.value], resultTypes: [i1], loc }).results[0]!;
    const newIf = createIf(rw, cond, op.resultTypes, loc);
    const newThen = newIf.region(0).appendBlock(new Block());
    const results: Value[] = [...newIf.results];
    rw.setInsertionPointBefore(newIf);
    for (const i of toSelect) {
      results[i] = rw.create({ name: 'arith.select', operands: [outerCond, thenYielded[i]!, elseYielded[i]!], resultTypes: [thenYielded[i]!.type], loc }).results[0]!;
    }
    mergeBlocks(rw, nestedIf.region(0).entry!, newThen);
    const oldYield = newThen.last!;
    rw.setInsertionPointToEnd(newThen);
    const newYield = rw.create({ name: 'scf.yield', operands: thenYielded, loc: oldYield.loc });
    rw.replaceOp(oldYield, newYield.results);
    if (elseYielded.length > 0) {
      const newElse = newIf.region(1).appendBlock(new Block());
      rw.setInsertionPointToEnd(newElse);
      rw.create({ name: 'scf.yield', operands: elseYielded, loc });
    }
    rw.replaceOp(op, results);
    return true;
  },
});

/**
 * Inside the branches, the condition is known: its uses there become `true` in the then branch
 * and `false` in the else branch (MLIR's ConditionPropagation).
 */
export const ConditionPropagation = definePattern({
  name: 'ConditionPropagation',
  root: 'scf.if',
  matchAndRewrite(op, rw) {
    const cond = op.operandSlots[0]!.value;
    if (constantValue(cond) !== undefined) return false;
    const thenRegion = op.region(0);
    const elseRegion = op.region(1);
    const condRegion = cond.parentRegion;
    let constantTrue: Value | undefined;
    let constantFalse: Value | undefined;
    let changed = false;
    for (const use of cond.uses) {
      // The branch of `op` the use is (transitively) in, if any.
      let branch: Region | undefined;
      for (let r = use.owner.parentRegion; r && r !== condRegion; r = r.parent?.parentRegion) {
        if (r === thenRegion || r === elseRegion) {
          branch = r;
          break;
        }
      }
      if (!branch) continue;
      const value = branch === thenRegion ? (constantTrue ??= boolConstant(rw, true, op.loc)) : (constantFalse ??= boolConstant(rw, false, op.loc));
      rw.modifyOpInPlace(use.owner, () => use.set(value));
      changed = true;
    }
    return changed;
  },
});

// ---- scf.execute_region -------------------------------------------------------------------------

export const SingleBlockExecuteInliner = definePattern({
  name: 'SingleBlockExecuteInliner',
  root: 'scf.execute_region',
  matchAndRewrite(op, rw) {
    if (op.region(0).blocks.length !== 1) return false;
    replaceOpWithRegion(rw, op, op.region(0));
    return true;
  },
});

export const scfPatterns: Readonly<Record<string, readonly RewritePattern[]>> = {
  'scf.for': [ForOpIterArgsFolder, SimplifyTrivialLoops],
  'scf.if': [
    CombineIfs,
    CombineNestedIfs,
    ConditionPropagation,
    ConvertTrivialIfToSelect,
    RemoveEmptyElseBranch,
    RemoveStaticCondition,
    RemoveUnusedResults,
    ReplaceIfYieldWithConditionOrValue,
  ],
  'scf.execute_region': [SingleBlockExecuteInliner],
};
