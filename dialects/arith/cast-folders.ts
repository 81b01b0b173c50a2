/**
 * The folders of arith's casts (MLIR 19's ArithOps.cpp): integer and float extensions and
 * truncations, index casts, int/float conversions and bitcast. Nothing folds that MLIR refuses:
 * inexact truncf, out-of-range fptosi/fptoui.
 */
import { DenseElementsAttr, FloatAttr, IntegerAttr } from '../../core/ir/attributes.js';
import type { Operation } from '../../core/ir/operation.js';
import { FloatType, IntegerType, ShapedType, type Type } from '../../core/ir/types.js';
import { constFoldUnary, elementType, floatBits, floatKind, intWidth, roundScaled, signed, unsigned, type Elem } from './fold-utils.js';
import { bitsToFloat, roundToKind } from '../../core/ir/float-format.js';
import { type Folder, unaryFolder, resultType, operandOf, lhsOf, definedBy, minSigned, maxSigned, maxUnsigned } from './folder-helpers.js';

const identity = (x: Elem): Elem => x;

// ---- casts ------------------------------------------------------------------------------------

const inType = (op: Operation): Type => operandOf(op, 0).type;

/** extui/extsi: ext(ext(a)) -> ext(a); a constant is read as unsigned/signed at the operand's width. */
function intExtFolder(name: string, asInt: (v: bigint, w: number) => bigint): Folder {
  return unaryFolder((op, a) => {
    const inner = definedBy(lhsOf(op), name);
    if (inner) {
      op.setOperand(0, operandOf(inner, 0));
      return op.results[0];
    }
    if (a === undefined) return undefined;
    const w = intWidth(inType(op));
    return constFoldUnary(a, resultType(op), (x) => asInt(x as bigint, w));
  });
}
export const foldExtUI = intExtFolder('arith.extui', unsigned);
export const foldExtSI = intExtFolder('arith.extsi', signed);

export const foldTruncI = unaryFolder((op, a) => {
  const ext = definedBy(lhsOf(op), 'arith.extui') ?? definedBy(lhsOf(op), 'arith.extsi');
  if (ext) {
    const src = operandOf(ext, 0);
    if (intWidth(src.type) > intWidth(resultType(op))) {
      op.setOperand(0, src); // trunci(ext(a)) -> trunci(a)
      return op.results[0];
    }
    if (elementType(src.type) === elementType(resultType(op))) return src; // trunci(ext(a)) -> a
  }
  const inner = definedBy(lhsOf(op), 'arith.trunci');
  if (inner) {
    op.setOperand(0, operandOf(inner, 0));
    return op.results[0];
  }
  if (a === undefined) return undefined;
  return constFoldUnary(a, resultType(op), (x) => x);
});

export const foldIndexCast = unaryFolder((op, a) => (a === undefined ? undefined : constFoldUnary(a, resultType(op), identity)));

export const foldIndexCastUI = unaryFolder((op, a) => {
  if (a === undefined) return undefined;
  const w = intWidth(inType(op));
  return constFoldUnary(a, resultType(op), (x) => unsigned(x as bigint, w));
});

/** sitofp/uitofp: the constant read as signed/unsigned at the operand's width, rounded to the result type. */
function intToFpFolder(asInt: (v: bigint, w: number) => bigint): Folder {
  return unaryFolder((op, a) => {
    if (a === undefined) return undefined;
    const kind = floatKind(resultType(op));
    const w = intWidth(inType(op));
    return constFoldUnary(a, resultType(op), (x) => roundScaled(asInt(x as bigint, w), 0, kind));
  });
}
export const foldSIToFP = intToFpFolder(signed);
export const foldUIToFP = intToFpFolder(unsigned);

function fpToInt(isSigned: boolean): Folder {
  return unaryFolder((op, a) => {
    if (a === undefined) return undefined;
    const w = intWidth(resultType(op));
    const lo = isSigned ? minSigned(w) : 0n;
    const hi = isSigned ? maxSigned(w) : maxUnsigned(w);
    return constFoldUnary(a, resultType(op), (x) => {
      if (!Number.isFinite(x as number)) return undefined;
      const t = BigInt(Math.trunc(x as number));
      return t < lo || t > hi ? undefined : t;
    });
  });
}
export const foldFPToSI = fpToInt(true);
export const foldFPToUI = fpToInt(false);

/** extf(truncf(x)) with both `contract` returns x; constants widen exactly. */
export const foldExtF = unaryFolder((op, a) => {
  const trunc = definedBy(lhsOf(op), 'arith.truncf');
  if (trunc && operandOf(trunc, 0).type === resultType(op)) {
    const contract = (o: Operation) => ((o.properties.get('fastmath') as { flags?: number } | undefined)?.flags ?? 0) & 32;
    if (contract(trunc) && contract(op)) return operandOf(trunc, 0);
  }
  if (a === undefined) return undefined;
  return constFoldUnary(a, resultType(op), (x) => x);
});

/** Representable-by check of APFloat: every value of `from` is one of `to` (f16 and bf16 are not). */
function representableBy(from: Type, to: Type): boolean {
  const rank: Record<string, number> = { f16: 1, bf16: 1, f32: 2, f64: 3 };
  const f = floatKind(from);
  const t = floatKind(to);
  if (f === t) return true;
  if ((f === 'f16' && t === 'bf16') || (f === 'bf16' && t === 'f16')) return false;
  return rank[f]! <= rank[t]!;
}

/** truncf folds only when the constant converts exactly (MLIR's convertFloatValue). */
export const foldTruncF = unaryFolder((op, a) => {
  const ext = definedBy(lhsOf(op), 'arith.extf');
  if (ext) {
    const src = operandOf(ext, 0);
    if (representableBy(src.type, ext.results[0]!.type)) {
      const srcWidth = (elementType(src.type) as FloatType).width;
      const resWidth = (elementType(resultType(op)) as FloatType).width;
      if (srcWidth > resWidth) {
        op.setOperand(0, src); // truncf(extf(a)) -> truncf(a)
        return op.results[0];
      }
      if (elementType(src.type) === elementType(resultType(op))) return src; // truncf(extf(a)) -> a
    }
  }
  if (a === undefined) return undefined;
  const kind = floatKind(resultType(op));
  return constFoldUnary(a, resultType(op), (x) => {
    const y = roundToKind(x as number, kind);
    return Object.is(y, x) || Number.isNaN(x as number) ? y : undefined;
  });
});

export const foldBitcast = unaryFolder((op, a) => {
  // A cast to its own type is its operand (MLIR's CastOpInterface fold, tried after the op's own).
  if (a === undefined) return inType(op) === resultType(op) ? lhsOf(op) : undefined;
  const from = elementType(inType(op));
  const to = elementType(resultType(op));
  const w = intWidth(from instanceof FloatType ? IntegerType.get(from.width) : from);
  const type = resultType(op);
  const fromKind = from instanceof FloatType ? floatKind(from) : undefined;
  const bitsOf = (v: Elem) => (fromKind ? floatBits(v as number, fromKind) : unsigned(v as bigint, w));
  if (!(to instanceof FloatType)) return constFoldUnary(a, type, bitsOf);
  // A float result holds its bits exactly, NaN payloads included, as MLIR's APFloat does. JS
  // numbers do not always keep NaN payloads (V8 builtins storing into double arrays make them
  // canonical), so the attribute is built here and checked: if a payload was lost, no fold.
  const kind = floatKind(to);
  if (!(type instanceof ShapedType) && (a instanceof IntegerAttr || a instanceof FloatAttr)) {
    const bits = bitsOf(a.value);
    const attr = FloatAttr.get(type, bitsToFloat(bits, kind));
    return floatBits(attr.value, kind) === bits ? attr : undefined;
  }
  if (type instanceof ShapedType && a instanceof DenseElementsAttr) {
    const bits = a.values.map(bitsOf);
    const attr = DenseElementsAttr.get(
      type,
      bits.map((b) => bitsToFloat(b, kind)),
    );
    return attr.values.every((v, i) => floatBits(v as number, kind) === bits[i]) ? attr : undefined;
  }
  return undefined;
});
