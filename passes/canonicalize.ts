import type { Context } from '../core/ir/dialect.js';
import { definePass } from '../core/pass/pass.js';
import { applyPatternsGreedily, type RegionSimplification } from '../core/rewrite/greedy.js';
import { PatternSet, type RewritePattern } from '../core/rewrite/pattern.js';

/**
 * Every canonicalization pattern of the loaded dialects' ops, in MLIR's order (ops sorted by
 * name, each op's patterns as declared), filtered by pattern name as mlir-opt's
 * `disable-patterns`/`enable-patterns` do.
 */
export function collectCanonicalizationPatterns(context: Context, disabled: readonly string[] = [], enabled: readonly string[] = []): PatternSet {
  const patterns: RewritePattern[] = [];
  const ops = context.loadedDialects.flatMap((d) => [...d.ops.values()]).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const op of ops) patterns.push(...(op.spec.canonicalize ?? []));
  const off = new Set(disabled);
  const on = new Set(enabled);
  return new PatternSet(patterns.filter((p) => !off.has(p.name) && (on.size === 0 || on.has(p.name))));
}

/**
 * mlir-opt's `canonicalize`: folds and canonicalization patterns applied greedily to the regions
 * of the op it runs on. Not converging within `max-iterations` is not an error (as in MLIR) unless
 * `test-convergence` is set; it is counted in the `num-not-converged` statistic either way.
 */
export const canonicalizePass = definePass({
  name: 'canonicalize',
  displayName: 'Canonicalizer',
  summary: 'Canonicalize operations',
  description:
    'Folds operations and applies the canonicalization patterns of every loaded dialect until a fixed point. ' +
    "Region simplification erases unreachable blocks and dead ops (MLIR's block merging is not done).",
  options: {
    'top-down': { type: 'bool', default: true, help: 'Seed the worklist in general top-down order' },
    'region-simplify': { type: 'enum', values: ['disabled', 'normal', 'aggressive'], default: 'normal', help: 'Perform control flow optimizations to the region tree' },
    'max-iterations': { type: 'int', default: 10, help: 'Max. iterations between applying patterns / simplifying regions' },
    'max-num-rewrites': { type: 'int', default: -1, help: 'Max. number of pattern rewrites within an iteration' },
    'keep-constant-locations': {
      type: 'bool',
      default: false,
      help: 'A constant hoisted to the start of its scope, or standing in for equal ones, keeps its location (default: loc(unknown), as MLIR)',
    },
    'test-convergence': { type: 'bool', default: false, help: 'Test only: Fail pass on non-convergence to detect cyclic pattern' },
    'disable-patterns': { type: 'string-list', help: 'Labels of patterns that should be filtered out during application' },
    'enable-patterns': { type: 'string-list', help: 'Labels of patterns that should be used during application, all other patterns are filtered out' },
  },
  statistics: {
    'num-rewrites': 'Number of successful pattern applications',
    'num-not-converged': 'Number of runs that did not reach a fixed point within max-iterations',
  },
  run(op, pass) {
    const o = pass.options;
    const patterns = collectCanonicalizationPatterns(pass.context, o['disable-patterns'], o['enable-patterns']);
    const result = applyPatternsGreedily(pass.context, op.regions, patterns, {
      topDown: o['top-down'],
      regionSimplification: o['region-simplify'] as RegionSimplification,
      maxIterations: o['max-iterations'],
      maxNumRewrites: o['max-num-rewrites'],
      keepConstantLocations: o['keep-constant-locations'],
    });
    pass.addStatistic('num-rewrites', result.rewrites);
    if (result.converged) return;
    pass.addStatistic('num-not-converged');
    if (o['test-convergence']) pass.fail(op.loc, `canonicalizer did not converge within ${o['max-iterations']} iterations`);
  },
});
