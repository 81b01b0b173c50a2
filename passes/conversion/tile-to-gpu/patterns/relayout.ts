import type { Operation } from '../../../../core/ir/operation.js';
import { type MemRefType, RankedTensorType } from '../../../../core/ir/types.js';
import type { ConversionPatternRewriter, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import { DotOp, LoadOp } from '../../../../dialects/tile/index.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { isWorkgroup } from '../../memory-access.js';
import { convertScalar, scalarConversionError } from '../scalar-conversion.js';
import { writesBetween } from './dot.js';
import { TilePattern, tileType } from './tile-pattern.js';

/** tile.cast: the element conversion per element; a change of layout first moves the source elements through workgroup memory. */
export class CastLowering extends TilePattern {
  readonly name = 'tile-cast-to-simt';
  readonly root = 'tile.cast';

  protected override problem(op: Operation): string | undefined {
    const [src, dst] = [tileType(op.operand(0))!, tileType(op.results[0]!)!];
    return scalarConversionError(src.elementType, dst.elementType) ?? (src.encoding !== dst.encoding ? this.lowering.workgroupBufferError : undefined);
  }

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    const [src, dst] = [tileType(op.operand(0))!, tileType(op.results[0]!)!];
    let scalars = adaptor.values(0);
    // The relayout moves source elements; the conversion follows in the new layout.
    if (src.encoding !== dst.encoding) scalars = this.lowering.relayout(b, scalars, src, RankedTensorType.get(dst.shape, src.elementType, dst.encoding), op);
    rewriter.replaceOpWithMultiple(op, [scalars.map((s) => convertScalar(b, s, dst.elementType))]);
  }
}

/**
 * The tile.load of a workgroup buffer (2-D, or one slot of a multibuffer) that a transpose reads,
 * when every user of the transpose is a tile.dot that can read that buffer as an operand (nothing
 * writes memory between).
 */
function readThroughLoad(transpose: Operation): Operation | undefined {
  const load = transpose.operand(0).definingOp;
  if (!load || !LoadOp.isa(load) || !isWorkgroup(load.operand(0).type) || (load.operand(0).type as MemRefType).rank < 2) return undefined;
  const result = transpose.results[0]!;
  const users = result.users();
  return users.length > 0 && users.every((u) => DotOp.isa(u) && u.operand(2) !== result && !writesBetween(load, u)) ? load : undefined;
}

/**
 * tile.transpose: through workgroup memory, the staged tile swizzled so that lanes reading down
 * a column hit different banks; or, where only dots use it and it transposes a tile.load of a
 * workgroup buffer, nothing: the dots read that buffer with swapped indices.
 */
export class TransposeLowering extends TilePattern {
  readonly name = 'tile-transpose-to-simt';
  readonly root = 'tile.transpose';

  protected override problem(op: Operation): string | undefined {
    return readThroughLoad(op) ? undefined : this.lowering.workgroupBufferError;
  }

  protected lower(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): void {
    // Decided once, here: ops lowered between the transpose and a dot may add writes (to other
    // buffers) that would make the dot's own check refuse a transpose that has no scalars.
    const load = readThroughLoad(op);
    if (load) {
      this.lowering.readInPlace(op.results[0]!, load);
      rewriter.replaceOpWithMultiple(op, [[]]);
      return;
    }
    const result = tileType(op.results[0]!)!;
    rewriter.replaceOpWithMultiple(op, [this.lowering.relayout(b, adaptor.values(0), tileType(op.operand(0))!, result, op, true)]);
  }
}
