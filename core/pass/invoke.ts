import type { Context } from '../ir/dialect.js';
import { type Diagnostic, DiagnosticError } from '../ir/diagnostics.js';
import type { Operation } from '../ir/operation.js';
import type { OptionValue } from './options.js';
import type { PassContext, PassDefinition } from './pass.js';

/** What one run of a pass reports to whoever runs it (a pass manager, or runPassOn). */
export interface PassHooks {
  readonly context: Context;
  readonly options: Readonly<Record<string, OptionValue>>;
  /** Every diagnostic of the pass: errors (which fail it), warnings and remarks. */
  report(d: Diagnostic): void;
  /** A declared statistic counted up. */
  count(name: string, n: number): void;
  /** Text the pass writes to the error stream (PassContext.errs). */
  errs(text: string): void;
  runPipeline?(op: Operation, pipeline: string): boolean;
  /** Attach the JavaScript stack of an internal error as a note (tile-opt's --debug, TILE_DEBUG=1). */
  readonly debug?: boolean;
}

/**
 * Run `pass` on `op` once: build its PassContext, call `run`, and turn every way it can fail
 * into a reported located error. Returns whether it failed. A pass fails when it calls
 * `fail`, emits an error, throws, or returns a promise (passes are synchronous, as MLIR's:
 * asynchronous work would outlive the pipeline, so it is refused rather than left unawaited).
 */
export function invokePass(pass: PassDefinition, op: Operation, hooks: PassHooks): boolean {
  let failed = false;
  const report = (d: Diagnostic): Diagnostic => {
    if (d.severity === 'error') failed = true;
    hooks.report(d);
    return d;
  };
  const declared = pass.spec.statistics ?? {};
  const ctx: PassContext = {
    options: hooks.options,
    context: hooks.context,
    addStatistic: (name, n = 1) => {
      if (!Object.hasOwn(declared, name)) throw new UndeclaredStatistic(pass.name, name, Object.keys(declared));
      hooks.count(name, n);
    },
    fail: (loc, message) => report(DiagnosticError.at(loc, message).diagnostic),
    emit: (d) => void report(d),
    errs: (text) => hooks.errs(text),
  };
  if (hooks.runPipeline) ctx.runPipeline = hooks.runPipeline;
  try {
    const result: unknown = pass.spec.run(op, ctx as never);
    if (isThenable(result)) {
      // Nothing waits for it: keep its eventual rejection from ending the process with a stack.
      result.then(undefined, () => undefined);
      report(DiagnosticError.at(op.loc, `pass '${pass.name}' returned a promise: a pass's run must be synchronous (not an async function)`).diagnostic);
    }
  } catch (e) {
    if (e instanceof DiagnosticError) report(e.diagnostic);
    else report(internalError(pass, op, e, hooks.debug));
  }
  return failed;
}

/** The located error for an exception that is not a DiagnosticError. */
function internalError(pass: PassDefinition, op: Operation, e: unknown, debug: boolean | undefined): Diagnostic {
  const message = e instanceof UndeclaredStatistic ? e.message : `pass '${pass.name}' failed with an internal error: ${(e as Error)?.message ?? String(e)}`;
  const d = DiagnosticError.at(op.loc, message).diagnostic;
  // The frames of the pass itself: those above this function's call of `run`.
  const frames = typeof (e as Error)?.stack === 'string' ? (e as Error).stack!.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  const own = frames.findIndex((l) => /\bat invokePass\b/.test(l));
  const shown = own > 0 ? frames.slice(0, own) : frames;
  if (debug && shown.length > 0) d.attachNote(`thrown at:\n${shown.map((l) => '  ' + l.trim()).join('\n')}`);
  return d;
}

/** `addStatistic` of a name the pass does not declare in `statistics`. */
export class UndeclaredStatistic extends Error {
  constructor(pass: string, name: string, declared: readonly string[]) {
    super(`pass '${pass}' counts statistic '${name}', which it does not declare (declared: ${declared.length ? declared.join(', ') : 'none'})`);
  }
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as { then?: unknown }).then === 'function';
}
