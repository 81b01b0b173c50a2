/** Module-scope WGSL helper functions that some ops expand to, added to a kernel on first use. */
import { floatToBits } from '../../core/ir/float-format.js';
import { type FloatType, VectorType, type Type } from '../../core/ir/types.js';
import type { KernelContext } from './context.js';
import { elementOf, scalarLiteral, wgslType } from './types.js';

function suffix(t: Type): string {
  return t instanceof VectorType ? `vec${t.shape[0]}${wgslType(t.elementType)}` : wgslType(t);
}

const LANES = ['x', 'y', 'z', 'w'];

/**
 * `isnan(x)` on the bit pattern: WGSL has no isnan, and `x != x` may be folded away by compilers
 * that assume no NaNs (WGSL allows that assumption for float arithmetic, not for bitcasts).
 */
export function isNan(cx: KernelContext, t: Type, x: string): string {
  const elem = elementOf(t) as FloatType;
  const scalar = `tile_isnan_${elem.kind}`;
  cx.helper(
    scalar,
    elem.kind === 'f32'
      ? `fn ${scalar}(x: f32) -> bool {\n  return (bitcast<u32>(x) & 0x7fffffffu) > 0x7f800000u;\n}`
      : // Widened to f32, which keeps NaN a NaN: naga (wgpu) cannot bitcast vec2<f16> to u32.
        `fn ${scalar}(x: f16) -> bool {\n  return (bitcast<u32>(f32(x)) & 0x7fffffffu) > 0x7f800000u;\n}`,
  );
  if (!(t instanceof VectorType)) return `${scalar}(${x})`;
  const n = t.shape[0]!;
  const name = `tile_isnan_${suffix(t)}`;
  const lanes = LANES.slice(0, n).map((l) => `${scalar}(x.${l})`);
  cx.helper(name, `fn ${name}(x: ${wgslType(t)}) -> vec${n}<bool> {\n  return vec${n}<bool>(${lanes.join(', ')});\n}`);
  return `${name}(${x})`;
}

/**
 * min/max of floats (scalars or vectors) as WGSL's `min`/`max`, which leave NaN operands to the
 * implementation. `propagate` (`*imumf`): NaN when either operand is; one isnan test of `a - b`
 * suffices, which is NaN when an operand is or when both are the same infinity, and then `a + b`
 * is that NaN or that infinity. `ignore` (`*numf`): the other operand when one is NaN.
 */
export function floatMinMaxExpression(cx: KernelContext, t: Type, fn: 'min' | 'max', nan: 'propagate' | 'ignore', a: string, b: string): string {
  const base = `${fn}(${a}, ${b})`;
  if (nan === 'propagate') return `select(${base}, ${a} + ${b}, ${isNan(cx, t, `${a} - ${b}`)})`;
  return `select(select(${base}, ${a}, ${isNan(cx, t, b)}), ${b}, ${isNan(cx, t, a)})`;
}

/**
 * A float scalar literal, or for NaN and infinities (which WGSL cannot write as literals, and
 * must not produce in constant expressions) a call that rebuilds the value from its bits.
 */
export function floatConstant(cx: KernelContext, t: FloatType, v: number): string {
  if (Number.isFinite(v)) return scalarLiteral(t, v);
  const bits = floatToBits(v, t.kind as 'f32' | 'f16');
  const hex = `0x${bits.toString(16)}u`;
  if (t.kind === 'f32') {
    cx.helper('tile_f32_from_bits', 'fn tile_f32_from_bits(b: u32) -> f32 {\n  return bitcast<f32>(b);\n}');
    return `tile_f32_from_bits(${hex})`;
  }
  // Decoded by unpack2x16float (exact, infinities and NaN included), then converted: naga (wgpu)
  // rejects the components of `bitcast<vec2<f16>>(b)`.
  cx.helper('tile_f16_from_bits', 'fn tile_f16_from_bits(b: u32) -> f16 {\n  let pair = unpack2x16float(b);\n  return f16(pair.x);\n}');
  return `tile_f16_from_bits(${hex})`;
}

/** The WGSL lane accessor (`.x` ... `.w`) of a static position. */
export function lane(i: number): string {
  return '.' + LANES[i]!;
}
