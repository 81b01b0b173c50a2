/**
 * vector folders and canonicalization patterns, named as in MLIR 19's VectorOps.cpp, for the ops
 * this dialect has (those of MLIR's that involve other vector ops, such as transpose, shuffle,
 * shape_cast, create_mask or from_elements, are left out). Ops are matched and built by name (the
 * op declarations import this module). As MLIR 19's, the folders leave extracts at dynamic
 * positions alone (some patterns do not).
 */
import { type DenseArrayAttr, DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../core/ir/attributes.js';
import type { FoldResult } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { FloatType, VectorType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { constantValue } from '../../core/rewrite/folder.js';
import { definePattern, type RewritePattern } from '../../core/rewrite/pattern.js';
import type { PatternRewriter } from '../../core/rewrite/rewriter.js';
import { makeScalar } from '../arith/fold-utils.js';
import { materializeArithConstant } from '../arith/materialize.js';
import { foldCastOperands } from '../memref/canonicalization.js';
import { denseI64, isDynamicIndex } from '../memref/dynamic-index-list.js';
import type { CombiningKindAttr } from './attributes.js';
import { maskFormat } from './mask-folds.js';

type Folder = (op: Operation, operands: readonly (Attribute | undefined)[]) => FoldResult[] | FoldResult | undefined;

const positionOf = (op: Operation): readonly bigint[] => (op.properties.get('static_position') as DenseArrayAttr).values as readonly bigint[];
/** Positions given by operands as well as attributes. */
const hasDynamicPosition = (op: Operation, fixedOperands: number): boolean => op.operandSlots.length > fixedOperands;

/** A splat of `value` (a scalar constant) over `type`, unless `type` is scalable. */
function splatOf(type: Type, value: Attribute | undefined): DenseElementsAttr | undefined {
  if (!(type instanceof VectorType) || type.scalableDims.some(Boolean)) return undefined;
  if (value instanceof IntegerAttr || value instanceof FloatAttr) return DenseElementsAttr.get(type, [value.value]);
  if (value instanceof DenseElementsAttr && value.isSplat) return DenseElementsAttr.get(type, [value.values[0]!]);
  return undefined;
}

// ---- folders ------------------------------------------------------------------------------------

/** broadcast to its own type -> the source; of a constant -> a splat constant. */
const foldBroadcast: Folder = (op, operands) => {
  const source = op.operandSlots[0]!.value;
  if (source.type === op.results[0]!.type) return source;
  const source0 = operands[0];
  return source0 instanceof DenseElementsAttr && !source0.isSplat ? undefined : splatOf(op.results[0]!.type, source0);
};

/** splat of a scalar constant -> a splat constant. */
const foldSplat: Folder = (op, operands) => {
  const c = operands[0];
  return c instanceof IntegerAttr || c instanceof FloatAttr ? splatOf(op.results[0]!.type, c) : undefined;
};

const setPosition = (op: Operation, position: readonly bigint[]): void => void op.properties.set('static_position', denseI64(position));
const rankOf = (type: Type): number => (type instanceof VectorType ? type.rank : 0);
/** Whether `a` is a prefix of `b`. */
const isPrefix = (a: readonly bigint[], b: readonly bigint[]): boolean => a.length <= b.length && a.every((p, i) => p === b[i]);

/** extract(extract(x, p), q) -> extract(x, p ++ q), in place (foldExtractOpFromExtractChain). */
function foldExtractFromExtractChain(op: Operation): boolean {
  let inner = op.operandSlots[0]!.value.definingOp;
  if (inner?.name !== 'vector.extract') return false;
  const position = [...positionOf(op)];
  let source: Value;
  do {
    if (hasDynamicPosition(inner, 1)) return false;
    position.unshift(...positionOf(inner));
    source = inner.operandSlots[0]!.value;
    inner = source.definingOp;
  } while (inner?.name === 'vector.extract');
  op.setOperand(0, source);
  setPosition(op, position);
  return true;
}

/**
 * extract(insert chain), as MLIR's ExtractFromInsertTransposeChainState (this dialect has no
 * transpose): the position is followed by negative placeholders for the dimensions the extract
 * keeps. Going down the chain, an insert at the same position gives its source; one at a prefix of
 * the position gives an extract from its source; one that may overlap ends the search; others are
 * stepped over. When the search ends below the extract's operand, the extract is moved there.
 */
function foldExtractFromInsertChain(op: Operation): FoldResult[] | FoldResult | undefined {
  const vector = op.operandSlots[0]!.value;
  const kept = (vector.type as VectorType).rank - positionOf(op).length;
  let position = [...positionOf(op), ...Array.from({ length: kept }, (_, i) => BigInt(-i - 1))];
  let current = vector;
  for (let insert = current.definingOp; insert?.name === 'vector.insert'; insert = current.definingOp) {
    const inserted = positionOf(insert);
    if (!hasDynamicPosition(insert, 2)) {
      if (inserted.length === position.length - kept && isPrefix(inserted, position)) return insert.operandSlots[0]!.value;
      if (isPrefix(inserted, position)) {
        position = position.slice(inserted.length);
        current = insert.operandSlots[0]!.value;
        break;
      }
    }
    // Overlap where both positions are known (dynamic entries and placeholders match anything).
    if (isPrefix(position, inserted) || position.every((p, i) => i >= inserted.length || p < 0n || inserted[i]! < 0n || p === inserted[i])) return undefined;
    current = insert.operandSlots[1]!.value;
  }
  if (current === vector) return undefined;
  op.setOperand(0, current);
  setPosition(op, position.slice(0, position.length - kept));
  return [...op.results];
}

/**
 * extract(broadcast or splat): its source when the types match; else, when the extracted part
 * comes from the source, an extract from the source (positions in broadcast dimensions dropped or
 * set to 0) (MLIR's foldExtractFromBroadcast).
 */
function foldExtractFromBroadcast(op: Operation): FoldResult[] | FoldResult | undefined {
  const def = op.operandSlots[0]!.value.definingOp;
  if (def?.name !== 'vector.broadcast' && def?.name !== 'vector.splat') return undefined;
  const source = def.operandSlots[0]!.value;
  const resultType = op.results[0]!.type;
  if (source.type === resultType) return source;
  const sourceRank = rankOf(source.type);
  const resultRank = rankOf(resultType);
  // (A 0-D vector source with a scalar result is left to ExtractOpFromBroadcast, as in MLIR.)
  if (resultRank >= sourceRank) return undefined;
  const sourceShape = (source.type as VectorType).shape;
  if (resultType instanceof VectorType && resultType.shape.some((d, i) => d !== sourceShape[sourceRank - resultRank + i])) return undefined;
  const broadcastShape = (def.results[0]!.type as VectorType).shape;
  const lead = broadcastShape.length - sourceRank;
  // Positions in dimensions the source has as 1 become 0; those in new leading dimensions go.
  const position = positionOf(op).map((p, i) => (i >= lead && sourceShape[i - lead] !== broadcastShape[i] ? 0n : p));
  op.setOperand(0, source);
  setPosition(op, position.slice(position.length - (sourceRank - resultRank)));
  return [...op.results];
}

const foldExtract: Folder = (op) => {
  const vector = op.operandSlots[0]!.value;
  if (positionOf(op).length === 0 && vector.type === op.results[0]!.type) return vector;
  if (hasDynamicPosition(op, 1)) return undefined;
  if (foldExtractFromExtractChain(op)) return [...op.results];
  return foldExtractFromInsertChain(op) ?? foldExtractFromBroadcast(op) ?? foldScalarExtractFromFromElements(op);
};

/** A scalar extracted at a static position from vector.from_elements -> that element (foldScalarExtractFromFromElements). */
function foldScalarExtractFromFromElements(op: Operation): Value | undefined {
  const def = op.operandSlots[0]!.value.definingOp;
  if (def?.name !== 'vector.from_elements') return undefined;
  const type = def.results[0]!.type as VectorType;
  if (type.scalableDims.some(Boolean) || op.results[0]!.type !== type.elementType) return undefined;
  return def.operandSlots[linearPosition(type, positionOf(op))]!.value;
}

/** insert at no position of a value of the destination's type -> that value. */
const foldInsert: Folder = (op) => {
  const source = op.operandSlots[0]!.value;
  return positionOf(op).length === 0 && source.type === op.results[0]!.type ? source : undefined;
};

export const vectorFolders: Readonly<Record<string, Folder>> = {
  'vector.broadcast': foldBroadcast,
  'vector.splat': foldSplat,
  'vector.extract': foldExtract,
  'vector.insert': foldInsert,
  // load/store(memref.cast(x)) -> load/store(x), as memref's own accesses.
  'vector.load': foldCastOperands,
  'vector.store': foldCastOperands,
};

// ---- patterns -----------------------------------------------------------------------------------

/** The row-major index of the first element at `position` (missing trailing indices are 0). */
function linearPosition(type: VectorType, position: readonly bigint[]): number {
  let begin = 0;
  let stride = 1;
  for (let d = type.rank - 1; d >= 0; d--) {
    if (d < position.length) begin += Number(position[d]!) * stride;
    stride *= type.shape[d]!;
  }
  return begin;
}

/** `op` replaced by an arith.constant of `value` (of `op`'s result type). */
function replaceWithConstant(op: Operation, value: Attribute, rw: PatternRewriter): void {
  rw.replaceOp(op, materializeArithConstant(rw, value, op.results[0]!.type, op.loc)!.results);
}

/** An extract replaced by the constant of `elements` (a scalar, a splat's one value, or all of them). */
function replaceWithElements(op: Operation, elements: readonly (bigint | number)[], rw: PatternRewriter): void {
  const type = op.results[0]!.type;
  replaceWithConstant(op, type instanceof VectorType ? DenseElementsAttr.get(type, elements) : makeScalar(type, elements[0]!), rw);
}

/** extract from a splat constant -> the splat value, or a smaller splat (ExtractOpSplatConstantFolder). */
const ExtractOpSplatConstantFolder = definePattern({
  name: 'ExtractOpSplatConstantFolder',
  root: 'vector.extract',
  matchAndRewrite(op, rw) {
    const c = constantValue(op.operandSlots[0]!.value);
    if (!(c instanceof DenseElementsAttr) || !c.isSplat) return false;
    replaceWithElements(op, [c.values[0]!], rw);
    return true;
  },
});

/** extract at a static position from a non-splat constant -> the elements there (ExtractOpNonSplatConstantFolder). */
const ExtractOpNonSplatConstantFolder = definePattern({
  name: 'ExtractOpNonSplatConstantFolder',
  root: 'vector.extract',
  matchAndRewrite(op, rw) {
    if (hasDynamicPosition(op, 1)) return false;
    const c = constantValue(op.operandSlots[0]!.value);
    const vectorType = op.operandSlots[0]!.value.type as VectorType;
    if (!(c instanceof DenseElementsAttr) || c.isSplat || vectorType.scalableDims.some(Boolean)) return false;
    const begin = linearPosition(vectorType, positionOf(op));
    const resultType = op.results[0]!.type;
    replaceWithElements(op, c.values.slice(begin, begin + (resultType instanceof VectorType ? resultType.numElements : 1)), rw);
    return true;
  },
});

/** extract(broadcast or splat of x) of a part at least x's rank -> broadcast(x) (ExtractOpFromBroadcast). */
const ExtractOpFromBroadcast = definePattern({
  name: 'ExtractOpFromBroadcast',
  root: 'vector.extract',
  matchAndRewrite(op, rw) {
    const def = op.operandSlots[0]!.value.definingOp;
    if (def?.name !== 'vector.broadcast' && def?.name !== 'vector.splat') return false;
    const source = def.operandSlots[0]!.value;
    const resultType = op.results[0]!.type;
    // Parts of the source are left to the folder.
    if (source.type === resultType || rankOf(resultType) < rankOf(source.type)) return false;
    // The scalar of a 0-D vector source.
    const name = rankOf(resultType) === 0 ? 'vector.extractelement' : 'vector.broadcast';
    rw.replaceOpWithNew(op, { name, operands: [source], resultTypes: [resultType] });
    return true;
  },
});

/** The arith op combining two values for each reduction kind, integer and float (MLIR's makeArithReduction). */
export const ARITH_REDUCTION: Readonly<Record<string, readonly [integer: string, float: string]>> = {
  add: ['arith.addi', 'arith.addf'],
  mul: ['arith.muli', 'arith.mulf'],
  minui: ['arith.minui', ''],
  minsi: ['arith.minsi', ''],
  maxui: ['arith.maxui', ''],
  maxsi: ['arith.maxsi', ''],
  and: ['arith.andi', ''],
  or: ['arith.ori', ''],
  xor: ['arith.xori', ''],
  minnumf: ['', 'arith.minnumf'],
  maxnumf: ['', 'arith.maxnumf'],
  minimumf: ['', 'arith.minimumf'],
  maximumf: ['', 'arith.maximumf'],
};

/**
 * reduction of a one-element vector -> its element, combined with the accumulator when there is
 * one (ElideSingleElementReduction); a 0-D one through vector.extractelement.
 */
const ElideSingleElementReduction = definePattern({
  name: 'ElideSingleElementReduction',
  root: 'vector.reduction',
  matchAndRewrite(op, rw) {
    const vector = op.operandSlots[0]!.value;
    const type = vector.type as VectorType;
    if (type.rank > 1 || type.numElements !== 1) return false;
    // Under vector.mask (MLIR's MaskableOpRewritePattern): the mask op is what gets replaced, and
    // the mask's one element selects between the combined value and the accumulator.
    const masking = op.parentOp?.name === 'vector.mask' ? op.parentOp : undefined;
    const root = masking ?? op;
    if (masking) rw.setInsertionPointBefore(masking);
    const element = type.elementType;
    const extractOne = (v: Value, t: Type): Value =>
      (type.rank === 0
        ? rw.create({ name: 'vector.extractelement', operands: [v], resultTypes: [t], loc: op.loc })
        : rw.create({ name: 'vector.extract', operands: [v], resultTypes: [t], properties: { static_position: denseI64([0]) }, loc: op.loc })
      ).results[0]!;
    const mask = masking ? extractOne(masking.operandSlots[0]!.value, (masking.operandSlots[0]!.value.type as VectorType).elementType) : undefined;
    let result: Value = extractOne(vector, element);
    if (op.operandSlots.length > 1) {
      const acc = op.operandSlots[1]!.value;
      const [integer, float] = ARITH_REDUCTION[(op.properties.get('kind') as CombiningKindAttr).value]!;
      const isFloat = element instanceof FloatType;
      const properties = isFloat ? { fastmath: op.properties.get('fastmath')! } : undefined;
      [result] = rw.createOrFold({ name: isFloat ? float : integer, operands: [result, acc], resultTypes: [element], properties, loc: op.loc });
      if (mask) result = rw.create({ name: 'arith.select', operands: [mask, result!, acc], resultTypes: [element], loc: op.loc }).results[0]!;
    }
    rw.replaceOp(root, [result]);
    return true;
  },
});

/** broadcast(broadcast(x)) -> broadcast(x) (BroadcastFolder). */
const BroadcastFolder = definePattern({
  name: 'BroadcastFolder',
  root: 'vector.broadcast',
  matchAndRewrite(op, rw) {
    const inner = op.operandSlots[0]!.value.definingOp;
    if (inner?.name !== 'vector.broadcast') return false;
    rw.replaceOpWithNew(op, { name: 'vector.broadcast', operands: [inner.operandSlots[0]!.value], resultTypes: [op.results[0]!.type] });
    return true;
  },
});

/** insert of a vector with as many elements as the destination -> broadcast (InsertToBroadcast). */
const InsertToBroadcast = definePattern({
  name: 'InsertToBroadcast',
  root: 'vector.insert',
  matchAndRewrite(op, rw) {
    const source = op.operandSlots[0]!.value;
    const destType = op.results[0]!.type as VectorType;
    if (!(source.type instanceof VectorType) || source.type.numElements !== destType.numElements) return false;
    rw.replaceOpWithNew(op, { name: 'vector.broadcast', operands: [source], resultTypes: [destType] });
    return true;
  },
});

/** insert(splat(x), splat(x)) -> splat(x) (InsertSplatToSplat). */
const InsertSplatToSplat = definePattern({
  name: 'InsertSplatToSplat',
  root: 'vector.insert',
  matchAndRewrite(op, rw) {
    const source = op.operandSlots[0]!.value.definingOp;
    const dest = op.operandSlots[1]!.value.definingOp;
    if (source?.name !== 'vector.splat' || dest?.name !== 'vector.splat') return false;
    const input = source.operandSlots[0]!.value;
    if (input !== dest.operandSlots[0]!.value) return false;
    rw.replaceOpWithNew(op, { name: 'vector.splat', operands: [input], resultTypes: [op.results[0]!.type] });
    return true;
  },
});

/** A constant inserted at a static position into a constant -> one constant (InsertOpConstantFolder). */
const InsertOpConstantFolder = definePattern({
  name: 'InsertOpConstantFolder',
  root: 'vector.insert',
  matchAndRewrite(op, rw) {
    if (hasDynamicPosition(op, 2)) return false;
    const destValue = op.operandSlots[1]!.value;
    const dest = constantValue(destValue);
    const destType = destValue.type as VectorType;
    if (!(dest instanceof DenseElementsAttr) || destType.scalableDims.some(Boolean)) return false;
    // As MLIR: no large new constant unless the old one goes away.
    if (destType.numElements > 256 && destValue.useCount !== 1) return false;
    const source = constantValue(op.operandSlots[0]!.value);
    let inserted: readonly (bigint | number)[];
    if (source instanceof DenseElementsAttr) inserted = source.isSplat ? new Array((source.type as VectorType).numElements).fill(source.values[0]) : (source.values as (bigint | number)[]);
    else if (source instanceof IntegerAttr || source instanceof FloatAttr) inserted = [source.value];
    else return false;
    const begin = linearPosition(destType, positionOf(op));
    const all = dest.isSplat ? new Array<bigint | number>(destType.numElements).fill(dest.values[0] as bigint | number) : [...(dest.values as (bigint | number)[])];
    all.splice(begin, inserted.length, ...inserted);
    replaceWithConstant(op, DenseElementsAttr.get(destType, all), rw);
    return true;
  },
});

/** A sub-vector extracted at a static position from vector.from_elements -> from_elements of its elements (as MLIR's foldExtractFromFromElements). */
/**
 * extract of a vector from create_mask -> a create_mask of the trailing sizes, or an all-false
 * constant when a position lies past its size (ExtractOpFromCreateMask). Sizes that are not
 * arith.constant, and dynamic positions into a dimension not all true, leave it alone.
 */
const ExtractOpFromCreateMask = definePattern({
  name: 'ExtractOpFromCreateMask',
  root: 'vector.extract',
  matchAndRewrite(op, rw) {
    const mask = op.operandSlots[0]!.value;
    const create = mask.definingOp;
    if (create?.name !== 'vector.create_mask') return false;
    const resultType = op.results[0]!.type;
    if (!(resultType instanceof VectorType)) return false;
    const sizes = create.operandSlots.map((s) => s.value);
    const position = positionOf(op);
    const maskType = mask.type as VectorType;
    let unknown = false;
    let allFalse = maskFormat(mask) === 'all-false';
    for (let i = 0; !allFalse && i < position.length; i++) {
      const size = sizes[i]!;
      const c = size.definingOp?.name === 'arith.constant' ? constantValue(size) : undefined;
      if (!(c instanceof IntegerAttr)) {
        unknown = true;
        continue;
      }
      const bound = c.value;
      if (!isDynamicIndex(position[i]!)) allFalse ||= position[i]! >= bound;
      else if (bound < BigInt(maskType.shape[i]!)) unknown = true;
    }
    if (allFalse) replaceWithConstant(op, DenseElementsAttr.get(resultType, [0n]), rw);
    else if (!unknown) rw.replaceOpWithNew(op, { name: 'vector.create_mask', operands: sizes.slice(position.length), resultTypes: [resultType] });
    else return false;
    return true;
  },
});

const ExtractFromFromElements = definePattern({
  name: 'ExtractFromFromElements',
  root: 'vector.extract',
  matchAndRewrite(op, rw) {
    if (hasDynamicPosition(op, 1)) return false;
    const def = op.operandSlots[0]!.value.definingOp;
    const resultType = op.results[0]!.type;
    if (def?.name !== 'vector.from_elements' || !(resultType instanceof VectorType)) return false;
    const type = def.results[0]!.type as VectorType;
    if (type.scalableDims.some(Boolean)) return false;
    const begin = linearPosition(type, positionOf(op));
    const elements = def.operandSlots.slice(begin, begin + resultType.numElements).map((s) => s.value);
    rw.replaceOpWithNew(op, { name: 'vector.from_elements', operands: elements, resultTypes: [resultType] });
    return true;
  },
});

/** from_elements of one value repeated -> vector.splat (rewriteFromElementsAsSplat). */
const FromElementsAsSplat = definePattern({
  name: 'FromElementsAsSplat',
  root: 'vector.from_elements',
  matchAndRewrite(op, rw) {
    const first = op.operandSlots[0]?.value;
    if (!first || !op.operandSlots.every((s) => s.value === first)) return false;
    rw.replaceOpWithNew(op, { name: 'vector.splat', operands: [first], resultTypes: [op.results[0]!.type] });
    return true;
  },
});

export const vectorPatterns: Readonly<Record<string, readonly RewritePattern[]>> = {
  'vector.from_elements': [FromElementsAsSplat],
  'vector.insert': [InsertToBroadcast, BroadcastFolder, InsertSplatToSplat, InsertOpConstantFolder],
  'vector.extract': [ExtractOpSplatConstantFolder, ExtractOpNonSplatConstantFolder, ExtractOpFromBroadcast, ExtractFromFromElements, ExtractOpFromCreateMask],
  'vector.broadcast': [BroadcastFolder],
  'vector.reduction': [ElideSingleElementReduction],
};
