import { isFailure } from '../../../core/ir/diagnostics.js';
import type { Diagnostic } from '../../../core/ir/diagnostics.js';
import { opDiagnostic } from '../../../core/ir/diagnostics.js';
import type { Operation } from '../../../core/ir/operation.js';
import { definePass, type PassContext } from '../../../core/pass/pass.js';
import { applyPartialConversion, type ConversionPattern } from '../../../core/rewrite/conversion.js';
import { type ConversionPatternEnv, populateDialectConversionPatterns } from '../../../core/rewrite/conversion-patterns-interface.js';
import { TypeConverter } from '../../../core/rewrite/type-converter.js';
import { kernelBlockSize } from '../../../dialects/gpu/block-size.js';
import { kernelsIn } from '../../../dialects/gpu/kernels.js';
import { AsyncLowering, isAsync } from './async-lowering.js';
import { asyncToGpuTarget, populateAsyncToGpuPatterns } from './async-patterns.js';

export const convertAsyncToGpuPass = definePass({
  name: 'convert-async-to-gpu',
  displayName: 'ConvertAsyncToGPU',
  summary: 'Lower async copies to register-staged SIMT code (global loads at issue, workgroup stores at the wait)',
  description:
    'WGSL has no asynchronous copy. Each async.copy in a gpu.func kernel becomes per-thread global loads into registers ' +
    'where it is issued (each thread its share of the tile, as a coalesced access layout spreads it; masked positions ' +
    'read 0; a copy switched off by its predicate loads nothing), and workgroup stores at the async.wait that completes ' +
    'it (the groups the wait names, or every pending copy for `async.wait all` or a wait that names none), in issue ' +
    'order (so `after` chains hold), between two barriers. Tokens and groups become the registers they hold: loops ' +
    'carry them. With synchronous=true, copies store at once (the fallback, and the baseline that shows what ' +
    'pipelining gains).',
  options: {
    synchronous: { type: 'bool', default: false, help: 'Store each copy where it is issued (no overlap)' },
    vectorize: { type: 'bool', default: true, help: 'Store 4 consecutive elements of a thread as one vector<4xT> where the destination allows it' },
  },
  dependentDialects: ['arith', 'memref', 'scf', 'vector', 'gpu'],
  run(root, pass) {
    for (const kernel of kernelsIn(root)) {
      let hasAsync = false;
      kernel.walk((op) => void (op.dialect === 'async' && (hasAsync = true)));
      if (!hasAsync) continue;
      const size = kernelBlockSize(kernel, kernel.parentOp!, { who: 'convert-async-to-gpu', unit: 'a kernel' });
      if (isFailure(size)) {
        pass.fail(size.op.loc, size.message);
        return;
      }
      const error = lowerKernel(pass, kernel, new AsyncLowering(pass.context, kernel, size[0] * size[1] * size[2], pass.options.synchronous, pass.options.vectorize));
      if (error) {
        pass.fail(error.loc, error.message);
        return;
      }
    }
  },
});

/** What the patterns loaded dialects add to convert-async-to-gpu receive (`lowering`: the kernel's AsyncLowering). */
export type AsyncToGpuPatternEnv = ConversionPatternEnv<AsyncLowering>;

/**
 * The type converter of convert-async-to-gpu: tokens and groups become no values (the copies they
 * hold live in the lowering's registers, which loops carry explicitly); other types stay.
 */
function asyncTypeConverter(): TypeConverter {
  return new TypeConverter().addConversion((t) => t).addConversion((t) => (isAsync(t) ? [] : undefined));
}

/** Lowers the async ops of one kernel with the patterns (the driver of core/rewrite); returns the first error. */
function lowerKernel(pass: PassContext<unknown>, kernel: Operation, lowering: AsyncLowering): Diagnostic | undefined {
  const typeConverter = asyncTypeConverter();
  const target = asyncToGpuTarget();
  const patterns: ConversionPattern[] = [];
  populateAsyncToGpuPatterns(patterns, lowering);
  populateDialectConversionPatterns(pass.context, patterns, { conversion: 'convert-async-to-gpu', typeConverter, target, lowering } satisfies AsyncToGpuPatternEnv);
  const result = applyPartialConversion(pass.context, kernel, target, patterns, { typeConverter });
  if (!result.succeeded) return result.diagnostics[0];
  const left = lowering.finish();
  return left ? opDiagnostic(left.at, left.reason) : undefined;
}
