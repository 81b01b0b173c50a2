import { FloatType, IntegerType, type Type, type VectorType } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { ExtFOp, ExtSIOp, ExtUIOp, FPToSIOp, SIToFPOp, TruncFOp, TruncIOp } from '../../../dialects/arith/index.js';
import type { ArithBuilder } from '../../../dialects/arith/builder.js';

/** Whether elements of type `from` can be converted to `to` (tile.cast's conversions, and the dot's). */
export function canConvertScalar(from: Type, to: Type): boolean {
  return from === to || ((from instanceof FloatType || from instanceof IntegerType) && (to instanceof FloatType || to instanceof IntegerType));
}

/** Why `from` elements cannot be converted to `to`, or undefined. */
export function scalarConversionError(from: Type, to: Type): string | undefined {
  return canConvertScalar(from, to) ? undefined : `cannot convert '${from}' elements to '${to}'`;
}

/** An element converted to another element type (f16 -> f32 for the dot, tile.cast's conversions); the types must be convertible. */
export function convertScalar(b: ArithBuilder, v: Value, to: Type): Value {
  const from = v.type;
  if (from === to) return v;
  if (from instanceof FloatType && to instanceof FloatType) {
    const cast = from.width < to.width ? ExtFOp.state({ loc: b.loc, operands: { in: v }, resultTypes: [to] }) : TruncFOp.state({ loc: b.loc, operands: { in: v }, resultTypes: [to] });
    return b.create(cast).results[0]!;
  }
  const convert = (op: { readonly name: string }): Value => b.create({ name: op.name, operands: [v], resultTypes: [to] }).results[0]!;
  if (from instanceof IntegerType && to instanceof FloatType) return convert(SIToFPOp);
  if (from instanceof FloatType && to instanceof IntegerType) return convert(FPToSIOp);
  // As tile.cast defines it: i1 zero-extends, other integers sign-extend or truncate.
  if ((from as IntegerType).width > (to as IntegerType).width) return convert(TruncIOp);
  return convert((from as IntegerType).width === 1 ? ExtUIOp : ExtSIOp);
}

/** A vector of floats converted to another float vector type of the same lanes (the dot's f16 -> f32). */
export function convertVector(b: ArithBuilder, v: Value, to: VectorType): Value {
  if (v.type === to) return v;
  const from = (v.type as VectorType).elementType as FloatType;
  const cast = from.width < (to.elementType as FloatType).width ? ExtFOp : TruncFOp;
  return b.create(cast.state({ loc: b.loc, operands: { in: v }, resultTypes: [to] })).results[0]!;
}
