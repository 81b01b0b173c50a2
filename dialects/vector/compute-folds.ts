/** Folders and canonicalization patterns of the compute ops (compute-ops.ts), as MLIR 19 has them. */
import type { ArrayAttr, Attribute } from '../../core/ir/attributes.js';
import { i64Values } from './constraints.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { FloatType, IntegerType, VectorType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import { FastMathFlagsAttr } from '../arith/attributes.js';
import { denseI64 } from '../memref/dynamic-index-list.js';
import type { CombiningKindAttr } from './attributes.js';
import { ARITH_REDUCTION } from './canonicalization.js';

type Folder = (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult[] | FoldResult | undefined;

/** A 1-D multi_reduction that reduces nothing is its source. */
const foldMultiReduction: Folder = (op) => {
  const source = op.operandSlots[0]!.value;
  const dims = i64Values(op.properties.get('reduction_dims') as ArrayAttr);
  return (source.type as VectorType).rank === 1 && !dims.includes(0) ? source : undefined;
};

export const computeFolders: Readonly<Record<string, Folder>> = {
  'vector.multi_reduction': foldMultiReduction,
};

/**
 * multi_reduction whose reduced dims all have size 1 -> its source reshaped (shape_cast, or extract
 * of the one element when all dims are reduced) combined with the accumulator; under vector.mask,
 * the mask reshaped the same way selects between that and the source
 * (ElideUnitDimsInMultiDimReduction, with MLIR's makeArithReduction and selectPassthru).
 */
const ElideUnitDimsInMultiDimReduction = definePattern({
  name: 'ElideUnitDimsInMultiDimReduction',
  root: 'vector.multi_reduction',
  matchAndRewrite(op, rw) {
    const sourceType = op.operandSlots[0]!.value.type as VectorType;
    const dims = i64Values(op.properties.get('reduction_dims') as ArrayAttr);
    if (dims.some((d) => sourceType.shape[d] !== 1)) return false;
    const parent = op.parentOp;
    const masking = parent?.name === 'vector.mask' ? parent : undefined;
    const root = masking ?? op;
    rw.setInsertionPointBefore(root);
    let mask: Value | undefined = masking?.operandSlots[0]!.value;
    const loc = op.loc;
    const source = op.operandSlots[0]!.value;
    const acc = op.operandSlots[1]!.value;
    const destType = op.results[0]!.type;
    let cast: Value;
    if (destType instanceof VectorType) {
      if (mask) {
        const maskType = VectorType.get(destType.shape, IntegerType.get(1), destType.scalableDims);
        mask = rw.create({ name: 'vector.shape_cast', operands: [mask], resultTypes: [maskType], loc }).results[0]!;
      }
      cast = rw.create({ name: 'vector.shape_cast', operands: [source], resultTypes: [destType], loc }).results[0]!;
    } else {
      const position = { static_position: denseI64(sourceType.shape.map(() => 0n)) };
      if (mask) mask = rw.create({ name: 'vector.extract', operands: [mask], resultTypes: [IntegerType.get(1)], properties: position, loc }).results[0]!;
      cast = rw.create({ name: 'vector.extract', operands: [source], resultTypes: [destType], properties: position, loc }).results[0]!;
    }
    const [integer, float] = ARITH_REDUCTION[(op.properties.get('kind') as CombiningKindAttr).value]!;
    const element = destType instanceof VectorType ? destType.elementType : destType;
    const isFloat = element instanceof FloatType;
    let result = rw.create({
      name: isFloat ? float : integer,
      operands: [acc, cast],
      resultTypes: [destType],
      properties: isFloat ? { fastmath: FastMathFlagsAttr.get(0) } : undefined,
      loc,
    }).results[0]!;
    if (mask) result = rw.create({ name: 'arith.select', operands: [mask, result, cast], resultTypes: [destType], loc }).results[0]!;
    rw.replaceOp(root, [result]);
    return true;
  },
});

export const computePatterns: Readonly<Record<string, readonly RewritePattern[]>> = {
  'vector.multi_reduction': [ElideUnitDimsInMultiDimReduction],
};
