import type { SymbolRefAttr } from '../core/ir/attributes.js';
import { CallSiteLoc, type Location } from '../core/ir/location.js';
import { IRMapping, type Operation } from '../core/ir/operation.js';
import { definePass, type PassContext } from '../core/pass/pass.js';
import { CallOp } from '../dialects/func/index.js';
import { CallGraph, type CallGraphNode, type SccIterator } from './analysis/call-graph.js';
import { CallGraphUses } from './analysis/call-graph-uses.js';

/** A call, the callable it sits in and the callable it calls (MLIR's Inliner::ResolvedCall). */
interface ResolvedCall {
  readonly call: Operation;
  readonly source: CallGraphNode;
  readonly target: CallGraphNode;
}

/**
 * The calls in `blocks` (each a list of ops) to callables of the graph, as MLIR's collectCallOps
 * finds them: a block's own calls in order, then nested regions from a worklist taken from the
 * back. Calls inside nested callables count for those only with `traverseNestedNodes`.
 */
function collectCalls(blocks: Iterable<Operation>[], source: CallGraphNode, cg: CallGraph, out: ResolvedCall[], traverseNestedNodes: boolean): void {
  const worklist: [Iterable<Operation>, CallGraphNode][] = blocks.map((b) => [b, source]);
  while (worklist.length > 0) {
    const [ops, node] = worklist.pop()!;
    for (const op of ops) {
      if (CallOp.isa(op)) {
        // MLIR leaves nested references (@a::@b) alone.
        if ((op.getAttr('callee') as SymbolRefAttr).nested.length > 0) continue;
        const target = cg.resolve(op);
        if (!target.isExternal) out.push({ call: op, source: node, target });
        continue;
      }
      const nestedNode = cg.lookup(op);
      if (nestedNode && !traverseNestedNodes) continue;
      for (const region of op.regions) for (const block of region.blocks) worklist.push([block, nestedNode ?? node]);
    }
  }
}

/** Why a call should not be inlined, or undefined when it should (MLIR's Inliner::Impl::shouldInline). */
export function inlineBlocker({ call, target }: ResolvedCall): string | undefined {
  // Recursion is read off the call graph as built before inlining.
  if (target.hasEdgeTo(target)) return 'callee is self-recursive';
  const callee = target.callable!;
  if (callee.isAncestorOf(call)) return 'call is inside its callee';
  // MLIR inlines these where the caller's region may hold several blocks, branching with cf.br.
  if (callee.region(0).blocks.length > 1) return 'callee has more than one block';
  return undefined;
}

/** Wrap a location as MLIR's inliner does: `callsite(calleeLoc at callLoc)`. */
function atCallSite(op: Operation, callLoc: Location): void {
  op.walk((nested) => {
    nested.loc = CallSiteLoc.get(nested.loc, callLoc);
    for (const region of nested.regions) for (const block of region.blocks) for (const arg of block.arguments) arg.loc = CallSiteLoc.get(arg.loc, callLoc);
  });
}

/**
 * Replace `call` by the single-block body of `callee` and return the ops put in its place. The
 * body is copied, or with `inPlace` moved (the callee is erased afterwards, as MLIR does with a
 * discardable callee's last call).
 */
export function inlineCall(call: Operation, callee: Operation, inPlace = false): Operation[] {
  const entry = callee.region(0).entry!;
  const ret = entry.last!;
  const mapping = new IRMapping();
  entry.arguments.forEach((arg, i) => mapping.map(arg, call.operand(i)));
  const block = call.parent!;
  const inlined: Operation[] = [];
  for (const op of entry.ops) {
    if (op === ret) break;
    const copy = inPlace ? op : op.clone(mapping);
    if (inPlace) op.remove();
    atCallSite(copy, call.loc);
    block.insertBefore(copy, call);
    inlined.push(copy);
  }
  call.replaceAllUsesWith(ret.operands.map((v) => mapping.lookupOrSelf(v)));
  if (inPlace) {
    entry.arguments.forEach((arg, i) => arg.replaceAllUsesWith(call.operand(i)));
    ret.erase();
    callee.region(0).removeBlock(entry);
  }
  call.erase();
  return inlined;
}

/** `func.func(canonicalize,cse),gpu.func(cse)`: the pipeline for callables of each op name (MLIR's op-pipelines). */
function opPipelines(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let depth = 0;
  let start = 0;
  const entry = (s: string) => {
    const m = /^\s*([\w.$-]+)\s*\((.*)\)\s*$/s.exec(s);
    if (m) out.set(m[1]!, m[2]!.trim());
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      entry(text.slice(start, i));
      start = i + 1;
    }
  }
  if (text.trim() !== '') entry(text.slice(start));
  return out;
}

interface InlineOptions {
  readonly 'default-pipeline': string;
  readonly 'op-pipelines': string;
  readonly 'max-iterations': number;
}

/** The inliner's state over one run (MLIR's Inliner::Impl with its InlinerInterfaceImpl). */
class Inliner {
  /** Callables found dead; erased once every SCC is done. */
  readonly deadNodes = new Set<CallGraphNode>();
  inlinedCalls = 0;

  constructor(
    private readonly cg: CallGraph,
    private readonly uses: CallGraphUses,
    private readonly pass: PassContext<InlineOptions>,
  ) {}

  /** Simplify and inline until nothing is inlined or max-iterations is reached (MLIR's inlineSCC). */
  inlineScc(scc: CallGraphNode[], sccs: SccIterator): void {
    const maxIterations = this.pass.options['max-iterations'];
    let iteration = 0;
    do {
      this.optimizeScc(scc);
      if (!this.inlineCallsInScc(scc, sccs)) break;
    } while (++iteration < maxIterations);
  }

  /** Run the default pipeline on each callable of the SCC, then recount their uses (MLIR's optimizeSCC). */
  private optimizeScc(scc: readonly CallGraphNode[]): void {
    const fallback = this.pass.options['default-pipeline'].trim();
    const byOp = opPipelines(this.pass.options['op-pipelines'] ?? '');
    const nodes = scc.filter((node) => !node.isExternal && !node.hasChildren);
    for (const node of nodes) {
      const pipeline = byOp.get(node.callable!.name) ?? fallback;
      if (pipeline !== '') this.pass.runPipeline?.(node.callable!, pipeline);
    }
    for (const node of nodes) this.uses.recomputeUses(node);
  }

  /** One round of inlining the calls of an SCC; whether any was inlined (MLIR's inlineCallsInSCC). */
  private inlineCallsInScc(scc: CallGraphNode[], sccs: SccIterator): boolean {
    const calls: ResolvedCall[] = [];
    const dead = new Set<CallGraphNode>();
    for (const node of scc) {
      if (node.isExternal) continue;
      if (this.uses.isDead(node)) dead.add(node);
      else collectCalls(node.callable!.region(0).blocks, node, this.cg, calls, false);
    }
    // Calls that appear by inlining remember the chain of callees they came from (an index into
    // `history`), and are not inlined with a callee already on it: this stops inlining around cycles.
    const history: { node: CallGraphNode; parent: number | undefined }[] = [];
    const callHistory: (number | undefined)[] = calls.map(() => undefined);
    const inHistory = (node: CallGraphNode, id: number | undefined) => {
      for (; id !== undefined; id = history[id]!.parent) if (history[id]!.node === node) return true;
      return false;
    };
    let inlinedAny = false;
    for (let i = 0; i < calls.length; i++) {
      const resolved = calls[i]!;
      if (dead.has(resolved.source)) continue;
      const historyId = callHistory[i];
      if (inHistory(resolved.target, historyId) || inlineBlocker(resolved)) continue;

      const inPlace = this.uses.hasOneUseAndDiscardable(resolved.target);
      // Uses of the call go before it is erased; those of the copied body come with it.
      this.uses.dropCallUses(resolved.source, resolved.call);
      const inlined = inlineCall(resolved.call, resolved.target.callable!, inPlace);
      inlinedAny = true;
      this.inlinedCalls++;
      const before = calls.length;
      collectCalls([inlined], this.nodeAround(inlined, resolved.source), this.cg, calls, true);
      history.push({ node: resolved.target, parent: historyId });
      for (let k = before; k < calls.length; k++) callHistory.push(history.length - 1);
      this.uses.mergeUsesAfterInlining(resolved.target, resolved.source);
      if (inPlace) {
        this.uses.eraseNode(resolved.target);
        dead.add(resolved.target);
      }
    }
    for (const node of dead) {
      const at = scc.indexOf(node);
      if (at >= 0) {
        scc.splice(at, 1);
        sccs.forget(node);
      }
      this.deadNodes.add(node);
    }
    return inlinedAny;
  }

  /** The closest callable around inlined ops (MLIR's processInlinedBlocks). */
  private nodeAround(inlined: readonly Operation[], fallback: CallGraphNode): CallGraphNode {
    for (let op = inlined[0]?.parentOp; op; op = op.parentOp) {
      const node = this.cg.lookup(op);
      if (node) return node;
    }
    return fallback;
  }
}

export const inlinePass = definePass({
  name: 'inline',
  displayName: 'Inliner',
  summary: 'Inline function calls',
  description:
    "Inlines func.call of func.func callees as mlir-opt 19's inliner: bottom-up over the call graph's SCCs " +
    '(from the external node, in LLVM scc_iterator order), simplifying each SCC with default-pipeline before ' +
    'inlining into it, up to max-iterations rounds. Self-recursive callees are kept; calls around other cycles ' +
    'are inlined until the inline history repeats a callee. A private callee is inlined in place at its last ' +
    'use and erased; private callables found unused are erased. Multi-block callees are not inlined (mlir-opt ' +
    '19 inlines them with cf.br, a dialect we do not have).',
  options: {
    'default-pipeline': {
      type: 'string',
      default: 'canonicalize',
      help: 'The optimizer pipeline run on each callable before its calls are inlined (applied when the pass manager can run nested pipelines)',
    },
    'max-iterations': { type: 'uint', default: 4, help: 'Maximum number of iterations when inlining within an SCC' },
    'op-pipelines': {
      type: 'string',
      default: '',
      help: 'Callable operations and the pipeline run on them instead of default-pipeline, as `func.func(canonicalize,cse)`, comma-separated',
    },
  },
  statistics: {
    'num-inlined-calls': 'Number of inlined calls',
    'num-erased-callables': 'Number of private functions erased once unused',
  },
  run(root, pass) {
    const cg = new CallGraph(root);
    const inliner = new Inliner(cg, new CallGraphUses(root, cg), pass);
    const sccs = cg.sccs();
    // The iterator moves on before an SCC is transformed (MLIR's runTransformOnCGSCCs).
    for (let scc = sccs.next(); scc; ) {
      const current = scc;
      scc = sccs.next();
      inliner.inlineScc(current, sccs);
    }
    for (const node of inliner.deadNodes) node.callable!.erase();
    pass.addStatistic('num-inlined-calls', inliner.inlinedCalls);
    pass.addStatistic('num-erased-callables', inliner.deadNodes.size);
  },
});
