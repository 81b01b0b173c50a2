import type { Operation } from '../../core/ir/operation.js';
import type { PatternRewriter } from '../../core/rewrite/rewriter.js';
import { ArithBuilder } from '../../dialects/arith/builder.js';

/**
 * An ArithBuilder for conversion patterns: it has its own insertion point (starting at the
 * rewriter's, with its location) and inserts every op through the rewriter, so that the
 * conversion driver sees what the pattern builds.
 */
export class RewriterArithBuilder extends ArithBuilder {
  constructor(private readonly rewriter: PatternRewriter) {
    super(rewriter.context, rewriter.insertionPoint);
    this.loc = rewriter.loc;
  }

  override insert(op: Operation): Operation {
    const saved = this.rewriter.insertionPoint;
    this.rewriter.insertionPoint = this.insertionPoint;
    try {
      return this.rewriter.insert(op);
    } finally {
      this.rewriter.insertionPoint = saved;
    }
  }
}
