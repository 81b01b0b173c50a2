import { DiagnosticError } from '../../core/ir/diagnostics.js';
import type { Operation } from '../../core/ir/operation.js';
import type { PassContext } from '../../core/pass/pass.js';
import { KERNEL_ATTR } from '../../dialects/gpu/index.js';

/** The gpu.func kernels under `root`, in walk order. */
export function kernelsIn(root: Operation): Operation[] {
  const kernels: Operation[] = [];
  root.walk((op) => void (op.name === 'gpu.func' && op.getAttr(KERNEL_ATTR) !== undefined && kernels.push(op)));
  return kernels;
}

/** Runs a lowering that reports bad input by throwing a DiagnosticError; false (the pass failed at the error's place) when it did. */
export function lowerOrFail<O>(pass: PassContext<O>, lower: () => void): boolean {
  try {
    lower();
    return true;
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    pass.fail(e.diagnostic.loc, e.diagnostic.message);
    return false;
  }
}
