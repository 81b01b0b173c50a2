import { describe, expect, it } from 'vitest';
import { licmPass } from '../../../passes/licm.js';
import { expectMeaningPreserved } from './meaning.js';
import { parseModule, runPass } from './pass-harness.js';
import { DiagnosticError } from '../../../core/ir/diagnostics.js';
import { Interpreter } from '../../../core/interpret/engine.js';
import { ShapedValue } from '../../../core/interpret/values.js';
import { IntegerType, VectorType } from '../../../core/ir/types.js';
import { createSemantics } from '../../../dialects/semantics.js';
import { mulberry32 } from '../../../testing/random.js';

const loop = (body: string) => `func.func @f(%lb: index, %ub: index, %s: index, %a: i32, %b: i32) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  scf.for %i = %lb to %ub step %s {
${body}
  }
  return
}`;

describe('loop-invariant-code-motion', () => {
  it('hoists pure ops whose operands come from outside, and then their users', () => {
    const r = runPass(loop(`%x = arith.addi %a, %b : i32\n%y = arith.muli %x, %x : i32\n"x.use"(%y) : (i32) -> ()`), licmPass);
    expect(r.statistics.get('num-hoisted')).toBe(2);
    expect(r.output).toMatch(/arith.muli %0, %0 : i32\n\s+scf.for/);
  });

  it('keeps divisions that may trap, and hoists those by a safe constant', () => {
    const r = runPass(loop(`%d = arith.divsi %a, %b : i32\n%e = arith.divsi %a, %c3 : i32\n%z = arith.divui %a, %c0 : i32\n"x.use"(%d, %e, %z) : (i32, i32, i32) -> ()`), licmPass);
    expect(r.statistics.get('num-hoisted')).toBe(1);
    expect(r.output).toMatch(/arith.divsi %a, %c3_i32 : i32\n\s+scf.for/);
  });

  it('keeps ops that depend on the induction variable or touch memory', () => {
    const r = runPass(
      `func.func @f(%lb: index, %ub: index, %s: index, %m: memref<4xi32>) {
        scf.for %i = %lb to %ub step %s {
          %v = memref.load %m[%lb] : memref<4xi32>
          %j = arith.addi %i, %lb : index
          "x.use"(%v, %j) : (i32, index) -> ()
        }
        return
      }`,
      licmPass,
    );
    expect(r.statistics.get('num-hoisted')).toBeUndefined();
  });

  it('moves code out of a loop nest, innermost first', () => {
    const r = runPass(
      `func.func @f(%lb: index, %ub: index, %s: index, %a: i32) {
        scf.for %i = %lb to %ub step %s {
          scf.for %j = %lb to %ub step %s {
            %x = arith.muli %a, %a : i32
            "x.use"(%x) : (i32) -> ()
          }
        }
        return
      }`,
      licmPass,
    );
    expect(r.output).toMatch(/func.func @f\([^)]*\) \{\n\s+%0 = arith.muli %a, %a : i32\n\s+scf.for/);
  });

  it('preserves the meaning of random programs', () => {
    const { changed } = expectMeaningPreserved(licmPass, 60);
    expect(changed).toBeGreaterThan(5);
  });
});

/**
 * Loops (some running zero times) whose bodies divide loop-invariant arguments by constants:
 * scalars, splat and non-splat vectors, i1, with divisors among 0, -1 (true for i1) and safe
 * ones. A division hoisted out of a loop that does not run must not make the program trap.
 */
function randomDivisionLoops(seed: number): string {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  // (remsi, remui and floordivsi are Pure in MLIR, hoisted whatever the divisor, while the
  // interpreter stops on their division by zero: left out.)
  const ops = ['divsi', 'divui', 'ceildivsi', 'ceildivui'];
  const lines: string[] = [];
  const results: string[] = [];
  const types: string[] = [];
  for (let k = 0; k < 5; k++) {
    const kind = pick(['i32', 'vector<2xi32>', 'vector<2xi32>', 'i1']);
    const x = kind === 'i1' ? '%x' : kind === 'i32' ? '%s' : '%v';
    const divisor =
      kind === 'i1'
        ? pick(['true', 'false'])
        : kind === 'i32'
          ? String(pick([0, -1, 3, -5]))
          : pick(['dense<0>', 'dense<-1>', 'dense<3>', 'dense<[2, -1]>', 'dense<[4, 0]>', 'dense<[5, 7]>']);
    // A bool literal carries its type (mlir-opt rejects `true : i1`).
    lines.push(kind === 'i1' ? `  %d${k} = arith.constant ${divisor}` : `  %d${k} = arith.constant ${divisor} : ${kind}`);
    lines.push(`  %r${k} = scf.for %i${k} = %c0 to %n${pick([0, 1])} step %c1 iter_args(%p${k} = ${x}) -> (${kind}) {`);
    lines.push(`    %q${k} = arith.${pick(ops)} ${x}, %d${k} : ${kind}`, `    scf.yield %q${k} : ${kind}`, `  }`);
    results.push(`%r${k}`);
    types.push(kind);
  }
  return `func.func @f(%s: i32, %v: vector<2xi32>, %x: i1, %n1: index) -> (${types.join(', ')}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n0 = arith.constant 0 : index
${lines.join('\n')}
  return ${results.join(', ')} : ${types.join(', ')}
}`;
}

describe('loop-invariant-code-motion of divisions', () => {
  it('hoists no division that may trap (random loops, zero or one iteration)', () => {
    let hoisted = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const text = randomDivisionLoops(seed);
      const after = runPass(text, licmPass);
      hoisted += after.statistics.get('num-hoisted') ?? 0;
      for (const args of [
        [-2147483648, [-2147483648, 7], true, 1],
        [5, [9, -4], false, 1],
        [-2147483648, [-2147483648, -2147483648], true, 0],
      ] as const) {
        const before = outcome(text, args);
        if (before === 'trap') continue;
        expect(outcome(after.output, args), `seed ${seed}, args ${JSON.stringify(args)}\n${text}\n${after.output}`).toEqual(before);
      }
    }
    expect(hoisted).toBeGreaterThan(60);
  });
});

function outcome(text: string, [s, v, x, n]: readonly [number, readonly [number, number], boolean, number]): unknown {
  const module = parseModule(text);
  const vec = ShapedValue.fromScalars(VectorType.get([2], IntegerType.get(32)), [...v], [2]);
  try {
    return new Interpreter(module, { semantics: createSemantics() }).run('f', [s, vec, x, n]).map((r) => (r instanceof ShapedValue ? r.toArray() : r));
  } catch (e) {
    if (e instanceof DiagnosticError) return 'trap';
    throw e;
  }
}
