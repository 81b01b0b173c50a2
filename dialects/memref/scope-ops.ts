/** memref.alloca_scope and memref.alloca_scope.return (MLIR 19): an explicit scope for stack allocations. */
import { variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { Region } from '../../core/ir/region.js';
import { AutomaticAllocationScope, HasParent, NoRegionArguments, Pure, RecursiveMemoryEffects, ReturnLike, SingleBlockImplicitTerminator, Terminator } from '../../core/ir/traits.js';
import { ensureImplicitTerminator } from '../../core/syntax/implicit-terminator.js';

export const AllocaScopeOp = defineOp({
  name: 'memref.alloca_scope',
  summary: 'explicitly delimited scope for stack allocation',
  results: { results: variadic() },
  regions: { bodyRegion: {} },
  traits: [AutomaticAllocationScope, SingleBlockImplicitTerminator('memref.alloca_scope.return'), RecursiveMemoryEffects, NoRegionArguments],
  // As MLIR's AllocaScopeOp::print: two spaces before the body; the return shows only with results.
  print(p, op) {
    p.write(' ');
    const hasResults = op.results.length > 0;
    p.printParenthesizedArrowTypes(op.resultTypes);
    p.write(' ');
    p.printRegion(op.region(0), false, hasResults);
    p.printOptionalAttrDict(op);
  },
  parse(parser, state) {
    state.types.push(...parser.parseOptionalArrowTypeList());
    const body = new Region();
    parser.parseRegion(body, []);
    ensureImplicitTerminator(body, AllocaScopeOp.definition, parser.context, state.loc);
    state.regions.push(body);
    parser.parseOptionalAttrDict(state);
  },
});

export const AllocaScopeReturnOp = defineOp({
  name: 'memref.alloca_scope.return',
  summary: 'terminator for alloca_scope operation',
  operands: { results: variadic() },
  traits: [HasParent('memref.alloca_scope'), Pure, ReturnLike, Terminator],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
});
