/** Folds and canonicalization patterns of memref.expand_shape and memref.collapse_shape (MLIR 19's foldReshapeOp and reshape patterns). */
import { ArrayAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { IntegerType, MemRefType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import { castCanFoldIntoConsumer } from './canonicalization.js';
import { collapsedLayout, hasIdentityLayout, reassociationOf } from './reshape-types.js';

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

// ---- patterns (MLIR 19's ComposeReassociativeReshapeOps and CollapseShapeOpMemRefCastFolder) ----

const reassociationAttr = (groups: readonly number[][]): ArrayAttr => ArrayAttr.get(groups.map((g) => ArrayAttr.get(g.map((d) => IntegerAttr.get(IntegerType.get(64), d)))));
const nonIdentity = (t: Type) => t instanceof MemRefType && !hasIdentityLayout(t);

/** MLIR's composeReassociationIndices: the groups of two reshapes in a row, as one; undefined when they do not compose. */
function composeReassociation(producer: number[][], consumer: number[][]): number[][] | undefined {
  if (producer.length === consumer.length) return undefined;
  if (producer.length < consumer.length) [producer, consumer] = [consumer, producer];
  if (consumer.length === 0) return [];
  if (producer.length !== consumer.reduce((n, g) => n + g.length, 0)) return undefined;
  return consumer.map((g) => g.flatMap((i) => producer[i]!));
}

/** reshape(reshape(x)) of the same kind -> one reshape of x, for identity layouts (ComposeReassociativeReshapeOps). */
function composeReshapes(name: 'memref.expand_shape' | 'memref.collapse_shape'): RewritePattern {
  return definePattern({
    name: 'ComposeReassociativeReshapeOps',
    root: name,
    matchAndRewrite(op, rw) {
      const src = op.operand(0).definingOp;
      if (src?.name !== name) return false;
      if (nonIdentity(src.operand(0).type) || nonIdentity(op.operand(0).type) || nonIdentity(op.resultTypes[0]!)) return false;
      const groups = composeReassociation(reassociationOf(src.properties.get('reassociation') as ArrayAttr), reassociationOf(op.properties.get('reassociation') as ArrayAttr));
      if (!groups) return false;
      const properties: Record<string, Attribute> = { reassociation: reassociationAttr(groups) };
      const operands = [src.operand(0)];
      if (name === 'memref.expand_shape') {
        properties['static_output_shape'] = op.properties.get('static_output_shape')!;
        operands.push(...op.operands.slice(1));
      }
      rw.replaceOpWithNew(op, { name, operands, resultTypes: [op.resultTypes[0]!], properties });
      return true;
    },
  });
}

/** MLIR's CollapseShapeOp::computeCollapsedType (SaturatedInteger products: 0 times anything is 0). */
function collapsedType(src: MemRefType, groups: readonly number[][]): MemRefType | undefined {
  const shape = groups
    .map((g) =>
      g.reduce((p: number | null, d) => {
        const s = src.shape[d]!;
        if (p === 0 || s === 0) return 0;
        return p === null || s < 0 ? null : p * s;
      }, 1),
    )
    .map((s) => (s === null ? -1 : s));
  if (hasIdentityLayout(src)) return MemRefType.get(shape, src.elementType, undefined, src.memorySpace);
  const layout = collapsedLayout(src, groups);
  return layout && MemRefType.get(shape, src.elementType, layout, src.memorySpace);
}

/** collapse_shape(cast(x)) -> collapse_shape(x), cast to the old type where it differs (CollapseShapeOpMemRefCastFolder). */
const CollapseShapeOpMemRefCastFolder = definePattern({
  name: 'CollapseShapeOpMemRefCastFolder',
  root: 'memref.collapse_shape',
  matchAndRewrite(op, rw) {
    const cast = op.operand(0).definingOp;
    if (cast?.name !== 'memref.cast' || !castCanFoldIntoConsumer(cast)) return false;
    const source = cast.operand(0);
    const groups = reassociationOf(op.properties.get('reassociation') as ArrayAttr);
    const type = collapsedType(source.type as MemRefType, groups);
    if (!type) return false;
    if (type === op.resultTypes[0]) {
      rw.modifyOpInPlace(op, () => op.setOperand(0, source));
      return true;
    }
    const collapse = rw.create({ name: 'memref.collapse_shape', operands: [source], resultTypes: [type], properties: { reassociation: op.properties.get('reassociation')! }, loc: op.loc });
    rw.replaceOpWithNew(op, { name: 'memref.cast', operands: [collapse.results[0]!], resultTypes: [op.resultTypes[0]!] });
    return true;
  },
});

export const reshapePatterns: Readonly<Record<string, readonly RewritePattern[]>> = {
  'memref.expand_shape': [composeReshapes('memref.expand_shape')],
  'memref.collapse_shape': [composeReshapes('memref.collapse_shape'), CollapseShapeOpMemRefCastFolder],
};
