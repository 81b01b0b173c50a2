import { mathFolders } from './folders.js';
import { defaultValued, FloatLike, SignlessIntegerLike, type TypeConstraint } from '../../core/ir/constraints.js';
import { defineOp } from '../../core/ir/op-definition.js';
import { AllTypesMatch, Pure, SameOperandsAndResultType } from '../../core/ir/traits.js';
import { FastMathAttrConstraint, FastMathFlagsAttr } from '../arith/attributes.js';
import { SameOperandsAndResultShape } from '../arith/common.js';

const fastmath = () => ({ fastmath: defaultValued(FastMathAttrConstraint, FastMathFlagsAttr.none) });

/**
 * A math op whose operands and result have one type (MLIR's Math_FloatUnaryOp, Math_FloatBinaryOp,
 * Math_FloatTernaryOp, Math_IntegerUnaryOp and Math_IntegerBinaryOp): the operands comma-separated,
 * fastmath flags on float ops, then the type: `math.powf %a, %b fastmath<fast> : f32`, `math.absi %x : i32`.
 */
function sameTypeOp<const N extends string, const K extends string>(name: N, summary: string, type: TypeConstraint, operandNames: readonly K[]) {
  const float = type === FloatLike;
  const operands = Object.fromEntries(operandNames.map((o) => [o, type])) as Record<K, TypeConstraint>;
  const list = operandNames.map((o) => `$${o}`).join(' `,` ');
  return defineOp({
    name,
    summary,
    operands,
    results: { result: type },
    attributes: float ? fastmath() : {},
    traits: [Pure, SameOperandsAndResultType],
    assemblyFormat: `${list}${float ? ' (`fastmath` `` $fastmath^)?' : ''} attr-dict \`:\` type($result)`,
    fold: mathFolders[name],
  });
}

const floatUnaryOp = <const N extends string>(name: N, summary: string) => sameTypeOp(name, summary, FloatLike, ['operand']);
const floatBinaryOp = <const N extends string>(name: N, summary: string) => sameTypeOp(name, summary, FloatLike, ['lhs', 'rhs']);
const integerUnaryOp = <const N extends string>(name: N, summary: string) => sameTypeOp(name, summary, SignlessIntegerLike, ['operand']);

export const AbsFOp = floatUnaryOp('math.absf', 'floating point absolute-value operation');
export const AcosOp = floatUnaryOp('math.acos', 'arcus cosine of the specified value');
export const AcoshOp = floatUnaryOp('math.acosh', 'Hyperbolic arcus cosine of the given value');
export const AsinOp = floatUnaryOp('math.asin', 'arcus sine of the given value');
export const AsinhOp = floatUnaryOp('math.asinh', 'hyperbolic arcus sine of the given value');
export const AtanOp = floatUnaryOp('math.atan', 'arcus tangent of the given value');
export const AtanhOp = floatUnaryOp('math.atanh', 'hyperbolic arcus tangent of the given value');
export const CbrtOp = floatUnaryOp('math.cbrt', 'cube root of the specified value');
export const CeilOp = floatUnaryOp('math.ceil', 'ceiling of the specified value');
export const CosOp = floatUnaryOp('math.cos', 'cosine of the specified value');
export const CoshOp = floatUnaryOp('math.cosh', 'hyperbolic cosine of the specified value');
export const ErfOp = floatUnaryOp('math.erf', 'error function of the specified value');
export const ExpOp = floatUnaryOp('math.exp', 'base-e exponential of the specified value');
export const Exp2Op = floatUnaryOp('math.exp2', 'base-2 exponential of the specified value');
export const ExpM1Op = floatUnaryOp('math.expm1', 'base-e exponential of the specified value minus 1');
export const FloorOp = floatUnaryOp('math.floor', 'floor of the specified value');
export const LogOp = floatUnaryOp('math.log', 'base-e logarithm of the specified value');
export const Log10Op = floatUnaryOp('math.log10', 'base-10 logarithm of the specified value');
export const Log1pOp = floatUnaryOp('math.log1p', 'Computes the natural logarithm of one plus the given value');
export const Log2Op = floatUnaryOp('math.log2', 'base-2 logarithm of the specified value');
export const RoundOp = floatUnaryOp('math.round', 'round of the specified value');
export const RoundEvenOp = floatUnaryOp('math.roundeven', 'round of the specified value with halfway cases to even');
export const RsqrtOp = floatUnaryOp('math.rsqrt', 'reciprocal of sqrt (1 / sqrt of the specified value)');
export const SinOp = floatUnaryOp('math.sin', 'sine of the specified value');
export const SinhOp = floatUnaryOp('math.sinh', 'hyperbolic sine of the specified value');
export const SqrtOp = floatUnaryOp('math.sqrt', 'sqrt of the specified value');
export const TanOp = floatUnaryOp('math.tan', 'tangent of the specified value');
export const TanhOp = floatUnaryOp('math.tanh', 'hyperbolic tangent of the specified value');
export const TruncOp = floatUnaryOp('math.trunc', 'trunc of the specified value');

export const Atan2Op = floatBinaryOp('math.atan2', '2-argument arcus tangent of the given values');
export const CopySignOp = floatBinaryOp('math.copysign', 'A copysign operation');
export const PowFOp = floatBinaryOp('math.powf', 'floating point raised to the power of operation');

export const AbsIOp = integerUnaryOp('math.absi', 'integer absolute-value operation');
export const CountLeadingZerosOp = integerUnaryOp('math.ctlz', 'counts the leading zeros an integer value');
export const CountTrailingZerosOp = integerUnaryOp('math.cttz', 'counts the trailing zeros an integer value');
export const CtPopOp = integerUnaryOp('math.ctpop', 'counts the number of set bits of an integer value');

/** `math.ipowi %a, %b : i32`. */
export const IPowIOp = sameTypeOp('math.ipowi', 'signed integer raised to the power of operation', SignlessIntegerLike, ['lhs', 'rhs']);

/** `math.fpowi %x, %n : f32, i32`: a float base and a signless integer power. */
export const FPowIOp = defineOp({
  name: 'math.fpowi',
  summary: 'floating point raised to the signed integer power',
  operands: { lhs: FloatLike, rhs: SignlessIntegerLike },
  results: { result: FloatLike },
  attributes: fastmath(),
  traits: [AllTypesMatch('lhs', 'result'), Pure, SameOperandsAndResultShape],
  assemblyFormat: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)',
});

/** `math.fma %a, %b, %c fastmath<fast> : f32`. */
export const FmaOp = sameTypeOp('math.fma', 'floating point fused multipy-add operation', FloatLike, ['a', 'b', 'c']);

export const mathOps = [
  AbsFOp,
  AbsIOp,
  AcosOp,
  AcoshOp,
  AsinOp,
  AsinhOp,
  AtanOp,
  Atan2Op,
  AtanhOp,
  CbrtOp,
  CeilOp,
  CopySignOp,
  CosOp,
  CoshOp,
  CountLeadingZerosOp,
  CtPopOp,
  CountTrailingZerosOp,
  ErfOp,
  ExpOp,
  Exp2Op,
  ExpM1Op,
  FloorOp,
  FmaOp,
  FPowIOp,
  IPowIOp,
  LogOp,
  Log10Op,
  Log1pOp,
  Log2Op,
  PowFOp,
  RoundOp,
  RoundEvenOp,
  RsqrtOp,
  SinOp,
  SinhOp,
  SqrtOp,
  TanOp,
  TanhOp,
  TruncOp,
];
