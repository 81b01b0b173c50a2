import { DenseElementsAttr, FloatAttr, IntegerAttr } from '../../core/ir/attributes.js';
import { AnySignlessIntegerOrFloat, AnyType, I64Attr, optionalAttr, required, variadic } from '../../core/ir/constraints.js';
import { defineOp, type OpSpec } from '../../core/ir/op-definition.js';
import type { Operation } from '../../core/ir/operation.js';
import { HasParent, Pure, ReturnLike, Terminator } from '../../core/ir/traits.js';
import { f32, type IntegerType, RankedTensorType, type Type } from '../../core/ir/types.js';
import type { Value } from '../../core/ir/value.js';
import { I64ListAttr, ReduceKindConstraint, type ReduceKindAttr } from './attributes.js';
import { firstEncodingError, isDotInput, isFloat, isSignlessInt, shapeText, TileTensor } from './types.js';

const tensorOf = (op: Operation, i: number): RankedTensorType => op.operands[i]!.type as RankedTensorType;

/**
 * A Pure op from one `source` tile to one `result` tile (transpose, broadcast, cast): its verifier
 * is `check` of the two tensor types, then the encodings of both.
 */
function tileToTileOp<const S extends Pick<OpSpec, 'name' | 'summary' | 'attributes' | 'assemblyFormat' | 'fold'>>(
  spec: S & { check(src: RankedTensorType, dst: RankedTensorType, op: Operation): string | undefined },
) {
  const { check, ...rest } = spec;
  return defineOp({
    ...rest,
    operands: { source: TileTensor },
    results: { result: TileTensor },
    traits: [Pure],
    verify(op) {
      const src = tensorOf(op, 0);
      const dst = op.resultTypes[0] as RankedTensorType;
      return check(src, dst, op) ?? firstEncodingError([src, dst], ['source', 'result']);
    },
  });
}

// ---------------------------------------------------------------------------------------- yield

/** `tile.yield %v : f32`: the values a `tile.map` or `tile.reduce` body produces. */
export const YieldOp = defineOp({
  name: 'tile.yield',
  summary: 'yields the values of a tile.map or tile.reduce body, or ends a tile.fusion',
  operands: { values: variadic(AnyType) },
  traits: [Pure, ReturnLike, Terminator, HasParent('tile.map', 'tile.reduce', 'tile.fusion')],
  assemblyFormat: 'attr-dict ($values^ `:` type($values))?',
});

// ---------------------------------------------------------------------------------------- dot

/** `%d = tile.dot %a, %b, %acc : tensor<64x32xf16>, tensor<32x64xf16> -> tensor<64x64xf32>`: acc + a·b. */
export const DotOp = defineOp({
  name: 'tile.dot',
  summary: 'tile matrix product accumulated into a tile',
  operands: { a: TileTensor, b: TileTensor, acc: TileTensor },
  results: { result: TileTensor },
  traits: [Pure],
  typeRelations: [{ allMatch: ['acc', 'result'] }],
  assemblyFormat: '$a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `->` type($result)',
  verify(op) {
    const [a, b, acc] = [tensorOf(op, 0), tensorOf(op, 1), tensorOf(op, 2)];
    for (const [t, n] of [
      [a, 'A'],
      [b, 'B'],
      [acc, 'accumulator'],
    ] as const) {
      if (t.rank !== 2) return `${n} must be a 2-D tensor, got '${t}'`;
    }
    if (!isDotInput(a.elementType)) return `A element type must be f16, bf16 or f32, got '${a.elementType}'`;
    if (b.elementType !== a.elementType) return `A and B element types must match, got '${a.elementType}' and '${b.elementType}'`;
    if (acc.elementType !== f32 && acc.elementType !== a.elementType) {
      return `accumulator element type must be f32 or the input element type '${a.elementType}', got '${acc.elementType}'`;
    }
    const [m, k] = a.shape as [number, number];
    const [k2, n] = b.shape as [number, number];
    if (k !== k2) return `reduction dimensions differ: A is ${shapeText(a.shape)} and B is ${shapeText(b.shape)}`;
    if (acc.shape[0] !== m || acc.shape[1] !== n) return `accumulator shape ${shapeText(acc.shape)} does not match MxN = ${m}x${n}`;
    if (op.resultTypes[0] !== acc) return `result type '${op.resultTypes[0]}' must equal the accumulator type '${acc}'`;
    return firstEncodingError([a, b, acc], ['A', 'B', 'accumulator']);
  },
});

// ---------------------------------------------------------------------------------------- transpose

/** `%t = tile.transpose %x : tensor<16x32xf16> -> tensor<32x16xf16>`: result[i, j] = x[j, i]. */
export const TransposeOp = tileToTileOp({
  name: 'tile.transpose',
  summary: 'transposes a 2-D tile',
  assemblyFormat: '$source attr-dict `:` type($source) `->` type($result)',
  check(src, dst) {
    if (src.rank !== 2) return `source must be a 2-D tensor, got '${src}'`;
    if (dst.rank !== 2) return `result must be a 2-D tensor, got '${dst}'`;
    if (src.elementType !== dst.elementType) return `source and result element types differ: '${src.elementType}' vs '${dst.elementType}'`;
    const [rows, cols] = src.shape as [number, number];
    if (dst.shape[0] !== cols || dst.shape[1] !== rows) return `result shape ${shapeText(dst.shape)} must be the source shape ${shapeText(src.shape)} swapped (${cols}x${rows})`;
    return undefined;
  },
  fold: (op) => foldTransposeOfTranspose(op),
});

/** transpose(transpose(x)) -> x, when x has the result type (encoding included). */
function foldTransposeOfTranspose(op: Operation): Value | undefined {
  const inner = op.operands[0]!.definingOp;
  if (!inner || !TransposeOp.isa(inner)) return undefined;
  const x = inner.operands[0]!;
  return x.type === op.resultTypes[0] ? x : undefined;
}

// ---------------------------------------------------------------------------------------- reduce

/** The result type of reducing `input` along `axis`: its shape without that dimension, or its element for rank 1. */
export function reducedShape(input: RankedTensorType, axis: number): number[] {
  return input.shape.filter((_, d) => d !== axis);
}

function verifyReduce(op: Operation): string | undefined {
  const input = tensorOf(op, 0);
  const axis = (op.properties.get('axis') as IntegerAttr).number;
  const kind = op.properties.get('kind') as ReduceKindAttr | undefined;
  const hasBody = !op.regions[0]!.empty;
  if (kind && hasBody) return 'expects either a reduction kind or a combiner region, not both';
  if (!kind && !hasBody) return 'expects a reduction kind or a combiner region';
  if (axis < 0 || axis >= input.rank) return `axis ${axis} is out of range for a rank-${input.rank} tensor`;
  const elem = input.elementType;
  if (kind && ['and', 'or', 'xor'].includes(kind.value) && !isSignlessInt(elem)) return `kind '${kind.value}' requires integer elements, got '${elem}'`;
  if (kind && !isSignlessInt(elem) && !isFloat(elem)) return `kind '${kind.value}' requires integer or float elements, got '${elem}'`;
  const result = op.resultTypes[0]!;
  const shape = reducedShape(input, axis);
  if (shape.length === 0) {
    if (result !== elem) return `expected a '${elem}' result (rank-1 input reduced to a scalar), got '${result}'`;
  } else if (!(result instanceof RankedTensorType) || result.elementType !== elem || shapeText(result.shape) !== shapeText(shape)) {
    return `expected a result of shape ${shapeText(shape)} and element type '${elem}' (input without dimension ${axis}), got '${result}'`;
  }
  return firstEncodingError([input, result], ['input', 'result']);
}

function verifyCombiner(op: Operation): string | undefined {
  const body = op.regions[0]!.entry;
  if (!body) return undefined;
  const elem = tensorOf(op, 0).elementType;
  const args = body.arguments.map((a) => a.type);
  if (args.length !== 2 || args.some((t) => t !== elem)) return `combiner must take two '${elem}' arguments, got (${args.join(', ')})`;
  const y = body.last!;
  if (y.numOperands !== 1 || y.operands[0]!.type !== elem) return `combiner must yield one '${elem}' value`;
  return undefined;
}

/** `%r = tile.reduce add %t axis 1 : tensor<32x64xf32> -> tensor<32xf32>`, or with a combiner region. */
export const ReduceOp = defineOp({
  name: 'tile.reduce',
  summary: 'reduces a tile along one dimension',
  operands: { input: TileTensor },
  results: { result: AnyType },
  attributes: { kind: optionalAttr(ReduceKindConstraint), axis: required(I64Attr) },
  regions: { combiner: {} },
  traits: [Pure],
  assemblyFormat: '($kind^)? $input `axis` $axis attr-dict `:` type($input) `->` type($result) ($combiner^)?',
  verify: verifyReduce,
  verifyRegions: verifyCombiner,
});

// ---------------------------------------------------------------------------------------- broadcast / splat / cast

/** The result dimensions `tile.broadcast` adds: its `dims`, or the leading ones. */
export function broadcastAddedDims(op: Operation): number[] {
  const dims = op.properties.get('dims');
  if (dims && I64ListAttr.test(dims)) return dims.numbers;
  const added = (op.resultTypes[0] as RankedTensorType).rank - tensorOf(op, 0).rank;
  return Array.from({ length: Math.max(0, added) }, (_, i) => i);
}

/** `%b = tile.broadcast %row dims [1] : tensor<32xf32> -> tensor<32x64xf32>` */
export const BroadcastOp = tileToTileOp({
  name: 'tile.broadcast',
  summary: 'broadcasts a tile to a larger shape',
  attributes: { dims: optionalAttr(I64ListAttr) },
  assemblyFormat: '$source (`dims` $dims^)? attr-dict `:` type($source) `->` type($result)',
  check(src, dst, op) {
    if (src.elementType !== dst.elementType) return `source and result element types differ: '${src.elementType}' vs '${dst.elementType}'`;
    if (src.rank > dst.rank) return `source rank (${src.rank}) exceeds the result rank (${dst.rank})`;
    const added = broadcastAddedDims(op);
    if (added.length !== dst.rank - src.rank) return `dims lists ${added.length} added dimensions but the ranks differ by ${dst.rank - src.rank}`;
    if (added.some((d, i) => d < 0 || d >= dst.rank || (i > 0 && d <= added[i - 1]!))) return `dims [${added.join(', ')}] must be increasing result dimensions in [0, ${dst.rank})`;
    const kept = dst.shape.map((_, d) => d).filter((d) => !added.includes(d));
    for (let i = 0; i < src.rank; i++) {
      const s = src.shape[i]!;
      const d = dst.shape[kept[i]!]!;
      if (s !== 1 && s !== d) return `source dimension ${i} (size ${s}) cannot be broadcast to result dimension ${kept[i]} (size ${d})`;
    }
    return undefined;
  },
});

/** `%z = tile.splat %c : tensor<32x64xf32>`: a tile with every element equal to a scalar. */
export const SplatOp = defineOp({
  name: 'tile.splat',
  summary: 'a tile filled with one scalar',
  operands: { input: AnySignlessIntegerOrFloat },
  results: { result: TileTensor },
  traits: [Pure],
  typeRelations: [{ from: 'result', to: 'input', transform: (t: Type) => (t as RankedTensorType).elementType }],
  assemblyFormat: '$input attr-dict `:` type($result)',
  verify(op) {
    const result = op.resultTypes[0] as RankedTensorType;
    if (op.operands[0]!.type !== result.elementType) return `operand type '${op.operands[0]!.type}' does not match the result element type '${result.elementType}'`;
    return firstEncodingError([result], ['result']);
  },
  fold(op, [input]) {
    if (input instanceof IntegerAttr || input instanceof FloatAttr) return DenseElementsAttr.get(op.resultTypes[0] as RankedTensorType, [input.value]);
    return undefined;
  },
});

/**
 * `%i = tile.iota 1 : tensor<4x64xi32>`: each element is its own index along `dimension` (0 to
 * size - 1), as Triton's `tl.arange` broadcast over a tile: with the tile's offset added and
 * compared with an extent, it masks the elements past the end of a memref.
 */
export const IotaOp = defineOp({
  name: 'tile.iota',
  summary: "a tile of its elements' indices along one dimension",
  attributes: { dimension: required(I64Attr) },
  results: { result: TileTensor },
  traits: [Pure],
  assemblyFormat: '$dimension attr-dict `:` type($result)',
  verify(op) {
    const result = op.resultTypes[0] as RankedTensorType;
    const d = (op.properties.get('dimension') as IntegerAttr).number;
    if (d < 0 || d >= result.rank) return `dimension ${d} is out of range for a rank-${result.rank} tile`;
    if (!isSignlessInt(result.elementType)) return `result element type must be a signless integer, got '${result.elementType}'`;
    if (result.shape[d]! > 2 ** (intWidth(result.elementType) - 1)) return `dimension ${d} (size ${result.shape[d]}) has indices that '${result.elementType}' cannot hold`;
    return firstEncodingError([result], ['result']);
  },
});

const intWidth = (t: Type): number => (t as IntegerType).width;

/** `%h = tile.cast %t : tensor<64x64xf32> to tensor<64x64xf16, #tile.blocked<...>>`: element conversion and/or relayout. */
export const CastOp = tileToTileOp({
  name: 'tile.cast',
  summary: 'converts the element type and/or the layout of a tile',
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($result)',
  check(src, dst) {
    if (shapeText(src.shape) !== shapeText(dst.shape)) return `requires the same shape, got ${shapeText(src.shape)} and ${shapeText(dst.shape)}`;
    for (const t of [src.elementType, dst.elementType]) if (!AnySignlessIntegerOrFloat.test(t)) return `element types must be signless integers or floats, got '${t}'`;
    return undefined;
  },
  fold(op) {
    const source = op.operands[0]!;
    return source.type === op.resultTypes[0] ? source : undefined;
  },
});
