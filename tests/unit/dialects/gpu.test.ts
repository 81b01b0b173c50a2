import { describe, expect, it } from 'vitest';
import { loadCases, tileOpt } from './dialect-harness.js';

// Expected texts under expected/gpu/ were produced by mlir-opt (LLVM 19) and reviewed.
describe('gpu dialect parity with mlir-opt', () => {
  for (const c of loadCases("gpu")) {
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

describe('gpu dialect diagnostics', () => {
  const cases: [string, string][] = [
    ['func.func @f() {\n  %0 = gpu.thread_id w\n  return\n}\n', "<stdin>:2:22: error: custom op 'gpu.thread_id' expected ::mlir::gpu::Dimension to be one of: x, y, z"],
    ['func.func private @f(memref<4xf32, #gpu.address_space<shared>>)\n', '<stdin>:1:55: error: expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private'],
    ['func.func private @f(!gpu.foo)\n', '<stdin>:1:27: error: unknown gpu type: foo'],
    [
      'func.func @f(%c1: index) {\n  gpu.launch_func async @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)\n  return\n}\n',
      "<stdin>:2:19: error: custom op 'gpu.launch_func' needs to be named when marked 'async'",
    ],
    ['gpu.module @m {\n  gpu.func @k(i32) {\n    gpu.return\n  }\n}\n', "<stdin>:2:14: error: custom op 'gpu.func' gpu.func requires named arguments"],
  ];
  it('reports unknown gpu attributes like mlir-opt', () => {
    const r = tileOpt('"test.x"() {a = #gpu.foo<x>} : () -> ()\n', ['--allow-unregistered-dialect']);
    expect(r.stderr.split('\n')[0]).toBe('<stdin>:1:22: error: unknown attribute `foo` in dialect `gpu`');
  });
  for (const [input, first] of cases) {
    it(first || 'accepts a private declaration', () => {
      const r = tileOpt(input);
      expect(r.stderr.split('\n')[0]).toBe(first);
    });
  }
  it('accepts the invalid.mlir expectations', async () => {
    const { readFileSync } = await import('node:fs');
    const { repoRoot } = await import('./dialect-harness.js');
    const text = readFileSync(`${repoRoot}/tests/filecheck/dialects/gpu/invalid.mlir`, 'utf8');
    const r = tileOpt(text, ['--split-input-file', '--verify-diagnostics']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
