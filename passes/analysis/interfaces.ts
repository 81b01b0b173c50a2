// Interfaces that passes need from ops, looked up on the op's declaration first
// (core/ir/speculation.ts, core/ir/loop-like.ts, core/ir/region-branch.ts) and otherwise supplied here for the dialect ops
// that do not declare them yet (arith divisions, scf ops), with MLIR's semantics.
import { DenseElementsAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import { declaredLoopLike } from '../../core/ir/loop-like.js';
import { declaredRegionBranch, type RegionBranchSpec, type RegionPoint } from '../../core/ir/region-branch.js';
import { IntegerType, ShapedType, type Type } from '../../core/ir/types.js';
import type { Operation } from '../../core/ir/operation.js';
import type { Region } from '../../core/ir/region.js';
import { declaredSpeculatability, type Speculatability } from '../../core/ir/speculation.js';
import type { Value } from '../../core/ir/value.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { ExecuteRegionOp, ForOp, IfOp, WhileOp } from '../../dialects/scf/index.js';

/** A scalar or splat integer constant (MLIR's m_ConstantInt, which matches splats too). */
function constantInt(v: Value): bigint | undefined {
  const c = constantValue(v);
  if (c instanceof IntegerAttr) return c.value;
  if (c instanceof DenseElementsAttr && c.isSplat && typeof c.values[0] === 'bigint') return c.values[0];
  return undefined;
}

/** Divisions trap on a zero divisor (and signed ones overflow on -1): speculatable only when the divisor rules that out. */
const fallbackSpeculatability: Readonly<Record<string, (op: Operation) => Speculatability>> = {
  'arith.divui': (op) => ((constantInt(op.operand(1)) ?? 0n) !== 0n ? 'speculatable' : 'not-speculatable'),
  'arith.ceildivui': (op) => ((constantInt(op.operand(1)) ?? 0n) !== 0n ? 'speculatable' : 'not-speculatable'),
  'arith.divsi': (op) => signedDivisorSafe(op.operand(1)),
  'arith.ceildivsi': (op) => signedDivisorSafe(op.operand(1)),
  // Pure in MLIR (Arith_TotalIntBinaryOp).
  'arith.remui': () => 'speculatable',
  'arith.remsi': () => 'speculatable',
  'arith.floordivsi': () => 'speculatable',
  // A loop with step 1 always terminates; other steps may not (MLIR's ForOp::getSpeculatability).
  'scf.for': (op) => (constantInt(op.operand(2)) === 1n ? 'recursive' : 'not-speculatable'),
};

const elementType = (t: Type): Type => (t instanceof ShapedType ? t.elementType : t);

function signedDivisorSafe(divisor: Value): Speculatability {
  const c = constantInt(divisor);
  // MLIR checks isAllOnes(): -1, and for i1 (held as 0/1) true.
  const allOnes = c === -1n || (c === 1n && elementType(divisor.type) === IntegerType.get(1));
  return c !== undefined && c !== 0n && !allOnes ? 'speculatable' : 'not-speculatable';
}

export function speculatabilityOf(op: Operation): Speculatability {
  return declaredSpeculatability(op) ?? fallbackSpeculatability[op.name]?.(op) ?? 'not-speculatable';
}

/** MLIR's isSpeculatable: recursive speculatability requires every nested op to be speculatable. */
export function isSpeculatable(op: Operation): boolean {
  switch (speculatabilityOf(op)) {
    case 'speculatable':
      return true;
    case 'not-speculatable':
      return false;
    case 'recursive':
      for (const region of op.regions) for (const nested of region.ops()) if (!isSpeculatable(nested)) return false;
      return true;
  }
}

/** The loop body regions of a loop op, or undefined for ops that are not loops. */
export function loopRegionsOf(op: Operation): Region[] | undefined {
  const declared = declaredLoopLike(op);
  if (declared) return declared.loopRegions(op);
  if (ForOp.isa(op)) return [op.region(0)];
  if (WhileOp.isa(op)) return [op.region(0), op.region(1)];
  return undefined;
}

// ---- region control flow of scf ops (MLIR's RegionBranchOpInterface implementations)

function boolOf(a: Attribute | undefined): boolean | undefined {
  return a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 1 ? a.value !== 0n : undefined;
}

const toParent = (): RegionPoint[] => ['parent'];
const allOperands = (t: Operation): Value[] => t.operands;
const entryArgs = (op: Operation, to: RegionPoint): Value[] => (to === 'parent' ? op.results : (op.region(to).entry?.arguments ?? []));

const scfIf: RegionBranchSpec = {
  entrySuccessors(op, [cond]) {
    const c = boolOf(cond);
    const out: RegionPoint[] = [];
    if (c !== false) out.push(0);
    if (c !== true) out.push(op.region(1).empty ? 'parent' : 1);
    return out;
  },
  entryOperands: () => [],
  terminatorSuccessors: toParent,
  terminatorOperands: allOperands,
  successorInputs: (op, to) => (to === 'parent' ? op.results : []),
};

const scfFor: RegionBranchSpec = {
  entrySuccessors: () => [0, 'parent'],
  entryOperands: (op) => op.operands.slice(3),
  terminatorSuccessors: () => [0, 'parent'],
  terminatorOperands: allOperands,
  // The induction variable is not forwarded from anywhere.
  successorInputs: (op, to) => (to === 'parent' ? op.results : (op.region(0).entry?.arguments.slice(1) ?? [])),
};

const scfWhile: RegionBranchSpec = {
  entrySuccessors: () => [0],
  entryOperands: (op) => op.operands,
  terminatorSuccessors(_op, from, terminator, operands) {
    if (from === 1) return [0];
    if (terminator.name !== 'scf.condition') return [1, 'parent'];
    const c = boolOf(operands[0]);
    const out: RegionPoint[] = [];
    if (c !== false) out.push(1);
    if (c !== true) out.push('parent');
    return out;
  },
  terminatorOperands: (t) => (t.name === 'scf.condition' ? t.operands.slice(1) : t.operands),
  successorInputs: entryArgs,
};

const scfExecuteRegion: RegionBranchSpec = {
  entrySuccessors: () => [0],
  entryOperands: () => [],
  terminatorSuccessors: toParent,
  terminatorOperands: allOperands,
  successorInputs: (op, to) => (to === 'parent' ? op.results : []),
};

/** The region control flow of `op`, or undefined when it is unknown (not a region-branching op). */
export function regionBranchOf(op: Operation): RegionBranchSpec | undefined {
  const declared = declaredRegionBranch(op);
  if (declared) return declared;
  if (IfOp.isa(op)) return scfIf;
  if (ForOp.isa(op)) return scfFor;
  if (WhileOp.isa(op)) return scfWhile;
  if (ExecuteRegionOp.isa(op)) return scfExecuteRegion;
  return undefined;
}
