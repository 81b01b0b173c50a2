import { describe, expect, it } from 'vitest';
import { testContext } from '../test-dialect.js';
import { errorOf, parse, roundTrip } from './roundtrip-helpers.js';

describe('Parser: result names', () => {
  it('binds a single name, a counted group and several names', () => {
    const text = [
      '%k = test.const 1 : i64',
      '%r:2 = test.region %k, %k : (i64, i64) -> (i64, i64) {',
      '  test.yield %k, %k : i64, i64',
      '}',
      '%a, %b = test.region %r#1, %r#0 : (i64, i64) -> (i64, i64) {',
      '  test.yield %k, %k : i64, i64',
      '}',
      '%c = test.add %a, %b : i64',
    ].join('\n');
    expect(roundTrip(text, testContext())).toContain('test.add %1#0, %1#1 : i64');
  });

  it('reports a result count that does not match the names, at the first name', () => {
    expect(errorOf('%a, %b = test.const 1 : i64', testContext())).toBe('1: operation defines 1 results but was provided 2 to bind');
    expect(errorOf('\n%a:3 = test.const 1 : i64', testContext())).toBe('2: operation defines 1 results but was provided 3 to bind');
    expect(errorOf('%a:0 = test.const 1 : i64', testContext())).toBe('1: expected named operation to have at least 1 result');
  });

  it('reports redefinitions and undefined names', () => {
    expect(errorOf('%a = test.const 1 : i64\n%a = test.const 2 : i64', testContext())).toBe("2: redefinition of SSA value '%a'");
    expect(errorOf('test.isolated {\n  %x = test.add %y, %y : i64\n}', testContext())).toBe('2: use of undeclared SSA value name');
  });
});

describe('Parser: shaped types', () => {
  it('gives the same type for repeated spellings of a shaped type', () => {
    const op = parse('"test.yield"() {a = memref<?x4xf32>, b = memref<?x4xf32>, c = memref<?x4x f32>} : () -> ()', testContext());
    const inner = op.region(0).entry!.first!;
    const [a, b, c] = ['a', 'b', 'c'].map((n) => inner.getAttr(n));
    expect(a).toBe(b);
    expect(a).toBe(c);
  });

  it('reports a bad shaped type each time it is spelled', () => {
    const text = '"test.yield"() {a = vector<4xi32>, b = vector<0xi32>} : () -> ()';
    expect(errorOf(text, testContext())).toBe('1: vector types must have positive constant sizes');
    expect(errorOf('"test.yield"() {a = memref<4xfoo>} : () -> ()', testContext())).toBe('1: expected non-function type');
  });

  it('keeps the nesting limit for shaped types seen before', () => {
    // The same program with the memref spelled first as a cacheable and as an uncacheable
    // (spaced) type must give the same outcome at every depth around the limit.
    for (let depth = 995; depth <= 1001; depth++) {
      const nested = 'tuple<'.repeat(depth) + 'memref<4xi32>' + '>'.repeat(depth);
      const outcome = (first: string) => errorOf(`"test.yield"() {a = ${first}} : () -> ()\n"test.yield"() {b = ${nested}} : () -> ()`, testContext());
      expect(outcome('memref<4xi32>')).toBe(outcome('memref<4x i32>'));
    }
  });
});

describe('Parser: reused parse state', () => {
  const nested = [
    '%k = test.const 1 : i64',
    '%r = test.region %k : (i64) -> i64 {',
    '  %p:2 = test.region %k, %k : (i64, i64) -> (i64, i64) {',
    '    test.yield %k, %k : i64, i64',
    '  }',
    '  test.yield %p#1 : i64',
    '}',
  ].join('\n');

  it('keeps an op of a format apart from one of the same format nested in its region', () => {
    const outer = parse(nested, testContext()).region(0).entry!.first!.next!;
    expect([outer.numOperands, outer.results.length]).toEqual([1, 1]);
    const inner = outer.region(0).entry!.first!;
    expect([inner.name, inner.numOperands, inner.results.length]).toEqual(['test.region', 2, 2]);
  });

  it('parses correctly after an error inside a nested op of the same format', () => {
    const ctx = testContext();
    expect(errorOf(nested.replace('%k, %k : (i64, i64)', '%k, %k : (i64)'), ctx)).toBe("3: custom op 'test.region' 2 operands present, but expected 1");
    expect(roundTrip(nested, ctx)).toContain('%0 = test.region %k : (i64) -> i64 {\n    %1:2 = test.region %k, %k : (i64, i64) -> (i64, i64) {');
  });

  it('keeps a token copied with take() while the parser moves on', () => {
    const op = parse('"test.const"() {value = 7 : i64, name = "x"} : () -> i64', testContext()).region(0).entry!.first!;
    expect(op.getAttr('name')?.toString()).toBe('"x"');
    expect(op.getAttr('value')?.toString()).toBe('7 : i64');
  });
});
