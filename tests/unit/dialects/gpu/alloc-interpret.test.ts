import { describe, expect, it } from 'vitest';
import { run } from '../../core/interpret/helpers.js';

describe('gpu.alloc semantics', () => {
  it('allocates a fresh zeroed device buffer of the dynamic sizes; an async one gives a completed token', () => {
    const text = `func.func @f(%n: index) -> (f32, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 2.5 : f32
  %m = gpu.alloc (%n) : memref<?x4xf32>
  %a, %t = gpu.alloc async (%n) : memref<?xf32>
  %b = gpu.alloc [%t] host_shared () : memref<2xf32>
  memref.store %v, %m[%c1, %c1] : memref<?x4xf32>
  %x = memref.load %m[%c1, %c1] : memref<?x4xf32>
  %y = memref.load %b[%c1] : memref<2xf32>
  %z = arith.addf %x, %y : f32
  %d = memref.dim %m, %c0 : memref<?x4xf32>
  %e = memref.dim %a, %c0 : memref<?xf32>
  return %z, %d, %e : f32, index, index
}`;
    expect(run(text, 'f', [3])).toEqual([2.5, 3, 3]);
  });
});
