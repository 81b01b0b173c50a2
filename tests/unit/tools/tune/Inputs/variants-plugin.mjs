/**
 * tile-tune's failure-kind tests: pass tune-test-variant{variant=X} makes variants.mlir's @main
 * call @impl_X (a located error when there is none), and pipeline @tune-variants
 * (variants-pipeline.yaml) tunes X over every kind of outcome.
 */
/** @typedef {import('tile-opt').PluginAPI} PluginAPI */

/** @param {PluginAPI} api */
export default function register(api) {
  const { definePass, SymbolRefAttr, lookupSymbol } = api.lib;
  api.registerPass(
    definePass({
      name: 'tune-test-variant',
      summary: "Make @main's calls go to @impl_<variant>",
      opName: 'builtin.module',
      options: { variant: { type: 'string', help: 'Suffix of the function @main calls', default: 'add256' } },
      run(module, pass) {
        const target = `impl_${pass.options.variant}`;
        if (!lookupSymbol(module, SymbolRefAttr.get(target))) return void pass.fail(module.loc, `no function @${target} to call`);
        module.walk((op) => {
          if (op.name === 'func.call') op.setAttr('callee', SymbolRefAttr.get(target));
        });
      },
    }),
  );
  api.registerPipelineFile('variants-pipeline.yaml');
}
