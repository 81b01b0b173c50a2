/** Builders of the elementwise and row tile ops that the fused kernels (fused-tiles.ts), the attention kernel (tiling-attention.ts) and the split-K sum (tiling-matmul.ts) emit. */
import { type Attribute, FloatAttr, IntegerAttr } from '../../../core/ir/attributes.js';
import { IntegerType, RankedTensorType, type Type } from '../../../core/ir/types.js';
import type { Value } from '../../../core/ir/value.js';
import { CMPF_PREDICATES, CMPI_PREDICATES, CmpFOp, CmpIOp, IndexCastOp, SelectOp } from '../../../dialects/arith/index.js';
import { denseI64 } from '../../../dialects/memref/dynamic-index-list.js';
import { BroadcastOp, CastOp, type ReduceKind, ReduceKindAttr, ReduceOp, SplatOp } from '../../../dialects/tile/index.js';
import type { IndexBuilder } from './index-builder.js';
import { denseConstant } from './map-body.js';

const i64 = (n: number): IntegerAttr => IntegerAttr.get(IntegerType.get(64), n);

export class TileOps {
  constructor(private readonly b: IndexBuilder) {}

  dense(type: RankedTensorType, value: number): Value {
    return denseConstant(this.b, type, FloatAttr.get(type.elementType, value), this.b.loc);
  }
  /** An index scalar as an i32 tile. */
  splatIndex(index: Value, shape: readonly number[]): Value {
    const i32 = IntegerType.get(32);
    const scalar = this.b.build(IndexCastOp, { operands: { in: index }, resultTypes: [i32] }).out;
    return this.b.build(SplatOp, { operands: { input: scalar }, resultTypes: [RankedTensorType.get(shape, i32)] }).result;
  }
  /** An elementwise arith or math op on tiles of one type. */
  arith(name: string, ...operands: Value[]): Value {
    return this.b.create({ name, operands, resultTypes: [operands[0]!.type] }).results[0]!;
  }
  private boolsLike(x: Value): RankedTensorType {
    const type = x.type as RankedTensorType;
    return RankedTensorType.get(type.shape, IntegerType.get(1), type.encoding);
  }
  cmpi(predicate: (typeof CMPI_PREDICATES)[number], lhs: Value, rhs: Value): Value {
    return this.b.build(CmpIOp, { operands: { lhs, rhs }, attributes: { predicate: i64(CMPI_PREDICATES.indexOf(predicate)) }, resultTypes: [this.boolsLike(lhs)] }).result;
  }
  cmpf(predicate: (typeof CMPF_PREDICATES)[number], lhs: Value, rhs: Value): Value {
    return this.b.build(CmpFOp, { operands: { lhs, rhs }, attributes: { predicate: i64(CMPF_PREDICATES.indexOf(predicate)) }, resultTypes: [this.boolsLike(lhs)] }).result;
  }
  select(condition: Value, ifTrue: Value, ifFalse: Value): Value {
    return this.b.build(SelectOp, { operands: { condition, true_value: ifTrue, false_value: ifFalse }, resultTypes: [ifTrue.type] }).result;
  }
  /** `tile.reduce <kind> %x axis a` (rows by default): [R, C] -> [R], or [C] along axis 0. */
  reduce(kind: ReduceKind, x: Value, axis = 1): Value {
    const type = x.type as RankedTensorType;
    return this.b.build(ReduceOp, {
      operands: { input: x },
      attributes: { kind: ReduceKindAttr.get(kind), axis: i64(axis) },
      resultTypes: [RankedTensorType.get([type.shape[1 - axis]!], type.elementType)],
    }).result;
  }
  /** `tile.broadcast` of `source` along `dims` to a tile of `shape` (laid out as `encoding`). */
  broadcast(source: Value, dims: readonly number[], shape: readonly number[], encoding?: Attribute): Value {
    const elem = (source.type as RankedTensorType).elementType;
    return this.b.build(BroadcastOp, { operands: { source }, attributes: { dims: denseI64(dims.map(BigInt)) }, resultTypes: [RankedTensorType.get(shape, elem, encoding)] }).result;
  }
  /** A per-row tile broadcast along the rows to `like`'s shape. */
  broadcastRows(row: Value, like: RankedTensorType): Value {
    return this.broadcast(row, [1], like.shape, like.encoding);
  }
  cast(x: Value, to: Type): Value {
    return x.type === to ? x : this.b.build(CastOp, { operands: { source: x }, resultTypes: [to] }).result;
  }
}
