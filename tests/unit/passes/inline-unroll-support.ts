// Shared by the inline and unroll unit tests: parse, run one pass, print.
import { Block } from '../../../core/ir/block.js';
import { Operation } from '../../../core/ir/operation.js';
import { verify } from '../../../core/ir/verifier.js';
import type { OptionValue } from '../../../core/pass/options.js';
import type { PassDefinition } from '../../../core/pass/pass.js';
import { runPassOn, type SinglePassResult } from '../../../core/pass/run-single.js';
import { parseSource } from '../../../core/syntax/parse-source.js';
import { printOperation } from '../../../core/syntax/printer.js';
import { SourceFile } from '../../../core/syntax/source.js';
import { ModuleOp } from '../../../dialects/builtin/index.js';
import { createContext } from '../../../dialects/registry.js';

export const context = createContext();
context.allowUnregisteredDialects = true;

export function parseModule(text: string, name = '<stdin>'): Operation {
  return parseSource(new SourceFile(name, text), context, ModuleOp.name, (ops) => {
    const module = Operation.create(ModuleOp.state({ regions: [] }));
    const block = module.region(0).appendBlock(new Block());
    for (const op of ops) block.append(op);
    return module;
  });
}

export function print(op: Operation, debugInfo = false): string {
  return printOperation(op, { debugInfo }).trimEnd() + '\n';
}

/** As mlir-opt prints it: a function's parameters positionally (`%arg0`), not with their source names. */
export function printAsMlirOpt(op: Operation): string {
  return printOperation(op, { sourceArgNames: false }).trimEnd() + '\n';
}

/** Run `pass` on the parsed `text`; the result must verify. */
export function runOn(text: string, pass: PassDefinition, options: Record<string, OptionValue> = {}): { module: Operation; result: SinglePassResult; output: string } {
  const module = parseModule(text);
  const result = runPassOn(module, pass, context, options);
  const err = verify(module);
  if (err) throw new Error(`output does not verify: ${err.message}\n${printOperation(module, { generic: true })}`);
  return { module, result, output: print(module) };
}
