// A test plugin that lowers ops of its own dialect in tile-opt's conversions: its dialect's
// conversion patterns interface adds a pattern to convert-tile-to-gpu and one to
// convert-async-to-gpu (docs/plugins.md, "Lowering a plugin's ops in the conversions").
//
//   toy.axpy %a, %x, %y : f32, tensor<..>, tensor<..> -> tensor<..>   a * x + y on register tiles -> arith per element
//   toy.fence                                                      the workgroup's memory settled -> gpu.barrier

/** @typedef {import('tile-opt').PluginAPI} PluginAPI */

/** @param {PluginAPI} api */
export default function register(api) {
  const { defineOp, defineDialect, defineConversionPattern, conversionPatternsInterface, typeConstraint, AnyType, RankedTensorType, traits } = api.lib;

  const Tile = typeConstraint('register tile', (t) => t instanceof RankedTensorType);
  const AxpyOp = defineOp({
    name: 'toy.axpy',
    summary: 'a * x + y, elementwise on tiles',
    operands: { a: AnyType, x: Tile, y: Tile },
    results: { result: Tile },
    traits: [traits.Pure],
    assemblyFormat: '$a `,` $x `,` $y attr-dict `:` type($a) `,` type($x) `,` type($y) `->` type($result)',
  });
  const FenceOp = defineOp({
    name: 'toy.fence',
    summary: 'the workgroup memory written so far is visible to every thread',
    traits: [traits.MemoryEffects('read', 'write')],
    assemblyFormat: 'attr-dict',
  });

  // The adaptor gives each operand's values: a tile operand as the scalars the thread holds of it
  // (convert-tile-to-gpu's 1:N type conversion), a scalar as itself.
  const AxpyToArith = defineConversionPattern({
    name: 'toy-axpy-to-arith',
    root: 'toy.axpy',
    matchAndRewrite(op, adaptor, rewriter) {
      const [a] = adaptor.values(0);
      const ys = adaptor.values(2);
      const elem = op.results[0].type.elementType;
      const scalars = adaptor.values(1).map((x, i) => {
        const ax = rewriter.create({ name: 'arith.mulf', operands: [a, x], resultTypes: [elem] });
        return rewriter.create({ name: 'arith.addf', operands: [ax.results[0], ys[i]], resultTypes: [elem] }).results[0];
      });
      rewriter.replaceOpWithMultiple(op, [scalars]);
      return true;
    },
  });
  const FenceToBarrier = defineConversionPattern({
    name: 'toy-fence-to-barrier',
    root: 'toy.fence',
    matchAndRewrite(op, _adaptor, rewriter) {
      rewriter.replaceOpWithNew(op, { name: 'gpu.barrier' });
      return true;
    },
  });

  api.registerDialect(
    defineDialect({
      name: 'toy',
      summary: 'Toy ops lowered by the plugin in the conversions to the gpu dialect',
      ops: [AxpyOp, FenceOp],
      interfaces: [
        conversionPatternsInterface({
          'convert-tile-to-gpu': (patterns) => patterns.push(AxpyToArith),
          'convert-async-to-gpu': (patterns, { target }) => {
            target.addIllegalOp('toy.fence');
            patterns.push(FenceToBarrier);
          },
        }),
      ],
    }),
  );
}
