/**
 * MLIR types -> WGSL types, and literals. index is i32 (signed, like MLIR's index arithmetic on
 * the host side; unsigned ops reinterpret with bitcast<u32>); i1 is bool in registers and u32
 * (0 or 1) in memory and uniforms, since bool is not host-shareable.
 */
import { FloatType, IndexType, IntegerType, MemRefType, VectorType, type Type } from '../../core/ir/types.js';
import { roundToKind } from '../../core/ir/float-format.js';
import type { WgslScalar } from './manifest.js';

/** Why `t` has no WGSL form, or undefined when it has one. */
export function unsupportedTypeReason(t: Type): string | undefined {
  if (t instanceof VectorType) {
    if (t.rank !== 1 || t.scalableDims[0]) return `vector type '${t}' is not supported by the WGSL target (only 1-D vectors of 2 to 4 elements)`;
    if (t.shape[0]! < 2 || t.shape[0]! > 4) return `vector type '${t}' is not supported by the WGSL target (only 1-D vectors of 2 to 4 elements)`;
    return unsupportedTypeReason(t.elementType);
  }
  if (t instanceof IndexType) return undefined;
  if (t instanceof IntegerType) {
    if (t.width === 1 || t.width === 32) return t.isSignless ? undefined : `type '${t}' is not supported by the WGSL target (only signless integers)`;
    if (t.width === 64) return `type '${t}' is not supported by the WGSL target (WGSL has no 64-bit integers)`;
    return `type '${t}' is not supported by the WGSL target (WGSL has no ${t.width}-bit integers)`;
  }
  if (t instanceof FloatType) {
    if (t.kind === 'f32' || t.kind === 'f16') return undefined;
    if (t.kind === 'f64') return `type '${t}' is not supported by the WGSL target (WGSL has no 64-bit floats)`;
    return `type '${t}' is not supported by the WGSL target`;
  }
  return `type '${t}' is not supported by the WGSL target`;
}

/** The WGSL type of a register value (scalars and vectors); call after `unsupportedTypeReason`. */
export function wgslType(t: Type): string {
  if (t instanceof VectorType) return `vec${t.shape[0]}<${wgslType(t.elementType)}>`;
  if (t instanceof IndexType) return 'i32';
  if (t instanceof IntegerType) return t.width === 1 ? 'bool' : 'i32';
  if (t instanceof FloatType) return t.kind;
  throw new Error(`no WGSL type for '${t}'`);
}

/** Why a memref element type cannot be stored, or undefined. */
export function unsupportedElementReason(t: Type): string | undefined {
  if (t instanceof IntegerType && (t.width === 8 || t.width === 16)) {
    return `memref element type '${t}' is not supported by the WGSL target (no ${t.width}-bit integers in WGSL memory)`;
  }
  if (t instanceof VectorType) return `memref element type '${t}' is not supported by the WGSL target (only scalar elements)`;
  return unsupportedTypeReason(t);
}

/** How an element of this type is held in memory (storage, workgroup, private) and uniforms. */
export function memoryScalar(t: Type): WgslScalar {
  if (t instanceof IntegerType && t.width === 1) return 'u32';
  if (t instanceof FloatType) return t.kind as 'f32' | 'f16';
  return 'i32';
}

export function isI1(t: Type): boolean {
  return t instanceof IntegerType && t.width === 1;
}

export function isFloatLike(t: Type): boolean {
  return (t instanceof VectorType ? t.elementType : t) instanceof FloatType;
}

export function elementOf(t: Type): Type {
  return t instanceof VectorType ? t.elementType : t;
}

export function usesF16(t: Type): boolean {
  if (t instanceof VectorType || t instanceof MemRefType) return usesF16(t.elementType);
  return t instanceof FloatType && t.kind === 'f16';
}

/** Shortest decimal text that rounds back to `v` in the given float kind. */
function shortestFloat(v: number, kind: 'f32' | 'f16'): string {
  for (let p = 1; p <= 17; p++) {
    const text = v.toPrecision(p);
    if (roundToKind(Number(text), kind) === v) return normalizeFloatText(text);
  }
  return normalizeFloatText(String(v));
}

/** `1.50` -> `1.5`, `2` -> `2.0`, `1.5e+30` stays: valid WGSL decimal float text. */
function normalizeFloatText(text: string): string {
  const [mantissa, exponent] = text.split('e');
  let m = mantissa!;
  if (m.includes('.')) m = m.replace(/0+$/, '').replace(/\.$/, '.0');
  else m += '.0';
  return exponent === undefined ? m : `${m}e${exponent}`;
}

/** A WGSL literal of a scalar type; NaN and infinities must be handled by the caller. */
export function scalarLiteral(t: Type, v: number | bigint): string {
  if (t instanceof FloatType) {
    const kind = t.kind as 'f32' | 'f16';
    const n = Number(v);
    if (Object.is(n, -0)) return `(-0.0${kind === 'f32' ? 'f' : 'h'})`;
    const text = shortestFloat(Math.abs(n), kind) + (kind === 'f32' ? 'f' : 'h');
    return n < 0 ? `(-${text})` : text;
  }
  if (isI1(t)) return BigInt(v) !== 0n ? 'true' : 'false';
  const n = BigInt.asIntN(32, BigInt(v));
  if (n === -(2n ** 31n)) return 'i32(-2147483648)';
  return n < 0n ? `(${n}i)` : `${n}i`;
}

/** The zero (or all-false) value of a register type. */
export function zeroLiteral(t: Type): string {
  return splatLiteral(t, 0);
}

/** `v` in every lane of `t` (or `v` itself for a scalar type). */
export function splatLiteral(t: Type, v: number): string {
  const elem = elementOf(t);
  const s = scalarLiteral(elem, isI1(elem) ? BigInt(v) : elem instanceof FloatType ? v : BigInt(v));
  return t instanceof VectorType ? `${wgslType(t)}(${s})` : s;
}

/** The u32 form of a signless integer register type (for unsigned ops): `u32`, `vec4<u32>`. */
export function unsignedType(t: Type): string {
  return t instanceof VectorType ? `vec${t.shape[0]}<u32>` : 'u32';
}
