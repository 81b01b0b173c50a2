import { DiagnosticError } from '../../core/ir/diagnostics.js';
import type { PassContext } from '../../core/pass/pass.js';

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
