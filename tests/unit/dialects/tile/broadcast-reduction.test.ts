// tile.reduction and broadcast inputs of tile.map in the interpreter, against plain JS references:
// row softmax, LayerNorm and RMSNorm written with them, at edge sizes (1 row, 1 column, 0 columns).
import { describe, expect, it } from 'vitest';
import type { MemRefType, Type } from '../../../../core/ir/types.js';
import { Buffer, MemRef, rowMajorStrides } from '../../../../core/interpret/values.js';
import { errorOf, parseModule, run } from '../../core/interpret/helpers.js';

/** A type from its text: the argument type of a parsed function. */
function typeOf(text: string): Type {
  const fn = parseModule(`func.func @t(%x: ${text}) { return }`).region(0).entry!.first!;
  return fn.region(0).entry!.arguments[0]!.type;
}

/** A fresh memref of `type` with run-time `shape`, holding `data` (zeros when absent). */
function mem(type: string, shape: number[], data: ArrayLike<number> = []): MemRef {
  const t = typeOf(type) as MemRefType;
  const n = shape.reduce((a, b) => a * b, 1);
  const b = Buffer.allocate(t.elementType, n, t.memorySpace, 'test');
  (b.data as Float32Array).set(data);
  return new MemRef(t, b, 0, shape, rowMajorStrides(shape));
}

const contents = (m: MemRef): number[] => Array.from(m.buffer.data as Float32Array);

/** A seeded pseudo-random f32 matrix (values in [-4, 4)). */
function randomMatrix(rows: number, cols: number, seed: number): Float32Array {
  let s = seed * 2654435761 + 1;
  const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32) * 8 - 4;
  return Float32Array.from({ length: rows * cols }, next);
}

/** Element-wise closeness with a relative tolerance; NaN must meet NaN, infinities equal. */
function expectClose(actual: readonly number[], expected: readonly number[], tol = 1e-5): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, i) => {
    const e = expected[i]!;
    if (Number.isNaN(e) || !Number.isFinite(e)) expect(a).toBe(e);
    else if (Math.abs(a - e) > tol * Math.max(1, Math.abs(e))) throw new Error(`element ${i}: ${a} differs from the reference ${e}`);
  });
}

const ROW = 'affine_map<(d0, d1) -> (d0)>';
const COL = 'affine_map<(d0, d1) -> (d1)>';
const ID = 'affine_map<(d0, d1) -> (d0, d1)>';
/** `%nf`: the row length as f32. */
const ROW_LENGTH = `
  %c1 = arith.constant 1 : index
  %n = memref.dim %X, %c1 : memref<?x?xf32>
  %ni = arith.index_cast %n : index to i64
  %nf = arith.sitofp %ni : i64 to f32`;

const SOFTMAX = `
func.func @softmax(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %M: memref<?xf32>, %S: memref<?xf32>) {
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%M : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [${ID}, ${ROW}, ${ID}] ins(%X, %M : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%Y : memref<?x?xf32>) outs(%S : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [${ID}, ${ROW}, ${ID}] ins(%Y, %S : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%e: f32, %s: f32):
    %q = arith.divf %e, %s : f32
    tile.yield %q : f32
  }
  return
}`;

// Biased variance, eps = 1e-5; %T holds X - mean.
const LAYERNORM = `
func.func @layernorm(%X: memref<?x?xf32>, %gamma: memref<?xf32>, %beta: memref<?xf32>, %Y: memref<?x?xf32>,
                     %T: memref<?x?xf32>, %mean: memref<?xf32>, %rstd: memref<?xf32>) {
  ${ROW_LENGTH}
  %eps = arith.constant 1.0e-5 : f32
  %one = arith.constant 1.0 : f32
  tile.reduction add ins(%X : memref<?x?xf32>) outs(%mean : memref<?xf32>) dimensions = [1]
  tile.map ins(%mean : memref<?xf32>) outs(%mean : memref<?xf32>) {
  ^bb0(%s: f32):
    %m = arith.divf %s, %nf : f32
    tile.yield %m : f32
  }
  tile.map indexing_maps = [${ID}, ${ROW}, ${ID}] ins(%X, %mean : memref<?x?xf32>, memref<?xf32>) outs(%T : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    tile.yield %d : f32
  }
  tile.map ins(%T : memref<?x?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%d: f32):
    %sq = arith.mulf %d, %d : f32
    tile.yield %sq : f32
  }
  tile.reduction add ins(%Y : memref<?x?xf32>) outs(%rstd : memref<?xf32>) dimensions = [1]
  tile.map ins(%rstd : memref<?xf32>) outs(%rstd : memref<?xf32>) {
  ^bb0(%s: f32):
    %v = arith.divf %s, %nf : f32
    %ve = arith.addf %v, %eps : f32
    %r = math.rsqrt %ve : f32
    tile.yield %r : f32
  }
  tile.map indexing_maps = [${ID}, ${ROW}, ${COL}, ${COL}, ${ID}]
      ins(%T, %rstd, %gamma, %beta : memref<?x?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%d: f32, %r: f32, %g: f32, %b: f32):
    %n1 = arith.mulf %d, %r : f32
    %n2 = arith.mulf %n1, %g : f32
    %y = arith.addf %n2, %b : f32
    tile.yield %y : f32
  }
  return
}`;

// eps = 1e-6.
const RMSNORM = `
func.func @rmsnorm(%X: memref<?x?xf32>, %gamma: memref<?xf32>, %Y: memref<?x?xf32>, %ms: memref<?xf32>) {
  ${ROW_LENGTH}
  %eps = arith.constant 1.0e-6 : f32
  tile.map ins(%X : memref<?x?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32):
    %sq = arith.mulf %x, %x : f32
    tile.yield %sq : f32
  }
  tile.reduction add ins(%Y : memref<?x?xf32>) outs(%ms : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [${ID}, ${ROW}, ${COL}, ${ID}] ins(%X, %ms, %gamma : memref<?x?xf32>, memref<?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %s: f32, %g: f32):
    %m = arith.divf %s, %nf : f32
    %me = arith.addf %m, %eps : f32
    %r = math.rsqrt %me : f32
    %n1 = arith.mulf %x, %r : f32
    %y = arith.mulf %n1, %g : f32
    tile.yield %y : f32
  }
  return
}`;

/** Rows of a row-major matrix. */
const rowsOf = (x: ArrayLike<number>, rows: number, cols: number): number[][] => Array.from({ length: rows }, (_, i) => Array.from(x).slice(i * cols, (i + 1) * cols));
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

function softmaxRef(x: Float32Array, rows: number, cols: number): { y: number[]; max: number[]; sum: number[] } {
  const rs = rowsOf(x, rows, cols);
  const max = rs.map((r) => r.reduce((a, b) => Math.max(a, b), -Infinity));
  const e = rs.map((r, i) => r.map((v) => Math.exp(v - max[i]!)));
  const s = e.map(sum);
  return { y: e.flatMap((r, i) => r.map((v) => v / s[i]!)), max, sum: s };
}

function layernormRef(x: Float32Array, g: Float32Array, b: Float32Array, rows: number, cols: number): number[] {
  return rowsOf(x, rows, cols).flatMap((r) => {
    const mean = sum(r) / cols;
    const v = sum(r.map((t) => (t - mean) ** 2)) / cols;
    return r.map((t, j) => ((t - mean) / Math.sqrt(v + 1e-5)) * g[j]! + b[j]!);
  });
}

function rmsnormRef(x: Float32Array, g: Float32Array, rows: number, cols: number): number[] {
  return rowsOf(x, rows, cols).flatMap((r) => {
    const rms = Math.sqrt(sum(r.map((t) => t * t)) / cols + 1e-6);
    return r.map((t, j) => (t / rms) * g[j]!);
  });
}

const SHAPES: [number, number][] = [
  [1, 1],
  [1, 7],
  [5, 1],
  [3, 0],
  [0, 4],
  [6, 33],
];

describe('normalizations written with tile.reduction and broadcast tile.map', () => {
  it.each(SHAPES)('row softmax at %i x %i', (rows, cols) => {
    const x = randomMatrix(rows, cols, rows * 31 + cols);
    const [X, Y, M, S] = [mem('memref<?x?xf32>', [rows, cols], x), mem('memref<?x?xf32>', [rows, cols]), mem('memref<?xf32>', [rows]), mem('memref<?xf32>', [rows])];
    run(SOFTMAX, 'softmax', [X, Y, M, S]);
    const ref = softmaxRef(x, rows, cols);
    expectClose(contents(Y), ref.y);
    // An empty row: max is the identity -inf, the sum 0.
    expectClose(contents(M), ref.max);
    expectClose(contents(S), ref.sum);
    for (const r of rowsOf(contents(Y), rows, cols)) if (cols > 0) expect(Math.abs(sum(r) - 1)).toBeLessThan(1e-5);
  });

  it.each(SHAPES)('LayerNorm at %i x %i', (rows, cols) => {
    const x = randomMatrix(rows, cols, rows + cols * 17);
    const [g, b] = [randomMatrix(1, cols, 3), randomMatrix(1, cols, 4)];
    const vec = (data?: Float32Array) => mem('memref<?xf32>', [cols], data);
    const Y = mem('memref<?x?xf32>', [rows, cols]);
    run(LAYERNORM, 'layernorm', [
      mem('memref<?x?xf32>', [rows, cols], x),
      vec(g),
      vec(b),
      Y,
      mem('memref<?x?xf32>', [rows, cols]),
      mem('memref<?xf32>', [rows]),
      mem('memref<?xf32>', [rows]),
    ]);
    expectClose(contents(Y), layernormRef(x, g, b, rows, cols), 1e-4);
  });

  it.each(SHAPES)('RMSNorm at %i x %i', (rows, cols) => {
    const x = randomMatrix(rows, cols, rows * 7 + cols);
    const g = randomMatrix(1, cols, 5);
    const Y = mem('memref<?x?xf32>', [rows, cols]);
    run(RMSNORM, 'rmsnorm', [mem('memref<?x?xf32>', [rows, cols], x), mem('memref<?xf32>', [cols], g), Y, mem('memref<?xf32>', [rows])]);
    expectClose(contents(Y), rmsnormRef(x, g, rows, cols), 1e-4);
  });
});

describe('tile.reduction', () => {
  const reduction = (kind: string, t: string, rt: string, dims: string, extra = '') => `
func.func @f(%x: memref<${t}>, %r: memref<${rt}>) {
  tile.reduction ${kind} ins(%x : memref<${t}>) outs(%r : memref<${rt}>) dimensions = [${dims}] ${extra}
  return
}`;
  // x[i, j, k] = i * 100 + j * 10 + k over 2x3x4
  const x3 = () =>
    mem(
      'memref<?x?x?xi32>',
      [2, 3, 4],
      Int32Array.from({ length: 24 }, (_, n) => Math.floor(n / 12) * 100 + (Math.floor(n / 4) % 3) * 10 + (n % 4)),
    );

  it('reduces several dimensions, at any rank', () => {
    const r = mem('memref<?xi32>', [3]);
    run(reduction('add', '?x?x?xi32', '?xi32', '0, 2'), 'f', [x3(), r]);
    // sum over i (0, 100) and k (0..3) of i*100 + j*10 + k = 8*10*j + 4*100 + 2*6
    expect(contents(r)).toEqual([412, 492, 572]);
    const all = mem('memref<i32>', []);
    run(reduction('max', '?x?x?xi32', 'i32', '0, 1, 2'), 'f', [x3(), all]);
    expect(contents(all)).toEqual([123]);
    const none = mem('memref<?x?x?xi32>', [2, 3, 4]);
    run(reduction('min', '?x?x?xi32', '?x?x?xi32', ''), 'f', [x3(), none]);
    expect(contents(none)).toEqual(contents(x3()));
  });

  it('reduces along the leading dimension (a column reduction)', () => {
    const r = mem('memref<?xf32>', [3]);
    run(reduction('mul', '?x?xf32', '?xf32', '0'), 'f', [mem('memref<?x?xf32>', [2, 3], [1, 2, 3, 4, 5, -6]), r]);
    expect(contents(r)).toEqual([4, 10, -18]);
  });

  it('combines with the old values under accumulate', () => {
    const r = mem('memref<?xf32>', [2], [10, -10]);
    run(reduction('add', '?x?xf32', '?xf32', '1', 'accumulate'), 'f', [mem('memref<?x?xf32>', [2, 2], [1, 2, 3, 4]), r]);
    expect(contents(r)).toEqual([13, -3]);
    const m = mem('memref<?xf32>', [2], [10, -10]);
    run(reduction('max', '?x?xf32', '?xf32', '1', 'accumulate'), 'f', [mem('memref<?x?xf32>', [2, 0]), m]);
    expect(contents(m)).toEqual([10, -10]);
  });

  it.each([
    ['add', 'f32', 0],
    ['mul', 'f32', 1],
    ['max', 'f32', -Infinity],
    ['min', 'f32', Infinity],
    ['max', 'f16', -Infinity],
    ['add', 'i32', 0],
    ['mul', 'i32', 1],
    ['max', 'i32', -(2 ** 31)],
    ['min', 'i32', 2 ** 31 - 1],
    ['and', 'i32', -1],
    ['or', 'i32', 0],
    ['xor', 'i32', 0],
    ['max', 'i8', -128],
    ['min', 'i16', 32767],
  ])('an empty extent gives the identity of %s on %s', (kind, elem, identity) => {
    const r = mem(`memref<?x${elem}>`, [2], [5, 5]);
    run(reduction(kind, `?x?x${elem}`, `?x${elem}`, '1'), 'f', [mem(`memref<?x?x${elem}>`, [2, 0]), r]);
    expect(contents(r)).toEqual([identity, identity]);
  });

  it('rounds to the element type at each step (f16), max propagates NaN', () => {
    const r = mem('memref<?xf16>', [1]);
    // 2048 + 1 is not an f16: the running sum stays 2048.
    run(reduction('add', '?x?xf16', '?xf16', '1'), 'f', [mem('memref<?x?xf16>', [1, 3], [2048, 1, 1]), r]);
    expect(contents(r)).toEqual([2048]);
    const m = mem('memref<?xf32>', [1]);
    run(reduction('max', '?x?xf32', '?xf32', '1'), 'f', [mem('memref<?x?xf32>', [1, 3], [1, NaN, 3]), m]);
    expect(contents(m)).toEqual([NaN]);
  });

  it('checks the output shape at run time, at the op', () => {
    const text = reduction('add', '?x?xf32', '?xf32', '1');
    expect(errorOf(() => run(text, 'f', [mem('memref<?x?xf32>', [2, 3]), mem('memref<?xf32>', [3])]))).toBe(
      "3:3: 'tile.reduction' op output has shape [3] at run time, but the input's [2, 3] without dimensions [1] is [2]",
    );
  });
});

describe('tile.map with broadcast inputs', () => {
  it('reads each input at its projection of the index, at rank 3 (a middle vector, a rank-0 scalar)', () => {
    const text = `
func.func @f(%v: memref<?xf32>, %c: memref<f32>, %t: memref<?x?x?xf32>) {
  tile.map indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
      ins(%v, %c : memref<?xf32>, memref<f32>) outs(%t : memref<?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %y : f32
    tile.yield %s : f32
  }
  return
}`;
    const t = mem('memref<?x?x?xf32>', [2, 3, 2]);
    run(text, 'f', [mem('memref<?xf32>', [3], [1, 2, 3]), mem('memref<f32>', [], [10]), t]);
    expect(contents(t)).toEqual([10, 10, 20, 20, 30, 30, 10, 10, 20, 20, 30, 30]);
  });

  const BIAS = `
func.func @f(%x: memref<?x?xf32>, %b: memref<?xf32>, %y: memref<?x?xf32>) {
  tile.map indexing_maps = [${ID}, ${COL}, ${ID}] ins(%x, %b : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?x?xf32>) {
  ^bb0(%p: f32, %q: f32):
    %s = arith.addf %p, %q : f32
    tile.yield %s : f32
  }
  return
}`;

  it('adds a row vector to every row, in place', () => {
    const x = mem('memref<?x?xf32>', [2, 3], [1, 2, 3, 4, 5, 6]);
    run(BIAS, 'f', [x, mem('memref<?xf32>', [3], [10, 20, 30]), x]);
    expect(contents(x)).toEqual([11, 22, 33, 14, 25, 36]);
  });

  it('checks sizes at run time against the outputs, at the op', () => {
    const args = (b: number, y: number[]) => [mem('memref<?x?xf32>', [2, 3]), mem('memref<?xf32>', [b]), mem('memref<?x?xf32>', y)];
    expect(errorOf(() => run(BIAS, 'f', args(2, [2, 3])))).toBe(
      "3:3: 'tile.map' op input #1 has shape [2] at run time: its dimension 0 is 2 but iteration dimension d1 is 3 (the iteration space is output #0's shape [2, 3])",
    );
    expect(errorOf(() => run(BIAS, 'f', args(3, [3, 3])))).toBe(
      "3:3: 'tile.map' op input #0 has shape [2, 3] at run time: its dimension 0 is 2 but iteration dimension d0 is 3 (the iteration space is output #0's shape [3, 3])",
    );
  });
});
