/**
 * vector ops of MLIR 19 outside the other groups: print, reshape, flat_transpose, type_cast,
 * scalable.insert, scalable.extract. Verifier messages and custom forms are MLIR's.
 */
import { StringAttr, type ArrayAttr, type DenseArrayAttr, type IntegerAttr } from '../../core/ir/attributes.js';
import { AnyMemRef, attrConstraint, defaultValued, I32Attr, I64Attr, Index, optional, optionalAttr, required, typeConstraint, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemoryEffects, Pure } from '../../core/ir/traits.js';
import { FloatType, IndexType, IntegerType, MemRefType, VectorType, type Type } from '../../core/ir/types.js';
import type { Parser } from '../../core/syntax/parser.js';
import type { ParseState } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { stridesAndOffset } from '../memref/types.js';
import { parsePunctuationBody, PrintPunctuationAttr } from './attributes.js';
import { AnyVectorOfAnyRank, I64ArrayAttr, i64Values, VectorOfRank1 } from './constraints.js';
import { constIntOfValue } from '../arith/fold-utils.js';
import { Diagnostic } from '../../core/ir/diagnostics.js';

const vec = (op: Operation, i: number) => op.operand(i).type as VectorType;
const res = (op: Operation) => op.resultTypes[0] as VectorType;
const isVector = (t: Type): t is VectorType => t instanceof VectorType;
const numElements = (t: VectorType) => t.shape.reduce((a, b) => a * b, 1);
const intAttr = (op: Operation, name: string) => Number((op.properties.get(name) as IntegerAttr).value);

// ---------------------------------------------------------------------------------------- print

/** MLIR's constraint on vector.print's source has no summary: "operand #0 must be , but got ...". */
const Printable = typeConstraint('', (t) => t instanceof VectorType || t instanceof IntegerType || t instanceof IndexType || t instanceof FloatType);
const PunctuationAttrC = attrConstraint('Punctuation for separating vectors or vector elements', (a): a is PrintPunctuationAttr => a instanceof PrintPunctuationAttr);
const StrAttrC = attrConstraint('string attribute', (a): a is StringAttr => a instanceof StringAttr);
const NEWLINE = () => PrintPunctuationAttr.get('newline');

export const PrintOp = defineOp({
  name: 'vector.print',
  summary: 'print operation (for testing and debugging)',
  operands: { source: optional(Printable) },
  attributes: { punctuation: defaultValued(PunctuationAttrC, NEWLINE()), stringLiteral: optionalAttr(StrAttrC) },
  traits: [MemoryEffects('write')],
  verify(op) {
    const str = op.properties.get('stringLiteral');
    if (str && (op.numOperands > 0 || (op.properties.get('punctuation') ?? NEWLINE()) !== NEWLINE())) {
      return 'failed to verify that `source` or `punctuation` are not set when printing strings';
    }
  },
  // ($source^ `:` type($source))? oilist(`str` $stringLiteral | `punctuation` $punctuation) attr-dict
  print(p: OpAsmPrinter, op: Operation) {
    if (op.numOperands > 0) {
      p.write(' ');
      p.printOperand(op.operand(0));
      p.write(' : ');
      p.printType(op.operand(0).type);
    }
    const str = op.properties.get('stringLiteral');
    if (str) {
      p.write(' str ');
      p.printAttribute(str);
    }
    const punctuation = op.properties.get('punctuation') as PrintPunctuationAttr | undefined;
    if (punctuation && punctuation !== NEWLINE()) {
      p.write(' punctuation ');
      punctuation.printBody(p as never);
    }
    p.printOptionalAttrDict(op, ['punctuation', 'stringLiteral']);
  },
  parse: ((parser: Parser, state: ParseState) => {
    const source = parser.parseOptionalOperand();
    if (source) {
      const type = parser.parseColonType();
      state.operands.push(parser.resolveOperand(source, type));
    }
    const seen = new Set<string>();
    for (;;) {
      const at = parser.offset;
      const word = parser.isKeyword('str') ? 'str' : parser.isKeyword('punctuation') ? 'punctuation' : undefined;
      if (!word) break;
      if (seen.has(word)) throw parser.opError(`\`${word}\` clause can appear at most once in the expansion of the oilist directive`, at);
      seen.add(word);
      parser.parseKeyword();
      if (word === 'str') state.properties.set('stringLiteral', StringAttr.get(parser.parseString()));
      else state.properties.set('punctuation', parsePunctuationBody(parser, true));
    }
    parser.parseOptionalAttrDict(state);
    if (!state.getAttr('punctuation')) state.properties.set('punctuation', NEWLINE());
  }) as never,
});

// ---------------------------------------------------------------------------------------- reshape

export const ReshapeOp = defineOp({
  name: 'vector.reshape',
  summary: 'vector reshape operation',
  operands: { vector: AnyVectorOfAnyRank, input_shape: variadic(Index), output_shape: variadic(Index) },
  results: { result: AnyVectorOfAnyRank },
  attributes: { fixed_vector_sizes: required(I64ArrayAttr) },
  traits: [Pure],
  assemblyFormat: '$vector `,` `[` $input_shape `]` `,` `[` $output_shape `]` `,` $fixed_vector_sizes attr-dict `:` type($vector) `to` type($result)',
  verify(op) {
    const input = vec(op, 0);
    const output = res(op);
    const [, nIn, nOut] = segmentsOf(op) as [number, number, number];
    // MLIR's emitError: no "'vector.reshape' op" prefix.
    const plain = (message: string) => new Diagnostic('error', op.loc, message);
    const fixed = i64Values(op.properties.get('fixed_vector_sizes') as ArrayAttr);
    if (input.rank !== nIn + fixed.length) return plain(`invalid input shape for vector type '${input}'`);
    if (output.rank !== nOut + fixed.length) return plain(`invalid output shape for vector type '${output}'`);
    // MLIR indexes the shape at rank - #fixed - i (not + i), kept as it is.
    for (let i = 0; i < fixed.length; i++) {
      if (fixed[i] !== input.shape[input.rank - fixed.length - i]) return plain(`fixed vector size must match input vector for dim ${i}`);
    }
    for (let i = 0; i < fixed.length; i++) {
      if (fixed[i] !== output.shape[output.rank - fixed.length - i]) return plain(`fixed vector size must match output vector for dim ${i}`);
    }
    const ins = op.operands.slice(1, 1 + nIn).map(constIntOfValue);
    const outs = op.operands.slice(1 + nIn).map(constIntOfValue);
    if (ins.every((v) => v !== undefined) && outs.every((v) => v !== undefined)) {
      const prod = (vs: (bigint | undefined)[]) => vs.reduce((a: bigint, b) => a * b!, 1n);
      if (prod(ins) !== prod(outs)) return plain('product of input and output shape sizes must match');
    }
  },
});

function segmentsOf(op: Operation): number[] {
  return [...(op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers];
}

// ---------------------------------------------------------------------------------------- flat_transpose

const flatElement = (t: Type) => (t instanceof IntegerType && t.signedness !== 'unsigned') || t instanceof IndexType || t instanceof FloatType;
const FlatMatrix = typeConstraint(
  'fixed-length vector of signless integer or signed integer or index or floating-point values of ranks 1',
  (t) => t instanceof VectorType && t.rank === 1 && !t.scalableDims.some(Boolean) && flatElement(t.elementType),
  undefined,
  isVector,
);

export const FlatTransposeOp = defineOp({
  name: 'vector.flat_transpose',
  summary: 'Vector matrix transposition on flattened 1-D MLIR vectors',
  operands: { matrix: FlatMatrix },
  results: { res: FlatMatrix },
  attributes: { rows: required(I32Attr), columns: required(I32Attr) },
  traits: [Pure],
  assemblyFormat: '$matrix attr-dict `:` type($matrix) `->` type($res)',
  verify(op) {
    if (vec(op, 0).elementType !== res(op).elementType) return 'failed to verify that source operand and result have same element type';
  },
});

// ---------------------------------------------------------------------------------------- type_cast

const StaticShapeMemRef = typeConstraint(
  'statically shaped memref of any type values',
  (t) => t instanceof MemRefType && t.shape.every((d) => d >= 0),
  undefined,
  (t) => t instanceof MemRefType,
);

/** Whether a memref's layout is the identity once canonicalized (MLIR's canonicalizeStridedLayout). */
function hasIdentityLayout(t: MemRefType): boolean {
  if (!t.layout) return true;
  const so = stridesAndOffset(t);
  if (!so || so.offset !== 0) return false;
  let running = 1;
  for (let i = t.rank - 1; i >= 0; i--) {
    if (so.strides[i] !== running) return false;
    running *= t.shape[i]!;
  }
  return true;
}

/** A memref's shape followed by its vector element's shape (MLIR's extractShape). */
function flatShape(t: MemRefType): number[] {
  return t.elementType instanceof VectorType ? [...t.shape, ...t.elementType.shape] : [...t.shape];
}
const scalarOf = (t: MemRefType) => (t.elementType instanceof VectorType ? t.elementType.elementType : t.elementType);

export const TypeCastOp = defineOp({
  name: 'vector.type_cast',
  summary: 'type_cast op converts a scalar memref to a vector memref',
  operands: { memref: StaticShapeMemRef },
  results: { result: AnyMemRef },
  traits: [Pure],
  assemblyFormat: '$memref attr-dict `:` type($memref) `to` type($result)',
  verify(op) {
    const source = op.operand(0).type as MemRefType;
    const result = op.resultTypes[0] as MemRefType;
    if (!hasIdentityLayout(source)) return 'expects operand to be a memref with identity layout';
    if (result.layout) return 'expects result to be a memref with identity layout';
    if (result.memorySpace !== source.memorySpace) return 'expects result in same memory space';
    if (scalarOf(source) !== scalarOf(result)) return `expects result and operand with same underlying scalar type: '${result}'`;
    if (flatShape(source).join('x') !== flatShape(result).join('x')) return `expects concatenated result and operand shapes to be equal: '${result}'`;
  },
});

// ---------------------------------------------------------------------------------------- scalable.insert / scalable.extract

// MLIR's ScalableVectorOfRank has no summary before " of ranks 1".
const ScalableVectorOfRank1 = typeConstraint(' of ranks 1', (t) => t instanceof VectorType && t.rank === 1 && t.scalableDims[0] === true, undefined, isVector);

export const ScalableInsertOp = defineOp({
  name: 'vector.scalable.insert',
  summary: 'insert subvector into scalable vector operation',
  operands: { source: VectorOfRank1, dest: ScalableVectorOfRank1 },
  results: { res: ScalableVectorOfRank1 },
  attributes: { pos: required(I64Attr) },
  traits: [Pure],
  assemblyFormat: '$source `,` $dest `[` $pos `]` attr-dict `:` type($source) `into` type($dest)',
  typeRelations: [{ allMatch: ['dest', 'res'] }],
  verify(op) {
    if (vec(op, 0).elementType !== vec(op, 1).elementType) return 'failed to verify that all of {source, dest} have same element type';
    if (op.operand(1).type !== res(op)) return 'failed to verify that all of {dest, res} have same type';
    if (intAttr(op, 'pos') % numElements(vec(op, 0)) !== 0) return 'failed to verify that position is a multiple of the source length.';
  },
});

export const ScalableExtractOp = defineOp({
  name: 'vector.scalable.extract',
  summary: 'extract subvector from scalable vector operation',
  operands: { source: ScalableVectorOfRank1 },
  results: { res: VectorOfRank1 },
  attributes: { pos: required(I64Attr) },
  traits: [Pure],
  assemblyFormat: '$source `[` $pos `]` attr-dict `:` type($res) `from` type($source)',
  verify(op) {
    if (vec(op, 0).elementType !== res(op).elementType) return 'failed to verify that all of {source, res} have same element type';
    if (intAttr(op, 'pos') % numElements(res(op)) !== 0) return 'failed to verify that position is a multiple of the result length.';
  },
});

export const miscOps = [PrintOp, ReshapeOp, FlatTransposeOp, TypeCastOp, ScalableInsertOp, ScalableExtractOp];
