/**
 * memref folders and canonicalization patterns, named as in MLIR 19's MemRefOps.cpp. Ops are
 * matched and built by name (the op declarations import this module).
 */
import { AffineMap, type AffineDimExpr } from '../../core/ir/affine.js';
import { AffineMapAttr, IntegerAttr, StridedLayoutAttr, type Attribute, type DenseArrayAttr } from '../../core/ir/attributes.js';
import type { Location } from '../../core/ir/location.js';
import { segmentSizesAttr, type FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { IndexType, MemRefType, UnrankedMemRefType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { constantInt, constantValue } from '../../core/rewrite/folder.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import type { PatternRewriter } from '../../core/rewrite/rewriter.js';
import { denseI64, isDynamicIndex, kDynamicIndex } from './dynamic-index-list.js';
import { inferSubViewType, memRefRankReductionMask, stridesAndOffset } from './types.js';

type Folder = (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult[] | FoldResult | undefined;

const castSource = (v: Value): Value | undefined => {
  const def = v.definingOp;
  return def?.name === 'memref.cast' ? def.operandSlots[0]!.value : undefined;
};

/**
 * Operands produced by a memref.cast from a ranked memref take the cast's source instead
 * (MLIR's foldMemRefCast), all but `inner`. True when one did.
 */
export function foldMemRefCast(op: Operation, inner?: Value): boolean {
  let folded = false;
  const slots = op.operandSlots;
  for (let i = 0; i < slots.length; i++) {
    const v = slots[i]!.value;
    const source = castSource(v);
    if (source && v !== inner && !(source.type instanceof UnrankedMemRefType)) {
      op.setOperand(i, source);
      folded = true;
    }
  }
  return folded;
}

/** Folded in place: the op's own results (none for ops without results). */
const inPlace = (op: Operation): FoldResult[] => [...op.results];

/** A static extent where the other is dynamic, or the other way round. */
const isDynamic = (n: number | null) => n === null || n < 0;
/** A cast from `source` to `result` loses static information only (MLIR's CastOp::canFoldIntoConsumerOp). */
export function castCanFoldIntoConsumer(cast: Operation): boolean {
  const source = cast.operandSlots[0]!.value.type;
  const result = cast.results[0]!.type;
  if (!(source instanceof MemRefType) || !(result instanceof MemRefType)) return false;
  if (source.elementType !== result.elementType || source.rank !== result.rank) return false;
  const s = stridesAndOffset(source);
  const r = stridesAndOffset(result);
  if (!s || !r) return false;
  const towardsStatic = (a: number | null, b: number | null) => a !== b && isDynamic(a) && !isDynamic(b);
  if (source.shape.some((d, i) => towardsStatic(d, result.shape[i]!))) return false;
  if (towardsStatic(s.offset, r.offset)) return false;
  return !s.strides.some((st, i) => towardsStatic(st, r.strides[i] ?? null));
}

// ---- folders ------------------------------------------------------------------------------------

/** cast(cast(x)) -> cast(x); a cast to its source's type -> the source (CastOpInterface). */
const foldCast: Folder = (op) => {
  const folded = foldMemRefCast(op);
  const source = op.operandSlots[0]!.value;
  if (source.type === op.results[0]!.type) return source;
  return folded ? inPlace(op) : undefined;
};

/** op(cast(x)) -> op(x), in place: memref.load and memref.dealloc (vector.load and vector.store too). */
export const foldCastOperands: Folder = (op) => (foldMemRefCast(op) ? inPlace(op) : undefined);
/** store(v, cast(x)) -> store(v, x) (the stored value stays as it is). */
const foldStore: Folder = (op) => (foldMemRefCast(op, op.operandSlots[0]!.value) ? inPlace(op) : undefined);

/** copy(cast(x), cast(y)) -> copy(x, y) for casts that only lose static information. */
const foldCopy: Folder = (op) => {
  let folded = false;
  const slots = op.operandSlots;
  for (let i = 0; i < slots.length; i++) {
    const cast = slots[i]!.value.definingOp;
    if (cast?.name === 'memref.cast' && castCanFoldIntoConsumer(cast)) {
      op.setOperand(i, cast.operandSlots[0]!.value);
      folded = true;
    }
  }
  return folded ? inPlace(op) : undefined;
};

/** A subview's static_offsets/sizes/strides (dynamic entries are the sentinel isDynamicIndex knows). */
const staticList = (op: Operation, name: string): readonly bigint[] => (op.properties.get(name) as DenseArrayAttr).values as readonly bigint[];

/** The dynamic size operands of an alloc-like op (its first operand group). */
function allocDynamicSizes(alloc: Operation, type: MemRefType): Value[] {
  const count = type.shape.filter((d) => d < 0).length;
  return alloc.operands.slice(0, count);
}

/** The dimensions of a subview's source that its result keeps, when that is unambiguous. */
function keptSubViewDims(subview: Operation, source: MemRefType, result: MemRefType): number[] | undefined {
  // MLIR's SubViewOp::getDroppedDims: static unit sizes, chosen among by strides where needed.
  const dropped = memRefRankReductionMask(source, result, staticList(subview, 'static_sizes'));
  return dropped && source.shape.map((_, i) => i).filter((i) => !dropped[i]);
}

/**
 * dim of a static extent -> constant; of a dynamic one -> the size operand of the alloc, alloca,
 * view, subview or reinterpret_cast that made the memref; dim(cast(x)) -> dim(x) (MLIR's DimOp::fold).
 */
const foldDim: Folder = (op, operands) => {
  const index = operands[1];
  if (!(index instanceof IntegerAttr)) return undefined;
  const source = op.operandSlots[0]!.value;
  const type = source.type;
  if (!(type instanceof MemRefType)) return undefined;
  const i = Number(index.value);
  if (i < 0 || i >= type.rank) return undefined;
  if (type.shape[i]! >= 0) return IntegerAttr.get(IndexType.get(), type.shape[i]!);
  // The dynamic size's position among the dynamic dimensions.
  const dynamicIndex = type.shape.slice(0, i).filter((d) => d < 0).length;
  const def = source.definingOp;
  if (def?.name === 'memref.alloc' || def?.name === 'memref.alloca') return allocDynamicSizes(def, type)[dynamicIndex];
  // memref.view: source, byte shift, then the dynamic sizes.
  if (def?.name === 'memref.view') return def.operandSlots[2 + dynamicIndex]?.value;
  // Other ops with offsets, sizes and strides: the size operand, when the size is dynamic there too.
  if (def?.name === 'memref.reinterpret_cast') {
    const sizes = staticList(def, 'static_sizes');
    if (!isDynamicIndex(sizes[i]!)) return undefined;
    const dynamicOffsets = staticList(def, 'static_offsets').filter(isDynamicIndex).length;
    return def.operandSlots[1 + dynamicOffsets + sizes.slice(0, i).filter(isDynamicIndex).length]!.value;
  }
  if (def?.name === 'memref.subview') {
    const kept = keptSubViewDims(def, def.operandSlots[0]!.value.type as MemRefType, type);
    if (kept) {
      // The dynamic sizes come after the source and the dynamic offsets.
      const dynamicOffsets = staticList(def, 'static_offsets').filter(isDynamicIndex).length;
      const before = staticList(def, 'static_sizes').slice(0, kept[i]!).filter(isDynamicIndex).length;
      return def.operandSlots[1 + dynamicOffsets + before]!.value;
    }
  }
  return foldMemRefCast(op) ? inPlace(op) : undefined;
};

/**
 * A subview of the whole of a static source, or one that repeats the subview it reads from,
 * is its source (MLIR's SubViewOp::fold).
 */
const foldSubView: Folder = (op) => {
  const source = op.operandSlots[0]!.value;
  const resultType = op.results[0]!.type as MemRefType;
  if (resultType.hasStaticShape && resultType === source.type) return source;
  const inner = source.definingOp;
  if (inner?.name === 'memref.subview' && resultType === source.type) {
    const outer = mixedOf(op);
    const sameSizes = sameMixed(outer.sizes, mixedOf(inner).sizes);
    if (outer.offsets.every((o) => isConstantInt(o, 0n)) && outer.strides.every((s) => isConstantInt(s, 1n)) && sameSizes) return source;
  }
  return undefined;
};

/**
 * A reinterpret_cast reads past a reinterpret_cast, a cast or a subview at offset 0 it reads; one
 * that changes nothing of a static source is the source (MLIR's ReinterpretCastOp::fold).
 */
const foldReinterpretCast: Folder = (op) => {
  const src = op.operandSlots[0]!.value;
  const def = src.definingOp;
  const zeroOffsets = def?.name === 'memref.subview' && mixedOf(def).offsets.every((o) => isConstantInt(o, 0n));
  if (def && (def.name === 'memref.reinterpret_cast' || def.name === 'memref.cast' || zeroOffsets)) {
    op.setOperand(0, def.operandSlots[0]!.value);
    return inPlace(op);
  }
  const type = op.results[0]!.type as MemRefType;
  if (type.hasStaticShape && src.type === type && staticList(op, 'static_offsets')[0] === 0n) return src;
  return undefined;
};

/** memory_space_cast(memory_space_cast(x)) -> memory_space_cast(x); a cast to the source's type -> the source. */
const foldMemorySpaceCast: Folder = (op) => {
  const source = op.operandSlots[0]!.value;
  const def = source.definingOp;
  if (def?.name === 'memref.memory_space_cast') {
    op.setOperand(0, def.operandSlots[0]!.value);
    return inPlace(op);
  }
  // CastOpInterface's fold, after the op's own.
  if (source.type === op.results[0]!.type) return source;
  return undefined;
};

/**
 * An identity permutation that keeps the type -> the input; transpose(transpose(x)) -> one
 * transpose of x by the composed permutation (MLIR's TransposeOp::fold).
 */
const foldTranspose: Folder = (op) => {
  const input = op.operandSlots[0]!.value;
  const perm = (op.properties.get('permutation') as AffineMapAttr).map;
  if (perm.isIdentity() && input.type === op.results[0]!.type) return input;
  const def = input.definingOp;
  if (def?.name !== 'memref.transpose') return undefined;
  const inner = (def.properties.get('permutation') as AffineMapAttr).map;
  const order = perm.results.map((r) => inner.results[(r as AffineDimExpr).position]!);
  op.setOperand(0, def.operandSlots[0]!.value);
  op.setAttr('permutation', AffineMapAttr.get(AffineMap.get(inner.numDims, 0, order)));
  return inPlace(op);
};

export const memrefFolders: Readonly<Record<string, Folder>> = {
  'memref.memory_space_cast': foldMemorySpaceCast,
  'memref.transpose': foldTranspose,
  'memref.dma_start': foldCastOperands,
  'memref.dma_wait': foldCastOperands,
  'memref.prefetch': foldCastOperands,
  'memref.subview': foldSubView,
  'memref.reinterpret_cast': foldReinterpretCast,
  'memref.atomic_rmw': foldCastOperands,
  'memref.cast': foldCast,
  'memref.load': foldCastOperands,
  'memref.store': foldStore,
  'memref.dealloc': foldCastOperands,
  'memref.copy': foldCopy,
  'memref.dim': foldDim,
};

// ---- patterns -----------------------------------------------------------------------------------

/** A non-negative integer constant, as a number. */
function constantSize(v: Value): number | undefined {
  const c = staticValue(v);
  return c !== undefined && c >= 0n ? Number(c) : undefined;
}

/** Constant dynamic sizes of an alloc become static; a cast restores the old type (SimplifyAllocConst). */
function simplifyAllocConst(root: string): RewritePattern {
  return definePattern({
    name: 'SimplifyAllocConst',
    root,
    matchAndRewrite(alloc, rw) {
      const type = alloc.results[0]!.type as MemRefType;
      const sizes = allocDynamicSizes(alloc, type);
      if (!sizes.some((s) => constantSize(s) !== undefined)) return false;
      const shape: number[] = [];
      const dynamicSizes: Value[] = [];
      let k = 0;
      for (const d of type.shape) {
        if (d >= 0) {
          shape.push(d);
          continue;
        }
        const size = sizes[k++]!;
        const c = constantSize(size);
        shape.push(c ?? d);
        if (c === undefined) dynamicSizes.push(size);
      }
      const newType = MemRefType.get(shape, type.elementType, type.layout, type.memorySpace);
      const symbols = alloc.operands.slice(sizes.length);
      const alignment = alloc.properties.get('alignment');
      const newAlloc = rw.create({
        name: root,
        operands: [...dynamicSizes, ...symbols],
        resultTypes: [newType],
        properties: { operandSegmentSizes: segmentSizesAttr([dynamicSizes.length, symbols.length]), ...(alignment ? { alignment } : {}) },
        loc: alloc.loc,
      });
      const cast = rw.create({ name: 'memref.cast', operands: [newAlloc.results[0]!], resultTypes: [type], loc: alloc.loc });
      rw.replaceOp(alloc, cast.results);
      return true;
    },
  });
}

/** An allocation only deallocated or stored into is erased with those users (SimplifyDeadAlloc). */
function simplifyDeadAlloc(root: string): RewritePattern {
  return definePattern({
    name: 'SimplifyDeadAlloc',
    root,
    matchAndRewrite(alloc, rw) {
      const memref = alloc.results[0]!;
      const users = memref.uses.map((u) => u.owner);
      const removable = (user: Operation) => (user.name === 'memref.store' ? user.operandSlots[0]!.value !== memref : user.name === 'memref.dealloc');
      if (!users.every(removable)) return false;
      for (const user of users) rw.eraseOp(user);
      rw.eraseOp(alloc);
      return true;
    },
  });
}

/**
 * copy(cast(x), ...) -> copy(x, ...), for the source and the target (FoldCopyOfCast). MLIR 19
 * compares the cast's source type with itself, so any cast of a ranked memref qualifies.
 */
const FoldCopyOfCast = definePattern({
  name: 'FoldCopyOfCast',
  root: 'memref.copy',
  matchAndRewrite(copy, rw) {
    let modified = false;
    for (let i = 0; i < 2; i++) {
      const source = castSource(copy.operandSlots[i]!.value);
      if (source && source.type instanceof MemRefType) {
        rw.modifyOpInPlace(copy, () => copy.setOperand(i, source));
        modified = true;
      }
    }
    return modified;
  },
});

/** copy(x, x) is erased (FoldSelfCopy). */
const FoldSelfCopy = definePattern({
  name: 'FoldSelfCopy',
  root: 'memref.copy',
  matchAndRewrite(copy, rw) {
    if (copy.operandSlots[0]!.value !== copy.operandSlots[1]!.value) return false;
    rw.eraseOp(copy);
    return true;
  },
});

/** A copy from or to a memref with a zero extent is erased (FoldEmptyCopy). */
const FoldEmptyCopy = definePattern({
  name: 'FoldEmptyCopy',
  root: 'memref.copy',
  matchAndRewrite(copy, rw) {
    const empty = (v: Value) => v.type instanceof MemRefType && v.type.shape.includes(0);
    if (!empty(copy.operandSlots[0]!.value) && !empty(copy.operandSlots[1]!.value)) return false;
    rw.eraseOp(copy);
    return true;
  },
});

// ---- subview ------------------------------------------------------------------------------------

/** A static entry (a bigint) or a dynamic operand: MLIR's OpFoldResult. */
type Mixed = bigint | Value;
interface MixedLists {
  offsets: Mixed[];
  sizes: Mixed[];
  strides: Mixed[];
}

/** A subview's offsets, sizes and strides, static entries as numbers and dynamic ones as operands. */
function mixedOf(op: Operation): MixedLists {
  let next = 1;
  const mixed = (name: string) => staticList(op, name).map((v): Mixed => (isDynamicIndex(v) ? op.operandSlots[next++]!.value : v));
  return { offsets: mixed('static_offsets'), sizes: mixed('static_sizes'), strides: mixed('static_strides') };
}

const staticValue = (m: Mixed): bigint | undefined => (typeof m === 'bigint' ? m : constantInt(m));
/** MLIR's isConstantIntValue: a static entry or a constant operand equal to `n`. */
const isConstantInt = (m: Mixed, n: bigint): boolean => staticValue(m) === n;
const sameMixed = (a: readonly Mixed[], b: readonly Mixed[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const asStatic = (list: readonly Mixed[]) => list.map((m) => (typeof m === 'bigint' ? m : kDynamicIndex));

/**
 * Constant operands become static entries (MLIR's foldDynamicIndexList; strides keep a constant 0,
 * as foldDynamicStrideList); true when one did.
 */
function foldDynamicIndexList(list: Mixed[], onlyNonNegative: boolean, onlyNonZero = false): boolean {
  let changed = false;
  for (let i = 0; i < list.length; i++) {
    const m = list[i]!;
    if (typeof m === 'bigint') continue;
    const c = constantValue(m);
    if (!(c instanceof IntegerAttr) || (onlyNonNegative && c.value < 0n) || (onlyNonZero && c.value === 0n)) continue;
    list[i] = c.value;
    changed = true;
  }
  return changed;
}

/** `nonReduced` without the dimensions the subview drops (strided layout kept). */
function dropDims(nonReduced: MemRefType, kept: readonly number[]): MemRefType {
  if (kept.length === nonReduced.rank) return nonReduced;
  const layout = stridesAndOffset(nonReduced)!;
  return MemRefType.get(
    kept.map((d) => nonReduced.shape[d]!),
    nonReduced.elementType,
    StridedLayoutAttr.get(
      layout.offset,
      kept.map((d) => layout.strides[d]!),
    ),
    nonReduced.memorySpace,
  );
}

/** The canonical result type of a subview of `source` with `mixed`, dropping what `op` drops. */
function canonicalSubViewType(op: Operation, source: MemRefType, mixed: MixedLists): MemRefType | undefined {
  const nonReduced = inferSubViewType(source, asStatic(mixed.offsets), asStatic(mixed.sizes), asStatic(mixed.strides));
  if (!nonReduced) return undefined;
  const kept = keptSubViewDims(op, op.operandSlots[0]!.value.type as MemRefType, op.results[0]!.type as MemRefType);
  return kept ? dropDims(nonReduced, kept) : undefined;
}

function createSubView(rw: PatternRewriter, loc: Location, source: Value, type: MemRefType, mixed: MixedLists): Operation {
  const dynamic = (list: readonly Mixed[]) => list.filter((m): m is Value => typeof m !== 'bigint');
  const [offsets, sizes, strides] = [dynamic(mixed.offsets), dynamic(mixed.sizes), dynamic(mixed.strides)];
  return rw.create({
    name: 'memref.subview',
    operands: [source, ...offsets, ...sizes, ...strides],
    resultTypes: [type],
    properties: {
      static_offsets: denseI64(asStatic(mixed.offsets)),
      static_sizes: denseI64(asStatic(mixed.sizes)),
      static_strides: denseI64(asStatic(mixed.strides)),
      operandSegmentSizes: segmentSizesAttr([1, offsets.length, sizes.length, strides.length]),
    },
    loc,
  });
}

/** `op` replaced by a cast of `value` to `op`'s type. */
function replaceWithCast(rw: PatternRewriter, op: Operation, value: Value): void {
  rw.replaceOpWithNew(op, { name: 'memref.cast', operands: [value], resultTypes: [op.results[0]!.type] });
}

/** `op` replaced by a cast of a new subview of `source` with `mixed` (false when its type cannot be inferred). */
function replaceWithSubView(rw: PatternRewriter, op: Operation, source: Value, mixed: MixedLists): boolean {
  const type = canonicalSubViewType(op, source.type as MemRefType, mixed);
  if (!type) return false;
  replaceWithCast(rw, op, createSubView(rw, op.loc, source, type, mixed).results[0]!);
  return true;
}

/**
 * Constant offset, size and stride operands become static, with the result type that gives, cast
 * back to the old one (MLIR's OpWithOffsetSizesAndStridesConstantArgumentFolder). As there, one
 * list per application: offsets first, else sizes, else strides.
 */
const SubViewConstantArgumentFolder = definePattern({
  name: 'OpWithOffsetSizesAndStridesConstantArgumentFolder',
  root: 'memref.subview',
  matchAndRewrite(op, rw) {
    const mixed = mixedOf(op);
    if (!foldDynamicIndexList(mixed.offsets, true) && !foldDynamicIndexList(mixed.sizes, true) && !foldDynamicIndexList(mixed.strides, false, true)) return false;
    return replaceWithSubView(rw, op, op.operandSlots[0]!.value, mixed);
  },
});

/** subview(cast(x)) -> cast(subview(x)) for a cast that only loses static information (SubViewOpMemRefCastFolder). */
const SubViewOpMemRefCastFolder = definePattern({
  name: 'SubViewOpMemRefCastFolder',
  root: 'memref.subview',
  matchAndRewrite(op, rw) {
    // Constant operands go first (the constant argument folder).
    if (
      op.operandSlots.some((s) => {
        const c = constantValue(s.value);
        return c instanceof IntegerAttr && c.type instanceof IndexType;
      })
    )
      return false;
    const cast = op.operandSlots[0]!.value.definingOp;
    if (cast?.name !== 'memref.cast' || !castCanFoldIntoConsumer(cast)) return false;
    return replaceWithSubView(rw, op, cast.operandSlots[0]!.value, mixedOf(op));
  },
});

/** A subview of all of its source, same rank, is the source or a cast of it (TrivialSubViewOpFolder). */
const TrivialSubViewOpFolder = definePattern({
  name: 'TrivialSubViewOpFolder',
  root: 'memref.subview',
  matchAndRewrite(op, rw) {
    const source = op.operandSlots[0]!.value;
    const sourceType = source.type as MemRefType;
    const resultType = op.results[0]!.type as MemRefType;
    if (sourceType.rank !== resultType.rank) return false;
    const mixed = mixedOf(op);
    if (!mixed.offsets.every((o) => isConstantInt(o, 0n)) || !mixed.strides.every((s) => isConstantInt(s, 1n))) return false;
    if (!mixed.sizes.every((s, i) => staticValue(s) === BigInt(sourceType.shape[i]!))) return false;
    if (sourceType === resultType) rw.replaceOp(op, [source]);
    else replaceWithCast(rw, op, source);
    return true;
  },
});

/**
 * dim(reshape(x, shape), i) -> load(shape[i]) right after the reshape, index_cast to index where
 * the shape holds integers, when i is defined before the reshape (MLIR's DimOfMemRefReshape, with
 * its cheap dominance test).
 */
const DimOfMemRefReshape = definePattern({
  name: 'DimOfMemRefReshape',
  root: 'memref.dim',
  matchAndRewrite(dim, rw) {
    const reshape = dim.operandSlots[0]!.value.definingOp;
    if (reshape?.name !== 'memref.reshape') return false;
    const index = dim.operandSlots[1]!.value;
    const indexDef = index.definingOp;
    if (index.parentBlock === reshape.parent) {
      if (indexDef && reshape.isBeforeInBlock(indexDef)) return false;
    } else if (dim.parent !== reshape.parent) {
      // The index's region must be a proper ancestor of the reshape's.
      const [outer, inner] = [index.parentRegion, reshape.parentRegion];
      if (!outer || outer === inner || !outer.isAncestorOf(inner)) return false;
    }
    rw.setInsertionPointAfter(reshape);
    const shape = reshape.operandSlots[1]!.value;
    let load = rw.create({ name: 'memref.load', operands: [shape, index], resultTypes: [(shape.type as MemRefType).elementType], loc: dim.loc }).results[0]!;
    if (load.type !== dim.results[0]!.type) {
      load = rw.create({ name: 'arith.index_cast', operands: [load], resultTypes: [dim.results[0]!.type], loc: dim.loc }).results[0]!;
    }
    rw.replaceOp(dim, [load]);
    return true;
  },
});

export const memrefPatterns: Readonly<Record<string, readonly RewritePattern[]>> = {
  'memref.dim': [DimOfMemRefReshape],
  'memref.subview': [SubViewConstantArgumentFolder, SubViewOpMemRefCastFolder, TrivialSubViewOpFolder],
  'memref.alloc': [simplifyAllocConst('memref.alloc'), simplifyDeadAlloc('memref.alloc')],
  'memref.alloca': [simplifyAllocConst('memref.alloca'), simplifyDeadAlloc('memref.alloca')],
  'memref.copy': [FoldCopyOfCast, FoldEmptyCopy, FoldSelfCopy],
  'memref.realloc': [simplifyDeadAlloc('memref.realloc')],
};
