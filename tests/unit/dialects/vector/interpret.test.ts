import { describe, expect, it } from 'vitest';
import { f32, MemRefType } from '../../../../core/ir/types.js';
import { memrefOf, run } from '../../core/interpret/helpers.js';
import type { ShapedValue } from '../../../../core/interpret/values.js';

describe('vector semantics', () => {
  it('loads, computes and stores slices', () => {
    const text = `func.func @f(%m: memref<2x8xf32>) -> (f32, f32, vector<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = vector.load %m[%c1, %c2] : memref<2x8xf32>, vector<4xf32>
  %s = vector.splat %c2f : vector<4xf32>
  %c2f = arith.constant 2.0 : f32
  %w = vector.fma %v, %v, %v : vector<4xf32>
  vector.store %w, %m[%c0, %c0] : memref<2x8xf32>, vector<4xf32>
  %sum = vector.reduction <add>, %v : vector<4xf32> into f32
  %mx = vector.reduction <maxnumf>, %v, %c2f : vector<4xf32> into f32
  %b = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %e = vector.extract %b[1, 3] : f32 from vector<2x4xf32>
  %i = vector.insert %e, %b[0, 0] : f32 into vector<2x4xf32>
  return %sum, %mx, %i : f32, f32, vector<2x4xf32>
}`.replace('  %s = vector.splat %c2f : vector<4xf32>\n', '');
    const m = memrefOf(
      MemRefType.get([2, 8], f32),
      Array.from({ length: 16 }, (_, i) => i),
    );
    const [sum, mx, ins] = run(text, 'f', [m]);
    // %v = m[1, 2..5] = [10, 11, 12, 13]
    expect(sum).toBe(46);
    expect(mx).toBe(13);
    expect((ins as ShapedValue).toArray()).toEqual([13, 11, 12, 13, 10, 11, 12, 13]);
    expect([...m.buffer.data.slice(0, 4)]).toEqual([110, 132, 156, 182]);
  });

  it('splat and integer reductions wrap', () => {
    const text = `func.func @f(%x: i8) -> (i8, i8) {
  %v = vector.splat %x : vector<4xi8>
  %s = vector.reduction <add>, %v : vector<4xi8> into i8
  %m = vector.reduction <maxui>, %v : vector<4xi8> into i8
  return %s, %m : i8, i8
}`;
    expect(run(text, 'f', [100])).toEqual([-112, 100]);
  });
});
