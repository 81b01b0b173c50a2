/** Semantics of the func dialect: calls (direct and through function values); func.return exits. */
import { SymbolRefAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { lookupSymbol } from '../../core/ir/symbol-table.js';
import type { DialectSemantics, ExecContext, OpHandler } from '../../core/interpret/engine.js';
import { opError } from '../../core/interpret/errors.js';
import type { OpaqueValue, RtValue } from '../../core/interpret/values.js';

/** The value of `func.constant @f`. */
export interface FunctionRef extends OpaqueValue {
  readonly kind: 'function';
  readonly fn: Operation;
}

const resolved = new WeakMap<Operation, Operation>();

/** The function op a symbol-referencing op names in attribute `attr` (cached per op). */
export function resolveCallee(op: Operation, attr: string): Operation {
  let fn = resolved.get(op);
  if (!fn) {
    const ref = op.getAttr(attr);
    fn = ref instanceof SymbolRefAttr ? lookupSymbol(op, ref) : undefined;
    if (!fn) throw opError(op, `cannot find the function ${ref}`);
    resolved.set(op, fn);
  }
  return fn;
}

const call: OpHandler = function* (op: Operation, args: readonly RtValue[], ctx: ExecContext) {
  return yield* ctx.call(resolveCallee(op, 'callee'), args);
};

const callIndirect: OpHandler = function* (_op: Operation, [callee, ...args]: readonly RtValue[], ctx: ExecContext) {
  return yield* ctx.call((callee as FunctionRef).fn, args);
};

const constant: OpHandler = (op) => [{ kind: 'function', fn: resolveCallee(op, 'value') } satisfies FunctionRef];

export const funcSemantics: DialectSemantics = {
  dialect: 'func',
  ops: { 'func.call': call, 'func.call_indirect': callIndirect, 'func.constant': constant },
};
