import { definePass } from '../../../core/pass/pass.js';
import { kernelBlockSize } from '../../../dialects/gpu/block-size.js';
import { kernelsIn } from '../../../dialects/gpu/kernels.js';
import { lowerOrFail } from '../kernels.js';
import { AsyncLowering } from './async-lowering.js';

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
      if (!Array.isArray(size)) {
        pass.fail(size.op.loc, size.message);
        return;
      }
      if (!lowerOrFail(pass, () => new AsyncLowering(pass.context, kernel, size[0] * size[1] * size[2], pass.options.synchronous, pass.options.vectorize).run())) return;
    }
  },
});
