import type { Context } from '../ir/dialect.js';
import type { Diagnostic } from '../ir/diagnostics.js';
import type { Location } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';
import { defaultOf, type OptionSpecs, type OptionValue, type OptionValues } from './options.js';

/**
 * What a pass sees while it runs: its options, the context, statistics and failure reporting.
 */
export interface PassContext<O = Readonly<Record<string, OptionValue>>> {
  readonly options: O;
  readonly context: Context;
  /** Add `n` to statistic `name` (declared in the pass's `statistics`). */
  addStatistic(name: string, n?: number): void;
  /**
   * Mark the pass as failed with a located error; the pass manager stops after the pass returns.
   * (Throwing a DiagnosticError does the same and returns at once.)
   */
  fail(loc: Location, message: string): Diagnostic;
  /** Report a warning or remark without failing. */
  emit(diagnostic: Diagnostic): void;
  /** Write text to the tool's error stream (where mlir-opt's passes write to llvm::errs()). */
  errs(text: string): void;
  /**
   * Run a pipeline given as text (e.g. `canonicalize,cse`) on `op`, nested in this pass (MLIR's
   * runPipeline); false when it failed. Absent when the pass runs outside a pass manager.
   */
  runPipeline?(op: Operation, pipeline: string): boolean;
}

export interface PassSpec<S extends OptionSpecs = OptionSpecs> {
  /** The pipeline name, as in `canonicalize` or `--canonicalize`. */
  readonly name: string;
  /** One line, shown by --help and --list-passes. */
  readonly summary: string;
  readonly description?: string;
  /** The name used in IR dumps (`IR Dump After CSE (cse)`); defaults to the name. */
  readonly displayName?: string;
  /** The op kind the pass runs on (e.g. 'func.func'), or undefined for any op. */
  readonly opName?: string;
  readonly options?: S;
  /** Statistics the pass counts: name -> description. */
  readonly statistics?: Readonly<Record<string, string>>;
  /** Dialects whose ops the pass may create (they must be loaded before it runs). */
  readonly dependentDialects?: readonly string[];
  /** Transform `op` in place. */
  run(op: Operation, pass: PassContext<OptionValues<S>>): void;
}

/** A registered pass (the declaration with defaults resolved). */
export interface PassDefinition {
  readonly spec: PassSpec<OptionSpecs>;
  readonly name: string;
  readonly defaults: Readonly<Record<string, OptionValue>>;
}

/** Whether `fn` is declared `async` (its call returns a promise before its work is done). */
function isAsyncFunction(fn: unknown): boolean {
  const name = (fn as { constructor?: { name?: string } } | undefined)?.constructor?.name;
  return name === 'AsyncFunction' || name === 'AsyncGeneratorFunction';
}

/**
 * Declare a pass. Its `run` must be synchronous: an `async` run is refused here, naming the pass
 * (a pass manager would not wait for it; MLIR's passes are synchronous too).
 */
// biome-ignore lint/complexity/noBannedTypes: `{}` is the empty option spec (a pass without options).
export function definePass<const S extends OptionSpecs = {}>(spec: PassSpec<S>): PassDefinition {
  if (isAsyncFunction(spec.run)) throw new Error(`pass '${spec.name}': run must be synchronous, not an async function (passes run synchronously, as in MLIR)`);
  const defaults: Record<string, OptionValue> = {};
  for (const [name, option] of Object.entries(spec.options ?? {})) defaults[name] = defaultOf(option);
  return { spec: spec as unknown as PassSpec<OptionSpecs>, name: spec.name, defaults };
}
