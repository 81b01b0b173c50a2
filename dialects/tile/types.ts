import { typeConstraint } from '../../core/ir/constraints.js';
import { FloatType, IntegerType, MemRefType, RankedTensorType, type Type } from '../../core/ir/types.js';
import { AddressSpaceAttr } from '../gpu/attributes.js';
import { isRegisterLayout, SharedLayoutAttr } from './attributes.js';

export const RankedMemRef = typeConstraint('ranked memref', (t) => t instanceof MemRefType);
/** A register tile: a statically shaped ranked tensor with elements along every dimension (threads hold its elements). */
export const TileTensor = typeConstraint(
  'statically shaped ranked tensor without zero-size dimensions',
  (t) => t instanceof RankedTensorType && t.hasStaticShape && t.shape.every((d) => d > 0),
);

export const isFloat = (t: Type): t is FloatType => t instanceof FloatType;
export const isSignlessInt = (t: Type): t is IntegerType => t instanceof IntegerType && t.isSignless;
/** Element types `tile.dot` and `tile.matmul` multiply. */
export const isDotInput = (t: Type): boolean => t instanceof FloatType && (t.kind === 'f16' || t.kind === 'bf16' || t.kind === 'f32');

/** Global memory: no memory space, or `#gpu.address_space<global>`. */
export function isGlobalMemRef(t: Type): t is MemRefType {
  if (!(t instanceof MemRefType)) return false;
  const ms = t.memorySpace;
  return ms === undefined || (ms instanceof AddressSpaceAttr && ms.value === 'global');
}

/** Workgroup memory: `#gpu.address_space<workgroup>`. */
export function isWorkgroupMemRef(t: Type): t is MemRefType {
  return t instanceof MemRefType && t.memorySpace instanceof AddressSpaceAttr && t.memorySpace.value === 'workgroup';
}

export const shapeText = (shape: readonly number[]): string => shape.map((d) => (d < 0 ? '?' : String(d))).join('x');

/** Two dimensions agree unless both are static and differ. */
export const dimsAgree = (a: number, b: number): boolean => a < 0 || b < 0 || a === b;

/**
 * Why a register tile's encoding is not acceptable, or undefined: tiles carry no encoding or a
 * `#tile.blocked` or `#tile.slice` layout of their rank; shared layouts describe workgroup buffers, not registers.
 */
export function tileEncodingError(t: RankedTensorType, what: string): string | undefined {
  const enc = t.encoding;
  if (enc === undefined) return undefined;
  if (enc instanceof SharedLayoutAttr) return `${what} has a #tile.shared encoding, which describes workgroup buffers (put it on tile.alloc), not register tiles`;
  if (!isRegisterLayout(enc)) return `${what} has encoding ${enc}, expected none, #tile.blocked or #tile.slice`;
  if (enc.rank !== t.rank) return `${what} has a rank-${enc.rank} layout on a rank-${t.rank} tensor`;
  return undefined;
}

/** The first encoding error among `types` (named by `names`). */
export function firstEncodingError(types: readonly Type[], names: readonly string[]): string | undefined {
  for (let i = 0; i < types.length; i++) {
    const t = types[i];
    if (t instanceof RankedTensorType) {
      const e = tileEncodingError(t, names[i]!);
      if (e) return e;
    }
  }
  return undefined;
}
