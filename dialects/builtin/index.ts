import { attrConstraint, optionalAttr, variadic } from '../../core/ir/constraints.js';
import { defineDialect } from '../../core/ir/dialect.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { StringAttr, type Attribute } from '../../core/ir/attributes.js';
import { GraphRegion, IsolatedFromAbove, NoTerminator, Pure, SingleBlock, SymbolTable, Symbol as SymbolTrait } from '../../core/ir/traits.js';

export const SymbolNameAttr = attrConstraint('string attribute', (a: Attribute): a is StringAttr => a instanceof StringAttr, { symbolName: true });
export const StrAttr = attrConstraint('string attribute', (a: Attribute): a is StringAttr => a instanceof StringAttr);

export const ModuleOp = defineOp({
  name: 'builtin.module',
  summary: 'A top level container operation',
  attributes: { sym_name: optionalAttr(SymbolNameAttr), sym_visibility: optionalAttr(StrAttr) },
  regions: { bodyRegion: {} },
  traits: [IsolatedFromAbove, NoTerminator, SymbolTable, SymbolTrait, SingleBlock, GraphRegion],
  assemblyFormat: '($sym_name^)? attr-dict-with-keyword $bodyRegion',
  defaultDialect: 'builtin',
  verify(op) {
    if (op.regions[0]?.blocks.length === 0) return undefined;
    for (const a of op.attributesIfAny?.keys() ?? []) {
      if (!a.includes('.')) return `can only contain attributes with dialect-prefixed names, found: '${a}'`;
    }
  },
});

export const UnrealizedConversionCastOp = defineOp({
  name: 'builtin.unrealized_conversion_cast',
  summary: 'An unrealized conversion from one set of types to another',
  operands: { inputs: variadic() },
  results: { outputs: variadic() },
  traits: [Pure],
  assemblyFormat: '($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict',
});

export const builtinDialect = defineDialect({
  name: 'builtin',
  summary: 'MLIR builtin module and casts',
  ops: [ModuleOp, UnrealizedConversionCastOp],
});
