import { describe, expect, it } from 'vitest';
import { firstError, invalidSuite, roundTripSuite } from './structured-helpers.js';

const wrap = (body: string) => `"test.func"() ({\n^bb0(%i: index, %f: f32, %m: memref<8x8xf32>):\n${body}\n  "test.return"() : () -> ()\n}) : () -> ()\n`;

describe('memref dialect', () => {
  roundTripSuite('memref');
  invalidSuite('memref');

  // Messages and locations below are mlir-opt 19's.
  it('checks allocation operands', () => {
    expect(firstError(wrap('  %a = memref.alloc(%i) : memref<4xf32>'))).toBe("3:8: 'memref.alloc' op dimension operand count does not equal memref dynamic dimension count");
    expect(firstError(wrap('  %a = memref.alloca() : memref<4xf32>'))).toBe("3:8: 'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait");
  });
  it('checks load/store indices', () => {
    expect(firstError(wrap('  %v = memref.load %m[%i] : memref<8x8xf32>'))).toBe("3:8: 'memref.load' op incorrect number of indices for load, expected 2 but got 1");
    expect(firstError(wrap('  memref.store %f, %m[%i] : memref<8x8xf32>'))).toBe("3:3: 'memref.store' op store index operand count not equal to memref rank");
  });
  it('checks subview result types', () => {
    expect(firstError(wrap('  %s = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x3xf32, strided<[8, 1]>>'))).toBe(
      "3:8: expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes) ",
    );
    expect(firstError(wrap('  %s = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 1>>'))).toBe(
      "3:8: expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout) ",
    );
    expect(firstError(wrap('  %s = memref.subview %m[%i, 0][4, 1][2, 1] : memref<8x8xf32> to memref<4xf32, strided<[16], offset: ?>>'))).toBeUndefined();
  });
  it('checks globals', () => {
    expect(firstError('memref.global @g : memref<2xf32> = dense<1.0> {alignment = 3}\n')).toBe('1:1: alignment attribute value 3 is not a power of 2');
    expect(firstError(wrap('  %g = memref.get_global @nope : memref<4xf32>'))).toBe("3:8: 'memref.get_global' op 'nope' does not reference a valid global memref");
  });
});
