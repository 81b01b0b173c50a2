/**
 * vector ops that compute (MLIR 19): multi_reduction, outerproduct, contract, scan, vscale.
 * Verifier messages and custom forms are MLIR's.
 */
import { type AffineMapAttr, ArrayAttr, DictionaryAttr, type IntegerAttr, StringAttr, type Attribute } from '../../core/ir/attributes.js';
import { AffineDimExpr, type AffineMap } from '../../core/ir/affine.js';
import { AnyType, attrConstraint, defaultValued, I64Attr, required, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { AllTypesMatch, Pure } from '../../core/ir/traits.js';
import { IntegerType, VectorType, type Type } from '../../core/ir/types.js';
import { Index } from '../../core/ir/constraints.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { ParseState, UnresolvedOperand } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { BoolAttr } from '../memref/ops.js';
import { CombiningKindAttr, CombiningKindAttrConstraint, IteratorTypeAttr, type IteratorType } from './attributes.js';
import { AnyVectorOfAnyRank, AnyVectorOfNonZeroRank, I64ArrayAttr, i64Values } from './constraints.js';
import { computeFolders, computePatterns } from './compute-folds.js';
import { kindSupports } from './ops.js';

const vec = (op: Operation, i: number) => op.operand(i).type as VectorType;
const elementOf = (t: Type) => (t instanceof VectorType ? t.elementType : t);
const kindOf = (op: Operation) => (op.properties.get('kind') as CombiningKindAttr).value;
const ADD = CombiningKindAttr.get('add');

// ---------------------------------------------------------------------------------------- multi_reduction

/** The type multi_reduction yields: the source without its reduced dims (a scalar when none is left). */
export function multiReductionType(source: VectorType, dims: readonly number[]): Type {
  const kept = source.shape.map((_, i) => i).filter((i) => !dims.includes(i));
  if (kept.length === 0) return source.elementType;
  return VectorType.get(
    kept.map((i) => source.shape[i]!),
    source.elementType,
    kept.map((i) => source.scalableDims[i]!),
  );
}

export const MultiDimReductionOp = defineOp({
  name: 'vector.multi_reduction',
  summary: 'Multi-dimensional reduction operation',
  operands: { source: AnyVectorOfNonZeroRank, acc: AnyType },
  results: { dest: AnyType },
  attributes: { kind: required(CombiningKindAttrConstraint), reduction_dims: required(I64ArrayAttr) },
  traits: [Pure, AllTypesMatch('dest', 'acc')],
  fold: computeFolders['vector.multi_reduction'],
  canonicalize: computePatterns['vector.multi_reduction'],
  assemblyFormat: '$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` type($dest)',
  verify(op) {
    if (elementOf(op.resultTypes[0]!) !== vec(op, 0).elementType) return 'failed to verify that source operand and result have same element type';
    const dims = i64Values(op.properties.get('reduction_dims') as ArrayAttr);
    const expected = multiReductionType(vec(op, 0), dims);
    if (expected !== op.resultTypes[0]) return `destination type '${op.resultTypes[0]}' is incompatible with source type '${vec(op, 0)}'`;
  },
});

// ---------------------------------------------------------------------------------------- outerproduct

export const OuterProductOp = defineOp({
  name: 'vector.outerproduct',
  summary: 'vector outerproduct with optional fused add',
  operands: { lhs: AnyVectorOfNonZeroRank, rhs: AnyType, acc: variadic(AnyVectorOfAnyRank) },
  results: { result: AnyVectorOfAnyRank },
  attributes: { kind: defaultValued(CombiningKindAttrConstraint, ADD) },
  traits: [Pure],
  verify(op) {
    const lhs = vec(op, 0);
    const rhsType = op.operand(1).type;
    if (elementOf(rhsType) !== lhs.elementType) return 'failed to verify that lhs and rhs have same element type';
    const result = op.resultTypes[0] as VectorType;
    if (lhs.rank !== 1) return 'expected 1-d vector for operand #1';
    if (rhsType instanceof VectorType) {
      if (rhsType.rank !== 1) return 'expected 1-d vector for operand #2';
      if (result.rank !== 2) return 'expected 2-d vector result';
      if (lhs.shape[0] !== result.shape[0]) return 'expected #1 operand dim to match result dim #1';
      if (rhsType.shape[0] !== result.shape[1]) return 'expected #2 operand dim to match result dim #2';
      if (lhs.scalableDims.some(Boolean) && !rhsType.scalableDims.some(Boolean)) return 'expected either both or only #2 operand dim to be scalable';
    } else {
      if (result.rank !== 1) return 'expected 1-d vector result';
      if (lhs.shape[0] !== result.shape[0]) return 'expected #1 operand dim to match result dim #1';
    }
    if (op.numOperands > 2 && op.operand(2).type !== result) return 'expected operand #3 of same type as result type';
    if (!kindSupports(kindOf(op), result.elementType)) return 'unsupported outerproduct type';
  },
  print(p: OpAsmPrinter, op: Operation) {
    const v = op.operands;
    p.write(' ');
    p.printOperand(v[0]!);
    p.write(', ');
    p.printOperand(v[1]!);
    // As MLIR's printer: the attributes only after an accumulator.
    if (v.length > 2) {
      p.write(', ');
      p.printOperand(v[2]!);
      p.printOptionalAttrDict(op);
    }
    p.write(' : ');
    p.printType(v[0]!.type);
    p.write(', ');
    p.printType(v[1]!.type);
  },
  parse: ((parser: Parser, state: ParseState) => {
    const operands = parser.parseOperandList();
    parser.parseOptionalAttrDict(state);
    const lhsType = parser.parseColonType();
    parser.expect(Tok.Comma, "','");
    const rhsType = parser.parseType();
    if (operands.length < 2) throw parser.opError('expected at least 2 operands', parser.nameOffset);
    if (!(lhsType instanceof VectorType)) throw parser.opError('expected vector type for operand #1', parser.nameOffset);
    const resultType =
      rhsType instanceof VectorType
        ? VectorType.get([lhsType.shape[0]!, rhsType.shape[0]!], lhsType.elementType, [lhsType.scalableDims[0]!, rhsType.scalableDims[0]!])
        : VectorType.get([lhsType.shape[0]!], lhsType.elementType, [lhsType.scalableDims[0]!]);
    if (!state.getAttr('kind')) state.properties.set('kind', ADD);
    state.operands.push(parser.resolveOperand(operands[0]!, lhsType));
    state.operands.push(parser.resolveOperand(operands[1]!, rhsType));
    if (operands.length > 2) state.operands.push(parser.resolveOperand(operands[2]!, resultType));
    state.types.push(resultType);
  }) as never,
});

// ---------------------------------------------------------------------------------------- contract

const IteratorTypesAttr = attrConstraint('Iterator type should be an enum.', (a): a is ArrayAttr => a instanceof ArrayAttr && a.elements.every((e) => e instanceof IteratorTypeAttr));
const AnyArrayAttr = attrConstraint('array attribute', (a): a is ArrayAttr => a instanceof ArrayAttr);
const TRAIT_ATTRS = ['indexing_maps', 'iterator_types', 'kind'];

const mapsOf = (op: Operation): AffineMap[] => (op.properties.get('indexing_maps') as ArrayAttr).elements.map((e) => (e as AffineMapAttr).map);
const iteratorsOf = (op: Operation): IteratorType[] => (op.properties.get('iterator_types') as ArrayAttr).elements.map((e) => (e as IteratorTypeAttr).value);

const resultIndex = (map: AffineMap, dim: number) => map.results.findIndex((r) => r instanceof AffineDimExpr && r.position === dim);
const isProjectedPermutation = (map: AffineMap) => {
  const seen = new Set<number>();
  return (
    map.numSymbols === 0 &&
    map.results.every(
      (r) => (r.kind === 'constant' && (r as unknown as { value: bigint }).value === 0n) || (r instanceof AffineDimExpr && !seen.has(r.position) && seen.add(r.position) !== undefined),
    )
  );
};

/** Pairs of (lhs dim, rhs dim) iterating over iterators of `kind` (MLIR's getDimMap). */
function dimMap(op: Operation, kind: IteratorType): [number, number][] {
  const [lhsMap, rhsMap] = mapsOf(op);
  const out: [number, number][] = [];
  iteratorsOf(op).forEach((t, i) => {
    if (t !== kind) return;
    const l = resultIndex(lhsMap!, i);
    const r = resultIndex(rhsMap!, i);
    if (l >= 0 && r >= 0) out.push([l, r]);
  });
  return out;
}

const validDimMap = (lhs: VectorType, rhs: VectorType, map: [number, number][]) => map.every(([l, r]) => l >= 0 && l < lhs.rank && r >= 0 && r < rhs.rank && lhs.shape[l] === rhs.shape[r]);

function verifyContractOutput(op: Operation, lhs: VectorType, rhs: VectorType, acc: Type, res: Type, contracting: [number, number][], batch: [number, number][]): string | undefined {
  const lhsContracting = new Set(contracting.map((p) => p[0]));
  const rhsContracting = new Set(contracting.map((p) => p[1]));
  const rhsBatch = new Set(batch.map((p) => p[1]));
  const expectedDims = [...lhs.shape.filter((_, i) => !lhsContracting.has(i)), ...rhs.shape.filter((_, i) => !rhsContracting.has(i) && !rhsBatch.has(i))];
  if (expectedDims.length === 0) {
    if (res instanceof VectorType || acc instanceof VectorType) return 'invalid accumulator/result vector shape';
    return undefined;
  }
  if (!(res instanceof VectorType) || !(acc instanceof VectorType)) return 'invalid accumulator/result vector shape';
  const [lhsMap, rhsMap, resMap] = mapsOf(op);
  const extents = new Array<number | undefined>(lhsMap!.numDims).fill(undefined);
  const used = new Set<number>();
  for (const m of [lhsMap!, rhsMap!]) for (const r of m.results) if (r instanceof AffineDimExpr) used.add(r.position);
  for (let d = 0; d < lhsMap!.numDims; d++) if (!used.has(d)) return 'expected all dimensions to be either a LHS or a RHS dimension';
  for (const [v, m] of [
    [lhs, lhsMap!],
    [rhs, rhsMap!],
  ] as const) {
    for (let i = 0; i < v.rank; i++) {
      const r = m.results[i];
      if (r instanceof AffineDimExpr && extents[r.position] === undefined) extents[r.position] = v.shape[i]!;
    }
  }
  if (extents.some((e) => e === undefined)) return 'expected all dimensions to get an extent as either a LHS or a RHS dimension';
  const shape = resMap!.results.map((r) => (r instanceof AffineDimExpr ? extents[r.position]! : 0));
  const expected = VectorType.get(shape, res.elementType, res.scalableDims.length === shape.length ? res.scalableDims : undefined);
  if (res !== expected || acc !== expected) return `invalid accumulator/result vector shape, expected: '${expected}'`;
  return undefined;
}

export const ContractionOp = defineOp({
  name: 'vector.contract',
  summary: 'vector contraction operation',
  operands: { lhs: AnyVectorOfNonZeroRank, rhs: AnyVectorOfNonZeroRank, acc: AnyType },
  results: { result: AnyType },
  attributes: { indexing_maps: required(AnyArrayAttr), iterator_types: required(IteratorTypesAttr), kind: defaultValued(CombiningKindAttrConstraint, ADD) },
  traits: [Pure],
  canonicalize: computePatterns['vector.contract'],
  verify(op) {
    const [lhs, rhs] = [vec(op, 0), vec(op, 1)];
    const acc = op.operand(2).type;
    const res = op.resultTypes[0]!;
    if (lhs.elementType !== rhs.elementType) return 'failed to verify that lhs and rhs have same element type';
    if (elementOf(res) !== elementOf(acc)) return 'failed to verify that third operand acc and result have same element type';
    if (lhs.elementType instanceof IntegerType && lhs.elementType.signedness !== 'signless') return 'only supports signless integer types';
    const maps = (op.properties.get('indexing_maps') as ArrayAttr).elements;
    if (maps.length !== 3) return 'expected an indexing map for each vector operand';
    const numIterators = (op.properties.get('iterator_types') as ArrayAttr).elements.length;
    for (let i = 0; i < 3; i++) {
      const map = (maps[i] as AffineMapAttr).map;
      if (map.numSymbols !== 0) return `expected indexing map ${i} to have no symbols`;
      const t = op.operand(i).type;
      const rank = t instanceof VectorType ? t.rank : 0;
      if (map.numDims !== numIterators) return `expected indexing map ${i} to have ${numIterators} number of inputs`;
      if (map.numResults !== rank) return `expected indexing map ${i} to have ${rank} number of outputs`;
      if (!isProjectedPermutation(map)) return `expected indexing map ${i} to be a projected permutation of its inputs`;
    }
    const contracting = dimMap(op, 'reduction');
    const batch = dimMap(op, 'parallel');
    if (contracting.length === 0) return 'expected at least one contracting dimension pair';
    if (!validDimMap(lhs, rhs, contracting)) return 'invalid contracting dimension map';
    if (!validDimMap(lhs, rhs, batch)) return 'invalid batch dimension map';
    const bad = verifyContractOutput(op, lhs, rhs, acc, res, contracting, batch);
    if (bad) return bad;
    if (!kindSupports(kindOf(op), elementOf(res))) return 'unsupported contraction type';
  },
  print(p: OpAsmPrinter, op: Operation) {
    // The trait attributes first, as a dictionary, iterator types as strings (MLIR keeps the old form).
    const trait = new Map<string, Attribute>();
    for (const name of TRAIT_ATTRS) {
      const a = op.getAttr(name);
      if (!a) continue;
      trait.set(name, name === 'iterator_types' ? ArrayAttr.get((a as ArrayAttr).elements.map((e) => StringAttr.get((e as IteratorTypeAttr).value))) : a);
    }
    p.write(' ');
    p.printAttribute(DictionaryAttr.get(trait));
    p.write(' ');
    p.printOperands(op.operands);
    p.printOptionalAttrDict(op, TRAIT_ATTRS);
    p.write(' : ');
    p.printType(op.operand(0).type);
    p.write(', ');
    p.printType(op.operand(1).type);
    p.write(' into ');
    p.printType(op.resultTypes[0]!);
  },
  parse: ((parser: Parser, state: ParseState) => {
    const at = parser.offset;
    const dict = parser.parseAttribute();
    if (!(dict instanceof DictionaryAttr)) throw parser.opError('invalid kind of attribute specified', at);
    const lhs = parser.parseOperand();
    parser.expect(Tok.Comma, "','");
    const rhs = parser.parseOperand();
    parser.expect(Tok.Comma, "','");
    const acc = parser.parseOperand();
    const masks: UnresolvedOperand[] = [];
    while (parser.consumeIf(Tok.Comma)) masks.push(parser.parseOperand());
    parser.parseOptionalAttrDict(state);
    const types = parser.parseColonTypeList();
    parser.parseKeyword('into');
    const resultType = parser.parseType();
    state.operands.push(parser.resolveOperand(lhs, types[0]!), parser.resolveOperand(rhs, types[1]!), parser.resolveOperand(acc, resultType));
    state.types.push(resultType);
    for (const { name, value } of dict.entries) {
      if (name === 'iterator_types' && value instanceof ArrayAttr) {
        state.properties.set(
          name,
          ArrayAttr.get(
            value.elements.map((e) => {
              const s = e instanceof StringAttr ? e.value : '';
              if (s !== 'parallel' && s !== 'reduction') throw parser.opError(`unexpected iterator_type (${s})`, at);
              return IteratorTypeAttr.get(s);
            }),
          ),
        );
      } else state.properties.set(name, value);
    }
    if (!state.getAttr('kind')) state.properties.set('kind', ADD);
    if (masks.length > 0 && masks.length !== 2) throw parser.opError('expected zero or exactly 2 vector mask operands', parser.nameOffset);
  }) as never,
});

// ---------------------------------------------------------------------------------------- scan

export const ScanOp = defineOp({
  name: 'vector.scan',
  summary: 'Scan operation',
  operands: { source: AnyVectorOfAnyRank, initial_value: AnyVectorOfAnyRank },
  results: { dest: AnyVectorOfAnyRank, accumulated_value: AnyVectorOfAnyRank },
  attributes: { kind: required(CombiningKindAttrConstraint), reduction_dim: required(I64Attr), inclusive: required(BoolAttr) },
  traits: [Pure, AllTypesMatch('source', 'dest'), AllTypesMatch('initial_value', 'accumulated_value')],
  // ODS names the results of multi-result ops after their declaration.
  resultNames: () => ['dest', 'accumulated_value'],
  assemblyFormat: '$kind `,` $source `,` $initial_value attr-dict `:` type($source) `,` type($initial_value)',
  verify(op) {
    const src = vec(op, 0);
    const init = vec(op, 1);
    const dim = Number((op.properties.get('reduction_dim') as IntegerAttr).value);
    if (dim >= src.rank) return `reduction dimension ${dim} has to be less than ${src.rank}`;
    if (init.rank !== src.rank - 1) return `initial value rank ${init.rank} has to be equal to ${src.rank - 1}`;
    const expected = src.shape.filter((_, i) => i !== dim);
    if (expected.length !== init.shape.length || expected.some((d, i) => d !== init.shape[i])) return 'incompatible input/initial value shapes';
    const elt = src.elementType;
    if (!kindSupports(kindOf(op), elt)) return `unsupported reduction type '${elt}' for kind '${kindOf(op)}'`;
  },
});

// ---------------------------------------------------------------------------------------- vscale

export const VectorScaleOp = defineOp({
  name: 'vector.vscale',
  summary: 'Load vector scale size',
  results: { res: Index },
  traits: [Pure],
  resultNames: () => ['vscale'],
  assemblyFormat: 'attr-dict',
});

export const computeOps = [MultiDimReductionOp, OuterProductOp, ContractionOp, ScanOp, VectorScaleOp];
