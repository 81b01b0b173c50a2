import { Diagnostic } from '../ir/diagnostics.js';
import type { Location } from '../ir/location.js';
import { printOperationForDiagnostic } from './printer.js';
import type { SourceFile } from './source.js';

export interface RenderOptions {
  color?: boolean;
  /** Source files by name, to show the offending line with a caret. */
  sources?: ReadonlyMap<string, SourceFile>;
  /**
   * Show the op a diagnostic is about in a first note, `see current operation: ...` (mlir-opt's
   * --mlir-print-op-on-diagnostic, on by default, off while verifying diagnostics).
   */
  printOp?: boolean;
  /** Ops in diagnostics printed with their locations (mlir-opt's --mlir-print-debuginfo applies to them too). */
  printOpDebugInfo?: boolean;
}

/** The message with the op it ends with, if any, printed (MLIR's `diag << op`). */
export function fullMessage(d: Diagnostic, debugInfo = false): string {
  return d.appendedOp ? d.message + printOperationForDiagnostic(d.appendedOp, debugInfo) : d.message;
}

/** Lines up to this long are shown whole, as mlir-opt does; longer ones around the column. */
const MAX_SHOWN_LINE = 65536;

const COLORS: Record<string, string> = { error: '\x1b[1;31m', warning: '\x1b[1;35m', note: '\x1b[1;30m', remark: '\x1b[1;34m' };

/** `FILE:LINE:COL: error: MESSAGE`, the source line and a caret, then notes — as mlir-opt prints them. */
export function renderDiagnostic(d: Diagnostic, options: RenderOptions = {}): string {
  const lines: string[] = [];
  const emit = (diag: Diagnostic, parentLoc?: Location) => {
    const flc = diag.loc.fileLineCol();
    const where = !flc
      ? diag.loc.toString() === 'unknown' ? 'loc(unknown): ' : `loc(${diag.loc}): `
      : `${flc.file}:${flc.line}:${flc.col}: `;
    const sev = options.color ? `${COLORS[diag.severity]}${diag.severity}:\x1b[0m` : `${diag.severity}:`;
    lines.push(`${where}${sev} ${fullMessage(diag, options.printOpDebugInfo)}`);
    const src = flc && options.sources?.get(flc.file);
    // As mlir-opt: a note where its diagnostic is does not show the line again.
    const text = diag.loc === parentLoc ? undefined : src?.lineText(flc!.line);
    if (text !== undefined) {
      // Very long lines (e.g. a 10 MB single-line file) are shown around the column only.
      const start = text.length <= MAX_SHOWN_LINE ? 0 : Math.max(0, flc!.col - 1 - 80);
      const shown = text.length <= MAX_SHOWN_LINE ? text : text.slice(start, flc!.col - 1 + 80);
      lines.push(shown);
      lines.push(' '.repeat(flc!.col - 1 - start) + '^');
    }
    if (options.printOp && diag.op) {
      const note = new Diagnostic('note', diag.op.loc, `see current operation: ${printOperationForDiagnostic(diag.op, options.printOpDebugInfo)}`);
      emit(note, diag.loc);
    }
    for (const n of diag.notes) emit(n, diag.loc);
  };
  emit(d);
  return lines.join('\n') + '\n';
}
