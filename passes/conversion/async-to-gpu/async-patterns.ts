import type { ConversionPattern } from '../../../core/rewrite/conversion.js';
import { ConversionTarget } from '../../../core/rewrite/conversion-target.js';
import type { AsyncLowering } from './async-lowering.js';
import { touchesAsync } from './async-lowering.js';
import { AsyncForLowering, AsyncIfLowering, AsyncYieldLowering } from './patterns/control-flow.js';
import { CommitLowering, CopyLowering, SelectLowering, WaitLowering } from './patterns/copies.js';
import { UnsupportedAsyncOp } from './patterns/unsupported.js';

/** What convert-async-to-gpu may leave: no async op, and no op that takes or makes async tokens or groups. */
export function asyncToGpuTarget(): ConversionTarget {
  return new ConversionTarget().addIllegalDialect('async').markUnknownOpDynamicallyLegal((op) => !touchesAsync(op));
}

/** The patterns of convert-async-to-gpu, one per source op, sharing `lowering` (MLIR's populate...Patterns). */
export function populateAsyncToGpuPatterns(patterns: ConversionPattern[], lowering: AsyncLowering): void {
  patterns.push(
    new CopyLowering(lowering),
    new CommitLowering(lowering),
    new WaitLowering(lowering),
    new SelectLowering(lowering),
    new AsyncForLowering(lowering),
    new AsyncIfLowering(lowering),
    new AsyncYieldLowering(lowering),
    new UnsupportedAsyncOp(lowering),
  );
}
