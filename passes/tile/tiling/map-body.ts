import { DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../../core/ir/attributes.js';
import type { Builder } from '../../../core/ir/builder.js';
import { failure, type Failure } from '../../../core/ir/diagnostics.js';
import type { Location } from '../../../core/ir/location.js';
import { IRMapping, Operation } from '../../../core/ir/operation.js';
import { FloatType, IndexType, IntegerType, RankedTensorType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { constantValue } from '../../../core/rewrite/folder.js';
import { ConstantOp, IndexCastOp, IndexCastUIOp } from '../../../dialects/arith/index.js';
import { IndexOp, indexDimension, IotaOp, SplatOp } from '../../../dialects/tile/index.js';
import type { ArithBuilder } from '../../../dialects/arith/builder.js';

const isScalar = (t: Type): boolean => t instanceof IntegerType || t instanceof FloatType || t instanceof IndexType;
/** Scalars tile.splat takes (signless integers and floats). */
const isSplattable = (t: Type): boolean => t instanceof FloatType || (t instanceof IntegerType && t.isSignless) || t instanceof IndexType;

/** Index values become i32 tiles (as in the WGSL the tiles lower to). */
const tileElement = (t: Type): Type => (t instanceof IndexType ? IntegerType.get(32) : t);

const bodyOf = (map: Operation) => map.region(0).entry!;
const bodyOps = (map: Operation): Operation[] => bodyOf(map).ops.slice(0, -1);

const definedOutside = (map: Operation, v: Value): boolean => !map.region(0).isAncestorOf(v.parentRegion);

/** The scalar constant `v` is, if it is one. */
function scalarConstant(v: Value): IntegerAttr | FloatAttr | undefined {
  const c = constantValue(v);
  return c instanceof IntegerAttr || c instanceof FloatAttr ? c : undefined;
}

/** Why a tile.map body cannot become tile code: where, and the message; undefined when it can. */
export function untileableBody(map: Operation): Failure | undefined {
  const why = (at: Operation, what: string) => failure(`cannot tile 'tile.map': ${what}`, at);
  for (const op of bodyOps(map)) {
    if (IndexOp.isa(op)) continue;
    if (!op.isRegistered || (op.dialect !== 'arith' && op.dialect !== 'math') || op.regions.length > 0) {
      return why(op, `its body op '${op.name}' is not an elementwise arith or math op`);
    }
    const nonScalar = [...op.operands.map((v) => v.type), ...op.resultTypes].find((t) => !isScalar(t));
    if (nonScalar) return why(op, `its body op '${op.name}' works on '${nonScalar}', not on scalars`);
  }
  for (const op of bodyOf(map).ops) {
    const bad = op.operands.find((v) => definedOutside(map, v) && !scalarConstant(v) && !isSplattable(v.type));
    if (bad) return why(op, `its body uses a value of type '${bad.type}' defined outside it (only integer, index and float scalars can be captured)`);
  }
  return undefined;
}

/** The values defined outside the map that its body uses and that are not constants, in order of first use. */
export function capturedValues(map: Operation): Value[] {
  const captured = new Set<Value>();
  for (const op of bodyOf(map).ops) for (const v of op.operands) if (definedOutside(map, v) && !scalarConstant(v)) captured.add(v);
  return [...captured];
}

/** The tile of `tile.index d` at each dimension d of a map's iteration space. */
export type IndexTiles = (dim: number) => Value;

/**
 * Converts a tile.map body into ops on tiles of `shape`, at the builder's insertion point.
 * `inputs` are the tiles of the block arguments; `outside` gives the tile of each captured value
 * (see `capturedTiles`); `indices` the tiles of `tile.index` (see `indexTiles`). Tiles get
 * `encoding` when given; index values are i32 tiles. Returns the tiles the body yields.
 */
export function emitTiledBody(
  b: Builder,
  map: Operation,
  shape: readonly number[],
  inputs: readonly Value[],
  outside: ReadonlyMap<Value, Value>,
  encoding?: Attribute,
  indices?: IndexTiles,
): Value[] {
  const tileOf = (t: Type) => RankedTensorType.get(shape, tileElement(t), encoding);
  const mapping = new IRMapping();
  bodyOf(map).arguments.forEach((arg, i) => mapping.map(arg, inputs[i]!));
  for (const [v, tile] of outside) mapping.map(v, tile);
  for (const op of bodyOps(map)) {
    if (IndexOp.isa(op)) {
      if (!indices) throw new Error(`internal: no index tiles for '${op.name}'`);
      mapping.map(op.results[0]!, indices(indexDimension(op)));
      continue;
    }
    const c = ConstantOp.isa(op) ? scalarConstant(op.results[0]!) : undefined;
    if (c) {
      const value = c.type instanceof IndexType ? IntegerAttr.get(IntegerType.get(32), c.value) : c;
      mapping.map(op.results[0]!, denseConstant(b, tileOf(c.type), value, op.loc));
      continue;
    }
    const operands = op.operands.map((v) => mapping.lookupOrSelf(v));
    // Index values are i32 on tiles: a cast between index and i32 is none, to or from another width an extension or truncation.
    if (IndexCastOp.isa(op) || IndexCastUIOp.isa(op)) {
      const [from, to] = [operands[0]!.type as RankedTensorType, tileOf(op.resultTypes[0]!)];
      const [wf, wt] = [(from.elementType as IntegerType).width, (to.elementType as IntegerType).width];
      const name = wf === wt ? undefined : wf > wt ? 'arith.trunci' : IndexCastOp.isa(op) ? 'arith.extsi' : 'arith.extui';
      mapping.map(op.results[0]!, name ? b.create({ name, operands, resultTypes: [to], loc: op.loc }).results[0]! : operands[0]!);
      continue;
    }
    const tiled = Operation.create({
      name: op.name,
      definition: op.definition,
      operands,
      resultTypes: op.resultTypes.map(tileOf),
      properties: op.propertiesIfAny,
      attributes: op.attributesIfAny,
      loc: op.loc,
    });
    b.insert(tiled);
    op.results.forEach((r, i) => mapping.map(r, tiled.results[i]!));
  }
  return bodyOf(map).last!.operands.map((v) => mapping.lookupOrSelf(v));
}

/** Whether a map body uses `tile.index`. */
export const usesIndices = (map: Operation): boolean => bodyOps(map).some((op) => IndexOp.isa(op));

/**
 * The tiles of `tile.index` for a tile of `shape` (spanning the trailing dimensions of the
 * iteration space) whose element 0 is at `offsets`: along a dimension of the tile, its offset
 * plus the position in the tile (tile.iota); along a leading dimension, the offset.
 */
export function indexTiles(b: ArithBuilder, shape: readonly number[], offsets: readonly Value[], encoding?: Attribute): IndexTiles {
  const i32 = IntegerType.get(32);
  const type = RankedTensorType.get(shape, i32, encoding);
  const first = offsets.length - shape.length;
  const memo = new Map<number, Value>();
  return (d) => {
    const known = memo.get(d);
    if (known) return known;
    const scalar = b.build(IndexCastOp, { operands: { in: offsets[d]! }, resultTypes: [i32] }).out;
    let tile = b.build(SplatOp, { operands: { input: scalar }, resultTypes: [type] }).result;
    if (d >= first && shape[d - first]! > 1) {
      const iota = b.build(IotaOp, { attributes: { dimension: IntegerAttr.get(IntegerType.get(64), d - first) }, resultTypes: [type] }).result;
      tile = b.create({ name: 'arith.addi', operands: [iota, tile], resultTypes: [type] }).results[0]!;
    }
    memo.set(d, tile);
    return tile;
  };
}

/** `arith.constant dense<value> : type`. */
export function denseConstant(b: Builder, type: RankedTensorType, value: IntegerAttr | FloatAttr, loc: Location): Value {
  return b.build(ConstantOp, { attributes: { value: DenseElementsAttr.get(type, [value.value]) }, resultTypes: [type], loc }).result;
}

/**
 * The tiles of the outside values a map body uses: constants become dense tiles, the others
 * (`kernelArgOf` gives their kernel argument) are splatted.
 */
export function capturedTiles(b: Builder, map: Operation, shape: readonly number[], kernelArgOf: (v: Value) => Value, encoding?: Attribute): Map<Value, Value> {
  const tiles = new Map<Value, Value>();
  for (const op of bodyOf(map).ops) {
    for (const v of op.operands) {
      if (!definedOutside(map, v) || tiles.has(v)) continue;
      const type = RankedTensorType.get(shape, tileElement(v.type), encoding);
      const c = scalarConstant(v);
      if (c) {
        tiles.set(v, denseConstant(b, type, c.type instanceof IndexType ? IntegerAttr.get(type.elementType, c.value) : c, v.definingOp!.loc));
        continue;
      }
      const arg = kernelArgOf(v);
      const scalar = v.type instanceof IndexType ? b.build(IndexCastOp, { operands: { in: arg }, resultTypes: [type.elementType] }).out : arg;
      tiles.set(v, b.build(SplatOp, { operands: { input: scalar }, resultTypes: [type] }).result);
    }
  }
  return tiles;
}
