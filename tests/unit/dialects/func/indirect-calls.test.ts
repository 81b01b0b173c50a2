// Calls through func.constant values keep their meaning under canonicalize (indirect calls of a
// known callee become direct calls) and sccp (known callees materialized as func.constant):
// random programs run by the interpreter before and after.
import { describe, expect, it } from 'vitest';
import { Interpreter } from '../../../../core/interpret/engine.js';
import type { PassDefinition } from '../../../../core/pass/pass.js';
import { verify } from '../../../../core/ir/verifier.js';
import { runPassOn } from '../../../../core/pass/run-single.js';
import { printOperation } from '../../../../core/syntax/printer.js';
import { parseModule } from '../../../../dialects/builtin/parse-module.js';
import { createContext } from '../../../../dialects/registry.js';
import { createSemantics } from '../../../../dialects/semantics.js';
import { canonicalizePass } from '../../../../passes/canonicalize.js';
import { sccpPass } from '../../../../passes/sccp.js';
import { randomDraws } from '../../../../testing/random.js';

/**
 * Private functions @g0..@g3 `(i32, i32) -> (i32, i32)` and `@f(%a, %b, %c)` calling them directly,
 * through func.constant values (some defined twice, some inside scf.if), through arith.select of
 * two function values on %c, and through functions passed along scf.if results.
 */
function randomIndirectProgram(seed: number): string {
  const { rand, int, pick } = randomDraws(seed);
  let n = 0;
  const fresh = () => `%v${n++}`;
  const FT = '(i32, i32) -> (i32, i32)';
  const out: string[] = [];
  for (let g = 0; g < 4; g++) {
    const op = pick(['addi', 'subi', 'muli', 'xori', 'maxsi']);
    out.push(
      `func.func private @g${g}(%x: i32, %y: i32) -> (i32, i32) {`,
      `  %k = arith.constant ${int(9) - 4} : i32`,
      `  %s = arith.${op} %x, %k : i32`,
      `  %t = arith.${pick(['addi', 'subi', 'muli'])} %s, %y : i32`,
      `  return %t, %s : i32, i32`,
      `}`,
    );
  }
  const ints = ['%a', '%b'];
  const fns: string[] = [];
  const lines: string[] = [];
  const fn = (ind: string): string => {
    if (fns.length && rand() < 0.4) return pick(fns);
    const v = fresh();
    const x = rand();
    if (x < 0.6 || fns.length < 2) lines.push(`${ind}${v} = func.constant @g${int(4)} : ${FT}`);
    else if (x < 0.8) lines.push(`${ind}${v} = arith.select %c, ${pick(fns)}, ${pick(fns)} : ${FT}`);
    else {
      const [p, q] = [fresh(), fresh()];
      lines.push(
        `${ind}${v} = scf.if %c -> (${FT}) {`,
        `${ind}  ${p} = func.constant @g${int(4)} : ${FT}`,
        `${ind}  scf.yield ${p} : ${FT}`,
        `${ind}} else {`,
        `${ind}  ${q} = func.constant @g${int(4)} : ${FT}`,
        `${ind}  scf.yield ${q} : ${FT}`,
        `${ind}}`,
      );
    }
    fns.push(v);
    return v;
  };
  const call = (ind: string, pool: string[]) => {
    const v = fresh();
    if (rand() < 0.2) lines.push(`${ind}${v}:2 = func.call @g${int(4)}(${pick(pool)}, ${pick(pool)}) : (i32, i32) -> (i32, i32)`);
    else lines.push(`${ind}${v}:2 = func.call_indirect ${fn(ind)}(${pick(pool)}, ${pick(pool)}) : ${FT}`);
    pool.push(`${v}#0`, `${v}#1`);
  };
  for (let k = 2 + int(5); k > 0; k--) {
    if (rand() < 0.25) {
      const v = fresh();
      const inner = [...ints];
      const saved = fns.length;
      lines.push(`  ${v} = scf.if %c -> (i32) {`);
      call('    ', inner);
      lines.push(`    scf.yield ${inner[inner.length - 1]} : i32`, `  } else {`, `    scf.yield ${pick(ints)} : i32`, `  }`);
      fns.length = saved; // values of the then-region stay there
      ints.push(v);
    } else call('  ', ints);
  }
  out.push(`func.func @f(%a: i32, %b: i32, %c: i1) -> (i32, i32) {`, ...lines, `  return ${pick(ints)}, ${ints[ints.length - 1]} : i32, i32`, `}`);
  return out.join('\n');
}

function runProgram(text: string, pass: PassDefinition | undefined, args: readonly (number | boolean)[]): { results: unknown; printed: string } {
  const context = createContext();
  const module = parseModule(text, context, 'random.mlir');
  if (pass) {
    expect(runPassOn(module, pass, context).failed).toBe(false);
    expect(verify(module)?.message, printOperation(module)).toBeUndefined();
  }
  const results = new Interpreter(module, { semantics: createSemantics() }).run('f', args);
  return { results, printed: printOperation(module) };
}

describe('calls through function values', () => {
  for (const [name, pass] of [
    ['canonicalize', canonicalizePass],
    ['sccp', sccpPass],
  ] as const) {
    it(`keep their meaning under ${name}`, () => {
      let direct = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const text = randomIndirectProgram(seed);
        for (const args of [
          [3, -7, true],
          [0, 2147483647, false],
          [-2147483648, 5, true],
        ] as const) {
          const before = runProgram(text, undefined, args);
          const after = runProgram(text, pass, args);
          expect(after.results, `seed ${seed} (${args.join(', ')})\n${text}\n${after.printed}`).toEqual(before.results);
          if (args[0] === 3) direct += (after.printed.match(/call_indirect/g) ?? []).length < (text.match(/call_indirect/g) ?? []).length ? 1 : 0;
        }
      }
      // canonicalize turns most indirect calls into direct ones; sccp only replaces the callee values.
      if (name === 'canonicalize') expect(direct).toBeGreaterThan(40);
    });
  }
});
