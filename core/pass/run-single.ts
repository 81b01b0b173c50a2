import type { Context } from '../ir/dialect.js';
import type { Diagnostic } from '../ir/diagnostics.js';
import { DiagnosticError } from '../ir/diagnostics.js';
import type { Operation } from '../ir/operation.js';
import type { OptionValue } from './options.js';
import type { PassContext, PassDefinition } from './pass.js';

export interface SinglePassResult {
  failed: boolean;
  diagnostics: Diagnostic[];
  statistics: Map<string, number>;
}

/**
 * Run one pass on one op, outside any pass manager (for unit tests and simple drivers).
 * Options not given take their defaults.
 */
export function runPassOn(op: Operation, pass: PassDefinition, context: Context, options: Readonly<Record<string, OptionValue>> = {}): SinglePassResult {
  const diagnostics: Diagnostic[] = [];
  const statistics = new Map<string, number>();
  let failed = false;
  const ctx: PassContext = {
    options: { ...pass.defaults, ...options },
    context,
    addStatistic: (name, n = 1) => statistics.set(name, (statistics.get(name) ?? 0) + n),
    fail: (loc, message) => {
      failed = true;
      const d = DiagnosticError.at(loc, message).diagnostic;
      diagnostics.push(d);
      return d;
    },
    emit: (d) => diagnostics.push(d),
  };
  try {
    pass.spec.run(op, ctx as never);
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    failed = true;
    diagnostics.push(e.diagnostic);
  }
  return { failed, diagnostics, statistics };
}
