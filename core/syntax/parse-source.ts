import type { Context } from '../ir/dialect.js';
import { DiagnosticError } from '../ir/diagnostics.js';
import type { Operation } from '../ir/operation.js';
import { Parser } from './parser.js';
import { SourceFile } from './source.js';

/**
 * Parse a whole source buffer. `wrap` builds the implicit top-level container (builtin.module)
 * when the file is not a single op of `topLevelName` — as mlir-opt does.
 */
export function parseSource(source: SourceFile, context: Context, topLevelName: string, wrap: (ops: Operation[]) => Operation): Operation {
  const ops = new Parser(source, context).parseTopLevel();
  if (ops.length === 1 && ops[0]!.name === topLevelName) return ops[0]!;
  return wrap(ops);
}

/** Decode bytes as UTF-8, reporting the first invalid byte or NUL as a located error. */
export function decodeSource(bytes: Uint8Array, name: string): SourceFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Find the first offending byte for the location.
    const lossy = new TextDecoder('utf-8').decode(bytes);
    const at = lossy.indexOf('\uFFFD');
    const file = new SourceFile(name, lossy);
    throw DiagnosticError.at(file.loc(Math.max(0, at)), 'source file is not valid UTF-8');
  }
  return new SourceFile(name, text);
}
