/** Folds of memref.expand_shape and memref.collapse_shape: MLIR 19's foldReshapeOp. */
import type { ArrayAttr, Attribute } from '../../core/ir/attributes.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import type { MemRefType } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';

const groups = (op: Operation): string => (op.properties.get('reassociation') as ArrayAttr).toString();
const dynamicCount = (shape: readonly number[]) => shape.filter((d) => d < 0).length;

/** An identity reshape is its source; so is a reshape that undoes the inverse reshape it reads. */
function foldReshape(inverse: string): (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult | undefined {
  return (op) => {
    const src: Value = op.operand(0);
    const result = op.resultTypes[0] as MemRefType;
    if (src.type === result) return src;
    const producer = src.definingOp;
    if (producer?.name !== inverse) return undefined;
    const original = producer.operand(0);
    const type = original.type as MemRefType;
    if (type !== result) return undefined;
    if (dynamicCount(type.shape) < 2) return original;
    if (groups(op) !== groups(producer)) return undefined;
    // Expanding then collapsing folds despite several dynamic dimensions.
    if (type.rank < (producer.resultTypes[0] as MemRefType).rank) return original;
    const reassociation = (op.properties.get('reassociation') as ArrayAttr).elements as ArrayAttr[];
    let at = 0;
    for (const g of reassociation) {
      const n = g.elements.length;
      if (dynamicCount(type.shape.slice(at, at + n)) >= 2) return undefined;
      at += n;
    }
    return original;
  };
}

export const reshapeFolders = {
  'memref.expand_shape': foldReshape('memref.collapse_shape'),
  'memref.collapse_shape': foldReshape('memref.expand_shape'),
} as const;
