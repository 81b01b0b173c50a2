import { Chalk } from 'chalk';
import { Diagnostic } from '../ir/diagnostics.js';
import { CallSiteLoc, FusedLoc, NameLoc, UnknownLoc, type Location } from '../ir/location.js';
import { printOperationForDiagnostic } from './printer.js';
import type { SourceFile } from './source.js';

export interface RenderOptions {
  /** Colour the severity (the tools decide: a terminal, NO_COLOR, FORCE_COLOR; tools/cli.ts). */
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

/** The colours of the severities, as LLVM's SourceMgr (mlir-opt) shows them on a terminal. */
const colored = new Chalk({ level: 1 });
const SEVERITY_STYLE: Record<Diagnostic['severity'], (text: string) => string> = {
  error: colored.bold.red,
  warning: colored.bold.magenta,
  note: colored.bold.black,
  remark: colored.bold.blue,
};

/** The call site a diagnostic's location stands for (MLIR's getCallSiteLoc): through names and fusions. */
function callSiteOf(loc: Location): CallSiteLoc | undefined {
  if (loc instanceof CallSiteLoc) return loc;
  if (loc instanceof NameLoc) return loc.child && callSiteOf(loc.child);
  if (loc instanceof FusedLoc) {
    for (const l of loc.locations) {
      const c = callSiteOf(l);
      if (c) return c;
    }
  }
  return undefined;
}

/**
 * `FILE:LINE:COL: error: MESSAGE`, the source line and a caret, then notes — as mlir-opt's
 * SourceMgrDiagnosticHandler prints them: at a location with no file position inside,
 * `<unknown>:0: error: loc(...): MESSAGE` (without the `loc(...)` for an unknown location); at a
 * call site, a `called from` note for each caller; a note shows its source line only where it is
 * at another location than the line printed before it.
 */
export function renderDiagnostic(d: Diagnostic, options: RenderOptions = {}): string {
  const lines: string[] = [];
  const emit = (severity: Diagnostic['severity'], loc: Location, message: string, showLine = true) => {
    const flc = loc.fileLineCol();
    const sev = options.color ? SEVERITY_STYLE[severity](`${severity}:`) : `${severity}:`;
    if (!flc) {
      lines.push(`<unknown>:0: ${sev} ${loc instanceof UnknownLoc ? '' : `loc(${loc}): `}${message}`);
      return;
    }
    lines.push(`${flc.file}:${flc.line}:${flc.col}: ${sev} ${message}`);
    const text = showLine ? options.sources?.get(flc.file)?.lineText(flc.line) : undefined;
    if (text !== undefined) {
      // Very long lines (e.g. a 10 MB single-line file) are shown around the column only.
      const start = text.length <= MAX_SHOWN_LINE ? 0 : Math.max(0, flc.col - 1 - 80);
      const shown = text.length <= MAX_SHOWN_LINE ? text : text.slice(start, flc.col - 1 + 80);
      lines.push(shown);
      lines.push(' '.repeat(flc.col - 1 - start) + '^');
    }
  };
  let loc = d.loc;
  emit(d.severity, loc, fullMessage(d, options.printOpDebugInfo));
  for (let call = callSiteOf(loc); call; call = callSiteOf(loc)) {
    loc = call.caller;
    emit('note', loc, 'called from');
  }
  const notes = options.printOp && d.op ? [new Diagnostic('note', d.op.loc, `see current operation: ${printOperationForDiagnostic(d.op, options.printOpDebugInfo)}`), ...d.notes] : d.notes;
  for (const n of notes) {
    emit(n.severity, n.loc, fullMessage(n, options.printOpDebugInfo), n.loc !== loc);
    loc = n.loc;
  }
  return lines.join('\n') + '\n';
}
