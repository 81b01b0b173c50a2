import { DenseElementsAttr, FloatAttr, IntegerAttr, type Attribute } from '../../../core/ir/attributes.js';
import type { Builder } from '../../../core/ir/builder.js';
import type { Location } from '../../../core/ir/location.js';
import { IRMapping, Operation } from '../../../core/ir/operation.js';
import { FloatType, IndexType, IntegerType, RankedTensorType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { constantValue } from '../../../core/rewrite/folder.js';
import { ConstantOp } from '../../../dialects/arith/index.js';
import { SplatOp } from '../../../dialects/tile/index.js';

const isScalar = (t: Type): boolean => t instanceof IntegerType || t instanceof FloatType || t instanceof IndexType;
/** Scalars tile.splat takes (signless integers and floats). */
const isSplattable = (t: Type): boolean => t instanceof FloatType || (t instanceof IntegerType && t.isSignless);

const bodyOf = (map: Operation) => map.region(0).entry!;
const bodyOps = (map: Operation): Operation[] => bodyOf(map).ops.slice(0, -1);

const definedOutside = (map: Operation, v: Value): boolean => !map.region(0).isAncestorOf(v.parentRegion);

/** The scalar constant `v` is, if it is one. */
function scalarConstant(v: Value): IntegerAttr | FloatAttr | undefined {
  const c = constantValue(v);
  return c instanceof IntegerAttr || c instanceof FloatAttr ? c : undefined;
}

/** Why a tile.map body cannot become tile code: where, and the message; undefined when it can. */
export function untileableBody(map: Operation): { at: Operation; message: string } | undefined {
  const why = (at: Operation, what: string) => ({ at, message: `cannot tile 'tile.map': ${what}` });
  for (const op of bodyOps(map)) {
    if (!op.isRegistered || (op.dialect !== 'arith' && op.dialect !== 'math') || op.regions.length > 0) {
      return why(op, `its body op '${op.name}' is not an elementwise arith or math op`);
    }
    const nonScalar = [...op.operands.map((v) => v.type), ...op.resultTypes].find((t) => !isScalar(t));
    if (nonScalar) return why(op, `its body op '${op.name}' works on '${nonScalar}', not on scalars`);
  }
  for (const op of bodyOf(map).ops) {
    const bad = op.operands.find((v) => definedOutside(map, v) && !scalarConstant(v) && !isSplattable(v.type));
    if (bad) return why(op, `its body uses a value of type '${bad.type}' defined outside it (only integer and float scalars can be captured)`);
  }
  return undefined;
}

/** The values defined outside the map that its body uses and that are not constants, in order of first use. */
export function capturedValues(map: Operation): Value[] {
  const captured = new Set<Value>();
  for (const op of bodyOf(map).ops) for (const v of op.operands) if (definedOutside(map, v) && !scalarConstant(v)) captured.add(v);
  return [...captured];
}

/**
 * Converts a tile.map body into ops on tiles of `shape`, at the builder's insertion point.
 * `inputs` are the tiles of the block arguments; `outside` gives the tile of each captured value
 * (see `capturedTiles`). Tiles get `encoding` when given. Returns the tiles the body yields.
 */
export function emitTiledBody(b: Builder, map: Operation, shape: readonly number[], inputs: readonly Value[], outside: ReadonlyMap<Value, Value>, encoding?: Attribute): Value[] {
  const tileOf = (t: Type) => RankedTensorType.get(shape, t, encoding);
  const mapping = new IRMapping();
  bodyOf(map).arguments.forEach((arg, i) => mapping.map(arg, inputs[i]!));
  for (const [v, tile] of outside) mapping.map(v, tile);
  for (const op of bodyOps(map)) {
    const c = ConstantOp.isa(op) ? scalarConstant(op.results[0]!) : undefined;
    if (c) {
      mapping.map(op.results[0]!, denseConstant(b, tileOf(c.type), c, op.loc));
      continue;
    }
    const tiled = Operation.create({
      name: op.name,
      definition: op.definition,
      operands: op.operands.map((v) => mapping.lookupOrSelf(v)),
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
      const type = RankedTensorType.get(shape, v.type, encoding);
      const c = scalarConstant(v);
      tiles.set(v, c ? denseConstant(b, type, c, v.definingOp!.loc) : b.build(SplatOp, { operands: { input: kernelArgOf(v) }, resultTypes: [type] }).result);
    }
  }
  return tiles;
}
