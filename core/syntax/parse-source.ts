import type { Context } from '../ir/dialect.js';
import { DiagnosticError } from '../ir/diagnostics.js';
import type { Operation } from '../ir/operation.js';
import { Parser } from './parser.js';
import { SourceFile } from './source.js';
import { utf8SequenceLength } from '../support/utf8.js';

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
    // Locate the first offending byte: the end of the valid text before it. (Searching the lossy
    // decoding for U+FFFD would stop at a genuine U+FFFD earlier in the file.)
    const valid = new TextDecoder('utf-8').decode(bytes.subarray(0, Math.max(0, firstInvalidUtf8(bytes))));
    const file = new SourceFile(name, valid);
    throw DiagnosticError.at(file.loc(valid.length), 'source file is not valid UTF-8');
  }
  return new SourceFile(name, text);
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence (Unicode table 3-7), or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const n = utf8SequenceLength(bytes, i);
    if (n === 0) return i;
    i += n;
  }
  return -1;
}
