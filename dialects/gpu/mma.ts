/**
 * `!gpu.mma_matrix<16x16xf16, "AOp">` and the subgroup matrix ops of MLIR 19 that read, write and
 * multiply it: gpu.subgroup_mma_load_matrix, _store_matrix and _compute (not executed here).
 */
import { Diagnostic } from '../../core/ir/diagnostics.js';
import { IndexAttr, optionalAttr, required, typeConstraint, variadic } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { AllTypesMatch, MemoryEffects, Pure } from '../../core/ir/traits.js';
import { DialectType, FloatType, IntegerType, MemRefType, VectorType, type Type } from '../../core/ir/types.js';
import type { AttrTypeWriter } from '../../core/ir/writer.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import { UnitAttrC } from '../memref/ops.js';
import { stridesAndOffset } from '../memref/types.js';

// Not ops.ts's Index: attributes.ts loads this module before ops.ts.
import { Index } from '../../core/ir/constraints.js';

export type MMAOperand = 'AOp' | 'BOp' | 'COp';

const mmaTypes = new Map<string, MMAMatrixType>();

/** `!gpu.mma_matrix<MxNxT, "AOp">`: a matrix spread over the lanes of a subgroup. */
export class MMAMatrixType extends DialectType {
  readonly dialect = 'gpu';
  readonly mnemonic = 'mma_matrix';
  private constructor(
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly operand: string,
  ) {
    super();
  }
  static get(shape: readonly number[], elementType: Type, operand: string): MMAMatrixType {
    const key = `${shape.join('x')}|${elementType.id}|${operand}`;
    let t = mmaTypes.get(key);
    if (!t) mmaTypes.set(key, (t = new MMAMatrixType([...shape], elementType, operand)));
    return t;
  }
  override printBody(w: AttrTypeWriter): void {
    w.write(`<${this.shape.map((d) => `${d}x`).join('')}`);
    w.type(this.elementType);
    w.write(`, "${this.operand}">`);
  }
}

const isF = (t: Type, w: number) => t instanceof FloatType && String(t) === `f${w}`;
/** MLIR's MMAMatrixType::isValidElementType: f16, f32, si8, ui8, i32. */
const validElement = (t: Type) => isF(t, 16) || isF(t, 32) || t === IntegerType.get(8, 'signed') || t === IntegerType.get(8, 'unsigned') || t === IntegerType.get(32);

/** MLIR's MMAMatrixType::verify, after `!gpu.mma_matrix` (errors where the type's name starts). */
export function parseMMAMatrixBody(parser: Parser, offset: number): MMAMatrixType {
  parser.expect(Tok.Less, "'<'");
  const shape = parser.parseDimensionList(false);
  const elementType = parser.parseType();
  parser.expect(Tok.Comma, "','");
  const operand = parser.parseString();
  parser.expect(Tok.Greater, "'>'");
  if (operand !== 'AOp' && operand !== 'BOp' && operand !== 'COp') throw parser.emitError('operand expected to be one of AOp, BOp or COp', offset);
  if (shape.length !== 2) throw parser.emitError('MMAMatrixType must have exactly two dimensions', offset);
  if (!validElement(elementType)) throw parser.emitError('MMAMatrixType elements must be SI8, UI8, I32, F16, or F32', offset);
  return MMAMatrixType.get(shape, elementType, operand);
}

const MMAMatrix = typeConstraint('MMAMatrix type', (t) => t instanceof MMAMatrixType);
const mmaOf = (elements: (t: Type) => boolean, names: string) => typeConstraint(`gpu.mma_matrix of ${names} values`, (t) => t instanceof MMAMatrixType && elements(t.elementType));
const MMAOfLoadable = mmaOf(validElement, '8-bit signed integer or 8-bit unsigned integer or 32-bit signless integer or 16-bit float or 32-bit float');
const MMAOfComputable = mmaOf(
  (t) => isF(t, 16) || isF(t, 32) || t === IntegerType.get(8, 'signed') || t === IntegerType.get(8, 'unsigned'),
  '8-bit signed integer or 8-bit unsigned integer or 16-bit float or 32-bit float',
);
const memElement = (t: Type) => t === IntegerType.get(8) || t === IntegerType.get(32) || isF(t, 16) || isF(t, 32);
const MMAMemRef = typeConstraint(
  'memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float values of ranks 1 values',
  (t) => t instanceof MemRefType && (memElement(t.elementType) || (t.elementType instanceof VectorType && t.elementType.shape.length === 1 && memElement(t.elementType.elementType))),
);

/** MLIR's isLastMemrefDimUnitStride. */
function lastDimUnitStride(t: MemRefType): boolean {
  const s = stridesAndOffset(t);
  return s !== undefined && (s.strides.length === 0 || s.strides[s.strides.length - 1] === 1);
}

/** MLIR reports these with emitError: no op prefix. */
const plainError = (op: Operation, message: string) => Object.assign(new Diagnostic('error', op.loc, message), { op });

export const SubgroupMmaLoadMatrixOp = defineOp({
  name: 'gpu.subgroup_mma_load_matrix',
  summary: 'GPU warp synchronous matrix load',
  operands: { srcMemref: MMAMemRef, indices: variadic(Index) },
  results: { res: MMAMatrix },
  attributes: { leadDimension: required(IndexAttr), transpose: optionalAttr(UnitAttrC) },
  traits: [MemoryEffects('read')],
  assemblyFormat: '$srcMemref`[`$indices`]` attr-dict `:` type($srcMemref) `->` type($res)',
  verify(op) {
    if (!lastDimUnitStride(op.operand(0).type as MemRefType)) return plainError(op, 'expected source memref most minor dim must have unit stride');
    return undefined;
  },
});

export const SubgroupMmaStoreMatrixOp = defineOp({
  name: 'gpu.subgroup_mma_store_matrix',
  summary: 'GPU warp synchronous matrix store',
  operands: { src: MMAOfLoadable, dstMemref: MMAMemRef, indices: variadic(Index) },
  attributes: { leadDimension: required(IndexAttr), transpose: optionalAttr(UnitAttrC) },
  traits: [MemoryEffects('write')],
  assemblyFormat: '$src`,` $dstMemref`[`$indices`]` attr-dict `:` type($src)`,` type($dstMemref)',
  verify(op) {
    if (!lastDimUnitStride(op.operand(1).type as MemRefType)) return plainError(op, 'expected destination memref most minor dim must have unit stride');
    if ((op.operand(0).type as MMAMatrixType).operand !== 'COp') return plainError(op, "expected the operand matrix being stored to have 'COp' operand type");
    return undefined;
  },
});

export const SubgroupMmaComputeOp = defineOp({
  name: 'gpu.subgroup_mma_compute',
  summary: 'GPU warp synchronous matrix multiply accumulate',
  operands: { opA: MMAOfComputable, opB: MMAOfComputable, opC: MMAMatrix },
  results: { res: MMAMatrix },
  attributes: { a_transpose: optionalAttr(UnitAttrC), b_transpose: optionalAttr(UnitAttrC) },
  traits: [Pure, AllTypesMatch('opC', 'res')],
  assemblyFormat: '$opA`,` $opB`,` $opC attr-dict `:` type($opA)`,` type($opB) `->` type($res)',
  verify(op) {
    const [a, b, c] = [0, 1, 2].map((i) => op.operand(i).type as MMAMatrixType);
    if (a!.operand !== 'AOp' || b!.operand !== 'BOp' || c!.operand !== 'COp') return plainError(op, 'operands must be in the order AOp, BOp, COp');
    // MLIR 19 compares the shapes as written, a_transpose and b_transpose notwithstanding.
    if (a!.shape[1] !== b!.shape[0] || a!.shape[0] !== c!.shape[0] || b!.shape[1] !== c!.shape[1]) return plainError(op, 'operand shapes do not satisfy matmul constraints');
    return undefined;
  },
});
