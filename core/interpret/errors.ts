import { DiagnosticError } from '../ir/diagnostics.js';
import type { Location } from '../ir/location.js';
import type { Operation } from '../ir/operation.js';

/** `file:line:col` of a location, or its textual form when it has none. */
export function formatLoc(loc: Location): string {
  const flc = loc.fileLineCol();
  return flc ? `${flc.file}:${flc.line}:${flc.col}` : loc.toString();
}

/** An error raised while interpreting, located at `loc`. */
export function interpretError(loc: Location, message: string): DiagnosticError {
  return DiagnosticError.at(loc, message);
}

/** An error located at `op`, worded as MLIR's op diagnostics (`'arith.divsi' op division by zero`). */
export function opError(op: Operation, message: string): DiagnosticError {
  return DiagnosticError.at(op.loc, `'${op.name}' op ${message}`);
}
