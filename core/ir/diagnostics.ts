import type { Location } from './location.js';
import type { Operation } from './operation.js';

export type Severity = 'error' | 'warning' | 'note' | 'remark';

export class Diagnostic {
  readonly notes: Diagnostic[] = [];
  /**
   * The op this diagnostic is about (MLIR's Operation::emitError): tools may show it in a note
   * (mlir-opt's `see current operation: ...`, --mlir-print-op-on-diagnostic).
   */
  op: Operation | undefined = undefined;
  /** An op whose generic form ends the message (MLIR's `diag << op`), printed when rendered. */
  appendedOp: Operation | undefined = undefined;
  constructor(
    readonly severity: Severity,
    readonly loc: Location,
    readonly message: string,
  ) {}
  attachNote(message: string, loc?: Location): Diagnostic {
    const note = new Diagnostic('note', loc ?? this.loc, message);
    this.notes.push(note);
    return note;
  }
}

/** Thrown to abort parsing or a transformation with a located diagnostic. */
export class DiagnosticError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
  static at(loc: Location, message: string): DiagnosticError {
    return new DiagnosticError(new Diagnostic('error', loc, message));
  }
}

export type DiagnosticHandler = (d: Diagnostic) => void;

/** Collects diagnostics and forwards them to the registered handlers (newest first wins). */
export class DiagnosticEngine {
  private readonly handlers: DiagnosticHandler[] = [];
  errorCount = 0;
  emit(d: Diagnostic): void {
    if (d.severity === 'error') this.errorCount++;
    const handler = this.handlers[this.handlers.length - 1];
    if (handler) handler(d);
  }
  /** Run `fn` with `handler` installed. */
  withHandler<T>(handler: DiagnosticHandler, fn: () => T): T {
    this.handlers.push(handler);
    try {
      return fn();
    } finally {
      this.handlers.pop();
    }
  }
}

/** `'arith.addi' op message`, MLIR's wording for op diagnostics. */
export function opDiagnostic(op: Operation, message: string, severity: Severity = 'error'): Diagnostic {
  const d = new Diagnostic(severity, op.loc, `'${op.name}' op ${message}`);
  d.op = op;
  return d;
}

/**
 * Why a transformation helper could not do its work: the error message, and the op it is about when
 * the helper knows it (MLIR's `FailureOr<T>` together with the `op->emitError()` it would emit).
 * Helpers return `T | Failure` (never a bare string, never a throw); the pass reports it as a
 * located error (`pass.fail(f.op?.loc ?? op.loc, ...)`), adding its own context to the message.
 * Exceptions are for internal bugs (a broken invariant) only: the pass manager reports those as
 * internal errors.
 */
export class Failure {
  constructor(
    readonly message: string,
    readonly op?: Operation,
  ) {}
  /** The same failure with `prefix` before its message and `suffix` after it (a caller adding context). */
  wrap(prefix: string, suffix = ''): Failure {
    return new Failure(prefix + this.message + suffix, this.op);
  }
}

/** A Failure with `message`, located at `op` when given. */
export function failure(message: string, op?: Operation): Failure {
  return new Failure(message, op);
}

export function isFailure(v: unknown): v is Failure {
  return v instanceof Failure;
}
