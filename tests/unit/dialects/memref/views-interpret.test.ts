import { describe, expect, it } from 'vitest';
import { IntegerAttr } from '../../../../core/ir/attributes.js';
import { f32, i32, i64, i8, index, MemRefType } from '../../../../core/ir/types.js';
import { errorOf, memrefOf, run } from '../../core/interpret/helpers.js';
import type { MemRef } from '../../../../core/interpret/values.js';

const iota = (n: number) => Array.from({ length: n }, (_, i) => i);
const data = (m: unknown) => (m as MemRef).readAll();

describe('memref views of one buffer', () => {
  it('expand_shape and collapse_shape alias the source with the strides of their layouts', () => {
    const text = `func.func @f(%m: memref<6x4xi32>, %n: index) -> (i32, index, index, index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = memref.cast %m : memref<6x4xi32> to memref<?x4xi32>
  %e = memref.expand_shape %d [[0, 1], [2]] output_shape [%n, 3, 4] : memref<?x4xi32> into memref<?x3x4xi32>
  %x = memref.load %e[%c1, %c2, %c1] : memref<?x3x4xi32>
  %v = arith.constant -7 : i32
  memref.store %v, %e[%c0, %c1, %c2] : memref<?x3x4xi32>
  %base, %offset, %sizes:3, %strides:3 = memref.extract_strided_metadata %e : memref<?x3x4xi32> -> memref<i32>, index, index, index, index, index, index, index
  %s = memref.subview %m[2, 0] [2, 4] [1, 1] : memref<6x4xi32> to memref<2x4xi32, strided<[4, 1], offset: 8>>
  %c = memref.collapse_shape %s [[0, 1]] : memref<2x4xi32, strided<[4, 1], offset: 8>> into memref<8xi32, strided<[1], offset: 8>>
  %c5 = arith.constant 5 : index
  %y = memref.load %c[%c5] : memref<8xi32, strided<[1], offset: 8>>
  return %x, %strides#0, %strides#1, %strides#2, %y : i32, index, index, index, i32
}`;
    const m = memrefOf(MemRefType.get([6, 4], i32), iota(24));
    // [1, 2, 1] of 2x3x4 is element 12 + 8 + 1; the store at [0, 1, 2] writes element 6 of the source.
    expect(run(text, 'f', [m, 2])).toEqual([21, 12, 4, 1, 13]);
    expect(data(m)[6]).toBe(-7);
    expect(errorOf(() => run(text, 'f', [memrefOf(MemRefType.get([6, 4], i32), iota(24)), 3]))).toBe(
      "6:8: 'memref.expand_shape' op output sizes [3, 3] of group 0 do not multiply to the source dimension of size 6",
    );
  });

  it('collapse_shape of dimensions that are not contiguous at run time is an error', () => {
    const text = `func.func @f(%m: memref<4x4xf32>, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %s = memref.subview %m[0, 0] [2, %k] [1, 1] : memref<4x4xf32> to memref<2x?xf32, strided<[4, 1]>>
  %c = memref.collapse_shape %s [[0, 1]] : memref<2x?xf32, strided<[4, 1]>> into memref<?xf32, strided<[?]>>
  %v = memref.load %c[%c0] : memref<?xf32, strided<[?]>>
  return %v : f32
}`;
    const m = () => memrefOf(MemRefType.get([4, 4], f32), iota(16));
    expect(run(text, 'f', [m(), 4])).toEqual([0]);
    expect(errorOf(() => run(text, 'f', [m(), 3]))).toBe("4:8: 'memref.collapse_shape' op collapses non-contiguous dimensions 0, 1 (sizes [2, 3], strides [4, 1])");
  });

  it('reinterpret_cast sets offset, sizes and strides from the start of the buffer; reshape reads its shape operand', () => {
    const text = `func.func @f(%m: memref<3x4xf32>, %shape: memref<2xindex>) -> (f32, f32, f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<3x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  %t = memref.reinterpret_cast %s to offset: [1], sizes: [4, 3], strides: [1, 4] : memref<2x2xf32, strided<[4, 1], offset: 5>> to memref<4x3xf32, strided<[1, 4], offset: 1>>
  %a = memref.load %t[%c2, %c1] : memref<4x3xf32, strided<[1, 4], offset: 1>>
  %r = memref.reshape %m(%shape) : (memref<3x4xf32>, memref<2xindex>) -> memref<?x?xf32>
  %b = memref.load %r[%c1, %c0] : memref<?x?xf32>
  %c = memref.load %r[%c1, %c2] : memref<?x?xf32>
  %d = memref.dim %r, %c1 : memref<?x?xf32>
  return %a, %b, %c, %d : f32, f32, f32, index
}`;
    const shape = memrefOf(MemRefType.get([2], index), [2, 6]);
    expect(run(text, 'f', [memrefOf(MemRefType.get([3, 4], f32), iota(12)), shape])).toEqual([1 + 2 + 4, 6, 8, 6]);
    const bad = memrefOf(MemRefType.get([2], index), [5, 2]);
    expect(errorOf(() => run(text, 'f', [memrefOf(MemRefType.get([3, 4], f32), iota(12)), bad]))).toBe("8:8: 'memref.reshape' op shape [5, 2] does not hold the 12 elements of the source");
  });

  it('rank, view of bytes and extract_strided_metadata of a subview', () => {
    const text = `func.func @f(%m: memref<5x6xf32>, %b: memref<16xi8>) -> (index, index, index, index, index, i8) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = memref.rank %m : memref<5x6xf32>
  %s = memref.subview %m[0, 2] [3, 2] [2, 1] : memref<5x6xf32> to memref<3x2xf32, strided<[12, 1], offset: 2>>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %s : memref<3x2xf32, strided<[12, 1], offset: 2>> -> memref<f32>, index, index, index, index, index
  %v = memref.view %b[%c3][%c3] : memref<16xi8> to memref<?x4xi8>
  %x = memref.load %v[%c1, %c1] : memref<?x4xi8>
  return %r, %offset, %sizes#0, %strides#0, %strides#1, %x : index, index, index, index, index, i8
}`;
    expect(run(text, 'f', [memrefOf(MemRefType.get([5, 6], f32), iota(30)), memrefOf(MemRefType.get([16], i8), iota(16))])).toEqual([2, 2, 3, 12, 1, 3 + 4 + 1]);
  });

  it('realloc keeps the leading elements and frees the source', () => {
    const text = `func.func @f(%n: index) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.5 : f32
  %a = memref.alloc() : memref<3xf32>
  memref.store %one, %a[%c2] : memref<3xf32>
  %b = memref.realloc %a(%n) : memref<3xf32> to memref<?xf32>
  %x = memref.load %b[%c2] : memref<?xf32>
  %y = memref.load %b[%c0] : memref<?xf32>
  return %x, %y : f32, f32
}`;
    expect(run(text, 'f', [8])).toEqual([1.5, 0]);
    expect(errorOf(() => run(text, 'f', [2]))).toMatch(/^8:8: 'memref.load' op index 2 is out of bounds for dimension 0 of size 2/);
    const useAfter = text.replace('%x = memref.load %b[%c2]', '%x = memref.load %a[%c2]').replace('%x = memref.load %a[%c2] : memref<?xf32>', '%x = memref.load %a[%c2] : memref<3xf32>');
    expect(errorOf(() => run(useAfter, 'f', [8]))).toMatch(/^8:8: 'memref.load' op accesses a buffer \(.*\) freed at /);
  });
});

describe('memref.atomic_rmw', () => {
  const kinds = (type: string, values: string[]) => values.map((kind, i) => `  %r${i} = memref.atomic_rmw ${kind} %v, %m[%c${i}] : (${type}, memref<8x${type}>) -> ${type}`).join('\n');
  it('integer kinds store old <kind> value and return the old value (wrapping, signed and unsigned)', () => {
    const ks = ['addi', 'muli', 'maxs', 'maxu', 'mins', 'minu', 'ori', 'andi'];
    const text = `func.func @f(%m: memref<8xi32>, %v: i32) -> (${ks.map(() => 'i32').join(', ')}) {
${ks.map((_, i) => `  %c${i} = arith.constant ${i} : index`).join('\n')}
${kinds('i32', ks)}
  return ${ks.map((_, i) => `%r${i}`).join(', ')} : ${ks.map(() => 'i32').join(', ')}
}`;
    const init = [2147483647, 3, -5, -5, -5, -5, 12, 12];
    const m = memrefOf(MemRefType.get([8], i32), init);
    expect(run(text, 'f', [m, 10])).toEqual(init);
    // maxu of -5 (0xfffffffb) and 10 keeps -5; minu gives 10.
    expect(data(m)).toEqual([-2147483639, 30, 10, -5, -5, 10, 14, 8]);
  });
  it('float kinds and assign', () => {
    const ks = ['addf', 'mulf', 'maximumf', 'minimumf', 'maxnumf', 'minnumf', 'assign'];
    const text = `func.func @f(%m: memref<8xf32>, %v: f32) -> f32 {
${ks.map((_, i) => `  %c${i} = arith.constant ${i} : index`).join('\n')}
${kinds('f32', ks)}
  return %r0 : f32
}`;
    const m = memrefOf(MemRefType.get([8], f32), [1, 3, NaN, NaN, NaN, NaN, 9, 0]);
    expect(run(text, 'f', [m, 0.5])).toEqual([1]);
    expect(data(m)).toEqual([1.5, 1.5, NaN, NaN, 0.5, 0.5, 0.5, 0]);
  });
});

describe('memref.transpose, memory_space_cast, generic_atomic_rmw, dma_start and alloca_scope', () => {
  it('transpose permutes the dimensions of the same buffer; memory_space_cast keeps the view', () => {
    const text = `func.func @f(%m: memref<2x3x4xi32>) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = memref.transpose %m (a, b, c) -> (c, a, b) : memref<2x3x4xi32> to memref<4x2x3xi32, strided<[1, 12, 4]>>
  %x = memref.load %t[%c2, %c1, %c0] : memref<4x2x3xi32, strided<[1, 12, 4]>>
  %s = memref.memory_space_cast %t : memref<4x2x3xi32, strided<[1, 12, 4]>> to memref<4x2x3xi32, strided<[1, 12, 4]>, 1>
  %v = arith.constant -1 : i32
  memref.store %v, %s[%c1, %c0, %c2] : memref<4x2x3xi32, strided<[1, 12, 4]>, 1>
  %y = memref.load %m[%c0, %c2, %c1] : memref<2x3x4xi32>
  return %x, %y : i32, i32
}`;
    // [2, 1, 0] of the transposed view is [1, 0, 2] of the source: 12 + 2.
    expect(run(text, 'f', [memrefOf(MemRefType.get([2, 3, 4], i32), iota(24))])).toEqual([14, -1]);
  });

  it('generic_atomic_rmw stores what its body yields for the old value and returns the old value', () => {
    const text = `func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
  %old = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%cur: f32):
    %two = arith.constant 2.0 : f32
    %x = arith.mulf %cur, %two : f32
    memref.atomic_yield %x : f32
  }
  return %old : f32
}`;
    const m = memrefOf(MemRefType.get([4], f32), [1, 2, 3, 4]);
    expect(run(text, 'f', [m, 2])).toEqual([3]);
    expect(data(m)).toEqual([1, 2, 6, 4]);
  });

  it('dma_start copies the elements in row-major order from the source to the destination indices', () => {
    const text = `func.func @f(%s: memref<3x4xi32>, %d: memref<8xi32, 1>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %s[%c1, %c2], %d[%c1], %n, %tag[%c0] : memref<3x4xi32>, memref<8xi32, 1>, memref<1xi32>
  memref.dma_wait %tag[%c0], %n : memref<1xi32>
  return
}`;
    const d = memrefOf(MemRefType.get([8], i32, undefined, IntegerAttr.get(i64, 1)), new Array(8).fill(0));
    run(text, 'f', [memrefOf(MemRefType.get([3, 4], i32), iota(12)), d, 5]);
    expect(data(d)).toEqual([0, 6, 7, 8, 9, 10, 0, 0]);
    expect(errorOf(() => run(text, 'f', [memrefOf(MemRefType.get([3, 4], i32), iota(12)), d, 7]))).toMatch(/out of bounds|out of range/);
  });

  it('alloca_scope returns what its body returns', () => {
    const text = `func.func @f(%x: i32) -> i32 {
  %r = memref.alloca_scope -> (i32) {
    %a = memref.alloca() : memref<i32>
    memref.store %x, %a[] : memref<i32>
    %y = memref.load %a[] : memref<i32>
    %z = arith.addi %y, %y : i32
    memref.alloca_scope.return %z : i32
  }
  return %r : i32
}`;
    expect(run(text, 'f', [21])).toEqual([42]);
  });
});
