// Folded shifts compute what the program computes: seeded random shifts of scalar, splat and
// non-splat i32 constants by amounts in and out of range, run by the interpreter before and after
// canonicalize and sccp (a program that stops on an out-of-range shift may fold to anything).
import { describe, expect, it } from 'vitest';
import { DiagnosticError } from '../../../../core/ir/diagnostics.js';
import { Interpreter } from '../../../../core/interpret/engine.js';
import { ShapedValue } from '../../../../core/interpret/values.js';
import type { PassDefinition } from '../../../../core/pass/pass.js';
import { runPassOn } from '../../../../core/pass/run-single.js';
import { printOperation } from '../../../../core/syntax/printer.js';
import { parseModule } from '../../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../../dialects/registry.js';
import { createSemantics } from '../../../../dialects/semantics.js';
import { canonicalizePass } from '../../../../passes/canonicalize.js';
import { sccpPass } from '../../../../passes/sccp.js';
import { mulberry32 } from '../../../../testing/random.js';

function randomShiftProgram(seed: number): string {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const value = () => pick([0, 1, 2, 7, 31, 32, 40, -1, -8, -2147483648]);
  const lines: string[] = [];
  const results: string[] = [];
  for (let k = 0; k < 2; k++) {
    const vec = rand() < 0.7;
    const t = vec ? 'vector<4xi32>' : 'i32';
    const lit = () => (!vec ? String(value()) : rand() < 0.3 ? `dense<${value()}>` : `dense<[${value()}, ${value()}, ${value()}, ${value()}]>`);
    const amountLit = () => {
      const a = () => (rand() < 0.9 ? pick([0, 1, 2, 5, 31]) : pick([32, 40, -1]));
      return !vec ? String(a()) : rand() < 0.3 ? `dense<${a()}>` : `dense<[${a()}, ${a()}, ${a()}, ${a()}]>`;
    };
    const [x, s] = [`%x${k}`, `%s${k}`];
    lines.push(`  ${x} = arith.constant ${lit()} : ${t}`, `  ${s} = arith.constant ${amountLit()} : ${t}`);
    const amount = rand() < 0.1 ? x : s;
    lines.push(`  %r${k} = arith.${pick(['shli', 'shrui', 'shrsi'])} ${x}, ${amount} : ${t}`);
    results.push(`%r${k}: ${t}`);
  }
  return `func.func @f() -> (${results.map((r) => r.split(': ')[1]).join(', ')}) {\n${lines.join('\n')}\n  return ${results.map((r) => r.split(':')[0]).join(', ')} : ${results.map((r) => r.split(': ')[1]).join(', ')}\n}\n`;
}

function outcome(text: string, pass: PassDefinition | undefined): { result: unknown; printed: string } {
  const context = createContext();
  const module = parseModule(text, context, 'random.mlir');
  if (pass) expect(runPassOn(module, pass, context).failed).toBe(false);
  try {
    const rs = new Interpreter(module, { semantics: createSemantics() }).run('f', []);
    return { result: rs.map((r) => (r instanceof ShapedValue ? r.toArray() : r)), printed: printOperation(module) };
  } catch (e) {
    if (e instanceof DiagnosticError) return { result: 'undefined behaviour', printed: printOperation(module) };
    throw e;
  }
}

describe('shift folds', () => {
  for (const [name, pass] of [
    ['canonicalize', canonicalizePass],
    ['sccp', sccpPass],
  ] as const) {
    it(`compute what the program computes under ${name}`, () => {
      let checked = 0;
      for (let seed = 1; seed <= 300; seed++) {
        const text = randomShiftProgram(seed);
        const before = outcome(text, undefined);
        if (before.result === 'undefined behaviour') continue;
        checked++;
        const after = outcome(text, pass as PassDefinition);
        expect(after.result, `seed ${seed}\n${text}\n${after.printed}`).toEqual(before.result);
      }
      expect(checked).toBeGreaterThan(60);
    });
  }
});
