/** Diagnostics of the JavaScript API as plain objects, and the error that carries them. */
import type { Diagnostic, Severity } from '../core/ir/diagnostics.js';
import { renderDiagnostic } from '../core/syntax/diagnostic-render.js';
import type { SourceFile } from '../core/syntax/source.js';
import type { PartialCompilation } from './snapshots.js';

/** One diagnostic: where (1-based line and column; absent when it has no place in a file), what, and its notes. */
export interface DiagnosticInfo {
  readonly severity: Severity;
  readonly message: string;
  /** The file (the program's `fileName`, or `<pipeline>` for pipeline text); absent when not located. */
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly notes: readonly DiagnosticInfo[];
  /** As tile-opt prints it: `file:line:col: error: message`, the source line with a caret, the notes. */
  readonly text: string;
}

/** Where a failure happened. */
export type FailureStage = 'parse' | 'pipeline' | 'pass' | 'wgsl' | 'arguments' | 'run' | 'device';

/**
 * Every failure of the API: a program that does not parse or verify, a pipeline that is not
 * valid, a pass that fails, bad arguments, a kernel the device rejects. `diagnostics` holds at
 * least one error.
 */
export class TileError extends Error {
  override readonly name = 'TileError';
  /** With stage `pass`: what ran before the pass that failed. */
  readonly partial?: PartialCompilation;
  constructor(
    readonly stage: FailureStage,
    readonly diagnostics: readonly DiagnosticInfo[],
    options?: { cause?: unknown; partial?: PartialCompilation },
  ) {
    super(diagnostics.find((d) => d.severity === 'error')?.message ?? diagnostics[0]?.message ?? `${stage} failed`, options);
    if (options?.partial) this.partial = options.partial;
  }
}

/** A core Diagnostic as a DiagnosticInfo; `sources` show the offending lines in `text`. */
export function diagnosticInfo(d: Diagnostic, sources?: ReadonlyMap<string, SourceFile>): DiagnosticInfo {
  const flc = d.loc.fileLineCol();
  // A whole-file location ("f.mlir":0:0, e.g. the implicit module) has no line: no line and column then.
  const place = flc && flc.line > 0 ? { file: flc.file, line: flc.line, column: Math.max(1, flc.col) } : flc ? { file: flc.file } : {};
  return {
    severity: d.severity,
    message: d.message,
    ...place,
    notes: d.notes.map((n) => diagnosticInfo(n, sources)),
    text: renderDiagnostic(d, { sources, printOp: true }).replace(/\n$/, ''),
  };
}

/** An error without a place in the program (bad arguments, a missing device). */
export function plainError(message: string): DiagnosticInfo {
  return { severity: 'error', message, notes: [], text: `error: ${message}` };
}
