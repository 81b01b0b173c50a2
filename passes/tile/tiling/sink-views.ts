import type { Block } from '../../../core/ir/block.js';
import { Builder } from '../../../core/ir/builder.js';
import type { Context } from '../../../core/ir/dialect.js';
import { IRMapping, type Operation } from '../../../core/ir/operation.js';
import type { Value } from '../../../core/ir/value.js';
import { CastOp, SubViewOp } from '../../../dialects/memref/index.js';

/** The subview/cast ops `v` is made by, innermost first (empty when it is no view). */
function viewChain(v: Value): Operation[] {
  const chain: Operation[] = [];
  for (let def = v.definingOp; def && (SubViewOp.isa(def) || CastOp.isa(def)); def = def.operand(0).definingOp) chain.unshift(def);
  return chain;
}

/**
 * Views computed outside a kernel (memref.subview / memref.cast of a memref, e.g. the channels of
 * rgb2gray) are recomputed inside it: the kernel takes the memref they view and their dynamic
 * operands instead, so that its arguments keep the layouts the WGSL target can bind (a view with
 * dynamic strides or offset cannot be a kernel argument there). Returns the launch arguments
 * that replace `values`, and a function that rebuilds the views at the top of the kernel.
 */
export function sinkViews(values: readonly Value[]): { launchArgs: Value[]; rebuild: (context: Context, entry: Block, argOf: (v: Value) => Value) => Map<Value, Value> } {
  const chains = new Map(values.map((v) => [v, viewChain(v)]));
  const launchArgs: Value[] = [];
  for (const v of values) {
    const chain = chains.get(v)!;
    if (chain.length === 0) launchArgs.push(v);
    else launchArgs.push(chain[0]!.operand(0), ...chain.flatMap((op) => op.operands.slice(1)));
  }
  const rebuild = (context: Context, entry: Block, argOf: (v: Value) => Value): Map<Value, Value> => {
    const b = new Builder(context);
    b.setInsertionPointToStart(entry);
    const views = new Map<Value, Value>();
    for (const [v, chain] of chains) {
      if (chain.length === 0) continue;
      const mapping = new IRMapping();
      mapping.map(chain[0]!.operand(0), argOf(chain[0]!.operand(0)));
      for (const op of chain) {
        for (const operand of op.operands.slice(1)) mapping.map(operand, argOf(operand));
        b.insert(op.clone(mapping));
      }
      views.set(v, mapping.lookup(v)!);
    }
    return views;
  };
  return { launchArgs, rebuild };
}
