import type { Attribute, SymbolRefAttr } from '../../core/ir/attributes.js';
import type { Block } from '../../core/ir/block.js';
import type { Operation } from '../../core/ir/operation.js';
import type { RegionPoint } from '../../core/ir/region-branch.js';
import { isSymbolTable, symbolVisibility } from '../../core/ir/symbol-table.js';
import type { Value } from '../../core/ir/value.js';
import { constantValueOfOp, foldOperation } from '../../core/rewrite/folder.js';
import { CallOp, FuncOp, ReturnOp } from '../../dialects/func/index.js';
import { regionBranchOf } from './interfaces.js';
import { lookupSymbolPathIn, symbolUsesIn } from './symbol-uses.js';

/** A known constant and the dialect whose op produced it (which materializes it again). */
export interface ConstantValue {
  readonly attr: Attribute;
  readonly dialect: string;
}
/** Lattice of a value: not reached yet (absent), one constant, or unknown. */
export type ConstantLattice = ConstantValue | 'unknown';

interface CallableState {
  /** Called from places the analysis cannot see (public, or used other than by calls). */
  unknownCallers: boolean;
  readonly calls: Set<Operation>;
}

/**
 * Sparse conditional constant propagation (MLIR's DeadCodeAnalysis + SparseConstantPropagation):
 * which blocks can execute and which values are constants, over region control flow (scf and ops
 * declaring RegionBranch) and, inside the analysed op, calls between func.func symbols.
 */
export class ConstantPropagation {
  private readonly lattices = new Map<Value, ConstantLattice>();
  private readonly liveBlocks = new Set<Block>();
  private readonly callables = new Map<Operation, CallableState>();
  private readonly worklist: Operation[] = [];
  private readonly queued = new Set<Operation>();

  constructor(private readonly root: Operation) {}

  run(): void {
    this.findCallables(this.root, !this.root.parent);
    for (const region of this.root.regions) {
      if (!region.entry) continue;
      for (const arg of region.entry.arguments) this.join(arg, 'unknown');
      this.markLive(region.entry);
    }
    while (this.worklist.length > 0) {
      const op = this.worklist.pop()!;
      this.queued.delete(op);
      this.visit(op);
    }
  }

  latticeOf(v: Value): ConstantLattice | undefined {
    return this.lattices.get(v);
  }
  isLive(block: Block): boolean {
    return this.liveBlocks.has(block);
  }

  // ---- lattice and worklist

  private enqueue(op: Operation): void {
    if (this.queued.has(op)) return;
    this.queued.add(op);
    this.worklist.push(op);
  }

  private join(v: Value, incoming: ConstantLattice | undefined): void {
    if (incoming === undefined) return;
    const current = this.lattices.get(v);
    if (current === 'unknown') return;
    let next: ConstantLattice;
    if (current === undefined) next = incoming;
    else if (incoming !== 'unknown' && incoming.attr === current.attr) return;
    else next = 'unknown';
    this.lattices.set(v, next);
    for (const use of v.uses) this.enqueue(use.owner);
  }

  private markLive(block: Block): void {
    if (this.liveBlocks.has(block)) return;
    this.liveBlocks.add(block);
    for (const op of block) this.enqueue(op);
  }

  /** Operand constants, or undefined while some operand has not been reached. */
  private operandConstants(op: Operation): (Attribute | undefined)[] | undefined {
    const out: (Attribute | undefined)[] = [];
    for (const v of op.operands) {
      const l = this.lattices.get(v);
      if (l === undefined) return undefined;
      out.push(l === 'unknown' ? undefined : l.attr);
    }
    return out;
  }

  // ---- callables (func.func symbols inside the analysed op)

  /** Record which func.func symbols have callers we cannot see (MLIR's initializeSymbolCallables). */
  private findCallables(op: Operation, allUsesVisible: boolean): void {
    const table = isSymbolTable(op);
    const visible = table ? allUsesVisible || !op.hasTrait('Symbol') || symbolVisibility(op) === 'private' : true;
    for (const region of op.regions) for (const nested of region.ops()) this.findCallables(nested, visible);
    if (!table) return;
    let found = false;
    for (const child of op.region(0).entry ?? []) {
      if (!FuncOp.isa(child) || child.region(0).empty) continue;
      const vis = symbolVisibility(child);
      this.callables.set(child, { unknownCallers: vis === 'public' || (!visible && vis === 'nested'), calls: new Set() });
      found = true;
    }
    if (!found) return;
    // A callable referenced other than by a call may be called from anywhere.
    for (const region of op.regions) {
      for (const child of region.ops()) {
        const childUses = symbolUsesIn(child);
        if (!Array.isArray(childUses)) {
          for (const state of this.callables.values()) state.unknownCallers = true;
          return;
        }
        for (const use of childUses) {
          if (CallOp.isa(use.user)) continue;
          const target = lookupSymbolPathIn(op, use.ref)?.at(-1);
          const state = target && this.callables.get(target);
          if (state) state.unknownCallers = true;
        }
      }
    }
  }

  private calleeOf(call: Operation): Operation | undefined {
    const ref = call.getAttr('callee') as SymbolRefAttr | undefined;
    for (let scope = call.parentOp; scope; scope = scope.parentOp) {
      if (!isSymbolTable(scope)) continue;
      const target = ref && lookupSymbolPathIn(scope, ref)?.at(-1);
      return target && this.callables.has(target) ? target : undefined;
    }
    return undefined;
  }

  // ---- transfer functions

  private visit(op: Operation): void {
    if (op.parent && !this.liveBlocks.has(op.parent)) return;
    const callable = this.callables.get(op);
    if (callable) return this.visitCallable(op, callable);
    const branch = regionBranchOf(op);
    if (branch) return this.visitRegionBranch(op);
    const parent = op.parentOp;
    if (op.hasTrait('Terminator') && parent && regionBranchOf(parent)) return this.visitRegionTerminator(parent, op);
    if (ReturnOp.isa(op) && parent && this.callables.has(parent)) {
      for (const call of this.callables.get(parent)!.calls) this.enqueue(call);
      return;
    }
    if (CallOp.isa(op)) return this.visitCall(op);
    if (op.regions.length > 0) {
      // Control flow we know nothing about: every region may run, with unknown arguments.
      for (const region of op.regions) {
        if (!region.entry) continue;
        for (const arg of region.entry.arguments) this.join(arg, 'unknown');
        this.markLive(region.entry);
      }
      for (const r of op.results) this.join(r, 'unknown');
    } else {
      this.visitPlainOp(op);
    }
    for (const succ of op.successors) {
      for (const arg of succ.arguments) this.join(arg, 'unknown');
      this.markLive(succ);
    }
  }

  private visitCallable(fn: Operation, state: CallableState): void {
    if (!state.unknownCallers && state.calls.size === 0) return;
    const entry = fn.region(0).entry!;
    if (state.unknownCallers) for (const arg of entry.arguments) this.join(arg, 'unknown');
    this.markLive(entry);
  }

  private visitCall(call: Operation): void {
    const callee = this.calleeOf(call);
    if (!callee) {
      for (const r of call.results) this.join(r, 'unknown');
      return;
    }
    const state = this.callables.get(callee)!;
    if (!state.calls.has(call)) {
      state.calls.add(call);
      this.enqueue(callee);
    }
    const entry = callee.region(0).entry!;
    if (!state.unknownCallers) call.operands.forEach((v, i) => this.join(entry.arguments[i]!, this.lattices.get(v)));
    // Results: whatever the live returns of the callee return.
    callee.walk((nested) => {
      if (!ReturnOp.isa(nested) || !nested.parent || !this.liveBlocks.has(nested.parent)) return;
      nested.operands.forEach((v, i) => call.results[i] && this.join(call.results[i]!, this.lattices.get(v)));
    });
  }

  private flowTo(op: Operation, to: RegionPoint, forwarded: readonly Value[]): void {
    const inputs = regionBranchOf(op)!.successorInputs(op, to);
    if (to !== 'parent') {
      const entry = op.region(to).entry;
      if (!entry) return;
      // Entry arguments nothing is forwarded to (scf.for's induction variable) are unknown.
      for (const arg of entry.arguments) if (!inputs.includes(arg)) this.join(arg, 'unknown');
      this.markLive(entry);
    }
    inputs.forEach((v, i) => forwarded[i] && this.join(v, this.lattices.get(forwarded[i]!)));
  }

  private visitRegionBranch(op: Operation): void {
    const operands = this.operandConstants(op);
    if (!operands) return;
    const branch = regionBranchOf(op)!;
    for (const to of branch.entrySuccessors(op, operands)) this.flowTo(op, to, branch.entryOperands(op, to));
  }

  private visitRegionTerminator(parent: Operation, terminator: Operation): void {
    const operands = this.operandConstants(terminator);
    if (!operands) return;
    const branch = regionBranchOf(parent)!;
    const from = parent.regions.indexOf(terminator.parent!.parent!);
    for (const to of branch.terminatorSuccessors(parent, from, terminator, operands)) this.flowTo(parent, to, branch.terminatorOperands(terminator, to));
  }

  /** Simulate folding the op on the operand constants (never keeping an in-place fold). */
  private visitPlainOp(op: Operation): void {
    if (op.results.length === 0) return;
    const operands = this.operandConstants(op);
    if (!operands) return;
    const unknown = () => op.results.forEach((r) => this.join(r, 'unknown'));
    if (op.hasTrait('ConstantLike')) {
      const value = constantValueOfOp(op);
      if (value === undefined || op.results.length !== 1) return unknown();
      return this.join(op.result, { attr: value, dialect: op.dialect });
    }
    const savedOperands = op.operands;
    const savedProperties = new Map(op.properties);
    const savedAttributes = new Map(op.attributes);
    const folded = foldOperation(op, operands);
    if (folded === undefined || folded.length === 0) {
      if (folded) restore(op, savedOperands, savedProperties, savedAttributes);
      return unknown();
    }
    folded.forEach((f, i) => {
      const result = op.results[i]!;
      if (isValue(f)) this.join(result, this.lattices.get(f));
      else this.join(result, { attr: f, dialect: op.dialect });
    });
  }
}

function isValue(x: Attribute | Value): x is Value {
  return 'uses' in x;
}

function restore(op: Operation, operands: readonly Value[], properties: ReadonlyMap<string, Attribute>, attributes: ReadonlyMap<string, Attribute>): void {
  operands.forEach((v, i) => op.setOperand(i, v));
  op.properties.clear();
  for (const [k, v] of properties) op.properties.set(k, v);
  op.attributes.clear();
  for (const [k, v] of attributes) op.attributes.set(k, v);
}
