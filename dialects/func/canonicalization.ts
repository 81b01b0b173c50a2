/** func canonicalization patterns and constant materialization, as in MLIR 19's FuncOps.cpp. */
import { SymbolRefAttr, type Attribute } from '../../core/ir/attributes.js';
import type { Builder } from '../../core/ir/builder.js';
import type { Location } from '../../core/ir/location.js';
import type { Operation } from '../../core/ir/operation.js';
import { FunctionType, type Type } from '../../core/ir/types.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { definePattern } from '../../core/rewrite/pattern.js';

/** MLIR's SimplifyIndirectCallWithKnownCallee: a func.call_indirect of a constant callee becomes a func.call. */
export const SimplifyIndirectCallWithKnownCallee = definePattern({
  name: 'SimplifyIndirectCallWithKnownCallee',
  root: 'func.call_indirect',
  matchAndRewrite(op, rw) {
    const callee = constantValue(op.operands[0]!);
    if (!(callee instanceof SymbolRefAttr && callee.isFlat)) return false;
    rw.replaceOpWithNew(op, { name: 'func.call', operands: op.operands.slice(1), resultTypes: op.resultTypes, properties: { callee } });
    return true;
  },
});

/** MLIR's FuncDialect::materializeConstant: a func.constant for a flat symbol reference of function type. */
export function materializeFuncConstant(builder: Builder, value: Attribute, type: Type, loc: Location): Operation | undefined {
  if (!(value instanceof SymbolRefAttr && value.isFlat && type instanceof FunctionType)) return undefined;
  return builder.create({ name: 'func.constant', properties: { value }, resultTypes: [type], loc });
}
