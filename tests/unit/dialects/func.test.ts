import { describe, expect, it } from 'vitest';
import { loadCases, tileOpt } from './dialect-harness.js';

// Expected texts under expected/func/ were produced by mlir-opt (LLVM 19) and reviewed.
describe('func dialect parity with mlir-opt', () => {
  for (const c of loadCases('func')) {
    describe(c.name, () => {
      it('prints the custom form like mlir-opt', () => {
        const r = tileOpt(c.input);
        expect(r.stderr).toBe('');
        expect(r.stdout).toBe(c.custom);
      });
      it('prints the generic form like mlir-opt', () => {
        const r = tileOpt(c.input, ['--mlir-print-op-generic']);
        expect(r.stderr).toBe('');
        expect(r.stdout).toBe(c.generic);
      });
      it('custom -> print -> parse -> print is a fixed point', () => {
        const once = tileOpt(c.input).stdout;
        expect(tileOpt(once).stdout).toBe(once);
      });
      it('generic -> custom agrees with custom', () => {
        expect(tileOpt(c.generic).stdout).toBe(c.custom);
        expect(tileOpt(c.custom, ['--mlir-print-op-generic']).stdout).toBe(c.generic);
      });
    });
  }
});

describe('func dialect diagnostics', () => {
  const cases: [string, string][] = [
    ['func.func @f(%a: i32, %a: i32) {\n  return\n}\n', "<stdin>:1:23: error: region entry argument '%a' is already in use"],
    [
      'func.func @f() attributes {function_type = () -> ()} {\n  return\n}\n',
      "<stdin>:1:16: error: custom op 'func.func' 'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary",
    ],
    ['func.func @f(i32) {\n  return\n}\n', "<stdin>:1:1: error: 'func.func' op entry block must have 1 arguments to match function signature"],
    ['func.func @f(%a: i32) -> i32 {\n  return\n}\n', "<stdin>:2:3: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1"],
    ['func.func @f(%a: i32) -> f32 {\n  return %a : i32\n}\n', "<stdin>:2:3: error: type of return operand 0 ('i32') doesn't match function result type ('f32') in function @f"],
    ['func.func private @g(i32) -> i32\n', ''],
    ['func.func @g(i32) -> i32\n', "<stdin>:1:1: error: 'func.func' op symbol declaration cannot have public visibility"],
  ];
  for (const [input, first] of cases) {
    it(first || 'accepts a private declaration', () => {
      const r = tileOpt(input);
      expect(r.stderr.split('\n')[0]).toBe(first);
    });
  }
  it('accepts the invalid.mlir expectations', async () => {
    const { readFileSync } = await import('node:fs');
    const { repoRoot } = await import('./dialect-harness.js');
    const text = readFileSync(`${repoRoot}/tests/filecheck/dialects/func/invalid.mlir`, 'utf8');
    const r = tileOpt(text, ['--split-input-file', '--verify-diagnostics']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
