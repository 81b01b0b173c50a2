// Shared by the memref and vector canonicalization tests: random programs run by the interpreter
// before and after canonicalize must give the same observations.
import { expect } from 'vitest';
import { Interpreter } from '../../../core/interpret/engine.js';
import type { RtValue } from '../../../core/interpret/values.js';
import { verify } from '../../../core/ir/verifier.js';
import { runPassOn } from '../../../core/pass/run-single.js';
import { printOperation } from '../../../core/syntax/printer.js';
import { parseModule } from '../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../dialects/registry.js';
import { createSemantics } from '../../../dialects/semantics.js';
import { canonicalizePass } from '../../../passes/canonicalize.js';

/**
 * `@f` of `text` run by the interpreter on `args` (after canonicalize, which must succeed and
 * leave valid IR, when asked), and the module as printed.
 */
export function runProgram(text: string, canonicalize: boolean, args: readonly RtValue[]): { results: RtValue[]; printed: string } {
  const context = createContext();
  const module = parseModule(text, context, 'random.mlir');
  if (canonicalize) {
    expect(runPassOn(module, canonicalizePass, context).failed).toBe(false);
    expect(verify(module)?.message, printOperation(module)).toBeUndefined();
  }
  const results = new Interpreter(module, { semantics: createSemantics() }).run('f', args);
  return { results, printed: printOperation(module) };
}

/**
 * For each seed and each value of the program's index argument, `run(text, canonicalize, i)`
 * returns what the program computed (results, memory) and its printed form; canonicalize must not
 * change what it computed. Returns how many programs canonicalize changed.
 */
export function expectCanonicalizePreservesMeaning<T>(
  seeds: number,
  generate: (seed: number) => string,
  run: (text: string, canonicalize: boolean, i: number) => { observed: T; printed: string },
): number {
  let changed = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const text = generate(seed);
    for (const i of [0, 3]) {
      const before = run(text, false, i);
      const after = run(text, true, i);
      expect(after.observed, `seed ${seed}, %i = ${i}\n${text}\n${after.printed}`).toEqual(before.observed);
      if (i === 0 && after.printed !== before.printed) changed++;
    }
  }
  return changed;
}
