import type { Operation } from '../../../../core/ir/operation.js';
import type { ConversionPattern, ConversionPatternRewriter, OpAdaptor } from '../../../../core/rewrite/conversion.js';

/** The last pattern tried on an op that takes or makes tiles: it converts nothing and says why. */
export class UnsupportedTileOp implements ConversionPattern {
  readonly name = 'unsupported-tile-op';
  readonly root = undefined;
  readonly benefit = 0;

  matchAndRewrite(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
    return rewriter.notifyMatchFailure(op, 'cannot be lowered to SIMT code by convert-tile-to-gpu yet');
  }
}
