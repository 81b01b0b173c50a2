import { AnyType, I64Attr, optionalAttr, required, typeConstraint, variadic, optional } from '../../../core/ir/constraints.js';
import { Context, defineDialect } from '../../../core/ir/dialect.js';
import { defineOp } from '../../../core/ir/op-definition.js';
import { IsolatedFromAbove, NoTerminator, Pure, SameOperandsAndResultType, SingleBlockImplicitTerminator, Terminator } from '../../../core/ir/traits.js';
import { IntegerType } from '../../../core/ir/types.js';
import { builtinDialect } from '../../../dialects/builtin/index.js';

/** A small dialect for testing the core in isolation from the real dialects. */
const AnyInteger = typeConstraint('integer', (t) => t instanceof IntegerType);

export const ConstOp = defineOp({
  name: 'test.const',
  results: { result: AnyInteger },
  attributes: { value: required(I64Attr) },
  traits: [Pure],
  assemblyFormat: '$value attr-dict `:` type($result)',
  resultNames: () => ['k'],
});
export const AddOp = defineOp({
  name: 'test.add',
  operands: { lhs: AnyInteger, rhs: AnyInteger },
  results: { result: AnyInteger },
  traits: [Pure, SameOperandsAndResultType],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
});
export const SegmentsOp = defineOp({
  name: 'test.segments',
  operands: { a: variadic(AnyType), b: optional(AnyType), c: variadic(AnyType) },
  attributes: { tag: optionalAttr(I64Attr) },
  assemblyFormat: '`(` $a `)` (`opt` $b^)? `[` $c `]` attr-dict `:` `(` type($a) `)` `(` type($b) `)` `(` type($c) `)`',
});
export const YieldOp = defineOp({
  name: 'test.yield',
  operands: { values: variadic(AnyType) },
  traits: [Terminator, Pure],
  assemblyFormat: 'attr-dict ($values^ `:` type($values))?',
});
export const RegionOp = defineOp({
  name: 'test.region',
  operands: { inputs: variadic(AnyType) },
  results: { results: variadic(AnyType) },
  regions: { body: {} },
  traits: [SingleBlockImplicitTerminator('test.yield')],
  assemblyFormat: '$inputs attr-dict `:` functional-type($inputs, $results) $body',
});
export const IsolatedOp = defineOp({
  name: 'test.isolated',
  regions: { body: {} },
  traits: [IsolatedFromAbove, NoTerminator],
  assemblyFormat: 'attr-dict-with-keyword $body',
});

export const testDialect = defineDialect({ name: 'test', ops: [ConstOp, AddOp, SegmentsOp, YieldOp, RegionOp, IsolatedOp] });

export function testContext(): Context {
  return new Context([builtinDialect, testDialect]);
}
