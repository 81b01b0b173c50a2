/**
 * scf -> WGSL structured control flow. Op results become `var`s declared before the construct
 * and assigned by its yields. A loop's block argument is its result's `var` where that is safe,
 * else a `let` snapshot taken at the top of each iteration (a yield that swaps values reads the
 * old ones). An if around one guarded element access is a helper call (guarded-access.ts).
 */
import type { Block } from '../../core/ir/block.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemRefType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import type { KernelContext, OpEmitter } from './context.js';
import { emitGuardedAccess } from './guarded-access.js';
import { wgslType } from './types.js';

function rejectMemrefs(op: Operation, cx: KernelContext, values: readonly Value[]): void {
  if (values.some((v) => v.type instanceof MemRefType)) cx.fail(op, 'carrying memref values is not supported by the WGSL target');
}

/** `var name: T;` for result `r` of `op`; its name. */
function declareVar(op: Operation, cx: KernelContext, r: Value): string {
  const name = cx.name(r);
  cx.line(`var ${name}: ${cx.type(op, r.type)};`);
  return name;
}

/** `var name: T;` (or `var name = init;`) for each result. */
function declareResults(op: Operation, cx: KernelContext, inits?: readonly string[]): string[] {
  return op.results.map((r, i) => {
    if (!inits) return declareVar(op, cx, r);
    const name = cx.name(r);
    cx.declare('var', name, op, r.type, inits[i]!);
    return name;
  });
}

/** `let arg = source;` for each block argument. */
function snapshot(cx: KernelContext, op: Operation, args: readonly Value[], sources: readonly string[]): void {
  args.forEach((a, i) => cx.declare('let', cx.name(a), op, a.type, sources[i]!));
}

/** The terminator's operands assigned to `targets` (a value that is already its target's is left). */
function assign(cx: KernelContext, targets: readonly string[]) {
  return (term: Operation) =>
    term.operands.forEach((_, i) => {
      const value = cx.operand(term, i);
      if (value !== targets[i]) cx.line(`${targets[i]} = ${value};`);
    });
}

const forOp: OpEmitter = (op, cx) => {
  rejectMemrefs(op, cx, op.results);
  const body = op.region(0).entry!;
  const [iv, ...iterArgs] = body.arguments;
  const results = declareResults(
    op,
    cx,
    op.operands.slice(3).map((_, i) => cx.operand(op, 3 + i)),
  );
  const i = cx.name(iv!);
  const [lb, ub, step] = [0, 1, 2].map((k) => cx.operand(op, k));
  const cond = op.getAttr('unsignedCmp') !== undefined ? `bitcast<u32>(${i}) < bitcast<u32>(${ub})` : `${i} < ${ub}`;
  cx.line(`for (var ${i}: ${wgslType(iv!.type)} = ${lb}; ${cond}; ${i} = ${i} + ${step}) {`);
  // A block argument reads its result's var, which the yield assigns last. Only one that the
  // yield passes to another position (a rotation of buffers) needs a snapshot of its own.
  const yielded = body.last!.operands;
  const moved = iterArgs.map((a, k) => yielded.some((v, j) => v === a && j !== k));
  iterArgs.forEach((a, k) => {
    if (!moved[k]) cx.bindName(a, results[k]!);
  });
  cx.nested(() => {
    snapshot(
      cx,
      op,
      iterArgs.filter((_, k) => moved[k]),
      results.filter((_, k) => moved[k]),
    );
    cx.emitBlock(body, assign(cx, results));
  });
  cx.line('}');
};

/** Whether a branch `block` would assign nothing: it only yields what `targets` already hold (or nothing). */
function assignsNothing(cx: KernelContext, block: Block, targets: readonly string[]): boolean {
  const term = block.last!;
  return block.first === term && term.operands.every((_, i) => cx.operand(term, i) === targets[i]);
}

/**
 * The loop iter_arg whose `var` result `i` of `ifOp` can be assigned in place: the if is in a
 * loop body whose yield passes the result on at that iter_arg's position, its else branch yields
 * the iter_arg itself (a step switched off keeps its value), nothing after the if reads the
 * iter_arg, and the then branch does not yield an iter_arg (whose var an earlier assignment may
 * have changed). Then the if updates the loop's var and needs neither a var of its own nor an
 * else branch: `if (c) { ...; acc = v; }` (a kernel loop started early switches its last stage
 * off so).
 */
function inPlaceIterArg(ifOp: Operation, i: number): Value | undefined {
  const loop = ifOp.parentOp;
  const body = ifOp.parent;
  if (!loop || loop.name !== 'scf.for' || !body || body !== loop.region(0).entry) return undefined;
  const result = ifOp.results[i]!;
  const uses = result.uses;
  if (uses.length !== 1 || uses[0]!.owner !== body.last) return undefined;
  const k = uses[0]!.index;
  const iterArg = body.arguments[k + 1]!;
  const elseYield = ifOp.region(1).entry?.last;
  if (!elseYield || elseYield.operand(i) !== iterArg) return undefined;
  // A rotating iter_arg (moved to another position by the yield) has a snapshot, not the var.
  if (body.last!.operands.some((v, j) => v === iterArg && j !== k)) return undefined;
  const thenYield = ifOp.region(0).entry!.last!;
  if (thenYield.operands.some((v) => body.arguments.includes(v as never))) return undefined;
  for (const use of iterArg.uses) {
    let owner: Operation | undefined = use.owner;
    while (owner && owner.parent !== body) owner = owner.parentOp;
    if (owner && owner !== ifOp && owner !== body.last && ifOp.isBeforeInBlock(owner)) return undefined;
  }
  return iterArg;
}

const ifOp: OpEmitter = (op, cx) => {
  rejectMemrefs(op, cx, op.results);
  if (emitGuardedAccess(op, cx)) return;
  const targets = op.results.map((r, i) => {
    const iterArg = inPlaceIterArg(op, i);
    if (!iterArg) return declareVar(op, cx, r);
    const name = cx.name(iterArg);
    cx.bindName(r, name);
    return name;
  });
  cx.line(`if (${cx.operand(op, 0)}) {`);
  cx.nested(() => cx.emitBlock(op.region(0).entry!, assign(cx, targets)));
  const elseBlock = op.region(1).entry;
  if (elseBlock && !assignsNothing(cx, elseBlock, targets)) {
    cx.line('} else {');
    cx.nested(() => cx.emitBlock(elseBlock, assign(cx, targets)));
  }
  cx.line('}');
};

/**
 * scf.while: `loop { before; results = condition args; if (!cond) { break; } after; carried = yields; }`.
 * The results are the condition's arguments, which also feed the after region.
 */
const whileOp: OpEmitter = (op, cx) => {
  rejectMemrefs(op, cx, [...op.results, ...op.operands]);
  const before = op.region(0).entry!;
  const after = op.region(1).entry!;
  const carried = before.arguments.map((a, i) => {
    const name = cx.names.fresh(`${cx.name(a)}_next`);
    cx.declare('var', name, op, a.type, cx.operand(op, i));
    return name;
  });
  const results = declareResults(op, cx);
  cx.line('loop {');
  cx.nested(() => {
    snapshot(cx, op, before.arguments, carried);
    cx.emitBlock(before, (condition) => {
      condition.operands.slice(1).forEach((_, i) => cx.line(`${results[i]} = ${cx.operand(condition, i + 1)};`));
      cx.line(`if (!${cx.operand(condition, 0)}) {`);
      cx.nested(() => cx.line('break;'));
      cx.line('}');
    });
    snapshot(cx, op, after.arguments, results);
    cx.emitBlock(after, assign(cx, carried));
  });
  cx.line('}');
};

export const scfEmitters: Record<string, OpEmitter> = {
  'scf.for': forOp,
  'scf.if': ifOp,
  'scf.while': whileOp,
};
