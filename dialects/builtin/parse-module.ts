import { Block } from '../../core/ir/block.js';
import type { Context } from '../../core/ir/dialect.js';
import { DiagnosticError } from '../../core/ir/diagnostics.js';
import { FileLineColLoc } from '../../core/ir/location.js';
import { Operation } from '../../core/ir/operation.js';
import { verify } from '../../core/ir/verifier.js';
import { parseSource } from '../../core/syntax/parse-source.js';
import { SourceFile } from '../../core/syntax/source.js';
import { ModuleOp } from './index.js';

/**
 * The implicit top-level builtin.module holding `ops`, as mlir-opt builds it (at location
 * "FILE":0:0 when a file name is given).
 */
export function wrapInModule(ops: readonly Operation[], fileName?: string): Operation {
  const module = Operation.create(ModuleOp.state({}));
  const block = module.region(0).appendBlock(new Block());
  for (const op of ops) block.append(op);
  if (fileName !== undefined) module.loc = FileLineColLoc.get(fileName, 0, 0);
  return module;
}

/** Parse a source into a builtin.module, wrapping top-level ops that are not one module. */
export function parseModuleSource(source: SourceFile, context: Context): Operation {
  return parseSource(source, context, ModuleOp.name, (ops) => wrapInModule(ops, source.name));
}

/**
 * Parse a source that must hold exactly one top-level op, which is returned as is (mlir-opt's
 * --no-implicit-module); else an error at "FILE":0:0, as mlir-opt words it.
 */
export function parseTopLevelOp(source: SourceFile, context: Context): Operation {
  return parseSource(source, context, '', (ops) => {
    if (ops.length !== 1) throw DiagnosticError.at(FileLineColLoc.get(source.name, 0, 0), `source must contain a single top-level operation, found: ${ops.length}`);
    return ops[0]!;
  });
}

/**
 * Parse IR text into a builtin.module and verify it; throws DiagnosticError on the first problem.
 */
export function parseModule(text: string, context: Context, fileName = 'input.mlir'): Operation {
  const module = parseModuleSource(new SourceFile(fileName, text), context);
  const error = verify(module);
  if (error) throw new DiagnosticError(error);
  return module;
}
