import type { SymbolRefAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { isSymbolTable, symbolVisibility } from '../../core/ir/symbol-table.js';
import type { CallGraph, CallGraphNode } from './call-graph.js';
import { symbolUsesIn } from './symbol-uses.js';

/**
 * Call each callable node referenced by symbol from `op` or the ops nested in it, with the op
 * holding the reference; references resolve from `op`'s parent (MLIR's walkReferencedSymbolNodes).
 * `resolved` caches the resolution of each reference across calls.
 */
function walkReferencedNodes(op: Operation, cg: CallGraph, resolved: Map<SymbolRefAttr, CallGraphNode | undefined>, fn: (node: CallGraphNode, user: Operation) => void): void {
  const uses = symbolUsesIn(op);
  if (!Array.isArray(uses)) return;
  const scope = op.parentOp ?? op;
  for (const { user, ref } of uses) {
    if (!resolved.has(ref)) {
      const target = cg.lookupSymbolFrom(scope, ref);
      resolved.set(ref, target && cg.lookup(target));
    }
    const node = resolved.get(ref);
    if (node) fn(node, user);
  }
}

/**
 * Symbol-table ops nested in `op` (itself included), inner tables first (the order of MLIR's
 * SymbolTable::walkSymbolTables). MLIR also tells each table whether all uses of its symbols are
 * visible; that only matters for symbols discardable while public, which func.func is not.
 */
function walkSymbolTables(op: Operation, fn: (table: Operation) => void): void {
  for (const region of op.regions) for (const block of region.blocks) for (const nested of block) walkSymbolTables(nested, fn);
  if (isSymbolTable(op)) fn(op);
}

interface NodeUses {
  /** Nodes referenced by the callable op's own attributes (counted once each). */
  topLevel: Set<CallGraphNode>;
  /** Nodes referenced from inside its body, with counts. */
  inner: Map<CallGraphNode, number>;
}

/**
 * Symbol-use counts of the discardable callables (private functions whose every use is in
 * sight), kept up to date while inlining so that a callee can be inlined in place at its last
 * call and erased once unused (MLIR's CGUseList in mlir/lib/Transforms/Utils/Inliner.cpp). The
 * counts follow MLIR's bookkeeping exactly, approximations included: which functions survive
 * depends on them.
 */
export class CallGraphUses {
  private readonly discardableUses = new Map<CallGraphNode, number>();
  private readonly nodeUses = new Map<CallGraphNode, NodeUses>();

  constructor(
    root: Operation,
    private readonly cg: CallGraph,
  ) {
    const alwaysLive = new Map<SymbolRefAttr, CallGraphNode | undefined>();
    walkSymbolTables(root, (table) => {
      for (const block of table.region(0).blocks) {
        for (const op of block) {
          const node = cg.lookup(op);
          if (node) {
            // Only private symbols may be discarded (SymbolOpInterface::canDiscardOnUseEmpty).
            if (op.getAttr('sym_name') !== undefined && symbolVisibility(op) === 'private') this.discardableUses.set(node, 0);
            continue;
          }
          // Anything else referencing a callable keeps it alive.
          walkReferencedNodes(op, cg, alwaysLive, () => {});
        }
      }
    });
    for (const node of alwaysLive.values()) if (node) this.discardableUses.delete(node);
    for (const node of cg.nodes) this.recomputeUses(node);
  }

  private add(node: CallGraphNode, delta: number): void {
    this.discardableUses.set(node, (this.discardableUses.get(node) ?? 0) + delta);
  }

  private usesOf(node: CallGraphNode): NodeUses {
    let uses = this.nodeUses.get(node);
    if (!uses) this.nodeUses.set(node, (uses = { topLevel: new Set(), inner: new Map() }));
    return uses;
  }

  /** A private callable that nothing references any more. */
  isDead(node: CallGraphNode): boolean {
    return this.discardableUses.get(node) === 0;
  }

  /** A private callable with exactly one reference left: inline it in place, then erase it. */
  hasOneUseAndDiscardable(node: CallGraphNode): boolean {
    return this.discardableUses.get(node) === 1;
  }

  /** Count again the references held by `node`'s callable (after it was simplified). */
  recomputeUses(node: CallGraphNode): void {
    const callable = node.callable!;
    this.decrement(this.usesOf(node));
    const uses: NodeUses = { topLevel: new Set(), inner: new Map() };
    this.nodeUses.set(node, uses);
    walkReferencedNodes(callable, this.cg, new Map(), (ref, user) => {
      if (!this.discardableUses.has(ref)) return;
      if (user !== callable) uses.inner.set(ref, (uses.inner.get(ref) ?? 0) + 1);
      else if (uses.topLevel.has(ref)) return;
      else uses.topLevel.add(ref);
      this.add(ref, 1);
    });
  }

  /** The call `call` inside `user` is going away (it was inlined). */
  dropCallUses(user: CallGraphNode, call: Operation): void {
    const inner = this.usesOf(user).inner;
    walkReferencedNodes(call, this.cg, new Map(), (ref) => {
      const count = inner.get(ref);
      if (count === undefined) return;
      inner.set(ref, count - 1);
      this.add(ref, -1);
    });
  }

  /** A copy of `callee`'s body now lives in `caller`: so do its references. */
  mergeUsesAfterInlining(callee: CallGraphNode, caller: CallGraphNode): void {
    const from = this.usesOf(callee).inner;
    const to = this.usesOf(caller).inner;
    for (const [ref, count] of from) {
      to.set(ref, (to.get(ref) ?? 0) + count);
      this.add(ref, count);
    }
  }

  /** `node` is being erased: drop the references it holds. */
  eraseNode(node: CallGraphNode): void {
    for (const edge of node.edges) if (edge.kind === 'child') this.eraseNode(edge.target);
    this.decrement(this.usesOf(node));
    this.nodeUses.delete(node);
    this.discardableUses.delete(node);
  }

  private decrement(uses: NodeUses): void {
    for (const ref of uses.topLevel) this.add(ref, -1);
    for (const [ref, count] of uses.inner) this.add(ref, -count);
  }
}
