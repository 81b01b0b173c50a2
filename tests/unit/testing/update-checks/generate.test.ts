import { describe, expect, it } from 'vitest';
import { runFileCheck } from '../../../../testing/filecheck/run.js';
import { GENERATED_MARKER, generateChecks, rewriteTest, variableName } from '../../../../testing/update-checks/generate.js';

const output = `module {
  func.func @f(%arg0: memref<4xf32>, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %0 = memref.load %arg0[%c0] : memref<4xf32>
    %1:2 = "x.pair"(%0) : (f32) -> (f32, f32)
    %cst = arith.constant dense<[[1, 2]]> : tensor<1x2xi32>
    return %1#1 : f32
  }
}
`;

const check = (checks: string[], input: string) => runFileCheck({ checkFileName: 'checks.mlir', checkFile: checks.join('\n') + '\n', input, options: { dumpInput: 'never' } }).exitCode;

describe('generateChecks', () => {
  const checks = generateChecks(output);

  it('labels functions, captures SSA names once and escapes FileCheck syntax', () => {
    expect(checks).toContain('// CHECK-LABEL: func.func @f(');
    expect(checks).toContain('// CHECK-SAME: [[ARG0:%[-A-Za-z0-9_$.]+]]: memref<4xf32>, [[ARG1:%[-A-Za-z0-9_$.]+]]: index) -> f32 {');
    expect(checks).toContain('// CHECK-NEXT: [[V0:%[-A-Za-z0-9_$.]+]] = memref.load [[ARG0]][ [[C0]] ] : memref<4xf32>'.replace('[ [[C0]] ]', '[[[C0]]]'));
    expect(checks).toContain('// CHECK-NEXT: return [[V1]]#1 : f32');
    expect(checks.some((c) => c.includes('dense<{{\\[\\[}}1, 2]]>'))).toBe(true);
  });

  it('produces checks that accept the output they came from and reject a change', () => {
    expect(check(checks, output)).toBe(0);
    expect(check(checks, output.replace('return %1#1', 'return %1#0'))).toBe(1);
    expect(check(checks, output.replace('memref.load %arg0[%c0]', 'memref.load %arg0[%arg1]'))).toBe(1);
  });

  it('gives names that map to the same variable different ones (a parameter %v0 and %0)', () => {
    const named = `module {
  func.func @f(%v0: i32, %a.b: i32, %a_b: i32) -> i32 {
    %0 = arith.addi %v0, %a.b : i32
    %1 = arith.addi %0, %a_b : i32
    return %1 : i32
  }
}
`;
    const c = generateChecks(named);
    expect(c).toContain('// CHECK-SAME: [[V0:%[-A-Za-z0-9_$.]+]]: i32, [[A_B:%[-A-Za-z0-9_$.]+]]: i32, [[A_B_0:%[-A-Za-z0-9_$.]+]]: i32) -> i32 {');
    expect(c).toContain('// CHECK-NEXT: [[V0_0:%[-A-Za-z0-9_$.]+]] = arith.addi [[V0]], [[A_B]] : i32');
    expect(c).toContain('// CHECK-NEXT: [[V1:%[-A-Za-z0-9_$.]+]] = arith.addi [[V0_0]], [[A_B_0]] : i32');
    expect(check(c, named)).toBe(0);
    expect(check(c, named.replace('arith.addi %v0, %a.b', 'arith.addi %0, %a.b'))).toBe(1);
  });

  it('names variables after SSA names', () => {
    expect(variableName('c1_i32')).toBe('C1_I32');
    expect(variableName('0')).toBe('V0');
    expect(variableName('thread_id_x')).toBe('THREAD_ID_X');
  });
});

describe('rewriteTest', () => {
  it('replaces the CHECK lines of generated tests and keeps everything else', () => {
    const test = `// RUN: tile-opt %s | FileCheck %s\n${GENERATED_MARKER}\n// CHECK: old\n\nfunc.func @f() {\n  return\n}\n`;
    const rewritten = rewriteTest(test, ['// CHECK: new']);
    expect(rewritten).toBe(`// RUN: tile-opt %s | FileCheck %s\n${GENERATED_MARKER}\n// CHECK: new\n\nfunc.func @f() {\n  return\n}\n`);
  });
  it('leaves hand-written tests alone', () => {
    expect(() => rewriteTest('// RUN: x\n// CHECK: hand\n', [])).toThrow(/not a generated test/);
  });
});
