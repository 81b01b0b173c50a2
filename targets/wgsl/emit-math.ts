/** math -> WGSL builtins. Functions without a faithful WGSL form (erf, log1p, ...) are rejected. */
import type { Operation } from '../../core/ir/operation.js';
import type { KernelContext, OpEmitter } from './context.js';
import { isNan } from './helpers.js';
import { splatLiteral } from './types.js';

function builtin(fn: string): OpEmitter {
  return (op: Operation, cx: KernelContext) => cx.define(op, `${fn}(${op.operands.map((_, i) => cx.operand(op, i)).join(', ')})`);
}

/** math.round rounds halfway cases away from zero; WGSL's round() goes to even. */
const round: OpEmitter = (op, cx) => {
  const t = op.result.type;
  const x = cx.operand(op, 0);
  cx.define(op, `trunc(${x}) + select(${splatLiteral(t, 0)}, sign(${x}), abs(${x} - trunc(${x})) >= ${splatLiteral(t, 0.5)})`);
};

/**
 * WGSL's tanh may be evaluated as sinh(x) / cosh(x) (its accuracy is "inherited" from that
 * quotient): SwiftShader returns NaN past |x| of about 44, where both overflow. The argument is
 * clamped to [-10, 10], past which tanh rounds to +-1 in f32 and f16 alike, and a NaN passed
 * through (clamp may drop it).
 */
const tanh: OpEmitter = (op, cx) => {
  const t = op.result.type;
  const x = cx.operand(op, 0);
  cx.define(op, `select(tanh(clamp(${x}, ${splatLiteral(t, -10)}, ${splatLiteral(t, 10)})), ${x}, ${isNan(cx, t, x)})`);
};

export const mathEmitters: Record<string, OpEmitter> = {
  'math.absf': builtin('abs'),
  // WGSL abs(i32::MIN) is i32::MIN, as math.absi without poison flags.
  'math.absi': builtin('abs'),
  'math.ceil': builtin('ceil'),
  'math.floor': builtin('floor'),
  'math.trunc': builtin('trunc'),
  'math.round': round,
  'math.roundeven': builtin('round'),
  'math.sqrt': builtin('sqrt'),
  'math.rsqrt': builtin('inverseSqrt'),
  'math.exp': builtin('exp'),
  'math.exp2': builtin('exp2'),
  'math.log': builtin('log'),
  'math.log2': builtin('log2'),
  // WGSL pow(x, y) is undefined for x < 0 (MLIR powf(-2, 2) = 4).
  'math.powf': builtin('pow'),
  'math.fma': builtin('fma'),
  'math.sin': builtin('sin'),
  'math.cos': builtin('cos'),
  'math.tan': builtin('tan'),
  'math.asin': builtin('asin'),
  'math.acos': builtin('acos'),
  'math.atan': builtin('atan'),
  'math.atan2': builtin('atan2'),
  'math.sinh': builtin('sinh'),
  'math.cosh': builtin('cosh'),
  'math.tanh': tanh,
  'math.asinh': builtin('asinh'),
  'math.acosh': builtin('acosh'),
  'math.atanh': builtin('atanh'),
  'math.ctlz': builtin('countLeadingZeros'),
  'math.cttz': builtin('countTrailingZeros'),
  'math.ctpop': builtin('countOneBits'),
};
