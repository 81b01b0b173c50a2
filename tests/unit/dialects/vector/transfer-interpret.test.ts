import { describe, expect, it } from 'vitest';
import { f32, MemRefType } from '../../../../core/ir/types.js';
import { errorOf, memrefOf, run } from '../../core/interpret/helpers.js';
import type { MemRef, ShapedValue } from '../../../../core/interpret/values.js';

const iota = (n: number) => Array.from({ length: n }, (_, i) => i);
const vec = (v: unknown) => (v as ShapedValue).toArray();
const grid = () => memrefOf(MemRefType.get([3, 4], f32), iota(12));

describe('vector.transfer_read', () => {
  it('reads the minor dimension, padding past the end; masks pad too', () => {
    const text = `func.func @f(%m: memref<3x4xf32>, %i: index, %j: index, %mask: vector<4xi1>) -> (vector<4xf32>, vector<4xf32>) {
  %pad = arith.constant -1.0 : f32
  %a = vector.transfer_read %m[%i, %j], %pad : memref<3x4xf32>, vector<4xf32>
  %b = vector.transfer_read %m[%i, %j], %pad, %mask : memref<3x4xf32>, vector<4xf32>
  return %a, %b : vector<4xf32>, vector<4xf32>
}`;
    const mask = run(
      `func.func @m() -> vector<4xi1> {
  %c = arith.constant dense<[true, false, true, true]> : vector<4xi1>
  return %c : vector<4xi1>
}`,
      'm',
    )[0]!;
    const [a, b] = run(text, 'f', [grid(), 1, 2, mask]);
    expect(vec(a)).toEqual([6, 7, -1, -1]);
    expect(vec(b)).toEqual([6, -1, -1, -1]);
  });

  it('follows the permutation map: transposed and broadcast dimensions', () => {
    const text = `func.func @f(%m: memref<3x4xf32>, %i: index) -> (vector<4x2xf32>, vector<2x3xf32>) {
  %pad = arith.constant 0.0 : f32
  %t = vector.transfer_read %m[%i, %i], %pad {permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<3x4xf32>, vector<4x2xf32>
  %b = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<3x4xf32>, vector<2x3xf32>
  return %t, %b : vector<4x2xf32>, vector<2x3xf32>
}`;
    const [t, b] = run(text, 'f', [grid(), 1]);
    // t[c][r] = m[1 + r][1 + c], column 4 past the end padded.
    expect(vec(t)).toEqual([5, 9, 6, 10, 7, 11, 0, 0]);
    expect(vec(b)).toEqual([5, 6, 7, 5, 6, 7]);
  });

  it('an in_bounds dimension that runs past the source is an error', () => {
    const text = `func.func @f(%m: memref<3x4xf32>, %i: index) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %a = vector.transfer_read %m[%i, %i], %pad {in_bounds = [true]} : memref<3x4xf32>, vector<4xf32>
  return %a : vector<4xf32>
}`;
    expect(vec(run(text, 'f', [grid(), 0])[0])).toEqual([0, 1, 2, 3]);
    expect(errorOf(() => run(text, 'f', [grid(), 1]))).toBe("3:8: 'vector.transfer_read' op index 4 is out of bounds for dimension 1 of size 4, which in_bounds declares in bounds");
    expect(errorOf(() => run(text, 'f', [grid(), 5]))).toBe("3:8: 'vector.transfer_read' op index 5 is out of bounds for dimension 0 of size 3");
  });
});

describe('vector.transfer_write', () => {
  it('writes the enabled, in-bounds elements of memrefs and tensors', () => {
    const text = `func.func @f(%m: memref<3x4xf32>, %t: tensor<2x2xf32>, %i: index) -> tensor<2x2xf32> {
  %v = arith.constant dense<[10.0, 11.0, 12.0, 13.0]> : vector<4xf32>
  %mask = arith.constant dense<[true, true, false, true]> : vector<4xi1>
  vector.transfer_write %v, %m[%i, %i] : vector<4xf32>, memref<3x4xf32>
  vector.transfer_write %v, %m[%i, %i], %mask {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<4xf32>, memref<3x4xf32>
  %w = arith.constant dense<[20.0, 21.0]> : vector<2xf32>
  %r = vector.transfer_write %w, %t[%i, %i] : vector<2xf32>, tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}`;
    const m = grid();
    const t = run(
      `func.func @t() -> tensor<2x2xf32> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  return %c : tensor<2x2xf32>
}`,
      't',
    )[0]!;
    const [r] = run(text, 'f', [m, t, 1]);
    // Row 1 from column 1: 10, 11, 12 (13 falls off); then column 1 from row 1 under the mask: 10, 11 (row 3 is past the end).
    expect((m as MemRef).readAll()).toEqual([0, 1, 2, 3, 4, 10, 11, 12, 8, 11, 10, 11]);
    expect(vec(r)).toEqual([1, 2, 3, 20]);
    expect(vec(t)).toEqual([1, 2, 3, 4]);
  });
});
