import type { Operation } from '../../../../core/ir/operation.js';
import { type MemRefType, RankedTensorType } from '../../../../core/ir/types.js';
import type { ConversionPatternRewriter, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import { DotOp, LoadOp } from '../../../../dialects/tile/index.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { isWorkgroup } from '../../memory-access.js';
import { convertScalar, scalarConversionError } from '../scalar-conversion.js';
import { writesBetween } from './dot.js';
import { transposeStagingSwizzle } from '../swizzle.js';
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

/** The dots that use a transpose's result, if each uses it as its right operand only (none as its accumulator or left operand). */
function rightOperandOfDots(transpose: Operation): Operation[] | undefined {
  const result = transpose.results[0]!;
  const users = result.uses.map((u) => u.owner);
  return users.length > 0 && result.uses.every((u) => DotOp.isa(u.owner) && u.index === 1) ? users : undefined;
}

/**
 * tile.transpose: where only dots use it and it transposes a tile.load of a workgroup buffer,
 * nothing: the dots read that buffer with swapped indices. Where it transposes a register tile
 * that dots take as their right operand, the tile staged once (rows of the source contiguous,
 * swizzled so that lanes reading different rows hit different banks): the dots read it in place,
 * four k at a time. Otherwise through workgroup memory, the staged tile swizzled so that lanes
 * reading down a column hit different banks.
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
    const source = tileType(op.operand(0))!;
    const dots = rightOperandOfDots(op);
    if (dots) {
      // Readers take rows of the staged tile (columns of the dot) `run` apart per lane.
      const run = this.lowering.elementsOf(b, tileType(dots[0]!.operand(2))!).runs[1]!;
      this.lowering.stageTransposed(b, op.results[0]!, adaptor.values(0), source, op, dots.length, transposeStagingSwizzle(source.shape, run));
      rewriter.replaceOpWithMultiple(op, [[]]);
      return;
    }
    const result = tileType(op.results[0]!)!;
    rewriter.replaceOpWithMultiple(op, [this.lowering.relayout(b, adaptor.values(0), source, result, op, true)]);
  }
}
