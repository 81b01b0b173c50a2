import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { IntegerAttr } from '../../../core/ir/attributes.js';
import type { Operation } from '../../../core/ir/operation.js';
import type { Value } from '../../../core/ir/value.js';
import { runPassOn } from '../../../core/pass/run-single.js';
import { scfUnrollPass } from '../../../passes/unroll.js';
import { mulberry32 } from '../../../testing/random.js';
import { context, parseModule, printAsMlirOpt, runOn } from './inline-unroll-support.js';

const goldenDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../filecheck/passes/unroll');
const golden = (name: string) => readFileSync(path.join(goldenDir, name), 'utf8');

/**
 * A small evaluator for the ops these tests use: integers (index and iN, 64-bit two's complement
 * for index), scf.for, and `"test.use"` which records its operands in a trace.
 */
function evaluate(fn: Operation, args: readonly bigint[]): { results: bigint[]; trace: string[] } {
  const env = new Map<Value, bigint>();
  const trace: string[] = [];
  const get = (v: Value) => {
    const x = env.get(v);
    if (x === undefined) throw new Error('value used before definition');
    return x;
  };
  const wrap = (v: Value, x: bigint) => {
    const t = String(v.type);
    return t === 'index' ? BigInt.asIntN(64, x) : BigInt.asIntN(Number(t.slice(1)), x);
  };
  const runBlock = (ops: Iterable<Operation>): bigint[] => {
    for (const op of ops) {
      const a = op.operands.map(get);
      const set = (x: bigint) => env.set(op.results[0]!, wrap(op.results[0]!, x));
      switch (op.name) {
        case 'arith.constant':
          set((op.getAttr('value') as IntegerAttr).value);
          break;
        case 'arith.addi':
          set(a[0]! + a[1]!);
          break;
        case 'arith.subi':
          set(a[0]! - a[1]!);
          break;
        case 'arith.muli':
          set(a[0]! * a[1]!);
          break;
        case 'arith.divsi':
          set(a[0]! / a[1]!);
          break;
        case 'arith.remsi':
          set(a[0]! % a[1]!);
          break;
        case 'arith.index_cast':
          set(a[0]!);
          break;
        case 'test.use':
          trace.push(a.join(','));
          break;
        case 'scf.yield':
        case 'func.return':
          return a;
        case 'scf.for': {
          const body = op.region(0).entry!;
          let carried = a.slice(3);
          for (let i = a[0]!; i < a[1]!; i += a[2]!) {
            env.set(body.arguments[0]!, i);
            body.arguments.slice(1).forEach((arg, k) => env.set(arg, carried[k]!));
            carried = runBlock(body);
          }
          op.results.forEach((r, k) => env.set(r, carried[k]!));
          break;
        }
        default:
          throw new Error(`cannot evaluate '${op.name}'`);
      }
    }
    return [];
  };
  const entry = fn.region(0).entry!;
  entry.arguments.forEach((arg, i) => env.set(arg, args[i]!));
  return { results: runBlock(entry), trace };
}

const LOOPS = `
func.func @dynamic(%lb: index, %ub: index, %step: index, %x: i32) -> (i32, index) {
  %c0 = arith.constant 0 : index
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %x, %b = %c0) -> (i32, index) {
    %v = arith.index_cast %i : index to i32
    %m = arith.muli %a, %v : i32
    %s = arith.addi %m, %x : i32
    "test.use"(%i, %a) : (index, i32) -> ()
    scf.yield %s, %i : i32, index
  }
  return %r#0, %r#1 : i32, index
}
func.func @swap(%x: i32, %y: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %c7 step %c1 iter_args(%a = %x, %b = %y) -> (i32, i32) {
    "test.use"(%a, %b) : (i32, i32) -> ()
    scf.yield %b, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @nest(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c5 step %c2 iter_args(%acc = %z) -> (i32) {
    %q = scf.for %j = %c0 to %n step %c1 iter_args(%in = %acc) -> (i32) {
      %v = arith.index_cast %j : index to i32
      %w = arith.index_cast %i : index to i32
      %p = arith.muli %v, %w : i32
      %s = arith.addi %in, %p : i32
      "test.use"(%i, %j) : (index, index) -> ()
      scf.yield %s : i32
    }
    scf.yield %q : i32
  }
  return %r : i32
}
`;

const fnNamed = (module: Operation, name: string) => module.region(0).entry!.ops.find((op) => String(op.getAttr('sym_name')) === `"${name}"`)!;

describe('scf-unroll preserves meaning', () => {
  const next = mulberry32(7);
  const random = { int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
  const cases: { fn: string; args: () => bigint[] }[] = [
    // Includes empty loops with ub < lb, where mlir-opt 19's unsigned trip count would run iterations.
    { fn: 'dynamic', args: () => [BigInt(random.int(-5, 10)), BigInt(random.int(-5, 20)), BigInt(random.int(1, 4)), BigInt(random.int(-3, 3))] },
    { fn: 'swap', args: () => [BigInt(random.int(0, 100)), BigInt(random.int(0, 100))] },
    { fn: 'nest', args: () => [BigInt(random.int(0, 6))] },
  ];
  const variants: Record<string, Record<string, number | boolean>> = {
    'factor 1': { factor: 1 },
    'factor 2': { factor: 2 },
    'factor 3': { factor: 3 },
    'factor 4 annotated': { factor: 4, annotate: true },
    'factor 5 outer only': { factor: 5, 'loop-depth': 0 },
    'factor 3 inner only': { factor: 3, 'loop-depth': 1 },
    full: { full: true },
  };
  for (const [label, options] of Object.entries(variants)) {
    it(`with ${label}`, () => {
      const before = parseModule(LOOPS);
      const { module: after, result } = runOn(LOOPS, scfUnrollPass, options);
      expect(result.failed).toBe(false);
      for (const c of cases) {
        for (let k = 0; k < 12; k++) {
          const args = c.args();
          expect(evaluate(fnNamed(after, c.fn), args), `${c.fn}(${args.join(', ')})`).toEqual(evaluate(fnNamed(before, c.fn), args));
        }
      }
    });
  }
});

describe('scf-unroll structure', () => {
  const loopsIn = (op: Operation) => {
    let n = 0;
    op.walk((o) => void (o.name === 'scf.for' && n++));
    return n;
  };

  it('unrolls fully only loops with a constant trip count', () => {
    const { module, result } = runOn(LOOPS, scfUnrollPass, { full: true });
    expect(loopsIn(fnNamed(module, 'dynamic'))).toBe(1);
    expect(loopsIn(fnNamed(module, 'swap'))).toBe(0);
    // The outer loop (3 iterations) is unrolled around the dynamic inner loop, copied 3 times.
    expect(loopsIn(fnNamed(module, 'nest'))).toBe(3);
    expect(result.statistics.get('num-unrolled')).toBe(2);
  });

  it('annotates copies with the iteration they came from', () => {
    const { output } = runOn(LOOPS, scfUnrollPass, { factor: 2, annotate: true, 'loop-depth': 0 });
    expect(output).toContain('"test.use"(%arg3, %arg4) {unrolled_iteration = 0 : ui32} : (i32, i32) -> ()');
    expect(output).toContain('"test.use"(%arg4, %arg3) {unrolled_iteration = 1 : ui32} : (i32, i32) -> ()');
    // Two swaps make the identity (mlir-opt 19 would yield the block arguments swapped).
    expect(output).toContain('scf.yield %arg3, %arg4 : i32, i32');
  });

  it('follows unroll_factor annotations on loops, and removes them', () => {
    const text = LOOPS.replace('iter_args(%a = %x, %b = %y) -> (i32, i32) {', 'iter_args(%a = %x, %b = %y) -> (i32, i32) {').replace(
      /(scf\.yield %b, %a : i32, i32\n {2}\})/,
      '$1 {unroll_factor = 0 : i64}',
    );
    expect(text).toContain('unroll_factor');
    const { module, output } = runOn(text, scfUnrollPass, { 'annotated-only': true });
    expect(loopsIn(fnNamed(module, 'swap'))).toBe(0);
    expect(loopsIn(fnNamed(module, 'nest'))).toBe(2);
    expect(output).not.toContain('unroll_factor');
  });

  it('rejects an unroll_factor that is not a non-negative integer, at the loop', () => {
    const module = parseModule(
      'func.func @f(%n: index) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  scf.for %i = %c0 to %n step %c1 {\n  } {unroll_factor = "x"}\n  return\n}\n',
      'bad.mlir',
    );
    const result = runPassOn(module, scfUnrollPass, context);
    expect(result.failed).toBe(true);
    expect(result.diagnostics[0]!.message).toBe("'unroll_factor' must be a non-negative integer");
    expect(String(result.diagnostics[0]!.loc)).toBe('"bad.mlir":4:3');
  });

  it('produces what mlir-opt --test-loop-unrolling produces (but a signed trip count)', () => {
    // `mlir-opt --test-loop-unrolling='unroll-factor=3'` (LLVM 19) on factor.mlir, reviewed; its
    // arith.divui is our arith.divsi.
    const output = printAsMlirOpt(runOn(golden('factor.mlir'), scfUnrollPass, { factor: 3, 'loop-depth': 0 }).module);
    expect(output).toContain(
      [
        '    %0 = arith.subi %arg1, %arg0 : index',
        '    %c1 = arith.constant 1 : index',
        '    %1 = arith.subi %arg2, %c1 : index',
        '    %2 = arith.addi %0, %1 : index',
        '    %3 = arith.divsi %2, %arg2 : index',
        '    %c3 = arith.constant 3 : index',
        '    %4 = arith.remsi %3, %c3 : index',
        '    %5 = arith.subi %3, %4 : index',
        '    %6 = arith.muli %5, %arg2 : index',
        '    %7 = arith.addi %arg0, %6 : index',
        '    %8 = arith.muli %arg2, %c3 : index',
        '    scf.for %arg3 = %arg0 to %7 step %8 {',
        '      "test.use"(%arg3) : (index) -> ()',
        '      %c1_0 = arith.constant 1 : index',
        '      %9 = arith.muli %arg2, %c1_0 : index',
        '      %10 = arith.addi %arg3, %9 : index',
        '      "test.use"(%10) : (index) -> ()',
        '      %c2 = arith.constant 2 : index',
        '      %11 = arith.muli %arg2, %c2 : index',
        '      %12 = arith.addi %arg3, %11 : index',
        '      "test.use"(%12) : (index) -> ()',
        '    }',
        '    scf.for %arg3 = %7 to %arg1 step %arg2 {',
        '      "test.use"(%arg3) : (index) -> ()',
        '    }',
      ].join('\n'),
    );
    expect(output).toContain('    %1 = memref.load %arg0[%c9] : memref<?xf32>\n    %2 = arith.addf %0, %1 : f32\n    return %2 : f32');
  });
});
