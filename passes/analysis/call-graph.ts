import type { Graph } from '@dagrejs/graphlib';
import { lazyRequire } from '../../core/support/lazy-require.js';

const graphlib = lazyRequire<typeof import('@dagrejs/graphlib')>('@dagrejs/graphlib');
import { ArrayAttr, DictionaryAttr, SymbolRefAttr, type Attribute } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { lookupSymbol } from '../../core/ir/symbol-table.js';
import { CallOp, FuncOp } from '../../dialects/func/index.js';

/**
 * The call graph of everything nested in a root op (MLIR's CallGraph, for func.func / func.call):
 * nodes are the func.func ops that have a body, edges go from a caller to each callee it calls
 * directly by symbol. Calls to declarations (bodiless functions) have no edge.
 */
export class CallGraph {
  private readonly graph: Graph = new (graphlib().Graph)({ directed: true, multigraph: false });
  private readonly ids = new Map<Operation, string>();
  private readonly callables: Operation[] = [];
  private readonly callsByCaller = new Map<Operation, Operation[]>();

  constructor(readonly root: Operation) {
    root.walk((op) => {
      if (FuncOp.isa(op) && !op.region(0).empty) this.addNode(op);
    }, 'pre');
    for (const caller of this.callables) {
      const calls: Operation[] = [];
      caller.walk((op) => {
        if (op !== caller && FuncOp.isa(op)) return 'skip';
        if (CallOp.isa(op)) calls.push(op);
      }, 'pre');
      this.callsByCaller.set(caller, calls);
      for (const call of calls) {
        const callee = this.resolve(call);
        if (callee) this.graph.setEdge(this.ids.get(caller)!, this.ids.get(callee)!);
      }
    }
  }

  private addNode(fn: Operation): void {
    const id = `n${this.callables.length}`;
    this.ids.set(fn, id);
    this.callables.push(fn);
    this.graph.setNode(id, fn);
  }

  /** Every callable, in the order of the IR (pre-order). */
  get nodes(): readonly Operation[] {
    return this.callables;
  }

  /** The callee of a func.call if it is a node of this graph (a func.func with a body). */
  resolve(call: Operation): Operation | undefined {
    const callee = lookupSymbol(call, call.getAttr('callee') as SymbolRefAttr);
    return callee && this.ids.has(callee) ? callee : undefined;
  }

  /** The func.call ops directly in `caller`'s body (not in nested functions), as of construction. */
  callsIn(caller: Operation): readonly Operation[] {
    return this.callsByCaller.get(caller) ?? [];
  }

  /** Callees `caller` calls directly. */
  callees(caller: Operation): Operation[] {
    const id = this.ids.get(caller);
    return id === undefined ? [] : (this.graph.successors(id) ?? []).map((s) => this.graph.node(s) as Operation);
  }

  /**
   * Strongly connected components, callees before their callers (bottom-up), each in IR order.
   * (Tarjan's algorithm emits a component only after every component it reaches.)
   */
  sccsBottomUp(): Operation[][] {
    const order = new Map(this.callables.map((op, i) => [op, i]));
    return graphlib().alg.tarjan(this.graph).map((ids) => ids.map((id) => this.graph.node(id) as Operation).sort((a, b) => order.get(a)! - order.get(b)!));
  }

  /** Callables on a cycle: in an SCC of two or more, or calling themselves. */
  recursiveCallables(): Set<Operation> {
    const out = new Set<Operation>();
    for (const scc of this.sccsBottomUp()) {
      if (scc.length > 1 || this.graph.hasEdge(this.ids.get(scc[0]!)!, this.ids.get(scc[0]!)!)) for (const op of scc) out.add(op);
    }
    return out;
  }
}

/** Every symbol reference inside an attribute (arrays and dictionaries are searched). */
export function symbolRefsIn(attr: Attribute, out: SymbolRefAttr[] = []): SymbolRefAttr[] {
  if (attr instanceof SymbolRefAttr) out.push(attr);
  else if (attr instanceof ArrayAttr) for (const e of attr.elements) symbolRefsIn(e, out);
  else if (attr instanceof DictionaryAttr) for (const e of attr.entries) symbolRefsIn(e.value, out);
  return out;
}

/** The ops referenced by symbol from anywhere inside `root` (each resolved from its user). */
export function referencedSymbols(root: Operation): Set<Operation> {
  const used = new Set<Operation>();
  root.walk((op) => {
    for (const attrs of [op.propertiesIfAny, op.attributesIfAny]) {
      for (const value of attrs?.values() ?? []) {
        for (const ref of symbolRefsIn(value)) {
          const target = lookupSymbol(op, ref);
          if (target) used.add(target);
        }
      }
    }
  });
  return used;
}
