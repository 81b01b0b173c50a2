import { type Attribute, type DenseArrayAttr, DenseElementsAttr, DenseResourceElementsAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr } from '../../core/ir/attributes.js';
import { attrConstraint, AnyAttr, AnyMemRef, AnyType, Index, optional, optionalAttr, required, defaultValuedOptional, typeConstraint, variadic } from '../../core/ir/constraints.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { SymbolTable as SymbolTableView } from '../../core/ir/symbol-table.js';
import { MemoryEffects, Pure, Symbol as SymbolTrait, type Trait, ViewLike } from '../../core/ir/traits.js';
import { ConditionallySpeculatable, type Speculatability } from '../../core/ir/speculation.js';
import { i1, IntegerType, MemRefType, RankedTensorType, UnrankedMemRefType, type Type } from '../../core/ir/types.js';
import type { CustomDirective } from '../../core/syntax/assembly-format.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { SymbolNameAttr } from '../builtin/index.js';
import { memrefFolders, memrefPatterns } from './canonicalization.js';
import { DynamicIndexList, isDynamicIndex, offsetSizeStrideAttributes, offsetSizeStrideOperands, staticOffsetsSizesStrides, verifyOffsetSizeAndStride } from './dynamic-index-list.js';
import { hasIdentityLayout } from './reshape-types.js';
import { memrefCastOp } from './view-ops.js';
import { AnyNon0RankedOrUnrankedMemRef, AnyRankedOrUnrankedMemRef, elementTypeOf, inferSubViewType, layoutNumSymbols, memRefRankReductionMask, stridesAndOffset } from './types.js';

// ---------------------------------------------------------------------------------------- attributes

const i64 = IntegerType.get(64);

export const AlignmentAttr = attrConstraint(
  '64-bit signless integer attribute whose minimum value is 0',
  (a): a is IntegerAttr => a instanceof IntegerAttr && a.type === i64 && a.value >= 0n,
  { literalType: i64 },
);
export const I64Attr = attrConstraint('64-bit signless integer attribute', (a): a is IntegerAttr => a instanceof IntegerAttr && a.type === i64, { literalType: i64 });
export const BoolAttr = attrConstraint('bool attribute', (a): a is IntegerAttr => a instanceof IntegerAttr && a.type === i1);
export const FalseAttr = IntegerAttr.get(i1, 0);
export const UnitAttrC = attrConstraint('unit attribute', (a): a is UnitAttr => a instanceof UnitAttr, { unit: true });
export const StrAttr = attrConstraint('string attribute', (a): a is StringAttr => a instanceof StringAttr, {
  formatStartsHere: (p: Parser) => p.peek(Tok.String),
});
export const MemRefTypeAttr = attrConstraint(
  'memref type attribute',
  (a): a is TypeAttr => a instanceof TypeAttr && (a.value instanceof MemRefType || a.value instanceof UnrankedMemRefType),
  { typeAttr: true },
);
export const FlatSymbolRefAttr = attrConstraint('flat symbol reference attribute', (a): a is SymbolRefAttr => a instanceof SymbolRefAttr && a.isFlat);

const typeOf = (op: Operation, i: number): Type => op.operand(i).type;
const name = (n: string) => () => [n];

// ---------------------------------------------------------------------------------------- alloc / alloca / dealloc

function verifyAllocLike(op: Operation): string | undefined {
  const t = op.resultTypes[0];
  if (!(t instanceof MemRefType)) return 'result must be a memref';
  const seg = (op.properties.get('operandSegmentSizes') as DenseArrayAttr | undefined)?.numbers ?? [op.numOperands, 0];
  const dynamic = t.shape.filter((d) => d < 0).length;
  if (seg[0] !== dynamic) return 'dimension operand count does not equal memref dynamic dimension count';
  const symbols = layoutNumSymbols(t);
  if (seg[1] !== symbols) return `symbol operand count does not equal memref symbol count: expected ${symbols}, got ${seg[1]}`;
  return undefined;
}

const allocLike = {
  operands: { dynamicSizes: variadic(Index), symbolOperands: variadic(Index) },
  results: { memref: AnyMemRef },
  attributes: { alignment: optionalAttr(AlignmentAttr) },
  assemblyFormat: '`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)',
  verify: verifyAllocLike,
} as const;

export const AllocOp = defineOp({
  name: 'memref.alloc',
  summary: 'memory allocation operation',
  ...allocLike,
  canonicalize: memrefPatterns['memref.alloc'],
  traits: [MemoryEffects('allocate')],
  resultNames: name('alloc'),
});

/** Checked by memref.alloca: some ancestor must own the allocation scope. */
const HasAllocationScopeAncestor: Trait = {
  name: 'AllocaScopeCheck',
  verify(op) {
    for (let p = op.parentOp; p; p = p.parentOp) if (p.hasTrait('AutomaticAllocationScope')) return;
    return 'requires an ancestor op with AutomaticAllocationScope trait';
  },
};

export const AllocaOp = defineOp({
  name: 'memref.alloca',
  summary: 'stack memory allocation operation',
  ...allocLike,
  canonicalize: memrefPatterns['memref.alloca'],
  traits: [MemoryEffects('allocate')],
  verify(op) {
    return verifyAllocLike(op) ?? HasAllocationScopeAncestor.verify!(op) ?? undefined;
  },
  resultNames: name('alloca'),
});

export const DeallocOp = defineOp({
  name: 'memref.dealloc',
  summary: 'memory deallocation operation',
  operands: { memref: AnyRankedOrUnrankedMemRef },
  traits: [MemoryEffects('free')],
  fold: memrefFolders['memref.dealloc'],
  assemblyFormat: '$memref attr-dict `:` type($memref)',
});

// ---------------------------------------------------------------------------------------- realloc

const isRank1 = (t: Type) => t instanceof MemRefType && t.rank === 1;
const Rank1MemRef = typeConstraint('1D memref of any type values', isRank1, undefined, (t) => t instanceof MemRefType);

export const ReallocOp = defineOp({
  name: 'memref.realloc',
  summary: 'memory reallocation operation',
  operands: { source: Rank1MemRef, dynamicResultSize: optional(Index) },
  results: { result: Rank1MemRef },
  attributes: { alignment: optionalAttr(AlignmentAttr) },
  canonicalize: memrefPatterns['memref.realloc'],
  assemblyFormat: '$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)',
  verify(op) {
    const src = typeOf(op, 0) as MemRefType;
    const res = op.resultTypes[0] as MemRefType;
    // MLIR reports these with emitError, without the op-name prefix.
    const unprefixed = (m: string) => new Diagnostic('error', op.loc, m);
    if (!hasIdentityLayout(src)) return unprefixed(`unsupported layout for source memref type '${src}'`);
    if (!hasIdentityLayout(res)) return unprefixed(`unsupported layout for result memref type '${res}'`);
    if (src.memorySpace !== res.memorySpace) return unprefixed(`different memory spaces specified for source memref type '${src}' and result memref type '${res}'`);
    if (src.elementType !== res.elementType) return unprefixed(`different element types specified for source memref type '${src}' and result memref type '${res}'`);
    const dynamic = res.shape[0]! < 0;
    if (dynamic && op.numOperands < 2) return unprefixed(`missing dimension operand for result type '${res}'`);
    if (!dynamic && op.numOperands > 1) return unprefixed(`unnecessary dimension operand for result type '${res}'`);
  },
});

// ---------------------------------------------------------------------------------------- load / store

export const LoadOp = defineOp({
  name: 'memref.load',
  summary: 'load operation',
  operands: { memref: AnyMemRef, indices: variadic(Index) },
  results: { result: AnyType },
  attributes: { nontemporal: defaultValuedOptional(BoolAttr, FalseAttr) },
  traits: [MemoryEffects('read')],
  fold: memrefFolders['memref.load'],
  typeRelations: [{ from: 'memref', to: 'result', transform: elementTypeOf }],
  assemblyFormat: '$memref `[` $indices `]` attr-dict `:` type($memref)',
  verify(op) {
    const t = typeOf(op, 0) as MemRefType;
    if (op.results[0]!.type !== t.elementType) return "failed to verify that result type matches element type of 'memref'";
    if (op.numOperands - 1 !== t.rank) return `incorrect number of indices for load, expected ${t.rank} but got ${op.numOperands - 1}`;
  },
});

export const StoreOp = defineOp({
  name: 'memref.store',
  summary: 'store operation',
  operands: { value: AnyType, memref: AnyMemRef, indices: variadic(Index) },
  attributes: { nontemporal: defaultValuedOptional(BoolAttr, FalseAttr) },
  traits: [MemoryEffects('write')],
  fold: memrefFolders['memref.store'],
  typeRelations: [{ from: 'memref', to: 'value', transform: elementTypeOf }],
  assemblyFormat: '$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)',
  verify(op) {
    const t = typeOf(op, 1) as MemRefType;
    if (typeOf(op, 0) !== t.elementType) return "failed to verify that type of 'value' matches element type of 'memref'";
    if (op.numOperands - 2 !== t.rank) return 'store index operand count not equal to memref rank';
  },
});

// ---------------------------------------------------------------------------------------- dim

/**
 * MLIR's DimOp::getSpeculatability: speculatable when the index is an arith.constant below the
 * rank of a ranked source (as MLIR compares: a negative constant passes).
 */
function dimSpeculatability(op: Operation): Speculatability {
  const index = op.operand(1).definingOp;
  const value = index?.name === 'arith.constant' ? index.properties.get('value') : undefined;
  const source = op.operand(0).type;
  if (!(value instanceof IntegerAttr) || !(source instanceof MemRefType)) return 'not-speculatable';
  return BigInt(source.rank) <= value.value ? 'not-speculatable' : 'speculatable';
}

export const DimOp = defineOp({
  name: 'memref.dim',
  summary: 'dimension index operation',
  operands: { source: AnyNon0RankedOrUnrankedMemRef, index: Index },
  results: { result: Index },
  traits: [MemoryEffects(), ConditionallySpeculatable(dimSpeculatability)],
  fold: memrefFolders['memref.dim'],
  canonicalize: memrefPatterns['memref.dim'],
  assemblyFormat: 'attr-dict $source `,` $index `:` type($source)',
  resultNames: name('dim'),
});

// ---------------------------------------------------------------------------------------- cast / copy

function castCompatible(a: Type, b: Type): boolean {
  const ua = a instanceof UnrankedMemRefType;
  const ub = b instanceof UnrankedMemRefType;
  if (ua && ub) return false;
  const ma = a as MemRefType | UnrankedMemRefType;
  const mb = b as MemRefType | UnrankedMemRefType;
  if (ma.elementType !== mb.elementType || ma.memorySpace !== mb.memorySpace) return false;
  if (ua || ub) return true;
  const ra = a as MemRefType;
  const rb = b as MemRefType;
  if (ra.rank !== rb.rank) return false;
  for (let i = 0; i < ra.rank; i++) {
    const x = ra.shape[i]!;
    const y = rb.shape[i]!;
    if (x >= 0 && y >= 0 && x !== y) return false;
  }
  if (ra.layout !== rb.layout) {
    const sa = stridesAndOffset(ra);
    const sb = stridesAndOffset(rb);
    if (!sa || !sb) return false;
    const ok = (x: number | null, y: number | null) => x === null || y === null || x === y;
    if (!ok(sa.offset, sb.offset)) return false;
    if (sa.strides.some((s, i) => !ok(s, sb.strides[i]!))) return false;
  }
  return true;
}

export const CastOp = memrefCastOp('memref.cast', 'memref cast operation', castCompatible, 'cast');

export const CopyOp = defineOp({
  name: 'memref.copy',
  summary: 'copies the data from the source to the destination memref',
  operands: { source: AnyRankedOrUnrankedMemRef, target: AnyRankedOrUnrankedMemRef },
  traits: [MemoryEffects('read', 'write')],
  fold: memrefFolders['memref.copy'],
  canonicalize: memrefPatterns['memref.copy'],
  assemblyFormat: '$source `,` $target attr-dict `:` type($source) `to` type($target)',
  verify(op) {
    const [s, t] = [typeOf(op, 0) as MemRefType, typeOf(op, 1) as MemRefType];
    if (s.elementType !== t.elementType) return 'requires the same element type for all operands';
    if (s.shape && t.shape && (s.rank !== t.rank || s.shape.some((d, i) => d >= 0 && t.shape[i]! >= 0 && d !== t.shape[i]))) return 'requires the same shape for all operands';
  },
});

// ---------------------------------------------------------------------------------------- subview

/**
 * MLIR's isRankReducedType: `actual` has the sizes of `expected` with unit dimensions dropped
 * (greedily, left to right) and its element type; else the kind of mismatch.
 */
function rankReducedMismatch(expected: MemRefType, actual: MemRefType): string | undefined {
  if (expected === actual) return undefined;
  if (actual.rank > expected.rank) return 'rank';
  let j = 0;
  for (let i = 0; i < expected.rank; i++) {
    if (j < actual.rank && expected.shape[i] === actual.shape[j]) j++;
    else if (expected.shape[i] !== 1) return 'sizes';
  }
  if (j !== actual.rank) return 'sizes';
  if (expected.elementType !== actual.elementType) return 'element type';
  return undefined;
}

export const SubViewOp = defineOp({
  name: 'memref.subview',
  summary: 'memref subview operation',
  operands: { source: AnyMemRef, ...offsetSizeStrideOperands },
  results: { result: AnyMemRef },
  attributes: offsetSizeStrideAttributes,
  traits: [Pure, ViewLike],
  fold: memrefFolders['memref.subview'],
  canonicalize: memrefPatterns['memref.subview'],
  customDirectives: { DynamicIndexList },
  assemblyFormat:
    '$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
  verify(op) {
    const source = typeOf(op, 0) as MemRefType;
    const result = op.resultTypes[0] as MemRefType;
    // MLIR reports these with emitError, without the op-name prefix.
    const unprefixed = (m: string) => new Diagnostic('error', op.loc, m);
    // OffsetSizeAndStrideOpInterface first.
    const mixed = verifyOffsetSizeAndStride(op, [source.rank, source.rank, source.rank]);
    if (mixed) return mixed;
    const [offsets, sizes, strides] = staticOffsetsSizesStrides(op);
    const negative = (list: bigint[]) => list.find((v) => v < 0n && !isDynamicIndex(v));
    const badOffset = negative(offsets);
    if (badOffset !== undefined) return unprefixed(`expected offsets to be non-negative, but got ${badOffset}`);
    const badSize = negative(sizes);
    if (badSize !== undefined) return unprefixed(`expected sizes to be non-negative, but got ${badSize}`);
    // Then SubViewOp::verify.
    if (source.memorySpace !== result.memorySpace) {
      return unprefixed(`different memory spaces specified for base memref type '${source}' and subview memref type '${result}'`);
    }
    const expected = inferSubViewType(source, offsets, sizes, strides);
    if (!expected) return unprefixed(`base type '${source}' is not strided`);
    const layoutMismatch = unprefixed(`expected result type to be '${expected}' or a rank-reduced version. (mismatch of result layout) `);
    const mismatch = rankReducedMismatch(expected, result);
    if (mismatch === 'rank') return unprefixed('expected result rank to be smaller or equal to the source rank. ');
    if (mismatch === 'sizes') return unprefixed(`expected result type to be '${expected}' or a rank-reduced version. (mismatch of result sizes) `);
    if (mismatch === 'element type') return unprefixed(`expected result element type to be '${expected.elementType}'`);
    const e = stridesAndOffset(expected)!;
    const a = stridesAndOffset(result);
    if (!a || e.offset !== a.offset) return layoutMismatch;
    const dropped = memRefRankReductionMask(expected, result, sizes);
    if (!dropped) return layoutMismatch;
    const kept = e.strides.filter((_, i) => !dropped[i]);
    if (kept.some((st, k) => st !== a.strides[k])) return layoutMismatch;
  },
  resultNames: name('subview'),
});

// ---------------------------------------------------------------------------------------- global / get_global

function tensorTypeOf(t: MemRefType): RankedTensorType {
  return RankedTensorType.get(t.shape, t.elementType);
}

const GlobalTypeAndInitialValue: CustomDirective = {
  print(p: OpAsmPrinter, op: Operation, args: readonly unknown[]) {
    const type = args[0] as TypeAttr;
    const init = args[1] as Attribute | undefined;
    p.printType(type.value);
    if (init === undefined) return;
    p.write(' = ');
    if (init instanceof UnitAttr) p.write('uninitialized');
    else p.printAttributeWithoutType(init);
    void op;
  },
  parse(parser: Parser) {
    const type = parser.parseType();
    // Reported at the op name, as MLIR (parser.getNameLoc()).
    if (!(type instanceof MemRefType) || !type.hasStaticShape) {
      throw parser.opError(`type should be static shaped memref, but got '${type}'`, parser.nameOffset);
    }
    if (!parser.consumeIf(Tok.Equal)) return [TypeAttr.get(type), undefined];
    if (parser.parseOptionalKeyword('uninitialized') !== undefined) return [TypeAttr.get(type), UnitAttr.get()];
    return [TypeAttr.get(type), parser.parseAttribute(tensorTypeOf(type))];
  },
};

export const GlobalOp = defineOp({
  name: 'memref.global',
  summary: 'declare or define a global memref variable',
  attributes: {
    sym_name: required(SymbolNameAttr),
    sym_visibility: optionalAttr(StrAttr),
    type: required(MemRefTypeAttr),
    initial_value: optionalAttr(AnyAttr),
    constant: optionalAttr(UnitAttrC),
    alignment: optionalAttr(I64Attr),
  },
  traits: [SymbolTrait],
  customDirectives: { GlobalMemrefOpTypeAndInitialValue: GlobalTypeAndInitialValue },
  assemblyFormat: '($sym_visibility^)? (`constant` $constant^)? $sym_name `:` custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict',
  verify(op) {
    const t = (op.properties.get('type') as TypeAttr).value;
    if (!(t instanceof MemRefType) || !t.hasStaticShape) return `type should be static shaped memref, but got '${t}'`;
    const init = op.properties.get('initial_value');
    if (init !== undefined) {
      const elements = init instanceof DenseElementsAttr || init instanceof DenseResourceElementsAttr;
      if (!(init instanceof UnitAttr) && !elements) return `initial value should be a unit or elements attribute, but got ${init}`;
      if (elements && init.type !== tensorTypeOf(t)) {
        return `initial value expected to be of type '${tensorTypeOf(t)}', but was of type '${init.type}'`;
      }
    }
    const align = op.properties.get('alignment') as IntegerAttr | undefined;
    if (align && (align.value <= 0n || (align.value & (align.value - 1n)) !== 0n)) {
      return new Diagnostic('error', op.loc, `alignment attribute value ${align.value} is not a power of 2`);
    }
  },
});

export const GetGlobalOp = defineOp({
  name: 'memref.get_global',
  summary: 'get the memref pointing to a global variable',
  attributes: { name: required(FlatSymbolRefAttr) },
  results: { result: AnyMemRef },
  traits: [Pure],
  assemblyFormat: '$name `:` type($result) attr-dict',
  verify(op) {
    const sym = (op.properties.get('name') as SymbolRefAttr).root;
    let table = op.parentOp;
    while (table && !table.hasTrait('SymbolTable')) table = table.parentOp;
    const global = table ? new SymbolTableView(table).lookup(sym) : undefined;
    if (!global || global.name !== 'memref.global') return `'${sym}' does not reference a valid global memref`;
    const gt = (global.properties.get('type') as TypeAttr | undefined)?.value;
    if (gt !== op.resultTypes[0]) return `result type '${op.resultTypes[0]}' does not match type '${gt}' of the global memref @${sym}`;
  },
});

export const memrefOps = [AllocOp, AllocaOp, DeallocOp, ReallocOp, LoadOp, StoreOp, DimOp, CastOp, CopyOp, SubViewOp, GlobalOp, GetGlobalOp];
