import type { Context } from '../ir/dialect.js';
import { type Diagnostic, DiagnosticError, opDiagnostic } from '../ir/diagnostics.js';
import type { Operation } from '../ir/operation.js';
import { verify } from '../ir/verifier.js';
import { invokePass } from './invoke.js';
import { ANY_OP, type NestEntry, type OpPassManager, type PassEntry } from './pipeline.js';

/** Hooks around every pass and nested pipeline run (MLIR's PassInstrumentation). */
export interface PassInstrumentation {
  runBeforePipeline?(nest: NestEntry, op: Operation): void;
  runAfterPipeline?(nest: NestEntry, op: Operation): void;
  runBeforePass?(entry: PassEntry, op: Operation): void;
  runAfterPass?(entry: PassEntry, op: Operation): void;
  runAfterPassFailed?(entry: PassEntry, op: Operation): void;
}

/** Statistics counted by each pass entry of a pipeline, summed over the ops it ran on. */
export class PassStatistics {
  readonly counts = new Map<PassEntry, Map<string, number>>();
  add(entry: PassEntry, name: string, n: number): void {
    let m = this.counts.get(entry);
    if (!m) this.counts.set(entry, (m = new Map()));
    m.set(name, (m.get(name) ?? 0) + n);
  }
  get(entry: PassEntry, name: string): number {
    return this.counts.get(entry)?.get(name) ?? 0;
  }
}

export interface RunOptions {
  readonly context: Context;
  /** Verify the op after each pass (default true); a pass that leaves invalid IR fails. */
  readonly verifyEach?: boolean;
  readonly instrumentations?: readonly PassInstrumentation[];
  readonly statistics?: PassStatistics;
  /** Receives every diagnostic: errors of failing passes, and warnings/remarks of any pass. */
  readonly onDiagnostic: (d: Diagnostic) => void;
  /** Builds the pass manager for pipeline text a pass asks to run (PassContext.runPipeline). */
  readonly parsePipeline?: (text: string) => OpPassManager;
  /** Where passes write text (PassContext.errs); default: the process's stderr. */
  readonly errs?: (text: string) => void;
  /** Attach the JavaScript stack to a pass's internal error (tile-opt --debug, TILE_DEBUG=1). */
  readonly debug?: boolean;
}

/**
 * Run `pm` on `op` (which must be of the manager's kind): passes in order, a nested manager on
 * each immediate child op of its kind, in order, the whole nested pipeline per child. Stops at
 * the first failure. Returns whether every pass succeeded.
 */
export function runPassManager(pm: OpPassManager, op: Operation, options: RunOptions): boolean {
  if (pm.anchor !== ANY_OP && op.name !== pm.anchor) {
    options.onDiagnostic(DiagnosticError.at(op.loc, `can't run '${pm.anchor}' pass manager on '${op.name}' op`).diagnostic);
    return false;
  }
  const missing = missingDialects(pm, options.context);
  if (missing) {
    options.onDiagnostic(DiagnosticError.at(op.loc, `pass '${missing.pass}' depends on dialect '${missing.dialect}', which is not loaded`).diagnostic);
    return false;
  }
  return new Runner(options).runManager(pm, op);
}

/** Whether every pass directly in `pm` may run on ops named `name` (MLIR's canScheduleOn of an op-agnostic manager). */
function canRunAll(pm: OpPassManager, name: string): boolean {
  return pm.entries.every((e) => e.kind === 'nest' || e.pass.spec.opName === undefined || e.pass.spec.opName === name);
}

function missingDialects(pm: OpPassManager, context: Context): { pass: string; dialect: string } | undefined {
  for (const e of pm.entries) {
    if (e.kind === 'nest') {
      const m = missingDialects(e.manager, context);
      if (m) return m;
      continue;
    }
    const dialect = e.pass.spec.dependentDialects?.find((d) => !context.dialect(d));
    if (dialect) return { pass: e.pass.name, dialect };
  }
  return undefined;
}

class Runner {
  private readonly instrumentations: readonly PassInstrumentation[];
  constructor(private readonly options: RunOptions) {
    this.instrumentations = options.instrumentations ?? [];
  }

  runManager(pm: OpPassManager, op: Operation): boolean {
    for (const entry of pm.entries) {
      if (entry.kind === 'pass' ? !this.runPass(entry, op) : !this.runNested(entry, op)) return false;
    }
    return true;
  }

  /**
   * A nested manager on the immediate children of its kind, as MLIR's OpToOpPassAdaptor: a child
   * of the named kind must be registered and IsolatedFromAbove (else an error at it); `any(...)`
   * takes only the children on which it can run (isolated, and of the kind of each restricted pass).
   */
  private runNested(nest: NestEntry, op: Operation): boolean {
    const manager = nest.manager;
    const children: Operation[] = [];
    for (const region of op.regions)
      for (const block of region.blocks)
        for (const child of block.ops) {
          if (manager.anchor !== ANY_OP) {
            if (child.name === manager.anchor) children.push(child);
          } else if (child.definition?.isolatedFromAbove && canRunAll(manager, child.name)) children.push(child);
        }
    for (const child of children) {
      const refused = !child.definition ? 'an unregistered operation' : !child.definition.isolatedFromAbove ? "an operation not marked as 'IsolatedFromAbove'" : undefined;
      if (refused) {
        this.options.onDiagnostic(opDiagnostic(child, `trying to schedule a pass on ${refused}`));
        return false;
      }
      for (const i of this.instrumentations) i.runBeforePipeline?.(nest, child);
      const ok = this.runManager(manager, child);
      for (const i of this.instrumentations) i.runAfterPipeline?.(nest, child);
      if (!ok) return false;
    }
    return true;
  }

  private runPass(entry: PassEntry, op: Operation): boolean {
    const { pass } = entry;
    const report = this.options.onDiagnostic;
    if (pass.spec.opName !== undefined && pass.spec.opName !== op.name) {
      report(DiagnosticError.at(op.loc, `can't run pass '${pass.name}' restricted to '${pass.spec.opName}' on '${op.name}' op`).diagnostic);
      return false;
    }
    for (const i of this.instrumentations) i.runBeforePass?.(entry, op);
    const parsePipeline = this.options.parsePipeline;
    let failed = invokePass(pass, op, {
      context: this.options.context,
      options: entry.options,
      report,
      count: (name, n) => this.options.statistics?.add(entry, name, n),
      errs: this.options.errs ?? ((text) => void process.stderr.write(text)),
      // The text's passes run directly on `target`, whatever the anchor its manager was parsed with.
      runPipeline: parsePipeline ? (target, text) => this.runManager(parsePipeline(text), target) : undefined,
      debug: this.options.debug,
    });
    if (!failed && this.options.verifyEach !== false) {
      const invalid = verify(op, this.options.context);
      if (invalid) {
        invalid.attachNote(`the IR is invalid after pass '${pass.name}'`, op.loc);
        report(invalid);
        failed = true;
      }
    }
    for (const i of this.instrumentations) failed ? i.runAfterPassFailed?.(entry, op) : i.runAfterPass?.(entry, op);
    return !failed;
  }
}
