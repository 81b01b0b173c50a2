/** vector (1-D, 2 to 4 lanes) -> WGSL vecN. Loads and stores go lane by lane through the memref view. */
import type { DenseArrayAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { VectorType, type Type } from '../../core/ir/types.js';
import { isDynamicIndex } from '../../dialects/memref/dynamic-index-list.js';
import type { CombiningKindAttr } from '../../dialects/vector/attributes.js';
import type { KernelContext, OpEmitter } from './context.js';
import { floatMinMaxExpression, lane } from './helpers.js';
import { isI1, wgslType } from './types.js';
import { isAlignedVectorAccess } from './emit-memref.js';

function lanes(t: Type): number {
  return (t as VectorType).shape[0]!;
}

const load: OpEmitter = (op, cx) => {
  const view = cx.view(op, op.operand(0));
  const t = op.result.type;
  const address = cx.address(view, op.operands.slice(1));
  const whole = cx.vectorRef(view, address, lanes(t), isAlignedVectorAccess(op));
  if (whole) return cx.define(op, whole);
  const at = cx.materializeAddress(`${cx.name(op.result)}_at`, address);
  const elems = Array.from({ length: lanes(t) }, (_, k) => cx.loadElement(view, cx.offsetAddress(at, k)));
  cx.define(op, `${wgslType(t)}(${elems.join(', ')})`);
};

const store: OpEmitter = (op, cx) => {
  const view = cx.view(op, op.operand(1));
  const value = cx.operand(op, 0);
  const address = cx.address(view, op.operands.slice(2));
  const whole = cx.vectorRef(view, address, lanes(op.operand(0).type), isAlignedVectorAccess(op));
  if (whole) return cx.line(`${whole} = ${value};`);
  const at = cx.materializeAddress(cx.names.fresh('at'), address);
  for (let k = 0; k < lanes(op.operand(0).type); k++) cx.storeElement(view, cx.offsetAddress(at, k), value + lane(k));
};

const splat: OpEmitter = (op, cx) => {
  const src = op.operand(0).type;
  if (src === op.result.type) return cx.define(op, cx.operand(op, 0));
  if (src instanceof VectorType) cx.fail(op, `from '${src}' is not supported by the WGSL target (only scalars and the same type)`);
  cx.define(op, `${wgslType(op.result.type)}(${cx.operand(op, 0)})`);
};

/** The single position of a 1-D extract/insert: a lane accessor or a dynamic subscript. */
function position(op: Operation, cx: KernelContext, firstDynamic: number): { static?: number; dynamic?: string } | undefined {
  const pos = (op.getAttr('static_position') as DenseArrayAttr).values as bigint[];
  if (pos.length === 0) return undefined;
  if (pos.length > 1) cx.fail(op, 'with more than one position is not supported by the WGSL target');
  return isDynamicIndex(pos[0]!) ? { dynamic: cx.operand(op, firstDynamic) } : { static: Number(pos[0]!) };
}

const extract: OpEmitter = (op, cx) => {
  const v = cx.operand(op, 0);
  const p = position(op, cx, 1);
  if (!p) return cx.define(op, v);
  // A lane of a `let` read once is written where it is read (`v.x`), not given a `let` of its own.
  if (p.static !== undefined && op.result.uses.length === 1 && cx.isLet(op.operand(0))) return cx.bindName(op.result, v + lane(p.static));
  cx.define(op, p.static !== undefined ? v + lane(p.static) : `${v}[${p.dynamic}]`);
};

const insert: OpEmitter = (op, cx) => {
  const t = op.result.type;
  const [src, dest] = [cx.operand(op, 0), cx.operand(op, 1)];
  const p = position(op, cx, 2);
  if (!p) return cx.define(op, src);
  const n = lanes(t);
  if (p.static !== undefined) {
    const parts = Array.from({ length: n }, (_, k) => (k === p.static ? src : dest + lane(k)));
    return cx.define(op, `${wgslType(t)}(${parts.join(', ')})`);
  }
  const iota = Array.from({ length: n }, (_, k) => `${k}i`).join(', ');
  cx.define(op, `select(${dest}, ${wgslType(t)}(${src}), vec${n}<i32>(${iota}) == vec${n}<i32>(${p.dynamic}))`);
};

/** Combines two scalars of type `t` with a reduction kind. */
function combine(cx: KernelContext, op: Operation, kind: string, t: Type, a: string, b: string): string {
  const u = (x: string) => `bitcast<u32>(${x})`;
  const bool = isI1(t);
  switch (kind) {
    case 'add':
      if (bool) break;
      return `${a} + ${b}`;
    case 'mul':
      if (bool) break;
      return `${a} * ${b}`;
    case 'and':
      return `${a} & ${b}`;
    case 'or':
      return `${a} | ${b}`;
    case 'xor':
      return bool ? `${a} != ${b}` : `${a} ^ ${b}`;
    case 'minsi':
    case 'minnumf':
    case 'minimumf':
    case 'maxsi':
    case 'maxnumf':
    case 'maximumf': {
      if (bool) break;
      const fn = kind.startsWith('min') ? 'min' : 'max';
      if (kind.endsWith('si')) return `${fn}(${a}, ${b})`;
      return floatMinMaxExpression(cx, t, fn, kind.endsWith('imumf') ? 'propagate' : 'ignore', a, b);
    }
    case 'minui':
    case 'maxui':
      if (bool) break;
      return `bitcast<i32>(${kind === 'minui' ? 'min' : 'max'}(${u(a)}, ${u(b)}))`;
  }
  return cx.fail(op, `<${kind}> on i1 is not supported by the WGSL target`);
}

const reduction: OpEmitter = (op, cx) => {
  const kind = (op.getAttr('kind') as CombiningKindAttr).value;
  const t = op.result.type;
  const v = cx.operand(op, 0);
  const terms = Array.from({ length: lanes(op.operand(0).type) }, (_, k) => v + lane(k));
  if (op.numOperands > 1) terms.push(cx.operand(op, 1));
  // Each step gets its own let: the expansions repeat their operands.
  let acc = terms[0]!;
  for (let k = 1; k < terms.length; k++) {
    const expr = combine(cx, op, kind, t, acc, terms[k]!);
    if (k === terms.length - 1) return cx.define(op, expr);
    acc = cx.names.fresh(`${cx.name(op.result)}_r`);
    cx.line(`let ${acc} = ${expr};`);
  }
  cx.define(op, acc);
};

export const vectorEmitters: Record<string, OpEmitter> = {
  'vector.load': load,
  'vector.store': store,
  'vector.broadcast': splat,
  'vector.splat': splat,
  'vector.extract': extract,
  'vector.from_elements': (op, cx) => cx.define(op, `${wgslType(op.result.type)}(${op.operands.map((_, i) => cx.operand(op, i)).join(', ')})`),
  'vector.insert': insert,
  'vector.fma': (op, cx) => cx.define(op, `fma(${cx.operand(op, 0)}, ${cx.operand(op, 1)}, ${cx.operand(op, 2)})`),
  'vector.reduction': reduction,
};
