import { describe, expect, it } from 'vitest';
import { describeParity, firstError, UNREGISTERED } from './harness.js';

/** Wraps `body` in an unregistered op whose block arguments supply values. */
const wrap = (body: string) => `"test.func"() ({\n^bb0(%c: i1, %f: f32, %i: index, %j: i32):\n${body}\n  "test.return"() : () -> ()\n}) : () -> ()\n`;
/** The first error line for `source`, unregistered ops allowed (they supply the values). */
const error = (source: string) => firstError(source, [UNREGISTERED]);

// Expected texts under expected/scf/ were produced by mlir-opt 19 with --allow-unregistered-dialect and reviewed.
describeParity('scf', { flags: [UNREGISTERED] });

describe('scf dialect diagnostics', () => {
  // Messages and locations below are mlir-opt 19's.
  it('checks bounds types and loop-carried values', () => {
    expect(error(wrap('  scf.for %iv = %i to %i step %i iter_args(%a = %f) -> (f32) {\n    scf.yield %j : i32\n  }'))).toBe(
      "<stdin>:3:3: error: 'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'",
    );
    expect(error(wrap('  %0 = "scf.for"(%i, %i, %i, %f) ({\n  ^bb0(%iv: index):\n    "scf.yield"() : () -> ()\n  }) : (index, index, index, f32) -> f32'))).toBe(
      "<stdin>:3:8: error: 'scf.for' op different number of inits and region iter_args: 1 != 0",
    );
  });
  it('checks scf.if results and terminators', () => {
    expect(error(wrap('  %0 = scf.if %c -> (f32) {\n    scf.yield %f : f32\n  }'))).toBe("<stdin>:3:8: error: 'scf.if' op must have an else block if defining values");
    expect(error(wrap('  %0 = scf.if %c -> (f32) {\n    scf.yield %f, %f : f32, f32\n  } else {\n    scf.yield %f : f32\n  }'))).toBe(
      "<stdin>:3:8: error: 'scf.if' op  region control flow edge from Region #0 to parent results: source has 2 operands, but target successor needs 1",
    );
  });
  it('checks scf.while', () => {
    expect(error(wrap('  %0 = scf.while (%a = %f) : (f32, i32) -> f32 {\n    scf.condition(%c) %a : f32\n  } do {\n  ^bb0(%b: f32):\n    scf.yield %b : f32\n  }'))).toBe(
      "<stdin>:3:28: error: custom op 'scf.while' expected as many input types as operands (expected 1 got 2)",
    );
  });
  it('checks terminator parents', () => {
    expect(error('"test.func"() ({\n^bb0(%c: i1):\n  scf.yield\n}) : () -> ()\n')).toBe(
      "<stdin>:3:3: error: 'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
    );
  });
});
