import type { DenseArrayAttr } from '../../../../core/ir/attributes.js';
import type { Operation } from '../../../../core/ir/operation.js';
import { IndexType, type MemRefType } from '../../../../core/ir/types.js';
import type { Value } from '../../../../core/ir/value.js';
import type { ConversionPatternRewriter, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import { MaxSIOp, MinSIOp } from '../../../../dialects/arith/index.js';
import { CastOp as MemCastOp, DimOp, SubViewOp } from '../../../../dialects/memref/index.js';
import { denseI64, kDynamicIndex } from '../../../../dialects/memref/dynamic-index-list.js';
import { inferSubViewType } from '../../../../dialects/memref/types.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { TilePattern } from './tile-pattern.js';

/** tile.alloc: a workgroup attribution of the kernel (one buffer per workgroup). */
export class AllocLowering extends TilePattern {
  readonly name = 'tile-alloc-to-attribution';
  readonly root = 'tile.alloc';

  protected override problem(): string | undefined {
    return this.lowering.workgroupBufferError;
  }

  protected lower(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): void {
    rewriter.replaceOp(op, [this.lowering.addWorkgroupBuffer(op.resultTypes[0] as MemRefType, op.loc)]);
  }
}

/** The static offsets, sizes and strides of a tile.view's subview (sizes dynamic where the view's type is), and its inferred type. */
function viewSubview(op: Operation): { statics: { offsets: bigint[]; sizes: bigint[]; strides: bigint[] }; inferred: MemRefType | undefined } {
  const tile = (op.properties.get('tile') as DenseArrayAttr).numbers;
  const viewType = op.resultTypes[0] as MemRefType;
  const statics = { offsets: tile.map(() => kDynamicIndex), sizes: tile.map((t, d) => (viewType.shape[d]! >= 0 ? BigInt(t) : kDynamicIndex)), strides: tile.map(() => 1n) };
  return { statics, inferred: inferSubViewType(op.operand(0).type as MemRefType, statics.offsets, statics.sizes, statics.strides) };
}

/**
 * `tile.view %M[%c..] tile [T..]`: the subview at offsets c*T with sizes min(T, max(0, dim - c*T))
 * (static T where the view's type says so), cast to the view's type.
 */
export class ViewLowering extends TilePattern {
  readonly name = 'tile-view-to-subview';
  readonly root = 'tile.view';

  protected override problem(op: Operation): string | undefined {
    return viewSubview(op).inferred ? undefined : 'cannot be lowered: its source has no strided layout';
  }

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const source = adaptor.operand(0);
    const type = source.type as MemRefType;
    const tile = (op.properties.get('tile') as DenseArrayAttr).numbers;
    const viewType = op.resultTypes[0] as MemRefType;
    const index = IndexType.get();
    const offsets = adaptor.operands.slice(1).map((c, d) => b.mul(c, b.constant(index, tile[d]!)));
    const dynamicSizes: Value[] = [];
    tile.forEach((t, d) => {
      if (viewType.shape[d]! >= 0) return;
      const size = type.shape[d]! >= 0 ? b.constant(index, type.shape[d]!) : b.build(DimOp, { operands: { source, index: b.constant(index, d) }, resultTypes: [index] }).result;
      const left = b.binary(MaxSIOp, b.sub(size, offsets[d]!), b.constant(index, 0));
      dynamicSizes.push(b.build(MinSIOp, { operands: { lhs: left, rhs: b.constant(index, t) }, resultTypes: [index] }).result);
    });
    const { statics, inferred } = viewSubview(op);
    const subview = b.build(SubViewOp, {
      operands: { source, offsets, sizes: dynamicSizes, strides: [] },
      attributes: { static_offsets: denseI64(statics.offsets), static_sizes: denseI64(statics.sizes), static_strides: denseI64(statics.strides) },
      resultTypes: [inferred!],
    }).result;
    const view = inferred === viewType ? subview : b.build(MemCastOp, { operands: { source: subview }, resultTypes: [viewType] }).op.results[0]!;
    rewriter.replaceOp(op, [view]);
  }
}
