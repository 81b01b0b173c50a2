// A pattern pass as a plugin (docs/plugins.md, "A pattern pass, end to end"):
// `arith.mulf %x, 2.0` becomes `arith.addf %x, %x`.
/** @typedef {import('tile-opt').PluginAPI} PluginAPI */

/** @param {PluginAPI} api */
export default function register(api) {
  const { definePass, definePattern, PatternSet, applyPatternsGreedily, constantValue, FloatAttr } = api.lib;

  const MulByTwoToAdd = definePattern({
    name: 'MulByTwoToAdd',
    root: 'arith.mulf',
    matchAndRewrite(op, rewriter) {
      const two = constantValue(op.operand(1));
      if (!(two instanceof FloatAttr) || two.value !== 2) return false; // no match: IR untouched
      rewriter.setInsertionPointBefore(op);
      const x = op.operand(0);
      const add = rewriter.create({ name: 'arith.addf', operands: [x, x], resultTypes: [op.results[0].type], loc: op.loc });
      rewriter.replaceOp(op, add.results);
      return true;
    },
  });
  const patterns = new PatternSet([MulByTwoToAdd]);

  api.registerPass(
    definePass({
      name: 'mul-to-add',
      summary: 'Rewrite x * 2.0 as x + x',
      opName: 'func.func',
      options: { 'max-iterations': { type: 'int', help: 'Max. iterations of the pattern driver', default: 10 } },
      statistics: { 'num-rewrites': 'Multiplications rewritten' },
      run(func, pass) {
        // { converged, changed, iterations, rewrites }: MLIR's LogicalResult and `changed`, plus counts.
        const result = applyPatternsGreedily(pass.context, func.regions, patterns, { maxIterations: pass.options['max-iterations'] });
        pass.addStatistic('num-rewrites', result.rewrites);
        if (!result.converged) pass.fail(func.loc, `mul-to-add did not converge in ${result.iterations} iterations`);
      },
    }),
  );
}
