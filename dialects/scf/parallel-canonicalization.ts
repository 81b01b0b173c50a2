/**
 * scf.parallel canonicalization patterns of MLIR 19: ParallelOpSingleOrZeroIterationDimsFolder and
 * MergeNestedParallelLoops. Ops are built by name (the op declarations import this module).
 */
import { IRMapping, type Operation } from '../../core/ir/operation.js';
import { segmentSizesAttr } from '../../core/ir/op-definition.js';
import type { Value } from '../../core/ir/value.js';
import { constantInt } from '../../core/rewrite/folder.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import type { PatternRewriter } from '../../core/rewrite/rewriter.js';

/** MLIR's constantTripCount: 0 for equal bounds, else ceil((ub - lb) / step) of constants. */
function tripCount(lb: Value, ub: Value, step: Value): bigint | undefined {
  if (lb === ub) return 0n;
  const [l, u, s] = [constantInt(lb), constantInt(ub), constantInt(step)];
  if (l === undefined || u === undefined || s === undefined || s === 0n) return undefined;
  const d = u - l;
  const q = d / s;
  return q * s === d || d < 0n !== s < 0n ? q : q + 1n;
}

interface Bounds {
  lbs: Value[];
  ubs: Value[];
  steps: Value[];
  inits: Value[];
}

function boundsOf(op: Operation): Bounds {
  const n = op.region(0).entry!.numArguments;
  const v = op.operands;
  return { lbs: v.slice(0, n), ubs: v.slice(n, 2 * n), steps: v.slice(2 * n, 3 * n), inits: v.slice(3 * n) };
}

/** A new scf.parallel before `op` with `b`'s bounds and an empty region. */
function createParallel(rw: PatternRewriter, op: Operation, b: Bounds): Operation {
  return rw.create({
    name: 'scf.parallel',
    operands: [...b.lbs, ...b.ubs, ...b.steps, ...b.inits],
    resultTypes: op.resultTypes,
    properties: { operandSegmentSizes: segmentSizesAttr([b.lbs.length, b.ubs.length, b.steps.length, b.inits.length]) },
    regions: 1,
    loc: op.loc,
  });
}

/** Dimensions of no iteration remove the loop; dimensions of one iteration are dropped, their index the lower bound. */
const singleOrZeroIterationDims = definePattern({
  name: 'ParallelOpSingleOrZeroIterationDimsFolder',
  root: 'scf.parallel',
  matchAndRewrite(op, rw) {
    const b = boundsOf(op);
    const body = op.region(0).entry!;
    const kept: Bounds = { lbs: [], ubs: [], steps: [], inits: b.inits };
    const mapping = new IRMapping();
    for (let i = 0; i < b.lbs.length; i++) {
      const n = tripCount(b.lbs[i]!, b.ubs[i]!, b.steps[i]!);
      if (n === 0n) {
        rw.replaceOp(op, b.inits);
        return true;
      }
      if (n === 1n) {
        mapping.map(body.arguments[i]!, b.lbs[i]!);
        continue;
      }
      kept.lbs.push(b.lbs[i]!);
      kept.ubs.push(b.ubs[i]!);
      kept.steps.push(b.steps[i]!);
    }
    if (kept.lbs.length === b.lbs.length) return false;
    rw.setInsertionPointBefore(op);
    if (kept.lbs.length === 0) {
      // Every dimension runs once: inline the body, then each reduction applied to its init.
      for (let o = body.first; o && o !== body.last; o = o.next) rw.insert(o.clone(mapping));
      const reduce = body.last!;
      const results = reduce.regions.map((r, i) => {
        const block = r.entry!;
        mapping.map(block.arguments[0]!, b.inits[i]!);
        mapping.map(block.arguments[1]!, mapping.lookupOrSelf(reduce.operand(i)));
        for (let o = block.first; o && o !== block.last; o = o.next) rw.insert(o.clone(mapping));
        return mapping.lookupOrSelf(block.last!.operand(0));
      });
      rw.replaceOp(op, results);
      return true;
    }
    const loop = createParallel(rw, op, kept);
    const newBody = loop.region(0).ensureEntry();
    body.arguments.forEach((a) => {
      if (!mapping.lookup(a)) mapping.map(a, newBody.addArgument(a.type, a.loc));
    });
    rw.setInsertionPointToEnd(newBody);
    for (let o = body.first; o; o = o.next) rw.insert(o.clone(mapping));
    rw.replaceOp(op, loop.results);
    return true;
  },
});

/** A parallel loop whose body is only another one (no reductions, bounds independent of it) becomes one loop. */
const mergeNestedParallelLoops = definePattern({
  name: 'MergeNestedParallelLoops',
  root: 'scf.parallel',
  matchAndRewrite(op, rw) {
    const outer = op.region(0).entry!;
    const inner = outer.first;
    if (!inner || inner.name !== 'scf.parallel' || inner.next !== outer.last) return false;
    const [ob, ib] = [boundsOf(op), boundsOf(inner)];
    const uses = [...ib.lbs, ...ib.ubs, ...ib.steps];
    if (outer.arguments.some((a) => uses.includes(a))) return false;
    if (ob.inits.length || ib.inits.length) return false;
    rw.setInsertionPointBefore(op);
    const merged = createParallel(rw, op, { lbs: [...ob.lbs, ...ib.lbs], ubs: [...ob.ubs, ...ib.ubs], steps: [...ob.steps, ...ib.steps], inits: [] });
    const body = merged.region(0).ensureEntry();
    const mapping = new IRMapping();
    const innerBody = inner.region(0).entry!;
    for (const a of [...outer.arguments, ...innerBody.arguments]) mapping.map(a, body.addArgument(a.type, a.loc));
    rw.setInsertionPointToEnd(body);
    for (let o = innerBody.first; o; o = o.next) rw.insert(o.clone(mapping));
    rw.replaceOp(op, merged.results);
    return true;
  },
});

export const parallelPatterns: readonly RewritePattern[] = [singleOrZeroIterationDims, mergeNestedParallelLoops];
