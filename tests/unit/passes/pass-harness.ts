// Shared by the unit tests of cse, dce, symbol-dce, licm and sccp: parse a module, run one pass
// on it (or on each op of a kind inside it, as a nested pipeline would), verify and print.
import { Block } from '../../../core/ir/block.js';
import { Operation } from '../../../core/ir/operation.js';
import { verify } from '../../../core/ir/verifier.js';
import type { OptionValue } from '../../../core/pass/options.js';
import type { PassDefinition } from '../../../core/pass/pass.js';
import { runPassOn } from '../../../core/pass/run-single.js';
import { parseSource } from '../../../core/syntax/parse-source.js';
import { printOperation } from '../../../core/syntax/printer.js';
import { SourceFile } from '../../../core/syntax/source.js';
import { ModuleOp } from '../../../dialects/builtin/index.js';
import { createContext } from '../../../dialects/registry.js';

export const context = createContext();
context.allowUnregisteredDialects = true;

export function parseModule(text: string): Operation {
  return parseSource(new SourceFile('input.mlir', text), context, ModuleOp.name, (ops) => {
    const module = Operation.create(ModuleOp.state({ regions: [] }));
    const block = module.region(0).appendBlock(new Block());
    for (const op of ops) block.append(op);
    return module;
  });
}

export function print(op: Operation): string {
  return printOperation(op);
}

export interface PassRun {
  module: Operation;
  output: string;
  statistics: Map<string, number>;
}

/** Run `pass` on the module, or on every op named `on` (e.g. 'func.func') inside it. */
export function runPass(text: string | Operation, pass: PassDefinition, options: { on?: string; options?: Record<string, OptionValue> } = {}): PassRun {
  const module = typeof text === 'string' ? parseModule(text) : text;
  const statistics = new Map<string, number>();
  const targets: Operation[] = [];
  if (options.on) module.walk((op) => void (op.name === options.on && targets.push(op)), 'pre');
  else targets.push(module);
  for (const target of targets) {
    const r = runPassOn(target, pass, context, options.options ?? {});
    if (r.failed) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
    for (const [k, v] of r.statistics) statistics.set(k, (statistics.get(k) ?? 0) + v);
  }
  const err = verify(module);
  if (err) throw new Error(`invalid IR after ${pass.name}: ${err.message}\n${printOperation(module, { generic: true })}`);
  return { module, output: print(module), statistics };
}
