/**
 * Types of memref.expand_shape and memref.collapse_shape: the reassociation checks and the
 * layouts MLIR 19 computes (computeExpandedLayoutMap, computeCollapsedLayoutMap, verifyCollapsedShape).
 */
import { AffineMapAttr, ArrayAttr, IntegerAttr, StridedLayoutAttr } from '../../core/ir/attributes.js';
import { MemRefType } from '../../core/ir/types.js';
import { stridesAndOffset } from './types.js';

/** `[[0, 1], [2]]` as lists of numbers. */
export function reassociationOf(a: ArrayAttr): number[][] {
  return a.elements.map((g) => (g as ArrayAttr).elements.map((e) => Number((e as IntegerAttr).value)));
}

export function isReassociationAttr(a: unknown): a is ArrayAttr {
  return a instanceof ArrayAttr && a.elements.every((g) => g instanceof ArrayAttr && g.elements.every((e) => e instanceof IntegerAttr && e.type.toString() === 'i64'));
}

/**
 * No layout, or one whose affine map is the identity (MLIR's MemRefLayoutAttrInterface::isIdentity):
 * among strided layouts, only `strided<[1]>` of rank 1.
 */
export function hasIdentityLayout(t: MemRefType): boolean {
  const l = t.layout;
  if (l === undefined) return true;
  if (l instanceof StridedLayoutAttr) return t.rank === 1 && l.offset === 0 && l.strides[0] === 1;
  if (!(l instanceof AffineMapAttr) || l.map.numSymbols !== 0) return false;
  const dims = Array.from({ length: t.rank }, (_, i) => `d${i}`).join(', ');
  return l.toString() === `affine_map<(${dims}) -> (${dims})>`;
}

/** Product of sizes/strides where null (dynamic) saturates (MLIR's SaturatedInteger). */
const mul = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a * b);
const dim = (d: number): number | null => (d < 0 ? null : d);

/** MLIR's verifyCollapsedShape: a message for the first violation, else undefined. */
export function collapsedShapeError(collapsed: readonly number[], expanded: readonly number[], groups: readonly number[][]): string | undefined {
  if (collapsed.length !== groups.length) return `invalid number of reassociation groups: found ${groups.length}, expected ${collapsed.length}`;
  let next = 0;
  for (let g = 0; g < groups.length; g++) {
    let dynamic = false;
    for (const d of groups[g]!) {
      if (d !== next++) return 'reassociation indices must be contiguous';
      if (d >= expanded.length) return `reassociation index ${d} is out of bounds`;
      if (expanded[d]! < 0) dynamic = true;
    }
    if (collapsed[g]! < 0 !== dynamic) return `collapsed dim (${g}) must be dynamic if and only if reassociation group is dynamic`;
    if (!dynamic) {
      const size = groups[g]!.reduce((p, d) => p * expanded[d]!, 1);
      if (size !== collapsed[g]) return `collapsed dim size (${collapsed[g]}) must equal reassociation group size (${size})`;
    }
  }
  if (collapsed.length === 0) {
    if (expanded.some((d) => d !== 1)) return 'rank 0 memrefs can only be extended/collapsed with/from ones';
  } else if (next !== expanded.length) {
    return `expanded rank (${expanded.length}) inconsistent with number of reassociation indices (${next})`;
  }
  return undefined;
}

/** The type expand_shape gives `src` for `shape` (MLIR's ExpandShapeOp::computeExpandedType); undefined for a non-strided source. */
export function expandedType(src: MemRefType, shape: readonly number[], groups: readonly number[][]): MemRefType | undefined {
  if (hasIdentityLayout(src)) return MemRefType.get(shape, src.elementType, undefined, src.memorySpace);
  const so = stridesAndOffset(src);
  if (!so) return undefined;
  const reversed: (number | null)[] = [];
  let at = shape.length - 1;
  for (let g = groups.length - 1; g >= 0; g--) {
    let stride: number | null = so.strides[g]!;
    for (let k = 0; k < groups[g]!.length; k++) {
      reversed.push(stride);
      stride = mul(stride, dim(shape[at--]!));
    }
  }
  const strides = reversed.reverse();
  while (strides.length < shape.length) strides.push(1);
  return MemRefType.get(shape, src.elementType, StridedLayoutAttr.get(so.offset, strides), src.memorySpace);
}

/** The layout collapse_shape gives `src` (MLIR's computeCollapsedLayoutMap, not strict); undefined when not collapsible. */
export function collapsedLayout(src: MemRefType, groups: readonly number[][]): StridedLayoutAttr | undefined {
  const so = stridesAndOffset(src);
  if (!so) return undefined;
  const shape = src.shape;
  const strides = groups.map((group) => {
    let end = group.length;
    while (shape[group[end - 1]!] === 1 && end > 1) end--;
    const last = group[end - 1]!;
    return shape[last]! >= 0 || end === 1 ? so.strides[last]! : null;
  });
  for (let g = groups.length - 1; g >= 0; g--) {
    let stride: number | null = strides[g]!;
    const group = groups[g]!;
    for (let k = group.length - 1; k >= 1; k--) {
      const idx = group[k]!;
      stride = mul(stride, dim(shape[idx]!));
      const srcStride = so.strides[idx - 1]!;
      // (LLVM 19 does not skip unit dimensions here; later versions do.)
      if (stride !== null && srcStride !== null && stride !== srcStride) return undefined;
    }
  }
  return StridedLayoutAttr.get(so.offset, strides);
}
