/** memref.reinterpret_cast, memref.view, memref.extract_strided_metadata and memref.rank (MLIR 19). */
import { type AffineDimExpr, stridedLinearLayoutMap, type AffineMap } from '../../core/ir/affine.js';
import { AffineMapAttr, IntegerAttr, StridedLayoutAttr, type DenseArrayAttr } from '../../core/ir/attributes.js';
import { AnyMemRef, attrConstraint, I8MemRefOfRank1, Index, required, variadic } from '../../core/ir/constraints.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';
import { castVerifier, type CastCompatible } from '../../core/ir/cast-like.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { Pure, ViewLike } from '../../core/ir/traits.js';
import { IndexType, MemRefType, UnrankedMemRefType, type Type } from '../../core/ir/types.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { definePattern } from '../../core/rewrite/pattern.js';
import type { Value } from '../../core/ir/value.js';
import { materializeArithConstant } from '../arith/materialize.js';
import { memrefFolders } from './canonicalization.js';
import { DynamicIndexList, isDynamicIndex, offsetSizeStrideAttributes, offsetSizeStrideOperands, staticOffsetsSizesStrides, verifyOffsetSizeAndStride } from './dynamic-index-list.js';
import { AnyStridedMemRef } from './reshape-ops.js';
import { hasIdentityLayout } from './reshape-types.js';
import { AnyRankedOrUnrankedMemRef, stridesAndOffset } from './types.js';

const AffineMapAttrC = attrConstraint('AffineMap attribute', (a): a is AffineMapAttr => a instanceof AffineMapAttr);

const staticList = (op: Operation, name: string): bigint[] => [...((op.properties.get(name) as DenseArrayAttr).values as bigint[])];
const segments = (op: Operation): number[] => (op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers;
/** MLIR reports these with emitError, without the op-name prefix. */
const unprefixed = (op: Operation, m: string) => new Diagnostic('error', op.loc, m);

/** A static entry, an index constant's value, or the SSA value (MLIR's constified OpFoldResults). */
type Constified = bigint | Value;
function constify(v: Value): Constified {
  const c = constantValue(v);
  return c instanceof IntegerAttr ? c.value : v;
}

/** The offsets, sizes and strides of a reinterpret_cast, constified. */
function reinterpretCastMixed(op: Operation): Constified[][] {
  const [, nOff, nSize] = segments(op);
  const dynamic = op.operands.slice(1);
  const lists = [dynamic.slice(0, nOff), dynamic.slice(nOff, nOff! + nSize!), dynamic.slice(nOff! + nSize!)];
  return ['static_offsets', 'static_sizes', 'static_strides'].map((name, k) => {
    let at = 0;
    return staticList(op, name).map((v) => (isDynamicIndex(v) ? constify(lists[k]![at++]!) : v));
  });
}

/**
 * reinterpret_cast(extract_strided_metadata(x)) with x's own offset, sizes and strides -> x, or a
 * cast of x to the result type (MLIR's ReinterpretCastOpExtractStridedMetadataFolder).
 */
const ReinterpretCastOpExtractStridedMetadataFolder = definePattern({
  name: 'ReinterpretCastOpExtractStridedMetadataFolder',
  root: 'memref.reinterpret_cast',
  matchAndRewrite(op, rw) {
    const extract = op.operand(0).definingOp;
    if (extract?.name !== 'memref.extract_strided_metadata') return false;
    const source = extract.operand(0);
    const type = source.type as MemRefType;
    const so = stridesAndOffset(type)!;
    const rank = type.rank;
    const known = (v: number | null, r: Value): Constified => (v === null || v < 0 ? constify(r) : BigInt(v));
    const offset = known(so.offset, extract.results[1]!);
    const sizes = type.shape.map((d, i) => known(d, extract.results[2 + i]!));
    const strides = so.strides.map((st, i) => known(st, extract.results[2 + rank + i]!));
    const [cOffsets, cSizes, cStrides] = reinterpretCastMixed(op);
    const same = (a: readonly Constified[], b: readonly Constified[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    if (!same(strides, cStrides!) || !same(sizes, cSizes!) || !same([offset], cOffsets!)) return false;
    if (source.type === op.resultTypes[0]) rw.replaceOp(op, [source]);
    else rw.replaceOpWithNew(op, { name: 'memref.cast', operands: [source], resultTypes: [op.resultTypes[0]!] });
    return true;
  },
});

export const ReinterpretCastOp = defineOp({
  name: 'memref.reinterpret_cast',
  summary: 'memref reinterpret cast operation',
  operands: { source: AnyRankedOrUnrankedMemRef, ...offsetSizeStrideOperands },
  results: { result: AnyMemRef },
  attributes: offsetSizeStrideAttributes,
  traits: [Pure, ViewLike],
  fold: memrefFolders['memref.reinterpret_cast'],
  canonicalize: [ReinterpretCastOpExtractStridedMetadataFolder],
  customDirectives: { DynamicIndexList },
  assemblyFormat:
    '$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
  verify(op) {
    const res = op.resultTypes[0] as MemRefType;
    // OffsetSizeAndStrideOpInterface: one offset, as many sizes and strides as the result rank.
    const mixed = verifyOffsetSizeAndStride(op, [1, res.rank, res.rank]);
    if (mixed) return mixed;
    const [offsets, sizes, strides] = staticOffsetsSizesStrides(op);
    const src = op.operand(0).type as MemRefType | UnrankedMemRefType;
    if (src.memorySpace !== res.memorySpace) return unprefixed(op, `different memory spaces specified for source type '${src}' and result memref type '${res}'`);
    if (src.elementType !== res.elementType) return unprefixed(op, `different element types specified for source type '${src}' and result memref type '${res}'`);
    const known = (v: bigint | number | null) => v !== null && !isDynamicIndex(v) && Number(v) >= 0;
    for (let i = 0; i < res.rank; i++) {
      const [r, e] = [res.shape[i]!, sizes[i]!];
      if (r >= 0 && !isDynamicIndex(e) && BigInt(r) !== e) return unprefixed(op, `expected result type with size = ${e} instead of ${r} in dim = ${i}`);
    }
    const so = stridesAndOffset(res);
    if (!so) return unprefixed(op, `expected result type to have strided layout but found '${res}'`);
    const offset = offsets[0]!;
    if (so.offset !== null && !isDynamicIndex(offset) && BigInt(so.offset) !== offset) {
      return unprefixed(op, `expected result type with offset = ${offset} instead of ${so.offset}`);
    }
    for (let i = 0; i < so.strides.length; i++) {
      const [r, e] = [so.strides[i]!, strides[i]!];
      if (known(r) && !isDynamicIndex(e) && BigInt(r!) !== e) return unprefixed(op, `expected result type with stride = ${e} instead of ${r} in dim = ${i}`);
    }
  },
  resultNames: () => ['reinterpret_cast'],
});

const constantIndex = (v: Value): bigint | undefined => {
  const c = constantValue(v);
  return c instanceof IntegerAttr && c.type instanceof IndexType ? c.value : undefined;
};

/** Constant size operands become static sizes of the view's type, cast back to the old type (MLIR's ViewOpShapeFolder). */
const ViewOpShapeFolder = definePattern({
  name: 'ViewOpShapeFolder',
  root: 'memref.view',
  matchAndRewrite(op, rw) {
    if (!op.operands.some((v) => constantIndex(v) !== undefined)) return false;
    const type = op.resultTypes[0] as MemRefType;
    const sizes = op.operands.slice(2);
    const kept: Value[] = [];
    let at = 0;
    const shape = type.shape.map((d) => {
      if (d >= 0) return d;
      const size = sizes[at++]!;
      const c = constantIndex(size);
      if (c !== undefined) return Number(c);
      kept.push(size);
      return d;
    });
    const newType = MemRefType.get(shape, type.elementType, type.layout, type.memorySpace);
    if (newType === type) return false;
    const view = rw.create({ name: 'memref.view', operands: [op.operand(0), op.operand(1), ...kept], resultTypes: [newType], loc: op.loc });
    rw.replaceOpWithNew(op, { name: 'memref.cast', operands: [view.results[0]!], resultTypes: [type] });
    return true;
  },
});

/** view(cast(alloc)) -> view(alloc) (MLIR's ViewOpMemrefCastFolder). */
const ViewOpMemrefCastFolder = definePattern({
  name: 'ViewOpMemrefCastFolder',
  root: 'memref.view',
  matchAndRewrite(op, rw) {
    const cast = op.operand(0).definingOp;
    if (cast?.name !== 'memref.cast') return false;
    const alloc = cast.operand(0);
    if (alloc.definingOp?.name !== 'memref.alloc') return false;
    rw.replaceOpWithNew(op, { name: 'memref.view', operands: [alloc, ...op.operands.slice(1)], resultTypes: [op.resultTypes[0]!] });
    return true;
  },
});

export const ViewOp = defineOp({
  name: 'memref.view',
  summary: 'memref view operation',
  operands: { source: I8MemRefOfRank1, byte_shift: Index, sizes: variadic(Index) },
  results: { result: AnyMemRef },
  traits: [Pure, ViewLike],
  canonicalize: [ViewOpShapeFolder, ViewOpMemrefCastFolder],
  assemblyFormat: '$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)',
  verify(op) {
    const base = op.operand(0).type as MemRefType;
    const view = op.resultTypes[0] as MemRefType;
    if (!hasIdentityLayout(base)) return unprefixed(op, `unsupported map for base memref type '${base}'`);
    if (!hasIdentityLayout(view)) return unprefixed(op, `unsupported map for result memref type '${view}'`);
    if (base.memorySpace !== view.memorySpace) return unprefixed(op, `different memory spaces specified for base memref type '${base}' and view memref type '${view}'`);
    if (op.numOperands - 2 !== view.shape.filter((d) => d < 0).length) return unprefixed(op, `incorrect number of size operands for type '${view}'`);
  },
  resultNames: () => ['view'],
});

/** The rank-0 memref of the base buffer: element type and memory space of `t`. */
function baseBufferType(t: MemRefType): MemRefType {
  return MemRefType.get([], t.elementType, undefined, t.memorySpace);
}

/**
 * Uses of an offset, size or stride that the source type gives statically take an index constant
 * instead (MLIR's ExtractStridedMetadataOp::fold, here a pattern as it builds constants).
 */
const constifyStridedMetadata = definePattern({
  name: 'ExtractStridedMetadataConstantUses',
  root: 'memref.extract_strided_metadata',
  matchAndRewrite(op, rw) {
    const t = op.operand(0).type as MemRefType;
    const so = stridesAndOffset(t);
    if (!so) return false;
    const statics = [so.offset, ...t.shape.map((d) => (d < 0 ? null : d)), ...so.strides];
    let changed = false;
    statics.forEach((v, i) => {
      const r = op.results[i + 1]!;
      if (v === null || r.uses.length === 0) return;
      rw.setInsertionPointBefore(op);
      const c = materializeArithConstant(rw, IntegerAttr.get(IndexType.get(), BigInt(v)), IndexType.get(), op.loc)!;
      rw.replaceAllValueUsesWith(r, c.results[0]!);
      changed = true;
    });
    return changed;
  },
});

export const ExtractStridedMetadataOp = defineOp({
  name: 'memref.extract_strided_metadata',
  summary: 'extracts a buffer base with offset and strides',
  operands: { source: AnyStridedMemRef },
  // MLIR's base_buffer, offset, sizes and strides (SameVariadicResultSize: as many sizes as strides).
  results: { base_buffer: AnyMemRef, offset: Index, sizesAndStrides: variadic(Index) },
  traits: [Pure],
  canonicalize: [constifyStridedMetadata],
  assemblyFormat: '$source `:` type($source) `->` type(results) attr-dict',
  inferResultTypes(operands) {
    const t = operands[0]!.type as MemRefType;
    const index = IndexType.get();
    return [baseBufferType(t), index, ...t.shape.map(() => index), ...t.shape.map(() => index)];
  },
  verify(op) {
    const t = op.operand(0).type as MemRefType;
    const index = IndexType.get();
    const expected = [baseBufferType(t), index, ...t.shape.map(() => index), ...t.shape.map(() => index)];
    const actual = op.resultTypes;
    if (expected.length !== actual.length || expected.some((e, i) => e !== actual[i])) {
      const list = (ts: readonly Type[]) => ts.map((t) => `'${t}'`).join(', ');
      return `inferred type(s) ${list(expected)} are incompatible with return type(s) of operation ${list(actual)}`;
    }
  },
  resultNames: (op) => {
    const rank = (op.results.length - 2) / 2;
    const names: (string | undefined)[] = ['base_buffer', 'offset'];
    if (rank > 0) {
      names[2] = 'sizes';
      names[2 + rank] = 'strides';
    }
    return names;
  },
});

export const RankOp = defineOp({
  name: 'memref.rank',
  summary: 'rank operation',
  operands: { memref: AnyRankedOrUnrankedMemRef },
  results: { result: Index },
  traits: [Pure],
  fold: (op) => {
    const t = op.operand(0).type;
    return t instanceof MemRefType ? IntegerAttr.get(IndexType.get(), BigInt(t.rank)) : undefined;
  },
  assemblyFormat: '$memref attr-dict `:` type($memref)',
});

export const ExtractAlignedPointerAsIndexOp = defineOp({
  name: 'memref.extract_aligned_pointer_as_index',
  summary: "extracts a memref's underlying aligned pointer as an index",
  operands: { source: AnyRankedOrUnrankedMemRef },
  results: { aligned_pointer: Index },
  traits: [Pure],
  assemblyFormat: '$source `:` type($source) `->` type(results) attr-dict',
  resultNames: () => ['intptr'],
});

/** Same element type, shape and layout, in any memory space (MLIR's MemorySpaceCastOp::areCastCompatible). */
function memorySpaceCastCompatible(a: Type, b: Type): boolean {
  if (a instanceof MemRefType && b instanceof MemRefType) {
    return a.elementType === b.elementType && a.layout === b.layout && a.rank === b.rank && a.shape.every((d, i) => d === b.shape[i]);
  }
  if (a instanceof UnrankedMemRefType && b instanceof UnrankedMemRefType) return a.elementType === b.elementType;
  return false;
}

/** A cast of one memref to another (memref.cast, memref.memory_space_cast): Pure and ViewLike, to a type `compatible` allows. */
export function memrefCastOp<const N extends string>(name: N, summary: string, compatible: CastCompatible, resultName: string) {
  return defineOp({
    name,
    summary,
    operands: { source: AnyRankedOrUnrankedMemRef },
    results: { dest: AnyRankedOrUnrankedMemRef },
    traits: [Pure, ViewLike],
    fold: memrefFolders[name],
    assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
    verify: castVerifier(compatible),
    resultNames: () => [resultName],
  });
}

export const MemorySpaceCastOp = memrefCastOp('memref.memory_space_cast', 'memref memory space cast operation', memorySpaceCastCompatible, 'memspacecast');

/** `t` with the shape and strides permuted by `perm` (MLIR's inferTransposeResultType); undefined for a non-strided `t`. */
export function transposedType(t: MemRefType, perm: AffineMap): MemRefType | undefined {
  const so = stridesAndOffset(t);
  if (!so) return undefined;
  const order = perm.results.map((r) => (r as AffineDimExpr).position);
  return MemRefType.get(
    order.map((d) => t.shape[d]!),
    t.elementType,
    StridedLayoutAttr.get(
      so.offset,
      order.map((d) => so.strides[d]!),
    ),
    t.memorySpace,
  );
}

/**
 * The layout of `t` as MLIR's canonicalizeStridedLayout writes it: none where it is the row-major
 * one, else a strided layout as its affine map.
 */
function canonicalStridedType(t: MemRefType): MemRefType {
  const so = stridesAndOffset(t);
  if (!so || t.layout instanceof AffineMapAttr || t.rank === 0) return t;
  const rowMajor = MemRefType.get(t.shape, t.elementType, undefined, t.memorySpace);
  const identity = stridesAndOffset(rowMajor)!;
  if (so.offset === 0 && so.strides.every((s, i) => s !== null && s === identity.strides[i])) return rowMajor;
  return MemRefType.get(t.shape, t.elementType, AffineMapAttr.get(stridedLinearLayoutMap(so.offset, so.strides)), t.memorySpace);
}

/** Same shape, element type, memory space, strides and offset. */
function sameStridedType(a: MemRefType, b: MemRefType): boolean {
  if (a.elementType !== b.elementType || a.memorySpace !== b.memorySpace || a.rank !== b.rank || a.shape.some((d, i) => d !== b.shape[i])) return false;
  const [sa, sb] = [stridesAndOffset(a), stridesAndOffset(b)];
  return !!sa && !!sb && sa.offset === sb.offset && sa.strides.every((s, i) => s === sb.strides[i]);
}

const permutationOf = (op: Operation) => (op.properties.get('permutation') as AffineMapAttr).map;

export const TransposeOp = defineOp({
  name: 'memref.transpose',
  summary: 'transpose produces a new strided memref (metadata-only)',
  operands: { in: AnyStridedMemRef },
  results: { result: AnyStridedMemRef },
  attributes: { permutation: required(AffineMapAttrC) },
  traits: [Pure, ViewLike],
  fold: memrefFolders['memref.transpose'],
  unprintedAttributes: () => ['permutation'],
  print(p, op) {
    p.write(' ');
    p.printOperand(op.operand(0));
    p.write(' ' + permutationOf(op).toString());
    p.printOptionalAttrDict(op, ['permutation']);
    p.write(' : ');
    p.printType(op.operand(0).type);
    p.write(' to ');
    p.printType(op.resultTypes[0]!);
  },
  parse(parser, state) {
    const input = parser.parseOperand();
    const perm = parser.parseAffineMap();
    parser.parseOptionalAttrDict(state);
    const typeOffset = parser.offset;
    const srcType = parser.parseColonType();
    parser.resolveOperands([input], [srcType], typeOffset, state.operands);
    parser.parseKeyword('to');
    state.types.push(parser.parseType());
    state.properties.set('permutation', AffineMapAttr.get(perm));
  },
  verify(op) {
    const perm = permutationOf(op);
    const src = op.operand(0).type as MemRefType;
    const res = op.resultTypes[0] as MemRefType;
    if (!perm.isPermutation()) return 'expected a permutation map';
    if (perm.numDims !== src.rank) return 'expected a permutation map of same rank as the input';
    const expected = transposedType(src, perm)!;
    if (!sameStridedType(expected, res)) {
      return `result type '${canonicalStridedType(res)}' is not equivalent to the canonical transposed input type '${canonicalStridedType(expected)}'`;
    }
  },
  resultNames: () => ['transpose'],
});
