/** Type and attribute constraints of the vector ops, described as MLIR 19's ODS describes them (verifier messages quote them). */
import { ArrayAttr, DenseArrayAttr, IntegerAttr } from '../../core/ir/attributes.js';
import type { AttrTypeWriter } from '../../core/ir/writer.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import { attrConstraint, typeConstraint, type TypeConstraint } from '../../core/ir/constraints.js';
import { FloatType, IndexType, IntegerType, RankedTensorType, ShapedType, VectorType, type Type } from '../../core/ir/types.js';

const isVector = (t: Type): t is VectorType => t instanceof VectorType;
const fixed = (t: VectorType) => !t.scalableDims.some(Boolean);
export const i1 = () => IntegerType.get(1);
const isI1 = (t: Type) => t === IntegerType.get(1);
const isIntOrIndex = (t: Type) => t instanceof IntegerType || t instanceof IndexType;

function vectorOf(description: string, test: (t: VectorType) => boolean): TypeConstraint {
  return typeConstraint(description, (t) => isVector(t) && test(t), undefined, isVector);
}

export const AnyVectorOfAnyRank = vectorOf('vector of any type values', () => true);
export const AnyVectorOfNonZeroRank = vectorOf('vector of any type values', (t) => t.rank > 0);
export const AnyFixedVectorOfAnyRank = vectorOf('fixed-length vector of any type values', fixed);
export const BoolVectorOfAnyRank = vectorOf('vector of 1-bit signless integer values', (t) => isI1(t.elementType));
export const BoolVectorOfNonZeroRank = vectorOf('vector of 1-bit signless integer values', (t) => t.rank > 0 && isI1(t.elementType));
export const BoolVectorOfRank1 = vectorOf('vector of 1-bit signless integer values of ranks 1', (t) => t.rank === 1 && isI1(t.elementType));
export const IntOrIndexVectorOfNonZeroRank = vectorOf('vector of integer or index values', (t) => t.rank > 0 && isIntOrIndex(t.elementType));
export const IntOrIndexVectorOfRank1 = vectorOf('vector of integer or index values of ranks 1', (t) => t.rank === 1 && isIntOrIndex(t.elementType));
export const VectorOfRank1 = vectorOf('vector of any type values of ranks 1', (t) => t.rank === 1);
/** MLIR's VectorOfRankAndType<[1], [AnyType]>: its element-type list describes as nothing. */
export const AnyTypedVectorOfRank1 = vectorOf(' of ranks 1', (t) => t.rank === 1);
export const IndexVectorOfRank1 = vectorOf('vector of index values of ranks 1', (t) => t.rank === 1 && t.elementType instanceof IndexType);
export const FloatOrIntVectorOfRank1or2 = vectorOf('vector of signless integer or floating-point values of ranks 1/2', (t) => t.rank >= 1 && t.rank <= 2);
const isShaped = (t: Type): boolean => t instanceof ShapedType;
export const AnyShaped = typeConstraint('shaped of any type values', isShaped, undefined, isShaped);
export const AnyRankedTensor = typeConstraint('ranked tensor of any type values', (t) => t instanceof RankedTensorType);
export const isFloatType = (t: Type) => t instanceof FloatType;

/** MLIR's I64ArrayAttr (an ArrayAttr of i64 IntegerAttrs, printed `[1, 2]`). */
export const I64ArrayAttr = attrConstraint(
  '64-bit integer array attribute',
  (a): a is ArrayAttr => a instanceof ArrayAttr && a.elements.every((e) => e instanceof IntegerAttr && e.type === IntegerType.get(64)),
);

export const i64Values = (a: ArrayAttr): number[] => a.elements.map((e) => Number((e as IntegerAttr).value));
export const i64Array = (values: readonly (number | bigint)[]): ArrayAttr => ArrayAttr.get(values.map((v) => IntegerAttr.get(IntegerType.get(64), BigInt(v))));

/** MLIR's DenseI64ArrayAttr as custom formats print it: `[1, 0]` (generic form: `array<i64: 1, 0>`). */
export const DenseI64List = attrConstraint('i64 dense array attribute', (a): a is DenseArrayAttr => a instanceof DenseArrayAttr && a.elementType === IntegerType.get(64), {
  formatPrint: (p: AttrTypeWriter, a: DenseArrayAttr) => p.write(`[${a.numbers.join(', ')}]`),
  formatParse: (parser: Parser) => {
    const values: bigint[] = [];
    parser.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => values.push(BigInt(parser.parseInteger())));
    return DenseArrayAttr.get(IntegerType.get(64), values);
  },
  formatStartsHere: (parser: Parser) => parser.peek(Tok.LSquare),
});

/** MLIR's isValidShapeCast: `a` (the lower rank) folds contiguous groups of `b`. */
export function isValidShapeCast(a: readonly number[], b: readonly number[]): boolean {
  const isOne = (v: number) => v === 1;
  if (a.length === 0 && b.every(isOne)) return true;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const dimA = a[i]!;
    let dimB = 1;
    while (dimB < dimA && j < b.length) dimB *= b[j++]!;
    if (dimA !== dimB) break;
    ++i;
    if (i < a.length && a.slice(i).every(isOne)) i = a.length;
    if (j < b.length && b.slice(j).every(isOne)) j = b.length;
  }
  return i === a.length && j === b.length;
}
