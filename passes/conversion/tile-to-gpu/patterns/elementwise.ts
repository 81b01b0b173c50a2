import { DenseElementsAttr, FloatAttr, IntegerAttr } from '../../../../core/ir/attributes.js';
import type { Operation } from '../../../../core/ir/operation.js';
import { FloatType, RankedTensorType } from '../../../../core/ir/types.js';
import type { Value } from '../../../../core/ir/value.js';
import type { ConversionPatternRewriter, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import { IndexCastOp } from '../../../../dialects/arith/index.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { elementCoords } from '../thread-layout.js';
import { TilePattern, tileType } from './tile-pattern.js';

abstract class PerElementPattern extends TilePattern {
  /** The number of elements the thread holds of the op's (first) result tile. */
  protected count(b: ArithBuilder, op: Operation): number {
    return this.lowering.elementsOf(b, op.results[0]!.type as RankedTensorType).count;
  }
}

/** tile.splat: the scalar, once per element the thread holds. */
export class SplatLowering extends PerElementPattern {
  readonly name = 'tile-splat-to-simt';
  readonly root = 'tile.splat';

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    rewriter.replaceOpWithMultiple(op, [new Array<Value>(this.count(b, op)).fill(adaptor.operand(0))]);
  }
}

/** tile.iota: each element is its coordinate along the dimension, which the layout gives every thread. */
export class IotaLowering extends PerElementPattern {
  readonly name = 'tile-iota-to-simt';
  readonly root = 'tile.iota';

  protected lower(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const type = op.results[0]!.type as RankedTensorType;
    const e = this.lowering.elementsOf(b, type);
    const d = (op.properties.get('dimension') as IntegerAttr).number;
    const cast = new Map<Value, Value>();
    const scalars = Array.from({ length: e.count }, (_, i): Value => {
      const c = elementCoords(e, i)[d]!;
      let v = cast.get(c);
      if (!v) cast.set(c, (v = b.build(IndexCastOp, { operands: { in: c }, resultTypes: [type.elementType] }).out));
      return v;
    });
    rewriter.replaceOpWithMultiple(op, [scalars]);
  }
}

/** A splat tile `arith.constant`: the scalar constant, once per element. */
export class SplatConstantLowering extends PerElementPattern {
  readonly name = 'tile-constant-to-simt';
  readonly root = 'arith.constant';

  protected override matches(op: Operation): boolean {
    return tileType(op.results[0]!) !== undefined;
  }

  protected override problem(op: Operation): string | undefined {
    const value = op.getAttr('value');
    return value instanceof DenseElementsAttr && value.isSplat ? undefined : 'only splat tile constants can be lowered';
  }

  protected lower(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const d = op.getAttr('value') as DenseElementsAttr;
    const elem = d.elementType;
    const scalar = b.constantOf(elem instanceof FloatType ? FloatAttr.get(elem, Number(d.values[0])) : IntegerAttr.get(elem, d.values[0] as bigint));
    rewriter.replaceOpWithMultiple(op, [new Array<Value>(this.count(b, op)).fill(scalar)]);
  }
}

/** An `arith` or `math` op on tiles (but a constant): the scalar op per element (tile operands give the element, others themselves). */
export class ElementwiseLowering extends PerElementPattern {
  readonly name = 'tile-elementwise-to-simt';
  readonly root = undefined;

  protected override matches(op: Operation): boolean {
    return (op.dialect === 'arith' || op.dialect === 'math') && op.regions.length === 0 && op.name !== 'arith.constant';
  }

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const count = this.count(b, op);
    const outs: Value[][] = op.results.map(() => []);
    for (let i = 0; i < count; i++) {
      const operands = op.operands.map((v, k) => adaptor.values(k)[tileType(v) ? i : 0]!);
      const scalar = b.create({
        name: op.name,
        operands,
        resultTypes: op.resultTypes.map((t) => (t instanceof RankedTensorType ? t.elementType : t)),
        properties: new Map(op.properties),
        attributes: new Map(op.attributes),
      });
      scalar.results.forEach((r, k) => outs[k]!.push(r));
    }
    rewriter.replaceOpWithMultiple(op, outs);
  }
}
