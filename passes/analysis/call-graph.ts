import type { Graph } from '@dagrejs/graphlib';
import type { SymbolRefAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { lookupSymbol, SymbolTableCollection } from '../../core/ir/symbol-table.js';
import { lazyRequire } from '../../core/support/lazy-require.js';
import { CallOp, FuncOp } from '../../dialects/func/index.js';

const graphlib = lazyRequire<typeof import('@dagrejs/graphlib')>('@dagrejs/graphlib');

/** How a node reaches another: the external node's edge to a top-level callable, a call, or nesting. */
export type EdgeKind = 'abstract' | 'call' | 'child';

/** An edge of the call graph (MLIR's CallGraphNode::Edge). */
export interface CallGraphEdge {
  readonly target: CallGraphNode;
  readonly kind: EdgeKind;
}

/**
 * A callable (func.func with a body), or one of the two external nodes (MLIR's CallGraphNode).
 * Its edges live in the graph (a graphlib multigraph: one edge per target and kind, named by the
 * kind, kept in insertion order as MLIR's SetVector keeps them).
 */
export class CallGraphNode {
  constructor(
    private readonly graph: Graph,
    readonly id: string,
    readonly callable: Operation | undefined,
  ) {}

  /** The external-caller and unknown-callee nodes have no callable. */
  get isExternal(): boolean {
    return this.callable === undefined;
  }

  /** Outgoing edges in insertion order. */
  get edges(): CallGraphEdge[] {
    return (this.graph.outEdges(this.id) ?? []).map((e) => ({ target: this.graph.node(e.w) as CallGraphNode, kind: e.name as EdgeKind }));
  }

  addEdge(target: CallGraphNode, kind: EdgeKind): void {
    this.graph.setEdge(this.id, target.id, undefined, kind);
  }

  hasEdgeTo(target: CallGraphNode): boolean {
    return (this.graph.outEdges(this.id, target.id)?.length ?? 0) > 0;
  }

  get hasChildren(): boolean {
    return (this.graph.outEdges(this.id) ?? []).some((e) => e.name === 'child');
  }
}

/**
 * The call graph of everything nested in a root op (MLIR's CallGraph, for func.func / func.call).
 * Nodes are the func.func ops with a body; every top-level callable is reached from the external
 * caller node, a callable nested in another from that one (child edge); a call adds an edge from
 * the enclosing callable to its callee, or to the unknown-callee node when the callee is not a
 * node (a declaration, a missing symbol). The graph is computed once: inlining does not update it.
 */
export class CallGraph {
  private readonly graph: Graph = new (graphlib().Graph)({ directed: true, multigraph: true });
  readonly externalCaller = this.addNode('external', undefined);
  readonly unknownCallee = this.addNode('unknown', undefined);
  private readonly byOp = new Map<Operation, CallGraphNode>();
  private readonly tables = new SymbolTableCollection();

  constructor(readonly root: Operation) {
    // Two walks, as MLIR's: the nodes first, so that calls can resolve to any of them.
    this.compute(root, undefined, false);
    this.compute(root, undefined, true);
  }

  /** MLIR's computeCallGraph. */
  private compute(op: Operation, parent: CallGraphNode | undefined, resolveCalls: boolean): void {
    if (CallOp.isa(op)) {
      if (resolveCalls && parent) parent.addEdge(this.resolve(op), 'call');
      return;
    }
    if (FuncOp.isa(op)) {
      // A declaration has no callable region: no node, and nothing inside.
      if (op.region(0).empty) return;
      parent = this.getOrAddNode(op, parent);
    }
    for (const region of op.regions) for (const block of region.blocks) for (const nested of block) this.compute(nested, parent, resolveCalls);
  }

  private getOrAddNode(op: Operation, parent: CallGraphNode | undefined): CallGraphNode {
    let node = this.byOp.get(op);
    if (!node) {
      node = this.addNode(`n${this.byOp.size}`, op);
      this.byOp.set(op, node);
      (parent ?? this.externalCaller).addEdge(node, parent ? 'child' : 'abstract');
    }
    return node;
  }

  private addNode(id: string, callable: Operation | undefined): CallGraphNode {
    const node = new CallGraphNode(this.graph, id, callable);
    this.graph.setNode(id, node);
    return node;
  }

  /** Every callable node, in the order of the IR (pre-order). */
  get nodes(): CallGraphNode[] {
    return [...this.byOp.values()];
  }

  lookup(op: Operation): CallGraphNode | undefined {
    return this.byOp.get(op);
  }

  /** The node a call resolves to: its callee's, or the unknown-callee node (MLIR's resolveCallable). */
  resolve(call: Operation): CallGraphNode {
    const callee = this.lookupSymbolFrom(call, call.getAttr('callee') as SymbolRefAttr);
    return (callee && this.byOp.get(callee)) ?? this.unknownCallee;
  }

  /** Resolve a symbol reference as seen from `from` (cached symbol tables; the pass adds no symbols). */
  lookupSymbolFrom(from: Operation, ref: SymbolRefAttr): Operation | undefined {
    return lookupSymbol(from, ref, this.tables);
  }

  /** The strongly connected components, bottom-up from the external caller node (see SccIterator). */
  sccs(): SccIterator {
    return new SccIterator(this.externalCaller);
  }

  /** All SCCs at once, external nodes left out (for inspection and tests). */
  sccsBottomUp(): Operation[][] {
    const out: Operation[][] = [];
    const it = this.sccs();
    for (let scc = it.next(); scc; scc = it.next()) {
      const ops = scc.flatMap((n) => (n.callable ? [n.callable] : []));
      if (ops.length > 0) out.push(ops);
    }
    return out;
  }
}

/**
 * LLVM's scc_iterator: Tarjan's algorithm run lazily, one SCC per `next()`, each SCC after every
 * SCC it reaches. Children are visited in edge order, and an SCC lists its nodes in the order they
 * leave Tarjan's stack (the DFS root of the SCC last). The order matters: the inliner visits
 * SCCs and the calls inside them in exactly this order.
 */
export class SccIterator {
  private visitNum = 0;
  private readonly visitNumbers = new Map<CallGraphNode, number>();
  private readonly sccStack: CallGraphNode[] = [];
  private readonly visitStack: { node: CallGraphNode; edges: CallGraphEdge[]; nextChild: number; minVisited: number }[] = [];

  constructor(entry: CallGraphNode) {
    this.visitOne(entry);
  }

  private visitOne(node: CallGraphNode): void {
    this.visitNumbers.set(node, ++this.visitNum);
    this.sccStack.push(node);
    this.visitStack.push({ node, edges: node.edges, nextChild: 0, minVisited: this.visitNum });
  }

  private visitChildren(): void {
    for (;;) {
      const top = this.visitStack[this.visitStack.length - 1]!;
      if (top.nextChild >= top.edges.length) return;
      const child = top.edges[top.nextChild++]!.target;
      const seen = this.visitNumbers.get(child);
      if (seen === undefined) this.visitOne(child);
      else if (seen < top.minVisited) top.minVisited = seen;
    }
  }

  /** The next SCC, or undefined at the end. */
  next(): CallGraphNode[] | undefined {
    while (this.visitStack.length > 0) {
      this.visitChildren();
      const { node, minVisited } = this.visitStack.pop()!;
      const parent = this.visitStack[this.visitStack.length - 1];
      if (parent && parent.minVisited > minVisited) parent.minVisited = minVisited;
      if (minVisited !== this.visitNumbers.get(node)) continue;
      const scc: CallGraphNode[] = [];
      do {
        const member = this.sccStack.pop()!;
        scc.push(member);
        // Finished nodes get the largest number, so that later edges to them change nothing.
        this.visitNumbers.set(member, Number.MAX_SAFE_INTEGER);
      } while (scc[scc.length - 1] !== node);
      return scc;
    }
    return undefined;
  }

  /** Forget a node (LLVM's ReplaceNode(node, nullptr)): the inliner removed it as dead. */
  forget(node: CallGraphNode): void {
    this.visitNumbers.delete(node);
  }
}
