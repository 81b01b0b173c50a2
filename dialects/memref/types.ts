import { AffineBinaryOpExpr, AffineConstantExpr, AffineDimExpr, type AffineExpr, type AffineMap } from '../../core/ir/affine.js';
import { AffineMapAttr, StridedLayoutAttr } from '../../core/ir/attributes.js';
import { isDynamicIndex } from './dynamic-index-list.js';
import { typeConstraint } from '../../core/ir/constraints.js';
import { FloatType, IntegerType, MemRefType, ShapedType, UnrankedMemRefType, type Type } from '../../core/ir/types.js';

const isBaseMemRef = (t: Type) => t instanceof MemRefType || t instanceof UnrankedMemRefType;

export const AnyRankedOrUnrankedMemRef = typeConstraint('ranked or unranked memref of any type values', isBaseMemRef, undefined, isBaseMemRef);
export const AnyNon0RankedOrUnrankedMemRef = typeConstraint(
  'unranked.memref of any type values or non-0-ranked.memref of any type values',
  (t) => (t instanceof MemRefType && t.rank > 0) || t instanceof UnrankedMemRefType,
);

/** Whole bytes of one element of type `e` (types other than integers and floats count as 4). */
export function elementByteSize(e: Type): number {
  return Math.ceil((e instanceof FloatType || e instanceof IntegerType ? e.width : 32) / 8);
}

/** The bytes a statically shaped memref holds (elementByteSize per element). */
export function staticByteSize(t: MemRefType): number {
  return t.shape.reduce((n, d) => n * d, 1) * elementByteSize(t.elementType);
}

export function elementTypeOf(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t;
}

/** Strides and offset of a memref (null = dynamic), MLIR's getStridesAndOffset; undefined for non-strided layouts. */
export function stridesAndOffset(t: MemRefType): { strides: (number | null)[]; offset: number | null } | undefined {
  const layout = t.layout;
  if (layout instanceof StridedLayoutAttr) return { strides: [...layout.strides], offset: layout.offset };
  if (layout !== undefined) {
    if (layout instanceof AffineMapAttr && layout.map.numSymbols === 0 && layout.toString() === identityMapText(t.rank)) return canonical(t);
    if (layout instanceof AffineMapAttr) return affineStridesAndOffset(layout.map, t.rank);
    return undefined;
  }
  return canonical(t);
}

/** A value of a stride computation: a constant, or null for one that involves symbols. */
type Coef = number | null;
const cAdd = (a: Coef, b: Coef): Coef => (a === null || b === null ? null : a + b);
const cMul = (a: Coef, b: Coef): Coef => (a === null || b === null ? null : a * b);
const constOf = (e: AffineExpr): Coef => (e instanceof AffineConstantExpr ? Number(e.value) : null);

/**
 * Strides and offset of a single-result affine layout (MLIR's getStridesAndOffset through
 * extractStrides): a sum of terms, each a dimension times a symbolic or constant factor, or part of
 * the offset; a symbol anywhere in a coefficient makes it dynamic. Undefined for div and mod.
 */
function affineStridesAndOffset(map: AffineMap, rank: number): { strides: (number | null)[]; offset: number | null } | undefined {
  if (map.numResults !== 1) return undefined;
  const strides: Coef[] = new Array(rank).fill(0);
  let offset: Coef = 0;
  const extract = (e: AffineExpr, factor: Coef): boolean => {
    if (e instanceof AffineDimExpr) {
      strides[e.position] = cAdd(strides[e.position]!, factor);
      return true;
    }
    if (!(e instanceof AffineBinaryOpExpr)) {
      offset = cAdd(offset, cMul(constOf(e), factor));
      return true;
    }
    if (e.kind === 'add') {
      const a = extract(e.lhs, factor);
      const b = extract(e.rhs, factor);
      return a && b;
    }
    if (e.kind !== 'mul') return false;
    if (e.lhs instanceof AffineDimExpr) {
      strides[e.lhs.position] = cAdd(strides[e.lhs.position]!, cMul(constOf(e.rhs), factor));
      return true;
    }
    if (e.isSymbolicOrConstant()) {
      offset = cAdd(offset, cMul(constOf(e), factor));
      return true;
    }
    if (e.lhs.isSymbolicOrConstant()) return extract(e.rhs, cMul(factor, constOf(e.lhs)));
    return extract(e.lhs, cMul(factor, constOf(e.rhs)));
  };
  if (!extract(map.getResult(0), 1)) return undefined;
  // A zero stride would alias elements: MLIR takes it as not strided.
  if (strides.some((s) => s === 0)) return undefined;
  return { strides, offset };
}

function identityMapText(rank: number): string {
  const dims = Array.from({ length: rank }, (_, i) => `d${i}`).join(', ');
  return `affine_map<(${dims}) -> (${dims})>`;
}

function canonical(t: MemRefType): { strides: (number | null)[]; offset: number | null } {
  const strides: (number | null)[] = new Array(t.rank);
  let running: number | null = 1;
  for (let i = t.rank - 1; i >= 0; i--) {
    strides[i] = running;
    const d = t.shape[i]!;
    running = running === null || d < 0 ? null : running * d;
  }
  return { strides, offset: 0 };
}

/** Symbols of the layout's affine map (a strided layout's map has one per dynamic offset or stride). */
function layoutNumSymbols(t: MemRefType): number {
  const l = t.layout;
  if (l instanceof StridedLayoutAttr) return [l.offset, ...l.strides].filter((v) => v === null).length;
  return l instanceof AffineMapAttr ? l.map.numSymbols : 0;
}
export { layoutNumSymbols };

/** MLIR's SaturatedInteger product: 0 times anything is 0, else dynamic (null) wins. */
function satMul(a: number | null, b: number | null): number | null {
  if (a === 0 || b === 0) return 0;
  return a === null || b === null ? null : a * b;
}

/** The result type of a subview that drops no dimension (MLIR's SubViewOp::inferResultType). */
export function inferSubViewType(source: MemRefType, offsets: bigint[], sizes: bigint[], strides: bigint[]): MemRefType | undefined {
  const so = stridesAndOffset(source);
  if (!so) return undefined;
  const value = (v: bigint) => (isDynamicIndex(v) ? null : Number(v));
  let offset: number | null = so.offset;
  offsets.forEach((o, i) => {
    const term = satMul(value(o), so.strides[i] ?? null);
    offset = offset === null || term === null ? null : offset + term;
  });
  const outStrides = strides.map((st, i) => satMul(value(st), so.strides[i] ?? null));
  const shape = sizes.map((s) => (isDynamicIndex(s) ? -1 : Number(s)));
  return MemRefType.get(shape, source.elementType, StridedLayoutAttr.get(offset, outStrides), source.memorySpace);
}

/** Whether a memref's innermost dimension has stride 1 (accesses along it can be vectorized and coalesced). */
export function innermostContiguous(t: Type): boolean {
  if (!(t instanceof MemRefType)) return false;
  const layout = stridesAndOffset(t);
  return layout !== undefined && layout.strides[layout.strides.length - 1] === 1;
}

/** How many times each stride occurs (dynamic ones counted together). */
function strideCounts(strides: readonly (number | null)[]): Map<number | null, number> {
  const counts = new Map<number | null, number>();
  for (const s of strides) counts.set(s, (counts.get(s) ?? 0) + 1);
  return counts;
}

/**
 * The dimensions of `original` that `reduced` drops (MLIR's computeMemRefRankReductionMask): the
 * static unit sizes, narrowed by strides where there are more of them than dropped dimensions.
 */
export function memRefRankReductionMask(original: MemRefType, reduced: MemRefType, sizes: readonly bigint[]): boolean[] | undefined {
  const unused = sizes.map((s) => s === 1n);
  if (original.rank === reduced.rank) return unused.map(() => false);
  const count = () => unused.filter(Boolean).length;
  if (count() + reduced.rank === original.rank) return unused;
  const o = stridesAndOffset(original);
  const r = stridesAndOffset(reduced);
  if (!o || !r) return undefined;
  const unaccounted = strideCounts(o.strides);
  const candidate = strideCounts(r.strides);
  for (let d = 0; d < unused.length; d++) {
    if (!unused[d]) continue;
    const stride = o.strides[d]!;
    const [have, want] = [unaccounted.get(stride) ?? 0, candidate.get(stride) ?? 0];
    if (have > want) unaccounted.set(stride, have - 1);
    else if (have === want) unused[d] = false;
    else return undefined;
  }
  return count() + reduced.rank === original.rank ? unused : undefined;
}
