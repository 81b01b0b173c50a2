/**
 * Canonicalization patterns of cf.br, cf.cond_br and cf.assert, as MLIR 19's ControlFlowOps.cpp
 * has them (matched and built by op name).
 */
import { IntegerAttr, type DenseArrayAttr } from '../../core/ir/attributes.js';
import type { Block } from '../../core/ir/block.js';
import { segmentSizesAttr } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { BlockArgument, type Value } from '../../core/ir/value.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import type { PatternRewriter } from '../../core/rewrite/rewriter.js';

const condBranchParts = (op: Operation) => {
  const sizes = (op.getProperty('operandSegmentSizes') as DenseArrayAttr | undefined)?.numbers ?? [1, 0, 0];
  const operands = op.operands;
  return {
    condition: operands[0]!,
    trueOperands: operands.slice(1, 1 + sizes[1]!),
    falseOperands: operands.slice(1 + sizes[1]!),
    trueDest: op.successors[0]!,
    falseDest: op.successors[1]!,
  };
};

function br(rw: PatternRewriter, op: Operation, dest: Block, operands: readonly Value[]): void {
  rw.replaceOpWithNew(op, { name: 'cf.br', operands, successors: [dest] });
}

/**
 * The destination and operands a branch to `successor` can go to instead, when `successor` only
 * branches on (MLIR's collapseBranch), or undefined.
 */
function collapseBranch(successor: Block, operands: readonly Value[]): { dest: Block; operands: Value[] } | undefined {
  const branch = successor.first;
  if (!branch || branch !== successor.last || branch.name !== 'cf.br') return undefined;
  for (const arg of successor.arguments) for (const use of arg.uses) if (use.owner !== branch) return undefined;
  const dest = branch.successors[0]!;
  if (dest === successor) return undefined;
  const forwarded = branch.operands.map((v) => (v instanceof BlockArgument && v.owner === successor ? operands[v.index]! : v));
  return { dest, operands: forwarded };
}

/** br to a block whose only predecessor is this branch -> the block's ops moved here (SimplifyBrToBlockWithSinglePred). */
const SimplifyBrToBlockWithSinglePred = definePattern({
  name: 'SimplifyBrToBlockWithSinglePred',
  root: 'cf.br',
  matchAndRewrite(op, rw) {
    const dest = op.successors[0]!;
    const here = op.parent!;
    if (dest === here || dest.predecessors.length !== 1) return false;
    const operands = op.operands;
    rw.eraseOp(op);
    rw.inlineBlockBefore(dest, here, undefined, operands);
    return true;
  },
});

/** br to a block that only branches on -> a br to where that goes (SimplifyPassThroughBr). */
const SimplifyPassThroughBr = definePattern({
  name: 'SimplifyPassThroughBr',
  root: 'cf.br',
  matchAndRewrite(op, rw) {
    const collapsed = collapseBranch(op.successors[0]!, op.operands);
    if (!collapsed) return false;
    br(rw, op, collapsed.dest, collapsed.operands);
    return true;
  },
});

/** cond_br on a constant -> br (SimplifyConstCondBranchPred). */
const SimplifyConstCondBranchPred = definePattern({
  name: 'SimplifyConstCondBranchPred',
  root: 'cf.cond_br',
  matchAndRewrite(op, rw) {
    const p = condBranchParts(op);
    const c = constantValue(p.condition);
    if (!(c instanceof IntegerAttr)) return false;
    if (c.value !== 0n) br(rw, op, p.trueDest, p.trueOperands);
    else br(rw, op, p.falseDest, p.falseOperands);
    return true;
  },
});

/** cond_br whose destinations only branch on -> a cond_br to where they go (SimplifyPassThroughCondBranch). */
const SimplifyPassThroughCondBranch = definePattern({
  name: 'SimplifyPassThroughCondBranch',
  root: 'cf.cond_br',
  matchAndRewrite(op, rw) {
    const p = condBranchParts(op);
    const t = collapseBranch(p.trueDest, p.trueOperands);
    const f = collapseBranch(p.falseDest, p.falseOperands);
    if (!t && !f) return false;
    const trueDest = t?.dest ?? p.trueDest;
    const trueOperands = t?.operands ?? p.trueOperands;
    const falseDest = f?.dest ?? p.falseDest;
    const falseOperands = f?.operands ?? p.falseOperands;
    rw.replaceOpWithNew(op, {
      name: 'cf.cond_br',
      operands: [p.condition, ...trueOperands, ...falseOperands],
      successors: [trueDest, falseDest],
      properties: { operandSegmentSizes: segmentSizesAttr([1, trueOperands.length, falseOperands.length]) },
      attributes: Object.fromEntries(op.discardableAttrDict.entries.map((e) => [e.name, e.value])),
    });
    return true;
  },
});

/**
 * cond_br to one block on both sides -> br; operands that differ are chosen by arith.select
 * (SimplifyCondBranchIdenticalSuccessors).
 */
const SimplifyCondBranchIdenticalSuccessors = definePattern({
  name: 'SimplifyCondBranchIdenticalSuccessors',
  root: 'cf.cond_br',
  matchAndRewrite(op, rw) {
    const p = condBranchParts(op);
    if (p.trueDest !== p.falseDest) return false;
    if (p.trueOperands.every((v, i) => v === p.falseOperands[i])) {
      br(rw, op, p.trueDest, p.trueOperands);
      return true;
    }
    // A differing operand must not be a block argument of the destination itself.
    const dest = p.trueDest;
    const isDestArg = (v: Value) => v instanceof BlockArgument && v.owner === dest;
    if (p.trueOperands.some(isDestArg) || p.falseOperands.some(isDestArg)) return false;
    const merged = p.trueOperands.map((t, i) => {
      const f = p.falseOperands[i]!;
      if (t === f) return t;
      return rw.create({ name: 'arith.select', operands: [p.condition, t, f], resultTypes: [t.type], loc: op.loc }).results[0]!;
    });
    br(rw, op, dest, merged);
    return true;
  },
});

/** cf.assert of true -> nothing (EraseRedundantAssertions). */
const EraseRedundantAssertions = definePattern({
  name: 'EraseRedundantAssertions',
  root: 'cf.assert',
  matchAndRewrite(op, rw) {
    const c = constantValue(op.operands[0]!);
    if (!(c instanceof IntegerAttr) || c.value === 0n) return false;
    rw.eraseOp(op);
    return true;
  },
});

export const cfPatterns: Readonly<Record<string, readonly RewritePattern[]>> = {
  'cf.br': [SimplifyBrToBlockWithSinglePred, SimplifyPassThroughBr],
  'cf.cond_br': [SimplifyConstCondBranchPred, SimplifyPassThroughCondBranch, SimplifyCondBranchIdenticalSuccessors],
  'cf.assert': [EraseRedundantAssertions],
};
