/** vector.transfer_read and vector.transfer_write (MLIR 19). */
import { AffineMapAttr, ArrayAttr, BoolAttr, IntegerAttr, type DenseArrayAttr } from '../../core/ir/attributes.js';
import { AnyType, attrConstraint, Index, optional, required, variadic } from '../../core/ir/constraints.js';
import { defineOp, segmentSizesAttr } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { MemoryEffects } from '../../core/ir/traits.js';
import { IntegerType, MemRefType, RankedTensorType, type ShapedType, VectorType, type Type } from '../../core/ir/types.js';
import { Tok, type Parser } from '../../core/syntax/parser.js';
import type { ParseState, UnresolvedOperand } from '../../core/syntax/parser-state.js';
import type { OpAsmPrinter } from '../../core/syntax/printer.js';
import { AnyRankedTensor, AnyShaped, AnyVectorOfAnyRank, BoolVectorOfAnyRank } from './constraints.js';
import { foldTransfer } from './transfer-folds.js';
import { inBoundsValues, inferredMaskType, isMinorIdentity, minorIdentityMap, permutationMapError, transferError } from './transfer-types.js';

const AffineMapAttrC = attrConstraint('AffineMap attribute', (a): a is AffineMapAttr => a instanceof AffineMapAttr);
const BoolArrayAttr = attrConstraint(
  '1-bit boolean array attribute',
  (a): a is ArrayAttr => a instanceof ArrayAttr && a.elements.every((e) => e instanceof IntegerAttr && e.type === IntegerType.get(1)),
);

const mapOf = (op: Operation) => (op.properties.get('permutation_map') as AffineMapAttr).map;
const inBoundsOf = (op: Operation) => op.properties.get('in_bounds') as ArrayAttr;
const segments = (op: Operation): number[] => (op.properties.get('operandSegmentSizes') as DenseArrayAttr).numbers;

/** The attributes MLIR's printTransferAttrs leaves out: the permutation map when a minor identity, in_bounds when all false. */
function unprintedTransferAttrs(op: Operation): string[] {
  const elided = ['operandSegmentSizes'];
  if (isMinorIdentity(mapOf(op))) elided.push('permutation_map');
  if (!inBoundsValues(inBoundsOf(op)).some((b) => b)) elided.push('in_bounds');
  return elided;
}

/** `, %mask {attrs} : type0, type1`: the end both custom forms share. */
function printTransferTail(p: OpAsmPrinter, op: Operation, mask: Operation['operands'][number] | undefined, types: readonly Type[]): void {
  if (mask) {
    p.write(', ');
    p.printOperand(mask);
  }
  p.printOptionalAttrDict(op, unprintedTransferAttrs(op));
  p.write(' : ');
  p.printType(types[0]!);
  p.write(', ');
  p.printType(types[1]!);
}

/**
 * The attributes and types ending both custom forms (`{attrs} : source, vector` or `: vector,
 * source`); fills in the default permutation map and in_bounds, and infers the mask type.
 */
function parseTransferTail(parser: Parser, state: ParseState, read: boolean, hasMask: boolean, maskOffset: number): { source: ShapedType; vector: VectorType; mask?: VectorType } {
  parser.parseOptionalAttrDict(state);
  const at = parser.offset;
  const types = parser.parseColonTypeList();
  if (types.length !== 2) throw parser.opError('requires two types', at);
  const [source, vector] = read ? [types[0]!, types[1]!] : [types[1]!, types[0]!];
  if (!(source instanceof MemRefType || source instanceof RankedTensorType)) throw parser.opError('requires memref or ranked tensor type', at);
  if (!(vector instanceof VectorType)) throw parser.opError('requires vector type', at);
  let map = (state.getAttr('permutation_map') as AffineMapAttr | undefined)?.map;
  if (!map) {
    map = minorIdentityMap(source, vector);
    state.properties.set('permutation_map', AffineMapAttr.get(map));
  }
  if (!state.getAttr('in_bounds')) state.properties.set('in_bounds', ArrayAttr.get(map.results.map(() => BoolAttr.get(false))));
  if (!hasMask) return { source, vector };
  if (source.elementType instanceof VectorType) throw parser.opError('does not support masks with vector element type', maskOffset);
  if (vector.rank !== map.numResults) throw parser.opError('expected the same rank for the vector and the results of the permutation map', at);
  return { source, vector, mask: inferredMaskType(vector, map) };
}

export const TransferReadOp = defineOp({
  name: 'vector.transfer_read',
  summary: 'Reads a supervector from memory into an SSA vector value.',
  operands: { source: AnyShaped, indices: variadic(Index), padding: AnyType, mask: optional(BoolVectorOfAnyRank) },
  results: { vector: AnyVectorOfAnyRank },
  attributes: { permutation_map: required(AffineMapAttrC), in_bounds: required(BoolArrayAttr) },
  traits: [MemoryEffects('read')],
  fold: foldTransfer,
  unprintedAttributes: unprintedTransferAttrs,
  verify(op) {
    const [, nIdx, , nMask] = segments(op);
    const source = op.operand(0).type as ShapedType;
    const vector = op.resultTypes[0] as VectorType;
    const padding = op.operand(1 + nIdx!).type;
    if (nIdx !== source.rank) return `requires ${source.rank} indices`;
    const map = mapOf(op);
    const bad = transferError(source, vector, nMask ? op.operand(2 + nIdx!).type : undefined, map, inBoundsOf(op));
    if (bad) return bad;
    const elem = source.elementType;
    if (elem instanceof VectorType) {
      if (elem !== padding) return 'requires source element type and padding type to match.';
    } else if (padding !== elem) return 'requires formal padding and source of the same elemental type';
    return permutationMapError(map);
  },
  print(p: OpAsmPrinter, op: Operation) {
    const [, nIdx, , nMask] = segments(op);
    const v = op.operands;
    p.write(' ');
    p.printOperand(v[0]!);
    p.write('[');
    p.printOperands(v.slice(1, 1 + nIdx!));
    p.write('], ');
    p.printOperand(v[1 + nIdx!]!);
    printTransferTail(p, op, nMask ? v[2 + nIdx!] : undefined, [v[0]!.type, op.resultTypes[0]!]);
  },
  parse: ((parser: Parser, state: ParseState) => {
    const source = parser.parseOperand();
    const indices: UnresolvedOperand[] = [];
    parser.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => indices.push(parser.parseOperand()));
    parser.expect(Tok.Comma, "','");
    const padding = parser.parseOperand();
    let mask: UnresolvedOperand | undefined;
    const maskOffset = parser.offset;
    if (parser.consumeIf(Tok.Comma)) mask = parser.parseOperand();
    const t = parseTransferTail(parser, state, true, mask !== undefined, maskOffset);
    state.operands.push(parser.resolveOperand(source, t.source));
    parser.resolveIndexOperands(indices, state.operands);
    state.operands.push(parser.resolveOperand(padding, t.source.elementType));
    if (mask) state.operands.push(parser.resolveOperand(mask, t.mask!));
    state.properties.set('operandSegmentSizes', segmentSizesAttr([1, indices.length, 1, mask ? 1 : 0]));
    state.types.push(t.vector);
  }) as never,
});

export const TransferWriteOp = defineOp({
  name: 'vector.transfer_write',
  summary: 'The vector.transfer_write op writes a supervector to memory.',
  operands: { vector: AnyVectorOfAnyRank, source: AnyShaped, indices: variadic(Index), mask: optional(BoolVectorOfAnyRank) },
  results: { result: optional(AnyRankedTensor) },
  attributes: { permutation_map: required(AffineMapAttrC), in_bounds: required(BoolArrayAttr) },
  traits: [MemoryEffects('write')],
  fold: foldTransfer,
  unprintedAttributes: unprintedTransferAttrs,
  verify(op) {
    const [, , nIdx, nMask] = segments(op);
    const vector = op.operand(0).type as VectorType;
    const source = op.operand(1).type as ShapedType;
    if (nIdx !== source.rank) return `requires ${source.rank} indices`;
    const map = mapOf(op);
    if (map.results.some((r) => r.kind === 'constant')) return 'should not have broadcast dimensions';
    return transferError(source, vector, nMask ? op.operand(2 + nIdx!).type : undefined, map, inBoundsOf(op)) ?? permutationMapError(map);
  },
  print(p: OpAsmPrinter, op: Operation) {
    const [, , nIdx, nMask] = segments(op);
    const v = op.operands;
    p.write(' ');
    p.printOperand(v[0]!);
    p.write(', ');
    p.printOperand(v[1]!);
    p.write('[');
    p.printOperands(v.slice(2, 2 + nIdx!));
    p.write(']');
    printTransferTail(p, op, nMask ? v[2 + nIdx!] : undefined, [v[0]!.type, v[1]!.type]);
  },
  parse: ((parser: Parser, state: ParseState) => {
    const vector = parser.parseOperand();
    parser.expect(Tok.Comma, "','");
    const source = parser.parseOperand();
    const indices: UnresolvedOperand[] = [];
    parser.parseCommaSeparated(Tok.LSquare, Tok.RSquare, () => indices.push(parser.parseOperand()));
    let mask: UnresolvedOperand | undefined;
    const maskOffset = parser.offset;
    if (parser.consumeIf(Tok.Comma)) mask = parser.parseOperand();
    const t = parseTransferTail(parser, state, false, mask !== undefined, maskOffset);
    state.operands.push(parser.resolveOperand(vector, t.vector));
    state.operands.push(parser.resolveOperand(source, t.source));
    parser.resolveIndexOperands(indices, state.operands);
    if (mask) state.operands.push(parser.resolveOperand(mask, t.mask!));
    state.properties.set('operandSegmentSizes', segmentSizesAttr([1, 1, indices.length, mask ? 1 : 0]));
    if (t.source instanceof RankedTensorType) state.types.push(t.source);
  }) as never,
});
