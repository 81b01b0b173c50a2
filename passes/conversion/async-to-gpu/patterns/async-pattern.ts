import type { Operation } from '../../../../core/ir/operation.js';
import type { Value } from '../../../../core/ir/value.js';
import type { ConversionPatternRewriter, MatchFailure, OpAdaptor } from '../../../../core/rewrite/conversion.js';
import type { ArithBuilder } from '../../../../dialects/arith/builder.js';
import { LoweringPattern } from '../../lowering-pattern.js';
import type { AsyncLowering, Group } from '../async-lowering.js';

/**
 * A pattern of convert-async-to-gpu (one per source op). Before it runs, the blocks the lowering
 * has left are ended and the blocks around the op entered (AsyncLowering); `rewrite` checks what
 * it needs before it changes anything and returns the failure, if any.
 */
export abstract class AsyncPattern extends LoweringPattern<AsyncLowering> {
  protected rewriteMatched(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): boolean {
    const b = this.lowering.builder(rewriter);
    const left = this.lowering.leaveBlocksBefore(op);
    if (left) return rewriter.notifyMatchFailure(left.at, left.reason);
    this.lowering.enterBlocksAround(op, b);
    const failure = this.rewrite(op, adaptor, rewriter, b);
    return failure ? rewriter.notifyMatchFailure(failure.at, failure.reason) : true;
  }

  protected abstract rewrite(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter, b: ArithBuilder): MatchFailure | undefined;

  /** The copies each of `values` holds, or the failure (at `op`) for one whose copies are unknown. */
  protected groupsOf(op: Operation, values: readonly Value[]): Group[] | MatchFailure {
    const groups: Group[] = [];
    for (const v of values) {
      const g = this.lowering.groupOf(v);
      if (!g) return { at: op, reason: 'uses an async token or group whose copies are unknown here' };
      groups.push(g);
    }
    return groups;
  }
}

export const isFailure = (x: unknown): x is MatchFailure => typeof x === 'object' && x !== null && 'reason' in x && 'at' in x;
