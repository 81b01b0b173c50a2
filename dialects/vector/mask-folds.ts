/** Canonicalization of vector.create_mask (MLIR 19's CreateMaskFolder), matched and built by op name. */
import { DenseElementsAttr, IntegerAttr, type ArrayAttr } from '../../core/ir/attributes.js';
import type { Value } from '../../core/ir/value.js';
import type { VectorType } from '../../core/ir/types.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import { i64Array, i64Values } from './constraints.js';

const constantInt = (v: Value): number | undefined => {
  const c = constantValue(v);
  return c instanceof IntegerAttr ? Number(c.value) : undefined;
};

/** `vscale * dim` (either order): an all-true size of a scalable dimension. */
function isVscaleTimes(v: Value, dim: number): boolean {
  const mul = v.definingOp;
  if (mul?.name !== 'arith.muli') return false;
  const [a, b] = [mul.operandSlots[0]!.value, mul.operandSlots[1]!.value];
  const vscale = a.definingOp?.name === 'vector.vscale' || b.definingOp?.name === 'vector.vscale';
  return vscale && (constantInt(a) === dim || constantInt(b) === dim);
}

/** create_mask of constant sizes (or vscale multiples on scalable dims) -> constant_mask. */
const CreateMaskFolder = definePattern({
  name: 'CreateMaskFolder',
  root: 'vector.create_mask',
  matchAndRewrite(op, rw) {
    const type = op.results[0]!.type as VectorType;
    // A 0-D create_mask has one operand and no dimension: MLIR's folder does not handle it.
    if (type.rank === 0) return false;
    const scalable = type.scalableDims.some(Boolean);
    const operands = op.operandSlots.map((s) => s.value);
    for (let i = 0; i < operands.length; i++) {
      const c = constantInt(operands[i]!);
      if (c !== undefined) {
        if (type.scalableDims[i] && c > 0) return false;
        continue;
      }
      if (!scalable || !isVscaleTimes(operands[i]!, type.shape[i]!)) return false;
    }
    let sizes: number[] = [];
    for (let i = 0; i < operands.length; i++) {
      const c = constantInt(operands[i]!);
      if (c === undefined) {
        sizes.push(type.shape[i]!);
        continue;
      }
      if (c <= 0) {
        sizes = new Array<number>(type.rank).fill(0);
        break;
      }
      sizes.push(Math.min(c, type.shape[i]!));
    }
    rw.replaceOpWithNew(op, { name: 'vector.constant_mask', resultTypes: [type], properties: { mask_dim_sizes: i64Array(sizes) } });
    return true;
  },
});

export const maskPatterns: Readonly<Record<string, readonly RewritePattern[]>> = {
  'vector.create_mask': [CreateMaskFolder],
};

export type MaskFormat = 'all-true' | 'all-false' | 'unknown';

/** What a mask value is known to hold (MLIR's getMaskFormat): dense constants, constant_mask, create_mask of a non-positive size. */
export function maskFormat(mask: Value): MaskFormat {
  const def = mask.definingOp;
  if (def?.name === 'arith.constant') {
    const c = constantValue(mask);
    if (c instanceof DenseElementsAttr) {
      let val = 0;
      const n = (c.type as VectorType).numElements;
      for (let i = 0; i < n; i++) {
        const b = (c.isSplat ? c.values[0] : c.values[i]) !== 0n;
        if (b && val >= 0) val++;
        else if (!b && val <= 0) val--;
        else return 'unknown';
      }
      if (val > 0) return 'all-true';
      if (val < 0) return 'all-false';
    }
  } else if (def?.name === 'vector.constant_mask') {
    const sizes = i64Values(def.getAttr('mask_dim_sizes') as ArrayAttr);
    const shape = (mask.type as VectorType).shape;
    let allTrue = true;
    let allFalse = true;
    sizes.forEach((s, i) => {
      if (s < (shape[i] ?? 1)) allTrue = false;
      if (s > 0) allFalse = false;
    });
    if (allTrue) return 'all-true';
    if (allFalse) return 'all-false';
  } else if (def?.name === 'vector.create_mask') {
    for (const s of def.operandSlots) {
      if (s.value.definingOp?.name === 'arith.constant') {
        const n = constantInt(s.value);
        if (n !== undefined && n <= 0) return 'all-false';
      }
    }
  }
  return 'unknown';
}
