import type { Context } from '../../../../core/ir/dialect.js';
import { DiagnosticError } from '../../../../core/ir/diagnostics.js';
import type { Operation } from '../../../../core/ir/operation.js';
import { verify } from '../../../../core/ir/verifier.js';
import { parseSource } from '../../../../core/syntax/parse-source.js';
import { printOperation, type PrintOptions } from '../../../../core/syntax/printer.js';
import { SourceFile } from '../../../../core/syntax/source.js';
import { ModuleOp } from '../../../../dialects/builtin/index.js';
import { wrapInModule } from '../../../../dialects/builtin/parse-module.js';

export function parse(text: string, context: Context): Operation {
  return parseSource(new SourceFile('input.mlir', text), context, ModuleOp.name, (ops) => wrapInModule(ops));
}

/** Parse, verify and print; throws the first diagnostic's message on failure. */
export function roundTrip(text: string, context: Context, options: PrintOptions = {}): string {
  const op = parse(text, context);
  const err = verify(op);
  if (err) throw new Error(`verify: ${err.message}`);
  return printOperation(op, options);
}

export function errorOf(text: string, context: Context): string {
  try {
    const op = parse(text, context);
    const err = verify(op);
    return err ? `${err.loc.fileLineCol()?.line}: ${err.message}` : 'no error';
  } catch (e) {
    if (e instanceof DiagnosticError) return `${e.diagnostic.loc.fileLineCol()?.line}: ${e.diagnostic.message}`;
    throw e;
  }
}
