// An example tile-opt plugin: a tiny `trace` dialect and a pass that marks function entries.
//
//   tile-opt kernel.mlir --load-plugin examples/plugins/trace-plugin.mjs --trace-functions
//
// Everything comes through the API object (`api.lib` is tile-opt's public API), so the plugin
// uses the host's own IR classes; `import type` from 'tile-opt' (the package's "exports") only
// gives editors the types.

/** @typedef {import('tile-opt').PluginAPI} PluginAPI */

/** @param {PluginAPI} api */
export default function register(api) {
  const { defineOp, defineDialect, definePass, attrConstraint, required, StringAttr, Builder, symbolName, symbolVisibility, traits } = api.lib;

  const StrAttr = attrConstraint('string attribute', (a) => a instanceof StringAttr);

  // `trace.point "label"`: a marker with side effects (so that DCE keeps it).
  const PointOp = defineOp({
    name: 'trace.point',
    summary: 'A trace point with a label',
    attributes: { label: required(StrAttr) },
    traits: [traits.MemoryEffects('write')],
    assemblyFormat: '$label attr-dict',
  });
  api.registerDialect(defineDialect({ name: 'trace', summary: 'Trace points', ops: [PointOp] }));

  api.registerPass(
    definePass({
      name: 'trace-functions',
      summary: 'Insert a trace.point at the entry of each function',
      displayName: 'TraceFunctions',
      opName: 'func.func',
      dependentDialects: ['trace'],
      options: {
        prefix: { type: 'string', help: 'Text put before the function name in the label', default: 'enter ' },
        'public-only': { type: 'bool', help: 'Skip private functions', default: false },
      },
      statistics: { 'num-points': 'Number of trace points inserted' },
      run(func, pass) {
        const body = func.region(0).entry;
        if (!body) return; // a declaration
        if (pass.options['public-only'] && symbolVisibility(func) === 'private') return;
        const builder = new Builder(pass.context);
        builder.setInsertionPointToStart(body);
        builder.loc = func.loc;
        builder.create({ name: 'trace.point', properties: { label: StringAttr.get(`${pass.options.prefix}@${symbolName(func)}`) } });
        pass.addStatistic('num-points');
      },
    }),
  );

  // A pipeline made of the plugin's pass and built-in ones, usable as `trace-and-clean`.
  api.registerPipeline({
    name: 'trace-and-clean',
    summary: 'Trace public functions, then CSE',
    anchor: 'builtin.module',
    pipeline: 'func.func(trace-functions{public-only=true},cse)',
  });
}
