import type { Context } from '../ir/dialect.js';
import type { Diagnostic } from '../ir/diagnostics.js';
import type { Operation } from '../ir/operation.js';
import { invokePass } from './invoke.js';
import type { OptionValue } from './options.js';
import type { PassDefinition } from './pass.js';

export interface SinglePassResult {
  failed: boolean;
  diagnostics: Diagnostic[];
  statistics: Map<string, number>;
  /** What the pass wrote with `errs`. */
  errs: string;
}

/**
 * Run one pass on one op, outside any pass manager (for unit tests and simple drivers), with the
 * pass manager's rules for failure (invokePass). Options not given take their defaults.
 */
export function runPassOn(op: Operation, pass: PassDefinition, context: Context, options: Readonly<Record<string, OptionValue>> = {}): SinglePassResult {
  const diagnostics: Diagnostic[] = [];
  const statistics = new Map<string, number>();
  let errs = '';
  const failed = invokePass(pass, op, {
    context,
    options: { ...pass.defaults, ...options },
    report: (d) => diagnostics.push(d),
    count: (name, n) => statistics.set(name, (statistics.get(name) ?? 0) + n),
    errs: (text) => void (errs += text),
  });
  return { failed, diagnostics, statistics, errs };
}
