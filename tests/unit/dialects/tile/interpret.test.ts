import { describe, expect, it } from 'vitest';
import type { MemRefType, Type } from '../../../../core/ir/types.js';
import { Buffer, MemRef, rowMajorStrides, type ShapedValue, type RtValue } from '../../../../core/interpret/values.js';
import { errorOf, parseModule, run } from '../../core/interpret/helpers.js';
import { roundF16 } from '../../../../core/interpret/float16.js';

/** A fresh memref of `shape` (dynamic dims in the type allowed) holding `data`. */
function mem(type: string, shape: number[], data: ArrayLike<number>): MemRef {
  const t = typeOf(type) as MemRefType;
  const n = shape.reduce((a, b) => a * b, 1);
  const b = Buffer.allocate(t.elementType, n, t.memorySpace, 'test');
  (b.data as Float32Array).set(data);
  return new MemRef(t, b, 0, shape, rowMajorStrides(shape));
}

/** A type from its text: the argument type of a parsed function. */
function typeOf(text: string): Type {
  const fn = parseModule(`func.func @t(%x: ${text}) { return }`).region(0).entry!.first!;
  return fn.region(0).entry!.arguments[0]!.type;
}

const seq = (n: number, f: (i: number) => number = (i) => i) => Float32Array.from({ length: n }, (_, i) => f(i));
const values = (v: RtValue): number[] => Array.from((v as ShapedValue).data as Float32Array);
const contents = (m: MemRef): number[] => Array.from(m.buffer.data as Float32Array);

describe('tile.load and tile.store', () => {
  const LOAD = `
func.func @f(%m: memref<?x?xf32>, %i: index, %j: index) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = tile.load %m[%i, %j] : memref<?x?xf32> -> tensor<2x3xf32>
  %b = tile.load %m[%i, %j] padding(-1.5 : f32) : memref<?x?xf32> -> tensor<2x3xf32>
  return %a, %b : tensor<2x3xf32>, tensor<2x3xf32>
}`;
  // m = [[0 1 2 3], [4 5 6 7], [8 9 10 11]]
  const m = () => mem('memref<?x?xf32>', [3, 4], seq(12));

  it('loads the tile at the given offsets', () => {
    const [a] = run(LOAD, 'f', [m(), 1, 1]);
    expect(values(a!)).toEqual([5, 6, 7, 9, 10, 11]);
  });

  it('pads positions past the edges with zero, or with the padding attribute', () => {
    const [a, b] = run(LOAD, 'f', [m(), 2, 2]);
    expect(values(a!)).toEqual([10, 11, 0, 0, 0, 0]);
    expect(values(b!)).toEqual([10, 11, -1.5, -1.5, -1.5, -1.5]);
  });

  it('masks negative positions too', () => {
    const [, b] = run(LOAD, 'f', [m(), -1, -2]);
    expect(values(b!)).toEqual([-1.5, -1.5, -1.5, -1.5, -1.5, 0]);
  });

  it('reports an in_bounds load that is not in bounds', () => {
    const text = `
func.func @f(%m: memref<?x?xf32>, %i: index) -> tensor<2x3xf32> {
  %a = tile.load %m[%i, %i] in_bounds : memref<?x?xf32> -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}`;
    expect(run(text, 'f', [m(), 1]).length).toBe(1);
    expect(errorOf(() => run(text, 'f', [m(), 2]))).toBe("3:8: 'tile.load' op is marked in_bounds but reads position [2, 4] outside the memref shape [3, 4]");
  });

  it('loads a lower-rank tile of the trailing dimensions at a leading index', () => {
    const text = `
func.func @f(%m: memref<2x3x4xf32>, %s: index) -> tensor<2x2xf32> {
  %c1 = arith.constant 1 : index
  %a = tile.load %m[%s, %c1, %c1] : memref<2x3x4xf32> -> tensor<2x2xf32>
  return %a : tensor<2x2xf32>
}`;
    expect(values(run(text, 'f', [mem('memref<2x3x4xf32>', [2, 3, 4], seq(24)), 1])[0]!)).toEqual([17, 18, 21, 22]);
    // A leading index out of bounds masks the whole tile.
    expect(values(run(text, 'f', [mem('memref<2x3x4xf32>', [2, 3, 4], seq(24)), 2])[0]!)).toEqual([0, 0, 0, 0]);
  });

  it('stores only the in-bounds part of a tile', () => {
    const text = `
func.func @f(%m: memref<?x?xf32>, %i: index, %j: index) {
  %c = arith.constant 7.0 : f32
  %t = tile.splat %c : tensor<2x3xf32>
  tile.store %t, %m[%i, %j] : tensor<2x3xf32> -> memref<?x?xf32>
  return
}`;
    const out = mem('memref<?x?xf32>', [3, 4], seq(12));
    run(text, 'f', [out, 2, 2]);
    expect(contents(out)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 7, 7]);
    const out2 = mem('memref<?x?xf32>', [3, 4], seq(12));
    run(text, 'f', [out2, -1, -1]);
    expect(contents(out2)).toEqual([7, 7, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe('tile.view', () => {
  const text = `
func.func @f(%m: memref<?x?xf32>, %bi: index, %bj: index) {
  %c0 = arith.constant 0 : index
  %v = tile.view %m[%bi, %bj] tile [2, 3] : memref<?x?xf32> -> memref<?x?xf32, strided<[?, 1], offset: ?>>
  %c = arith.constant 9.0 : f32
  %t = tile.splat %c : tensor<2x3xf32>
  tile.store %t, %v[%c0, %c0] : tensor<2x3xf32> -> memref<?x?xf32, strided<[?, 1], offset: ?>>
  return
}`;
  it('is the tile at tile coordinates, clamped at the edges', () => {
    const out = mem('memref<?x?xf32>', [3, 4], new Float32Array(12));
    run(text, 'f', [out, 1, 1]);
    // Tile (1, 1) of 2x3 tiles is rows 2..3, columns 3..5, clamped to row 2, column 3.
    expect(contents(out)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]);
    const out2 = mem('memref<?x?xf32>', [3, 4], new Float32Array(12));
    run(text, 'f', [out2, 0, 0]);
    expect(contents(out2)).toEqual([9, 9, 9, 0, 9, 9, 9, 0, 0, 0, 0, 0]);
  });
  it('reports negative tile coordinates', () => {
    expect(errorOf(() => run(text, 'f', [mem('memref<?x?xf32>', [3, 4], new Float32Array(12)), -1, 0]))).toBe("4:8: 'tile.view' op tile coordinate -1 of dimension 0 is negative");
  });
});

describe('tile.dot', () => {
  const dot = (acc: string) => `
func.func @f(%a: memref<2x3xf16>, %b: memref<3x2xf16>, %c: memref<2x2x${acc}>) -> tensor<2x2x${acc}> {
  %c0 = arith.constant 0 : index
  %ta = tile.load %a[%c0, %c0] : memref<2x3xf16> -> tensor<2x3xf16>
  %tb = tile.load %b[%c0, %c0] : memref<3x2xf16> -> tensor<3x2xf16>
  %tc = tile.load %c[%c0, %c0] : memref<2x2x${acc}> -> tensor<2x2x${acc}>
  %d = tile.dot %ta, %tb, %tc : tensor<2x3xf16>, tensor<3x2xf16> -> tensor<2x2x${acc}>
  return %d : tensor<2x2x${acc}>
}`;
  it('computes acc + a·b', () => {
    const a = mem('memref<2x3xf16>', [2, 3], [1, 2, 3, 4, 5, 6]);
    const b = mem('memref<3x2xf16>', [3, 2], [1, 0, 0, 1, 1, 1]);
    const c = mem('memref<2x2xf32>', [2, 2], [10, 20, 30, 40]);
    expect(values(run(dot('f32'), 'f', [a, b, c])[0]!)).toEqual([10 + 4, 20 + 5, 30 + 10, 40 + 11]);
  });
  it('accumulates f16 inputs in f32, or rounds every step to f16 with an f16 accumulator', () => {
    // 2048 + 1*1 + 1*1: exact in f32 (2050); in f16 each 2048 + 1 rounds back to 2048 (ties to even).
    const a = mem('memref<2x3xf16>', [2, 3], [1, 1, 0, 0, 0, 0]);
    const b = mem('memref<3x2xf16>', [3, 2], [1, 0, 1, 0, 0, 0]);
    expect(values(run(dot('f32'), 'f', [a, b, mem('memref<2x2xf32>', [2, 2], [2048, 0, 0, 0])])[0]!)[0]).toBe(2050);
    expect(values(run(dot('f16'), 'f', [a, b, mem('memref<2x2xf16>', [2, 2], [2048, 0, 0, 0])])[0]!)[0]).toBe(2048);
    // Products of f16 values are exact in f32: 1.0009765625^2 is not representable in f16.
    const x = roundF16(1 + 2 ** -10);
    const p = mem('memref<2x3xf16>', [2, 3], [x, 0, 0, 0, 0, 0]);
    const q = mem('memref<3x2xf16>', [3, 2], [x, 0, 0, 0, 0, 0]);
    expect(values(run(dot('f32'), 'f', [p, q, mem('memref<2x2xf32>', [2, 2], [0, 0, 0, 0])])[0]!)[0]).toBe(Math.fround(x * x));
    expect(values(run(dot('f16'), 'f', [p, q, mem('memref<2x2xf16>', [2, 2], [0, 0, 0, 0])])[0]!)[0]).toBe(roundF16(x * x));
  });
});

describe('tile.reduce, tile.broadcast, tile.splat, tile.transpose, tile.cast', () => {
  const reduce = (kind: string, elem: string, extra = '') => `
func.func @f(%m: memref<2x3x${elem}>) -> tensor<2x${elem}> {
  %c0 = arith.constant 0 : index
  %t = tile.load %m[%c0, %c0] : memref<2x3x${elem}> -> tensor<2x3x${elem}>
  %r = tile.reduce ${kind} %t axis 1 : tensor<2x3x${elem}> -> tensor<2x${elem}>${extra}
  return %r : tensor<2x${elem}>
}`;
  const m23 = (elem: string, data: number[]) => mem(`memref<2x3x${elem}>`, [2, 3], data);

  it('reduces with each kind', () => {
    const data = [1, -5, 3, 4, 2, 6];
    expect(values(run(reduce('add', 'f32'), 'f', [m23('f32', data)])[0]!)).toEqual([-1, 12]);
    expect(values(run(reduce('mul', 'f32'), 'f', [m23('f32', data)])[0]!)).toEqual([-15, 48]);
    expect(values(run(reduce('max', 'f32'), 'f', [m23('f32', data)])[0]!)).toEqual([3, 6]);
    expect(values(run(reduce('min', 'f32'), 'f', [m23('f32', data)])[0]!)).toEqual([-5, 2]);
    expect((run(reduce('and', 'i32'), 'f', [m23('i32', [7, 3, 2, 12, 6, 5])])[0] as ShapedValue).toArray()).toEqual([2, 4]);
    expect((run(reduce('or', 'i32'), 'f', [m23('i32', [1, 2, 4, 8, 0, 0])])[0] as ShapedValue).toArray()).toEqual([7, 8]);
    expect((run(reduce('xor', 'i32'), 'f', [m23('i32', [1, 3, 4, 8, 8, 1])])[0] as ShapedValue).toArray()).toEqual([6, 1]);
  });
  it('propagates NaN through max, wraps integer sums, rounds float sums to the type', () => {
    expect(values(run(reduce('max', 'f32'), 'f', [m23('f32', [1, NaN, 3, 0, 0, 0])])[0]!)[0]).toBeNaN();
    expect((run(reduce('add', 'i8'), 'f', [m23('i8', [100, 100, 0, -128, -1, 0])])[0] as ShapedValue).toArray()).toEqual([-56, 127]);
    expect(values(run(reduce('add', 'f16'), 'f', [m23('f16', [2048, 1, 1, 0, 0, 0])])[0]!)[0]).toBe(2048);
  });
  it('reduces with a combiner region, and a rank-1 tile to a scalar', () => {
    const text = `
func.func @f(%m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %t = tile.load %m[%c0] : memref<4xf32> -> tensor<4xf32>
  %r = tile.reduce %t axis 0 : tensor<4xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %b, %b : f32
    %s = arith.addf %a, %p : f32
    tile.yield %s : f32
  }
  return %r : f32
}`;
    // The first element starts the reduction as is: 1 + 4 + 9 + 16 with the combiner squaring `next`.
    expect(run(text, 'f', [mem('memref<4xf32>', [4], [1, 2, 3, 4])])).toEqual([1 + 4 + 9 + 16]);
  });
  it('broadcasts along added and stretched dimensions', () => {
    const text = `
func.func @f(%m: memref<2x1xf32>) -> (tensor<3x2x2xf32>, tensor<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %t = tile.load %m[%c0, %c0] : memref<2x1xf32> -> tensor<2x1xf32>
  %b = tile.broadcast %t : tensor<2x1xf32> -> tensor<3x2x2xf32>
  %col = tile.reduce add %t axis 1 : tensor<2x1xf32> -> tensor<2xf32>
  %r = tile.broadcast %col dims [1] : tensor<2xf32> -> tensor<2x3xf32>
  return %b, %r : tensor<3x2x2xf32>, tensor<2x3xf32>
}`;
    const [b, r] = run(text, 'f', [mem('memref<2x1xf32>', [2, 1], [5, 6])]);
    expect(values(b!)).toEqual([5, 5, 6, 6, 5, 5, 6, 6, 5, 5, 6, 6]);
    expect(values(r!)).toEqual([5, 5, 5, 6, 6, 6]);
  });
  it('transposes a 2-D tile, keeping the element type', () => {
    const text = `
func.func @f(%m: memref<2x3xf16>) -> tensor<3x2xf16> {
  %c0 = arith.constant 0 : index
  %t = tile.load %m[%c0, %c0] : memref<2x3xf16> -> tensor<2x3xf16>
  %r = tile.transpose %t : tensor<2x3xf16> -> tensor<3x2xf16>
  return %r : tensor<3x2xf16>
}`;
    // m = [[1 2 3], [4 5 6]]: the result is [[1 4], [2 5], [3 6]].
    const [r] = run(text, 'f', [mem('memref<2x3xf16>', [2, 3], [1, 2, 3, 4, 5, 6.5])]);
    expect(values(r!)).toEqual([1, 4, 2, 5, 3, 6.5]);
    expect((r as ShapedValue).shape).toEqual([3, 2]);
  });
  it('casts elements as documented', () => {
    const text = (from: string, to: string) => `
func.func @f(%m: memref<4x${from}>) -> tensor<4x${to}> {
  %c0 = arith.constant 0 : index
  %t = tile.load %m[%c0] : memref<4x${from}> -> tensor<4x${from}>
  %r = tile.cast %t : tensor<4x${from}> to tensor<4x${to}>
  return %r : tensor<4x${to}>
}`;
    const cast = (from: string, to: string, data: number[]) => Array.from((run(text(from, to), 'f', [mem(`memref<4x${from}>`, [4], data)])[0] as ShapedValue).toArray());
    expect(cast('f32', 'f16', [1 + 2 ** -11, 1 + 3 * 2 ** -11, 65520, 0.1])).toEqual([1, 1 + 2 ** -9, Infinity, roundF16(0.1)]);
    expect(cast('f32', 'i32', [-2.7, 2.7, 0, -0.5])).toEqual([-2, 2, 0, 0]);
    expect(cast('i32', 'i8', [300, -129, 127, -1])).toEqual([44, 127, 127, -1]);
    expect(cast('i8', 'f32', [-1, 5, -128, 0])).toEqual([-1, 5, -128, 0]);
    expect(cast('i1', 'i32', [1, 0, 1, 0])).toEqual([1, 0, 1, 0]);
    expect(errorOf(() => cast('f32', 'i8', [200, 0, 0, 0]))).toBe("5:8: 'tile.cast' op 200 is out of the range of i8");
  });
});

describe('whole-problem ops', () => {
  const matmul = (attrs: string, ta: string, tb: string) => `
func.func @f(%a: memref<${ta}>, %b: memref<${tb}>, %c: memref<2x2xf32>) {
  tile.matmul %a, %b, %c ${attrs} : memref<${ta}>, memref<${tb}>, memref<2x2xf32>
  return
}`;
  // A = [[1 2 3], [4 5 6]], B = [[1 0], [0 1], [1 1]]: A·B = [[4 5], [10 11]].
  it('computes C = op(A)·op(B), transposed and accumulating', () => {
    const c = mem('memref<2x2xf32>', [2, 2], [100, 100, 100, 100]);
    run(matmul('', '2x3xf16', '3x2xf16'), 'f', [mem('memref<2x3xf16>', [2, 3], [1, 2, 3, 4, 5, 6]), mem('memref<3x2xf16>', [3, 2], [1, 0, 0, 1, 1, 1]), c]);
    expect(contents(c)).toEqual([4, 5, 10, 11]);
    const c2 = mem('memref<2x2xf32>', [2, 2], [100, 100, 100, 100]);
    run(matmul('transpose_a transpose_b accumulate', '3x2xf32', '2x3xf32'), 'f', [
      mem('memref<3x2xf32>', [3, 2], [1, 4, 2, 5, 3, 6]),
      mem('memref<2x3xf32>', [2, 3], [1, 0, 1, 0, 1, 1]),
      c2,
    ]);
    expect(contents(c2)).toEqual([104, 105, 110, 111]);
  });
  it('reports dynamic sizes that do not agree', () => {
    const text = matmul('', '?x?xf32', '?x?xf32');
    expect(errorOf(() => run(text, 'f', [mem('memref<?x?xf32>', [2, 3], seq(6)), mem('memref<?x?xf32>', [2, 2], seq(4)), mem('memref<2x2xf32>', [2, 2], seq(4))]))).toBe(
      "3:3: 'tile.matmul' op reduction dimensions differ at run time: op(A) is 2x3 and op(B) is 2x2",
    );
  });
  it('maps a body over every index, in place and as a fill', () => {
    const text = `
func.func @f(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  tile.map ins(%x, %y : memref<?x?xf32>, memref<?x?xf32>) outs(%x : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.subf %a, %b : f32
    tile.yield %s : f32
  }
  tile.map outs(%y : memref<?x?xf32>) {
    %c = arith.constant 3.0 : f32
    tile.yield %c : f32
  }
  return
}`;
    const x = mem('memref<?x?xf32>', [2, 3], [10, 20, 30, 40, 50, 60]);
    const y = mem('memref<?x?xf32>', [2, 3], seq(6));
    run(text, 'f', [x, y]);
    expect(contents(x)).toEqual([10, 19, 28, 37, 46, 55]);
    expect(contents(y)).toEqual([3, 3, 3, 3, 3, 3]);
  });
});

describe('tile ops in kernels (workgroup-collective)', () => {
  const kernel = (body: string, threads = 4) => `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%out: memref<?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %bx = gpu.block_id x
      %tid = gpu.thread_id x
${body}
      gpu.return
    }
  }
  func.func @main(%out: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %nt = arith.constant ${threads} : index
    gpu.launch_func @k::@f blocks in (%c2, %c1, %c1) threads in (%nt, %c1, %c1) args(%out : memref<?xf32>)
    return
  }
}`;
  const WG = 'memref<4xf32, #gpu.address_space<workgroup>>';

  it('gives each workgroup its own tile.alloc buffer, shared by its threads', () => {
    // Each workgroup writes its block id into its buffer, then every thread adds one element of
    // the buffer (which must hold this workgroup's id) into out[4*bx + tid].
    const body = `
      %buf = tile.alloc : ${WG}
      %i = arith.index_cast %bx : index to i32
      %f = arith.sitofp %i : i32 to f32
      %t = tile.splat %f : tensor<4xf32>
      tile.store %t, %buf[%c0] : tensor<4xf32> -> ${WG}
      %v = memref.load %buf[%tid] : ${WG}
      %c4 = arith.constant 4 : index
      %o = arith.muli %bx, %c4 : index
      %p = arith.addi %o, %tid : index
      %w = memref.load %out[%p] : memref<?xf32>
      %s = arith.addf %w, %v : f32
      memref.store %s, %out[%p] : memref<?xf32>`;
    const out = mem('memref<?xf32>', [8], new Float32Array(8));
    run(kernel(body), 'main', [out]);
    expect(contents(out)).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
  });

  it('executes a tile op once per workgroup, not once per thread', () => {
    // A read-modify-write of a whole tile: executed by each of 4 threads it would add 4.
    const body = `
      %t = tile.load %out[%c0] : memref<?xf32> -> tensor<2xf32>
      %one = arith.constant dense<1.0> : tensor<2xf32>
      %s = arith.addf %t, %one : tensor<2xf32>
      tile.store %s, %out[%c0] : tensor<2xf32> -> memref<?xf32>`;
    const out = mem('memref<?xf32>', [2], new Float32Array(2));
    run(kernel(body), 'main', [out]);
    expect(contents(out)).toEqual([2, 2]);
  });

  it('reports operands that differ between the threads of a workgroup', () => {
    const body = `
      %t = tile.load %out[%tid] : memref<?xf32> -> tensor<2xf32>`;
    expect(errorOf(() => run(kernel(body), 'main', [mem('memref<?xf32>', [8], new Float32Array(8))]))).toBe(
      "9:12: 'tile.load' op operand #1 is not uniform over the workgroup: thread (0, 0, 0) has 0, thread (1, 0, 0) has 1",
    );
  });

  it('reports threads that execute different tile ops', () => {
    const body = `
      %z = arith.constant 0.0 : f32
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %a = tile.splat %z : tensor<2xf32>
      } else {
        %b = tile.splat %z : tensor<4xf32>
      }`;
    expect(errorOf(() => run(kernel(body), 'main', [mem('memref<?xf32>', [8], new Float32Array(8))]))).toMatch(
      /^14:14: 'tile.splat' op is not the collective op thread \(0, 0, 0\) executed at this point \(tile.splat at test.mlir:12:14\)/,
    );
  });
});
