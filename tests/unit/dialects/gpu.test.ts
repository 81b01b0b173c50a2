import { describe, expect, it } from 'vitest';
import { describeParity, firstError, itReportsFirstErrors, UNREGISTERED } from './harness.js';

// Expected texts under expected/gpu/ were produced by mlir-opt (LLVM 19) and reviewed.
// With --allow-unregistered-dialect: gpu.module targets and gpu.binary objects name #nvvm.target.
describeParity('gpu', { flags: [UNREGISTERED] });

describe('gpu dialect diagnostics', () => {
  it('reports unknown gpu attributes like mlir-opt', () => {
    expect(firstError('"test.x"() {a = #gpu.foo<x>} : () -> ()\n', [UNREGISTERED])).toBe('<stdin>:1:22: error: unknown attribute `foo` in dialect `gpu`');
  });
  itReportsFirstErrors([
    ['func.func @f() {\n  %0 = gpu.thread_id w\n  return\n}\n', "<stdin>:2:22: error: custom op 'gpu.thread_id' expected ::mlir::gpu::Dimension to be one of: x, y, z"],
    ['func.func private @f(memref<4xf32, #gpu.address_space<shared>>)\n', '<stdin>:1:55: error: expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private'],
    ['func.func private @f(!gpu.foo)\n', '<stdin>:1:27: error: unknown gpu type: foo'],
    [
      'func.func @f(%c1: index) {\n  gpu.launch_func async @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)\n  return\n}\n',
      "<stdin>:2:19: error: custom op 'gpu.launch_func' needs to be named when marked 'async'",
    ],
    ['gpu.module @m {\n  gpu.func @k(i32) {\n    gpu.return\n  }\n}\n', "<stdin>:2:14: error: custom op 'gpu.func' gpu.func requires named arguments"],
  ]);
});
