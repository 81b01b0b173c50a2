import { StringAttr } from '../core/ir/attributes.js';
import { CallSiteLoc, type Location } from '../core/ir/location.js';
import { IRMapping, type Operation } from '../core/ir/operation.js';
import { definePass } from '../core/pass/pass.js';
import { ReturnOp } from '../dialects/func/index.js';
import { CallGraph, referencedSymbols } from './analysis/call-graph.js';

/** Why a call cannot be inlined, or undefined when it can. */
export function inlineBlocker(call: Operation, callee: Operation, recursive: ReadonlySet<Operation>): string | undefined {
  if (recursive.has(callee)) return 'callee is recursive';
  const body = callee.region(0);
  if (body.blocks.length !== 1) return 'callee has more than one block';
  if (!ReturnOp.isa(body.entry!.last)) return 'callee does not end in func.return';
  if (callee.isAncestorOf(call)) return 'call is inside its callee';
  return undefined;
}

/** Wrap a location as MLIR's inliner does: `callsite(calleeLoc at callLoc)`. */
function atCallSite(op: Operation, callLoc: Location): void {
  op.walk((nested) => {
    nested.loc = CallSiteLoc.get(nested.loc, callLoc);
    for (const region of nested.regions) for (const block of region.blocks) for (const arg of block.arguments) arg.loc = CallSiteLoc.get(arg.loc, callLoc);
  });
}

/** Replace `call` by a copy of the single-block body of `callee` (the caller checked legality). */
export function inlineCall(call: Operation, callee: Operation): void {
  const entry = callee.region(0).entry!;
  const mapping = new IRMapping();
  entry.arguments.forEach((arg, i) => mapping.map(arg, call.operand(i)));
  const block = call.parent!;
  for (const op of entry) {
    if (op === entry.last) break;
    const copy = op.clone(mapping);
    atCallSite(copy, call.loc);
    block.insertBefore(copy, call);
  }
  call.replaceAllUsesWith(entry.last!.operands.map((v) => mapping.lookupOrSelf(v)));
  call.erase();
}

/** Private functions with a body that nothing references any more (MLIR: discardable on use-empty). */
function eraseDeadPrivateCallables(root: Operation): number {
  let erased = 0;
  for (;;) {
    const used = referencedSymbols(root);
    const dead = new CallGraph(root).nodes.filter((fn) => !used.has(fn) && (fn.getAttr('sym_visibility') as StringAttr | undefined)?.value === 'private');
    if (dead.length === 0) return erased;
    for (const fn of dead) fn.erase();
    erased += dead.length;
  }
}

export const inlinePass = definePass({
  name: 'inline',
  displayName: 'Inliner',
  summary: 'Inline function calls',
  description:
    'Inlines func.call of func.func callees with a single-block body, bottom-up over the call graph. ' +
    'Calls to recursive functions (on a call-graph cycle) and to multi-block callees are kept ' +
    '(mlir-opt 19 inlines a member of a cycle that does not call itself, and multi-block callees with cf.br). ' +
    'Private functions left without uses are erased.',
  options: {
    'default-pipeline': {
      type: 'string',
      default: 'canonicalize',
      help: 'The optimizer pipeline run on each callable before its calls are inlined (applied when the pass manager can run nested pipelines)',
    },
    'max-iterations': { type: 'uint', default: 4, help: 'Maximum number of iterations when inlining within an SCC' },
  },
  statistics: {
    'num-inlined-calls': 'Number of inlined calls',
    'num-erased-callables': 'Number of private functions erased once unused',
  },
  run(root, pass) {
    const runner = pass.runPipeline?.bind(pass);
    const pipeline = pass.options['default-pipeline'].trim();
    const graph = new CallGraph(root);
    const recursive = graph.recursiveCallables();
    for (const scc of graph.sccsBottomUp()) {
      for (let iteration = 0; iteration < Math.max(1, pass.options['max-iterations']); iteration++) {
        if (pipeline !== '' && runner) for (const fn of scc) runner(fn, pipeline);
        let inlined = 0;
        for (const caller of scc) {
          // Calls copied in by inlining are found again by walking the caller.
          const calls: Operation[] = [];
          caller.walk((op) => {
            if (op !== caller && op.name === 'func.func') return 'skip';
            if (op.name === 'func.call') calls.push(op);
          }, 'pre');
          for (const call of calls) {
            const callee = graph.resolve(call);
            if (!callee || inlineBlocker(call, callee, recursive)) continue;
            inlineCall(call, callee);
            inlined++;
          }
        }
        pass.addStatistic('num-inlined-calls', inlined);
        if (inlined === 0) break;
      }
    }
    pass.addStatistic('num-erased-callables', eraseDeadPrivateCallables(root));
  },
});
