import { describe, expect, it } from 'vitest';
import { mlirOptRunLines } from '../../../testing/mlir-parity/run-lines.js';
import { outOfScopeDialect, unknownNames } from '../../../testing/mlir-parity/scope.js';
import { fileUnits } from '../../../testing/mlir-parity/units.js';

describe('mlir-parity RUN lines', () => {
  it('takes the first mlir-opt command of each RUN line, continuations joined, quotes removed', () => {
    const src = [
      "// RUN: mlir-opt %s -pass-pipeline='builtin.module(func.func(cse))' \\",
      '// RUN:   -split-input-file| FileCheck %s',
      "// RUN: not mlir-opt %s -inline='default-pipeline=''' 2>&1 | FileCheck %s",
      '// RUN: mlir-translate %s | FileCheck %s',
    ].join('\n');
    expect(mlirOptRunLines(src).map((r) => r.args)).toEqual([
      ['%s', '-pass-pipeline=builtin.module(func.func(cse))', '-split-input-file'],
      ['%s', '-inline=default-pipeline='],
    ]);
  });
  it('names the passes and options tile-opt lacks, pipeline anchors and option groups left out', () => {
    const passes = (n: string) => ['cse', 'canonicalize'].includes(n);
    const options = new Set(['split-input-file']);
    expect(
      unknownNames(['%s', '-pass-pipeline=builtin.module(func.func(cse,canonicalize{max-iterations=1},foo))', '-split-input-file', '--bar=1', '-mlir-disable-threading'], passes, options),
    ).toEqual(['foo', 'bar']);
  });
});

describe('mlir-parity units', () => {
  it('cuts at // ----- and at top-level ops, keeping aliases, comments above an op and symbol users together', () => {
    const src = [
      '#map = affine_map<(d0) -> (d0)>',
      '// expected-error @+1 {{x}}',
      'func.func @a() { return }',
      'func.func @b() {',
      '  call @c() : () -> ()',
      '  return',
      '}',
      'func.func @c() { return }',
      '// -----',
      'func.func @d() { return }',
    ].join('\n');
    const units = fileUnits(src);
    expect(units.map((u) => u.line)).toEqual([3, 4, 10]);
    expect(units[0]!.text.split('\n').slice(0, 3)).toEqual(['#map = affine_map<(d0) -> (d0)>', '// expected-error @+1 {{x}}', 'func.func @a() { return }']);
    expect(units[1]!.text).toContain('func.func @c()');
    expect(units[1]!.text.split('\n')[2]).toBe('');
  });
  it('tells the units of out-of-scope dialects, in custom and generic form', () => {
    expect(outOfScopeDialect('%0 = tensor.empty() : tensor<4xf32>')).toBe('tensor');
    expect(outOfScopeDialect('"test.op"() : () -> ()')).toBe('test');
    // Op names may have capitals (MLIR's test ops such as "test.firstCodeTrue").
    expect(outOfScopeDialect('%v = "test.firstCodeTrue"() : () -> i32')).toBe('test');
    expect(outOfScopeDialect('%0 = arith.constant dense<0> : tensor<4xi32> // tensor.empty')).toBeUndefined();
  });
});
