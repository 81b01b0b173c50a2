import { describe, expect, it } from 'vitest';
import { describeParity, firstError, UNREGISTERED } from './harness.js';

const wrap = (body: string) => `"test.func"() ({\n^bb0(%i: index, %f: f32, %m: memref<8x8xf32>):\n${body}\n  "test.return"() : () -> ()\n}) : () -> ()\n`;
/** The first error line for `source`, unregistered ops allowed (they supply the values). */
const error = (source: string) => firstError(source, [UNREGISTERED]);

// Expected texts under expected/memref/ were produced by mlir-opt 19 with --allow-unregistered-dialect and reviewed.
describeParity('memref', { flags: [UNREGISTERED] });

describe('memref dialect diagnostics', () => {
  // Messages and locations below are mlir-opt 19's.
  it('checks allocation operands', () => {
    expect(error(wrap('  %a = memref.alloc(%i) : memref<4xf32>'))).toBe("<stdin>:3:8: error: 'memref.alloc' op dimension operand count does not equal memref dynamic dimension count");
    expect(error(wrap('  %a = memref.alloca() : memref<4xf32>'))).toBe("<stdin>:3:8: error: 'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait");
  });
  it('checks load/store indices', () => {
    expect(error(wrap('  %v = memref.load %m[%i] : memref<8x8xf32>'))).toBe("<stdin>:3:8: error: 'memref.load' op incorrect number of indices for load, expected 2 but got 1");
    expect(error(wrap('  memref.store %f, %m[%i] : memref<8x8xf32>'))).toBe("<stdin>:3:3: error: 'memref.store' op store index operand count not equal to memref rank");
  });
  it('checks subview result types', () => {
    expect(error(wrap('  %s = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x3xf32, strided<[8, 1]>>'))).toBe(
      "<stdin>:3:8: error: expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes) ",
    );
    expect(error(wrap('  %s = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 1>>'))).toBe(
      "<stdin>:3:8: error: expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout) ",
    );
    expect(error(wrap('  %s = memref.subview %m[%i, 0][4, 1][2, 1] : memref<8x8xf32> to memref<4xf32, strided<[16], offset: ?>>'))).toBeUndefined();
  });
  it('checks globals', () => {
    expect(error('memref.global @g : memref<2xf32> = dense<1.0> {alignment = 3}\n')).toBe('<stdin>:1:1: error: alignment attribute value 3 is not a power of 2');
    expect(error(wrap('  %g = memref.get_global @nope : memref<4xf32>'))).toBe("<stdin>:3:8: error: 'memref.get_global' op 'nope' does not reference a valid global memref");
  });
});
