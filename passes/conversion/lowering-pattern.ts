import type { Operation } from '../../core/ir/operation.js';
import type { ConversionPattern, ConversionPatternRewriter, OpAdaptor } from '../../core/rewrite/conversion.js';

/**
 * A conversion pattern of a lowering pass (one per source op) that holds the pass's lowering
 * state. A pattern whose root is shared with others narrows it in `matches`; what a matched op
 * becomes is `rewriteMatched`'s.
 */
export abstract class LoweringPattern<Lowering> implements ConversionPattern {
  abstract readonly name: string;
  abstract readonly root: string | undefined;
  readonly benefit: number = 1;

  constructor(protected readonly lowering: Lowering) {}

  matchAndRewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
    return this.matches(op) && this.rewriteMatched(op, adaptor, rewriter);
  }

  /** Whether this pattern is the one for `op` (its root already matched). */
  protected matches(_op: Operation): boolean {
    return true;
  }

  /** Rewrites `op`, which `matches`; false (with the failure notified) where it cannot. */
  protected abstract rewriteMatched(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean;
}
