import { Block } from '../../core/ir/block.js';
import type { Context } from '../../core/ir/dialect.js';
import { Operation } from '../../core/ir/operation.js';
import { verify } from '../../core/ir/verifier.js';
import { DiagnosticError } from '../../core/ir/diagnostics.js';
import { parseSource } from '../../core/syntax/parse-source.js';
import { SourceFile } from '../../core/syntax/source.js';
import { ModuleOp } from './index.js';

/** A builtin.module holding `ops` (the implicit top-level module mlir-opt builds). */
export function wrapInModule(ops: readonly Operation[]): Operation {
  const module = Operation.create(ModuleOp.state({}));
  const block = module.region(0).appendBlock(new Block());
  for (const op of ops) block.append(op);
  return module;
}

/**
 * Parse IR text into a builtin.module (wrapping top-level ops that are not one module) and
 * verify it; throws DiagnosticError on the first problem.
 */
export function parseModule(text: string, context: Context, fileName = 'input.mlir'): Operation {
  const module = parseSource(new SourceFile(fileName, text), context, ModuleOp.name, wrapInModule);
  const error = verify(module);
  if (error) throw new DiagnosticError(error);
  return module;
}
