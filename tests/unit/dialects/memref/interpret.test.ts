import { describe, expect, it } from 'vitest';
import { f32, i32, MemRefType } from '../../../../core/ir/types.js';
import { errorOf, memrefOf, run } from '../../core/interpret/helpers.js';

const iota = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('memref semantics', () => {
  it('subview: offsets, sizes and strides compose with the source strides', () => {
    const text = `func.func @f(%m: memref<4x6xi32>) -> (i32, i32, i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.subview %m[1, 2] [2, 2] [1, 2] : memref<4x6xi32> to memref<2x2xi32, strided<[6, 2], offset: 8>>
  %a = memref.load %s[%c0, %c0] : memref<2x2xi32, strided<[6, 2], offset: 8>>
  %b = memref.load %s[%c1, %c1] : memref<2x2xi32, strided<[6, 2], offset: 8>>
  %t = memref.subview %s[1, 0] [1, 2] [1, 1] : memref<2x2xi32, strided<[6, 2], offset: 8>> to memref<2xi32, strided<[2], offset: 14>>
  %c = memref.load %t[%c0] : memref<2xi32, strided<[2], offset: 14>>
  %d = memref.dim %t, %c0 : memref<2xi32, strided<[2], offset: 14>>
  return %a, %b, %c, %d : i32, i32, i32, index
}`;
    // element (r, c) holds r*6 + c: %s[i, j] = m[1 + i, 2 + 2j]; %t[k] = %s[1, k] = m[2, 2 + 2k]
    expect(run(text, 'f', [memrefOf(MemRefType.get([4, 6], i32), iota(24))])).toEqual([8, 16, 14, 2]);
    const bad = text.replace('[2, 2] [1, 2] : memref<4x6xi32>', '[2, 3] [1, 2] : memref<4x6xi32>').replaceAll('memref<2x2xi32', 'memref<2x3xi32');
    expect(errorOf(() => run(bad, 'f', [memrefOf(MemRefType.get([4, 6], i32), iota(24))]))).toBe(
      "4:8: 'memref.subview' op slice [offset 2, size 3, stride 2] is out of bounds for dimension 1 of size 6",
    );
  });

  it('subview writes alias the source; dynamic offsets and sizes', () => {
    const text = `func.func @f(%m: memref<4x4xf32>, %o: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 5.0 : f32
  %s = memref.subview %m[%o, 0] [%n, 4] [1, 1] : memref<4x4xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %s[%i, %c1] : memref<?x4xf32, strided<[4, 1], offset: ?>>
  }
  return
}`;
    const m = memrefOf(MemRefType.get([4, 4], f32), new Array(16).fill(0));
    run(text, 'f', [m, 1, 2]);
    expect([...m.buffer.data]).toEqual([0, 0, 0, 0, 0, 5, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0]);
    expect(errorOf(() => run(text, 'f', [m, 3, 2]))).toBe("5:8: 'memref.subview' op slice [offset 3, size 2, stride 1] is out of bounds for dimension 0 of size 4");
  });

  it('checks bounds and use after free', () => {
    const text = `func.func @f(%i: index) -> f32 {
  %m = memref.alloc() : memref<3xf32>
  %v = memref.load %m[%i] : memref<3xf32>
  memref.dealloc %m : memref<3xf32>
  %w = memref.load %m[%i] : memref<3xf32>
  return %w : f32
}`;
    expect(errorOf(() => run(text, 'f', [3]))).toBe("3:8: 'memref.load' op index 3 is out of bounds for dimension 0 of size 3 (indices [3] into memref<3xf32>)");
    expect(errorOf(() => run(text, 'f', [0]))).toMatch(/^5:8: 'memref.load' op accesses a buffer \(memref.alloc at test.mlir:2:8\) freed at test.mlir:4:3$/);
  });

  it('alloc with dynamic sizes, copy, cast and globals', () => {
    const text = `memref.global "private" constant @table : memref<3xi32> = dense<[10, 20, 30]>
func.func @f(%n: index) -> (i32, index) {
  %g = memref.get_global @table : memref<3xi32>
  %d = memref.alloc(%n) : memref<?xi32>
  %c = memref.cast %d : memref<?xi32> to memref<3xi32>
  memref.copy %g, %c : memref<3xi32> to memref<3xi32>
  %c2 = arith.constant 2 : index
  %v = memref.load %d[%c2] : memref<?xi32>
  %c0 = arith.constant 0 : index
  %dim = memref.dim %d, %c0 : memref<?xi32>
  return %v, %dim : i32, index
}
func.func @g() {
  %g = memref.get_global @table : memref<3xi32>
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i32
  memref.store %v, %g[%c0] : memref<3xi32>
  return
}`;
    expect(run(text, 'f', [3])).toEqual([30, 3]);
    expect(errorOf(() => run(text, 'f', [4]))).toBe("5:8: 'memref.cast' op dimension 0 of the memref<?xi32> value is 4, not 3 as memref<3xi32> requires");
    expect(errorOf(() => run(text, 'g', []))).toMatch(/^17:3: 'memref.store' op writes to a read-only buffer \(global @table/);
  });
});
