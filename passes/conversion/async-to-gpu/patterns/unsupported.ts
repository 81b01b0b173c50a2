import type { Operation } from '../../../../core/ir/operation.js';
import type { MatchFailure } from '../../../../core/rewrite/conversion.js';
import { AsyncPattern } from './async-pattern.js';

/** The last pattern tried on an op that takes or makes async values: it converts nothing and says where they may be. */
export class UnsupportedAsyncOp extends AsyncPattern {
  readonly name = 'unsupported-async-op';
  readonly root = undefined;
  override readonly benefit = 0;

  protected rewrite(op: Operation): MatchFailure {
    return { at: op, reason: 'cannot be lowered: convert-async-to-gpu handles async tokens and groups only in async ops and scf.for loops' };
  }
}
