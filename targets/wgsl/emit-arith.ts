/**
 * arith -> WGSL. Signless integers are i32; unsigned ops reinterpret through bitcast<u32>.
 * Where WGSL defines what MLIR leaves undefined (division by zero, shift amounts >= 32,
 * out-of-range float -> int conversion), the WGSL result is one of MLIR's allowed outcomes;
 * docs/wgsl-target.md lists them.
 */
import { DenseElementsAttr, FloatAttr, IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { FloatType, IndexType, IntegerType, VectorType, type Type } from '../../core/ir/types.js';
import { CMPF_PREDICATES, CMPI_PREDICATES } from '../../dialects/arith/attributes.js';
import type { KernelContext, OpEmitter } from './context.js';
import { floatConstant, floatMinMaxExpression, isNan } from './helpers.js';
import { elementOf, isI1, scalarLiteral, splatLiteral, unsignedType, wgslType } from './types.js';

const typeOf = (op: Operation, i = 0): Type => op.operand(i).type;

function rejectI1(op: Operation, cx: KernelContext): void {
  if (isI1(elementOf(typeOf(op)))) cx.fail(op, 'on i1 is not supported by the WGSL target');
}

function binary(symbol: string): OpEmitter {
  return (op, cx) => {
    rejectI1(op, cx);
    cx.define(op, `${cx.operand(op, 0)} ${symbol} ${cx.operand(op, 1)}`);
  };
}

function call(fn: string): OpEmitter {
  return (op, cx) => {
    rejectI1(op, cx);
    cx.define(op, `${fn}(${op.operands.map((_, i) => cx.operand(op, i)).join(', ')})`);
  };
}

const asU = (t: Type, x: string) => `bitcast<${unsignedType(t)}>(${x})`;
const fromU = (t: Type, x: string) => `bitcast<${wgslType(t)}>(${x})`;
function uSplat(t: Type, n: number): string {
  return t instanceof VectorType ? `vec${t.shape[0]}<u32>(${n}u)` : `${n}u`;
}

/** An unsigned op: operands and result reinterpreted as u32. */
function unsigned(make: (a: string, b: string, t: Type) => string): OpEmitter {
  return (op, cx) => {
    rejectI1(op, cx);
    const t = typeOf(op);
    cx.define(op, fromU(t, make(asU(t, cx.operand(op, 0)), asU(t, cx.operand(op, 1)), t)));
  };
}

function shift(symbol: string, unsignedLhs: boolean): OpEmitter {
  return (op, cx) => {
    rejectI1(op, cx);
    const t = typeOf(op);
    const amount = asU(t, cx.operand(op, 1));
    const lhs = cx.operand(op, 0);
    cx.define(op, unsignedLhs ? fromU(t, `${asU(t, lhs)} ${symbol} ${amount}`) : `${lhs} ${symbol} ${amount}`);
  };
}

/** Bitwise ops; on i1 (bool) `&`, `|` and `!=` for xor. */
function bitwise(symbol: string, boolSymbol: string): OpEmitter {
  return (op, cx) => cx.define(op, `${cx.operand(op, 0)} ${isI1(elementOf(typeOf(op))) ? boolSymbol : symbol} ${cx.operand(op, 1)}`);
}

/** floordivsi / ceildivsi: truncating division, adjusted by one when the remainder is non-zero and the signs say so. */
function roundedDivision(kind: 'floor' | 'ceil'): OpEmitter {
  return (op, cx) => {
    rejectI1(op, cx);
    const t = typeOf(op);
    const [a, b] = [cx.operand(op, 0), cx.operand(op, 1)];
    const zero = splatLiteral(t, 0);
    const one = splatLiteral(t, 1);
    const signs = kind === 'floor' ? '!=' : '==';
    const adjusted = kind === 'floor' ? `${a} / ${b} - ${one}` : `${a} / ${b} + ${one}`;
    cx.define(op, `select(${a} / ${b}, ${adjusted}, (${a} % ${b} != ${zero}) & ((${a} < ${zero}) ${signs} (${b} < ${zero})))`);
  };
}

/** min/max on floats. `*imumf` propagate NaN; `*numf` return the other operand when one is NaN. */
function floatMinMax(fn: 'min' | 'max', nan: 'propagate' | 'ignore'): OpEmitter {
  return (op, cx) => {
    const t = typeOf(op);
    const [a, b] = [cx.operand(op, 0), cx.operand(op, 1)];
    cx.define(op, floatMinMaxExpression(cx, t, fn, nan, a, b));
  };
}

function predicate(op: Operation): number {
  return (op.getAttr('predicate') as IntegerAttr).number;
}

const cmpi: OpEmitter = (op, cx) => {
  const t = typeOf(op);
  const pred = CMPI_PREDICATES[predicate(op)]!;
  const [a, b] = [cx.operand(op, 0), cx.operand(op, 1)];
  const symbols: Record<string, string> = { eq: '==', ne: '!=', slt: '<', sle: '<=', sgt: '>', sge: '>=', ult: '<', ule: '<=', ugt: '>', uge: '>=' };
  if (pred === 'eq' || pred === 'ne') return cx.define(op, `${a} ${symbols[pred]} ${b}`);
  if (isI1(elementOf(t))) cx.fail(op, `predicate '${pred}' on i1 is not supported by the WGSL target`);
  if (pred.startsWith('u')) return cx.define(op, `${asU(t, a)} ${symbols[pred]} ${asU(t, b)}`);
  cx.define(op, `${a} ${symbols[pred]} ${b}`);
};

/**
 * Ordered predicates are false when an operand is NaN, which is what IEEE comparisons give
 * (except `one`, written as `<` or `>`); unordered ones are the negated opposite ordered test.
 */
const cmpf: OpEmitter = (op, cx) => {
  const t = typeOf(op);
  const pred = CMPF_PREDICATES[predicate(op)]!;
  const [a, b] = [cx.operand(op, 0), cx.operand(op, 1)];
  const resultType = op.result.type;
  const exprs: Record<string, () => string> = {
    false: () => splatLiteral(resultType, 0),
    true: () => splatLiteral(resultType, 1),
    oeq: () => `${a} == ${b}`,
    ogt: () => `${a} > ${b}`,
    oge: () => `${a} >= ${b}`,
    olt: () => `${a} < ${b}`,
    ole: () => `${a} <= ${b}`,
    one: () => `(${a} < ${b}) | (${a} > ${b})`,
    ord: () => `!(${isNan(cx, t, a)} | ${isNan(cx, t, b)})`,
    ueq: () => `!((${a} < ${b}) | (${a} > ${b}))`,
    ugt: () => `!(${a} <= ${b})`,
    uge: () => `!(${a} < ${b})`,
    ult: () => `!(${a} >= ${b})`,
    ule: () => `!(${a} > ${b})`,
    une: () => `${a} != ${b}`,
    uno: () => `${isNan(cx, t, a)} | ${isNan(cx, t, b)}`,
  };
  cx.define(op, exprs[pred]!());
};

const constant: OpEmitter = (op, cx) => {
  const value = op.getAttr('value');
  const t = op.result.type;
  const scalar = (elem: Type, v: number | bigint): string => (elem instanceof FloatType ? floatConstant(cx, elem, Number(v)) : scalarLiteral(elem, v));
  if (value instanceof IntegerAttr || value instanceof FloatAttr) {
    cx.define(op, scalar(t, value.value));
    if (value instanceof IntegerAttr && (t instanceof IndexType || (t instanceof IntegerType && t.width === 32))) cx.noteInteger(op.result, Number(BigInt.asIntN(32, value.value)));
    return;
  }
  if (value instanceof DenseElementsAttr && t instanceof VectorType) {
    const elems = value.isSplat ? [value.element(0)] : Array.from({ length: t.shape[0]! }, (_, i) => value.element(i));
    cx.define(op, `${wgslType(t)}(${elems.map((e) => scalar(t.elementType, e)).join(', ')})`);
    return;
  }
  cx.fail(op, 'with this value is not supported by the WGSL target');
};

/** Conversions between element types, lane-wise on vectors: `f32(x)`, `vec4<f32>(x)`. */
function convertTo(t: Type, x: string): string {
  return `${wgslType(t)}(${x})`;
}

/** i1 -> number: `select(0, one, b)`. */
function fromBool(t: Type, one: number, x: string): string {
  return `select(${splatLiteral(t, 0)}, ${splatLiteral(t, one)}, ${x})`;
}

const sitofp: OpEmitter = (op, cx) => {
  const [src, dst] = [typeOf(op), op.result.type];
  cx.define(op, isI1(elementOf(src)) ? fromBool(dst, -1, cx.operand(op, 0)) : convertTo(dst, cx.operand(op, 0)));
};
const uitofp: OpEmitter = (op, cx) => {
  const [src, dst] = [typeOf(op), op.result.type];
  cx.define(op, isI1(elementOf(src)) ? fromBool(dst, 1, cx.operand(op, 0)) : convertTo(dst, asU(src, cx.operand(op, 0))));
};
const fptosi: OpEmitter = (op, cx) => {
  if (isI1(elementOf(op.result.type))) cx.fail(op, 'to i1 is not supported by the WGSL target');
  cx.define(op, convertTo(op.result.type, cx.operand(op, 0)));
};
const fptoui: OpEmitter = (op, cx) => {
  const dst = op.result.type;
  if (isI1(elementOf(dst))) cx.fail(op, 'to i1 is not supported by the WGSL target');
  cx.define(op, fromU(dst, `${unsignedType(dst)}(${cx.operand(op, 0)})`));
};
const floatResize: OpEmitter = (op, cx) => cx.define(op, convertTo(op.result.type, cx.operand(op, 0)));
const extend =
  (one: number): OpEmitter =>
  (op, cx) =>
    cx.define(op, fromBool(op.result.type, one, cx.operand(op, 0)));
const trunci: OpEmitter = (op, cx) => {
  const t = typeOf(op);
  cx.define(op, `(${cx.operand(op, 0)} & ${splatLiteral(t, 1)}) != ${splatLiteral(t, 0)}`);
};
const identity: OpEmitter = (op, cx) => cx.define(op, cx.operand(op, 0));
const bitcast: OpEmitter = (op, cx) => {
  const t = op.result.type;
  cx.define(op, typeOf(op) === t ? cx.operand(op, 0) : `bitcast<${wgslType(t)}>(${cx.operand(op, 0)})`);
};

export const arithEmitters: Record<string, OpEmitter> = {
  'arith.constant': constant,
  'arith.addi': binary('+'),
  'arith.subi': binary('-'),
  'arith.muli': binary('*'),
  // WGSL i32 `/` truncates like divsi; it returns the dividend for x/0 and INT_MIN/-1 (MLIR: undefined).
  'arith.divsi': binary('/'),
  // WGSL i32 `%` has the sign of the dividend like remsi; x % 0 is 0 in WGSL (MLIR: undefined).
  'arith.remsi': binary('%'),
  'arith.divui': unsigned((a, b) => `${a} / ${b}`),
  'arith.remui': unsigned((a, b) => `${a} % ${b}`),
  'arith.ceildivui': unsigned((a, b, t) => `${a} / ${b} + select(${uSplat(t, 0)}, ${uSplat(t, 1)}, ${a} % ${b} != ${uSplat(t, 0)})`),
  'arith.floordivsi': roundedDivision('floor'),
  'arith.ceildivsi': roundedDivision('ceil'),
  'arith.andi': bitwise('&', '&'),
  'arith.ori': bitwise('|', '|'),
  'arith.xori': bitwise('^', '!='),
  // WGSL takes the shift amount modulo 32; MLIR gives poison for amounts >= 32.
  'arith.shli': shift('<<', false),
  'arith.shrsi': shift('>>', false),
  'arith.shrui': shift('>>', true),
  'arith.maxsi': call('max'),
  'arith.minsi': call('min'),
  'arith.maxui': unsigned((a, b) => `max(${a}, ${b})`),
  'arith.minui': unsigned((a, b) => `min(${a}, ${b})`),
  'arith.addf': binary('+'),
  'arith.subf': binary('-'),
  'arith.mulf': binary('*'),
  'arith.divf': binary('/'),
  // WGSL float `%` is x - y * trunc(x / y), like fmod.
  'arith.remf': binary('%'),
  'arith.negf': (op, cx) => cx.define(op, `-${cx.operand(op, 0)}`),
  'arith.maximumf': floatMinMax('max', 'propagate'),
  'arith.minimumf': floatMinMax('min', 'propagate'),
  'arith.maxnumf': floatMinMax('max', 'ignore'),
  'arith.minnumf': floatMinMax('min', 'ignore'),
  'arith.cmpi': cmpi,
  'arith.cmpf': cmpf,
  'arith.select': (op, cx) => cx.define(op, `select(${cx.operand(op, 2)}, ${cx.operand(op, 1)}, ${cx.operand(op, 0)})`),
  'arith.sitofp': sitofp,
  'arith.uitofp': uitofp,
  // WGSL clamps out-of-range values (and NaN) to the integer range; MLIR gives poison.
  'arith.fptosi': fptosi,
  'arith.fptoui': fptoui,
  'arith.extf': floatResize,
  'arith.truncf': floatResize,
  'arith.extui': extend(1),
  'arith.extsi': extend(-1),
  'arith.trunci': trunci,
  // index is i32 in WGSL, so index <-> i32 casts are no-ops (i64 is rejected by the type check).
  'arith.index_cast': identity,
  'arith.index_castui': identity,
  'arith.bitcast': bitcast,
};
