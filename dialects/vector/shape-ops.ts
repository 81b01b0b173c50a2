/**
 * vector ops that rearrange elements (MLIR 19): transpose, shape_cast, bitcast,
 * extract_strided_slice, insert_strided_slice, shuffle, interleave, deinterleave, from_elements,
 * step, extractelement, insertelement. Verifier messages are MLIR's.
 */
import type { ArrayAttr, DenseArrayAttr } from '../../core/ir/attributes.js';
import { AnySignlessIntegerOrIndex, AnyType, optional, required, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { AllTypesMatch, Pure } from '../../core/ir/traits.js';
import { FloatType, IndexType, IntegerType, VectorType, type Type } from '../../core/ir/types.js';
import { AnyFixedVectorOfAnyRank, AnyVectorOfAnyRank, AnyVectorOfNonZeroRank, DenseI64List, I64ArrayAttr, i64Values, isValidShapeCast, IndexVectorOfRank1 } from './constraints.js';
import { vectorPatterns } from './canonicalization.js';
import { shapeFolders, shapePatterns } from './shape-folds.js';
import type { Parser } from '../../core/syntax/parser.js';
import type { ParseState } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';

const vec = (op: Operation, i: number) => op.operand(i).type as VectorType;
const res = (op: Operation, i = 0) => op.resultTypes[i] as VectorType;
const sameElement = (a: Type, b: Type) => (a instanceof VectorType ? a.elementType : a) === (b instanceof VectorType ? b.elementType : b);
const arrayOf = (op: Operation, name: string) => i64Values(op.properties.get(name) as ArrayAttr);
const denseOf = (op: Operation, name: string) => (op.properties.get(name) as DenseArrayAttr).numbers;

// ---------------------------------------------------------------------------------------- transpose

export const TransposeOp = defineOp({
  name: 'vector.transpose',
  summary: 'vector transpose operation',
  operands: { vector: AnyVectorOfAnyRank },
  results: { result: AnyVectorOfAnyRank },
  attributes: { permutation: required(DenseI64List) },
  traits: [Pure],
  fold: shapeFolders['vector.transpose'],
  canonicalize: shapePatterns['vector.transpose'],
  assemblyFormat: '$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)',
  verify(op) {
    if (!sameElement(vec(op, 0), res(op))) return 'failed to verify that operand and result have same element type';
    const source = vec(op, 0);
    const result = res(op);
    const rank = result.rank;
    if (source.rank !== rank) return `vector result rank mismatch: ${rank}`;
    const perm = denseOf(op, 'permutation');
    if (perm.length !== rank) return `transposition length mismatch: ${perm.length}`;
    const seen = new Array<boolean>(rank).fill(false);
    for (let i = 0; i < perm.length; i++) {
      const p = perm[i]!;
      if (p < 0 || p >= rank) return `transposition index out of range: ${p}`;
      if (seen[p]) return `duplicate position index: ${p}`;
      seen[p] = true;
      if (result.shape[i] !== source.shape[p]) return `dimension size mismatch at: ${p}`;
    }
  },
});

// ---------------------------------------------------------------------------------------- shape_cast

const product = (s: readonly number[]) => s.reduce((x, y) => x * y, 1);

/**
 * A cast of one vector to another (shape_cast, bitcast): Pure, its folder and patterns by name, and
 * a verifier that is `check` of the source and result types.
 */
function vectorCastOp<const N extends string>(name: N, summary: string, check: (source: VectorType, result: VectorType) => string | undefined) {
  return defineOp({
    name,
    summary,
    operands: { source: AnyVectorOfAnyRank },
    results: { result: AnyVectorOfAnyRank },
    traits: [Pure],
    fold: shapeFolders[name],
    canonicalize: shapePatterns[name],
    assemblyFormat: '$source attr-dict `:` type($source) `to` type($result)',
    verify: (op) => check(vec(op, 0), res(op)),
  });
}

export const ShapeCastOp = vectorCastOp('vector.shape_cast', 'shape_cast casts between vector shapes', (source, result) => {
  if (source.elementType !== result.elementType) return 'source/result vectors must have same element type';
  if (product(source.shape) !== product(result.shape)) return 'source/result number of elements must match';
  if (source.rank < result.rank ? !isValidShapeCast(source.shape, result.shape) : source.rank > result.rank && !isValidShapeCast(result.shape, source.shape)) {
    return 'invalid shape cast';
  }
  const ns = source.scalableDims.filter(Boolean).length;
  const nr = result.scalableDims.filter(Boolean).length;
  if (ns !== nr) return `different number of scalable dims at source (${ns}) and result (${nr})`;
  return undefined;
});

// ---------------------------------------------------------------------------------------- bitcast

/** The storage width of a scalar element type in bits (index is 64 bits wide in MLIR's default data layout). */
export function elementBits(t: Type): number {
  if (t instanceof IntegerType) return t.width;
  if (t instanceof FloatType) return t.width;
  if (t instanceof IndexType) return 64;
  return 0;
}

export const BitCastOp = vectorCastOp('vector.bitcast', 'bitcast casts between vectors', (source, result) => {
  if (source.rank !== result.rank) return 'failed to verify that all of {source, result} have same rank';
  for (let i = 0; i < source.rank - 1; i++) if (source.shape[i] !== result.shape[i]) return `dimension size mismatch at: ${i}`;
  const sb = elementBits(source.elementType);
  const rb = elementBits(result.elementType);
  if (source.rank === 0) {
    if (sb !== rb) return 'source/result bitwidth of the 0-D vector element types must be equal';
  } else if (sb * source.shape[source.rank - 1]! !== rb * result.shape[result.rank - 1]!) {
    return 'source/result bitwidth of the minor 1-D vectors must be equal';
  }
  return undefined;
});

// ---------------------------------------------------------------------------------------- strided slices

type Check = string | undefined;

function smallerThanShape(values: number[], shape: readonly number[], name: string): Check {
  return values.length > shape.length ? `expected ${name} attribute of rank no greater than vector rank` : undefined;
}

function confinedToRange(values: number[], min: number, max: number, name: string, halfOpen = true): Check {
  const upper = halfOpen ? max : max + 1;
  for (const v of values) if (v < min || v >= upper) return `expected ${name} to be confined to [${min}, ${upper})`;
  return undefined;
}

function confinedToShape(values: number[], shape: readonly number[], name: string, halfOpen = true, min = 0): Check {
  for (let i = 0; i < Math.min(values.length, shape.length); i++) {
    const max = halfOpen ? shape[i]! : shape[i]! + 1;
    if (values[i]! < min || values[i]! >= max) return `expected ${name} dimension ${i} to be confined to [${min}, ${max})`;
  }
  return undefined;
}

function sumConfinedToShape(a: number[], b: number[], shape: readonly number[], nameA: string, nameB: string, halfOpen = true, min = 1): Check {
  const n = Math.min(a.length, b.length, shape.length);
  for (let i = 0; i < n; i++) {
    const max = halfOpen ? shape[i]! : shape[i]! + 1;
    const sum = a[i]! + b[i]!;
    if (sum < 0 || sum >= max) return `expected sum(${nameA}, ${nameB}) dimension ${i} to be confined to [${min}, ${max})`;
  }
  return undefined;
}

/** The type of extract_strided_slice (MLIR's inferStridedSliceOpResultType). */
export function stridedSliceType(source: VectorType, sizes: readonly number[]): VectorType {
  const shape = source.shape.map((d, i) => (i < sizes.length ? sizes[i]! : d));
  return VectorType.get(shape, source.elementType, source.scalableDims);
}

export const ExtractStridedSliceOp = defineOp({
  name: 'vector.extract_strided_slice',
  summary: 'extract_strided_slice operation',
  operands: { vector: AnyVectorOfNonZeroRank },
  results: { result: AnyVectorOfAnyRank },
  attributes: { offsets: required(I64ArrayAttr), sizes: required(I64ArrayAttr), strides: required(I64ArrayAttr) },
  traits: [Pure],
  fold: shapeFolders['vector.extract_strided_slice'],
  canonicalize: shapePatterns['vector.extract_strided_slice'],
  assemblyFormat: '$vector attr-dict `:` type($vector) `to` type(results)',
  verify(op) {
    if (!sameElement(vec(op, 0), res(op))) return 'failed to verify that operand and result have same element type';
    const type = vec(op, 0);
    const [offsets, sizes, strides] = ['offsets', 'sizes', 'strides'].map((n) => arrayOf(op, n)) as [number[], number[], number[]];
    if (offsets.length !== sizes.length || offsets.length !== strides.length) return 'expected offsets, sizes and strides attributes of same size';
    const shape = type.shape;
    const bad =
      smallerThanShape(offsets, shape, 'offsets') ??
      smallerThanShape(sizes, shape, 'sizes') ??
      smallerThanShape(strides, shape, 'strides') ??
      confinedToShape(offsets, shape, 'offsets') ??
      confinedToShape(sizes, shape, 'sizes', false, 1) ??
      confinedToRange(strides, 1, 1, 'strides', false) ??
      sumConfinedToShape(offsets, sizes, shape, 'offsets', 'sizes', false);
    if (bad) return bad;
    const expected = stridedSliceType(type, sizes);
    if (op.resultTypes[0] !== expected) return `expected result type to be '${expected}'`;
    for (let i = 0; i < sizes.length; i++) {
      if (type.scalableDims[i] && type.shape[i] !== sizes[i]) {
        return `expected size at idx=${i} to match the corresponding base size from the input vector (${sizes[i]} vs ${type.shape[i]})`;
      }
    }
  },
});

export const InsertStridedSliceOp = defineOp({
  name: 'vector.insert_strided_slice',
  summary: 'strided_slice operation',
  operands: { source: AnyVectorOfNonZeroRank, dest: AnyVectorOfNonZeroRank },
  results: { res: AnyVectorOfNonZeroRank },
  attributes: { offsets: required(I64ArrayAttr), strides: required(I64ArrayAttr) },
  traits: [Pure],
  typeRelations: [{ allMatch: ['dest', 'res'] }],
  fold: shapeFolders['vector.insert_strided_slice'],
  canonicalize: shapePatterns['vector.insert_strided_slice'],
  assemblyFormat: '$source `,` $dest attr-dict `:` type($source) `into` type($dest)',
  verify(op) {
    if (!sameElement(vec(op, 0), res(op))) return 'failed to verify that operand #0 and result have same element type';
    if (vec(op, 1) !== res(op)) return 'failed to verify that all of {dest, res} have same type';
    const source = vec(op, 0);
    const dest = vec(op, 1);
    const offsets = arrayOf(op, 'offsets');
    const strides = arrayOf(op, 'strides');
    if (offsets.length !== dest.rank) return 'expected offsets of same size as destination vector rank';
    if (strides.length !== source.rank) return 'expected strides of same size as source vector rank';
    if (source.rank > dest.rank) return 'expected source rank to be no greater than destination rank';
    const sourceAsDest = [...new Array<number>(dest.rank - source.rank).fill(0), ...source.shape];
    const bad =
      confinedToShape(offsets, dest.shape, 'offsets') ??
      confinedToRange(strides, 1, 1, 'strides', false) ??
      sumConfinedToShape(offsets, sourceAsDest, dest.shape, 'offsets', 'source vector shape', false, 1);
    if (bad) return bad;
    const diff = dest.rank - source.rank;
    for (let i = 0; i < source.rank; i++) {
      if (source.scalableDims[i] !== dest.scalableDims[i + diff]) return `mismatching scalable flags (at source vector idx=${i})`;
      if (source.scalableDims[i] && source.shape[i] !== dest.shape[i + diff]) {
        return `expected size at idx=${i} to match the corresponding base size from the input vector (${source.shape[i]} vs ${dest.shape[i + diff]})`;
      }
    }
  },
});

// ---------------------------------------------------------------------------------------- shuffle

/** The result type of vector.shuffle: the mask's length, then v1's trailing dims. */
export function shuffleType(v1: VectorType, mask: readonly number[]): VectorType {
  return VectorType.get([mask.length, ...v1.shape.slice(1)], v1.elementType);
}

export const ShuffleOp = defineOp({
  name: 'vector.shuffle',
  summary: 'shuffle operation',
  operands: { v1: AnyFixedVectorOfAnyRank, v2: AnyFixedVectorOfAnyRank },
  results: { vector: AnyVectorOfNonZeroRank },
  attributes: { mask: required(I64ArrayAttr) },
  traits: [Pure],
  fold: shapeFolders['vector.shuffle'],
  canonicalize: shapePatterns['vector.shuffle'],
  inferResultTypes: (operands, attributes) => {
    const v1 = operands[0]!.type;
    if (!(v1 instanceof VectorType)) return 'expected vector operand';
    return [shuffleType(v1, i64Values(attributes.get('mask') as ArrayAttr))];
  },
  assemblyFormat: 'operands $mask attr-dict `:` type(operands)',
  verify(op) {
    const [v1, v2, result] = [vec(op, 0), vec(op, 1), res(op)];
    if (!sameElement(v1, result)) return 'failed to verify that first operand v1 and result have same element type';
    if (!sameElement(v2, result)) return 'failed to verify that second operand v2 and result have same element type';
    const wellFormed0D = v1.rank === 0 && v2.rank === 0 && result.rank === 1;
    const wellFormedND = v1.rank === result.rank && v2.rank === result.rank;
    if (!wellFormed0D && !wellFormedND) return 'rank mismatch';
    for (let r = 1; r < v1.rank; r++) if (result.shape[r] !== v1.shape[r] || v1.shape[r] !== v2.shape[r]) return 'dimension mismatch';
    const mask = arrayOf(op, 'mask');
    if (mask.length <= 0) return 'invalid mask length';
    if (mask.length !== result.shape[0]) return 'mask length mismatch';
    const size = (v1.rank === 0 ? 1 : v1.shape[0]!) + (v2.rank === 0 ? 1 : v2.shape[0]!);
    for (let i = 0; i < mask.length; i++) if (mask[i]! < 0 || mask[i]! >= size) return `mask index #${i + 1} out of range`;
  },
});

// ---------------------------------------------------------------------------------------- interleave

function withLastDim(t: VectorType, f: (n: number) => number): VectorType {
  if (t.rank === 0) return VectorType.get([2], t.elementType);
  const shape = [...t.shape];
  shape[shape.length - 1] = f(shape[shape.length - 1]!);
  return VectorType.get(shape, t.elementType, t.scalableDims);
}

export const InterleaveOp = defineOp({
  name: 'vector.interleave',
  summary: 'constructs a vector by interleaving two input vectors',
  operands: { lhs: AnyVectorOfAnyRank, rhs: AnyVectorOfAnyRank },
  results: { result: AnyVectorOfNonZeroRank },
  traits: [Pure, AllTypesMatch('lhs', 'rhs')],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)',
  verify(op) {
    if (withLastDim(vec(op, 0), (n) => n * 2) !== res(op)) return "failed to verify that type of 'result' is double the width of the inputs";
  },
});

export const DeinterleaveOp = defineOp({
  name: 'vector.deinterleave',
  summary: 'constructs two vectors by deinterleaving an input vector',
  operands: { source: AnyVectorOfNonZeroRank },
  results: { res1: AnyVectorOfNonZeroRank, res2: AnyVectorOfNonZeroRank },
  traits: [Pure],
  typeRelations: [{ allMatch: ['res1', 'res2'] }],
  // ODS names the results of multi-result ops after their declaration.
  resultNames: () => ['res1', 'res2'],
  assemblyFormat: '$source attr-dict `:` type($source) `->` type($res1)',
  verify(op) {
    const source = vec(op, 0);
    if (source.shape[source.rank - 1]! % 2 !== 0) return 'failed to verify that the trailing dimension of the source vector has an even number of elements';
    const half = withLastDim(source, (n) => (n / 2 > 0 ? n / 2 : n));
    if (half !== res(op, 0)) return 'failed to verify that the trailing dimension of the results is half the width of source trailing dimension';
    if (res(op, 0) !== res(op, 1)) return 'failed to verify that all of {res1, res2} have same type';
  },
});

// ---------------------------------------------------------------------------------------- from_elements / step

export const FromElementsOp = defineOp({
  name: 'vector.from_elements',
  summary: 'operation that defines a vector from scalar elements',
  operands: { elements: variadic(AnyType) },
  results: { result: AnyFixedVectorOfAnyRank },
  traits: [Pure],
  fold: shapeFolders['vector.from_elements'],
  canonicalize: vectorPatterns['vector.from_elements'],
  // MLIR's TypesMatchWith from the result to a variadic operand list: one element type per element.
  print(p: OpAsmPrinter, op: Operation) {
    if (op.numOperands > 0) p.write(' ');
    p.printOperands(op.operands);
    p.printOptionalAttrDict(op);
    p.write(' : ');
    p.printType(op.resultTypes[0]!);
  },
  parse: ((parser: Parser, state: ParseState) => {
    const offset = parser.offset;
    const elements = parser.parseOperandList();
    parser.parseOptionalAttrDict(state);
    const type = parser.parseColonType();
    if (!(type instanceof VectorType)) throw parser.opError(`invalid kind of type specified`, offset);
    parser.resolveOperands(elements, new Array<Type>(type.numElements).fill(type.elementType), offset, state.operands);
    state.types.push(type);
  }) as never,
  verify(op) {
    const result = res(op);
    if (op.numOperands !== result.numElements || op.operands.some((v) => v.type !== result.elementType)) return 'failed to verify that operand types match result element type';
  },
});

export const StepOp = defineOp({
  name: 'vector.step',
  summary: 'A linear sequence of values from 0 to N',
  results: { result: IndexVectorOfRank1 },
  traits: [Pure],
  fold: shapeFolders['vector.step'],
  assemblyFormat: 'attr-dict `:` type($result)',
});

// ---------------------------------------------------------------------------------------- extractelement / insertelement

function elementPositionCheck(op: Operation, type: VectorType, hasPosition: boolean): Check {
  if (type.rank === 0) return hasPosition ? 'expected position to be empty with 0-D vector' : undefined;
  if (type.rank !== 1) return 'unexpected >1 vector rank';
  if (!hasPosition) return 'expected position for 1-D vector';
  void op;
  return undefined;
}

export const ExtractElementOp = defineOp({
  name: 'vector.extractelement',
  summary: 'extractelement operation',
  operands: { vector: AnyVectorOfAnyRank, position: optional(AnySignlessIntegerOrIndex) },
  results: { result: AnyType },
  traits: [Pure],
  fold: shapeFolders['vector.extractelement'],
  typeRelations: [{ from: 'vector', to: 'result', transform: (t) => (t as VectorType).elementType }],
  assemblyFormat: '$vector `[` ($position^ `:` type($position))? `]` attr-dict `:` type($vector)',
  verify(op) {
    if (op.resultTypes[0] !== vec(op, 0).elementType) return 'failed to verify that result type matches element type of vector operand';
    return elementPositionCheck(op, vec(op, 0), op.numOperands > 1);
  },
});

export const InsertElementOp = defineOp({
  name: 'vector.insertelement',
  summary: 'insertelement operation',
  operands: { source: AnyType, dest: AnyVectorOfAnyRank, position: optional(AnySignlessIntegerOrIndex) },
  results: { result: AnyVectorOfAnyRank },
  traits: [Pure],
  fold: shapeFolders['vector.insertelement'],
  typeRelations: [{ from: 'result', to: 'source', transform: (t) => (t as VectorType).elementType }, { allMatch: ['dest', 'result'] }],
  assemblyFormat: '$source `,` $dest `[` ($position^ `:` type($position))? `]` attr-dict `:` type($result)',
  verify(op) {
    if (op.operand(0).type !== res(op).elementType) return 'failed to verify that source operand type matches element type of result';
    if (vec(op, 1) !== res(op)) return 'failed to verify that all of {dest, result} have same type';
    return elementPositionCheck(op, vec(op, 1), op.numOperands > 2);
  },
});

export const shapeOps = [
  TransposeOp,
  ShapeCastOp,
  BitCastOp,
  ExtractStridedSliceOp,
  InsertStridedSliceOp,
  ShuffleOp,
  InterleaveOp,
  DeinterleaveOp,
  FromElementsOp,
  StepOp,
  ExtractElementOp,
  InsertElementOp,
];
