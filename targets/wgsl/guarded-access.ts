/**
 * Guarded element accesses of a storage buffer, which the masked edges of a tile lower to one per
 * element, in short forms: `scf.if %ok { memref.store }` as a call of a helper function per buffer
 * (drivers inline it back into the same branch), `scf.if %ok { memref.load } else { yield %x }` as
 * a `var` set to %x and overwritten by the load under `if`.
 */
import type { Block } from '../../core/ir/block.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemRefType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import type { KernelContext, MemrefView } from './context.js';
import { memorySpaceOf } from './emit-memref.js';
import { namedIndex } from './index-expr.js';
import { isI1, memoryScalar } from './types.js';

/** The block's ops, when it holds exactly `n` (its terminator included). */
function opsOf(block: Block | undefined, n: number): Operation[] | undefined {
  if (!block) return undefined;
  const ops = [...block];
  return ops.length === n ? ops : undefined;
}

/**
 * The view of a kernel argument's buffer accessed element by element through a flat index, where
 * its elements are held as `value` is (not i1, which buffers hold as u32), or undefined.
 */
function bufferView(cx: KernelContext, access: Operation, memref: Value, value: Value): MemrefView | undefined {
  const t = memref.type;
  if (!(t instanceof MemRefType) || memorySpaceOf(t) !== 'global' || isI1(t.elementType)) return undefined;
  const view = cx.view(access, memref);
  return view.shaped || memoryScalar(view.element) !== cx.type(access, value.type) ? undefined : view;
}

/**
 * `var r = otherwise; if (ok) { r = buffer[at]; }`: the load stays inside the branch. (A helper
 * function for loads, like the one for stores, measured 14% slower on an H200 where every tile
 * takes this path: its address, computed outside the branch, costs there.)
 */
function guardedLoad(op: Operation, cx: KernelContext): boolean {
  if (op.results.length !== 1) return false;
  const then = opsOf(op.region(0).entry, 2);
  const otherwise = opsOf(op.region(1).entry, 1);
  const [load, yielded] = then ?? [];
  if (!load || load.name !== 'memref.load' || yielded!.operand(0) !== load.result || !otherwise) return false;
  const view = bufferView(cx, load, load.operand(0), load.result);
  if (!view) return false;
  const name = cx.name(op.result);
  cx.declare('var', name, op, op.result.type, cx.operand(otherwise[0]!, 0));
  cx.line(`if (${cx.operand(op, 0)}) {`);
  cx.nested(() => cx.line(`${name} = ${cx.loadElement(view, cx.address(view, load.operands.slice(1)))};`));
  cx.line('}');
  return true;
}

function guardedStore(op: Operation, cx: KernelContext): boolean {
  if (op.results.length !== 0 || op.region(1).entry?.first !== op.region(1).entry?.last) return false;
  const [store] = opsOf(op.region(0).entry, 2) ?? [];
  if (!store || store.name !== 'memref.store') return false;
  const view = bufferView(cx, store, store.operand(1), store.operand(0));
  if (!view) return false;
  const t = memoryScalar(view.element);
  const name = cx.helper(
    `tile_store_${view.root}`,
    `fn tile_store_${view.root}(at: i32, value: ${t}, ok: bool) {\n  if (ok) {\n    ${cx.elementRef(view, { linear: namedIndex('at') })} = value;\n  }\n}`,
  );
  cx.usedGlobals.add(view.root);
  const at = cx.address(view, store.operands.slice(2)).linear.text;
  cx.line(`${name}(${at}, ${cx.operand(store, 0)}, ${cx.operand(op, 0)});`);
  return true;
}

/** Emits `op` (an scf.if) as a guarded access if it is one; false otherwise. */
export function emitGuardedAccess(op: Operation, cx: KernelContext): boolean {
  return guardedLoad(op, cx) || guardedStore(op, cx);
}
