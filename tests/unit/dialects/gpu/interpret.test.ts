import { describe, expect, it } from 'vitest';
import { f32, i32, kDynamic, MemRefType } from '../../../../core/ir/types.js';
import { mulberry32 } from '../../../../testing/random.js';
import { errorOf, fourThreadLaunch, memrefOf, run } from '../../core/interpret/helpers.js';

const WG = '#gpu.address_space<workgroup>';

/**
 * This thread's element of a tile staged in workgroup memory: `%<src>[<at>]` where `%<inBounds>`
 * holds, else 0, stored to `%<tile>[%ty, %tx]`.
 */
const stageElement = (inBounds: string, src: string, at: string, tile: string) => `%v_${tile} = scf.if %${inBounds} -> (f32) {
          %x = memref.load %${src}[${at}] : memref<?x?xf32>
          scf.yield %x : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %v_${tile}, %${tile}[%ty, %tx] : memref<8x8xf32, ${WG}>`;

/** C = A x B with 8x8 tiles staged in workgroup memory, masked at the edges. */
const TILED_MATMUL = `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %M: index, %N: index, %K: index)
        workgroup(%as: memref<8x8xf32, ${WG}>, %bs: memref<8x8xf32, ${WG}>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %r0 = arith.muli %by, %c8 : index
      %row = arith.addi %r0, %ty : index
      %q0 = arith.muli %bx, %c8 : index
      %col = arith.addi %q0, %tx : index
      %rowIn = arith.cmpi slt, %row, %M : index
      %colIn = arith.cmpi slt, %col, %N : index
      %acc = scf.for %k0 = %c0 to %K step %c8 iter_args(%acc0 = %zero) -> (f32) {
        %ka = arith.addi %k0, %tx : index
        %kaIn = arith.cmpi slt, %ka, %K : index
        %inA = arith.andi %rowIn, %kaIn : i1
        ${stageElement('inA', 'a', '%row, %ka', 'as')}
        %kb = arith.addi %k0, %ty : index
        %kbIn = arith.cmpi slt, %kb, %K : index
        %inB = arith.andi %kbIn, %colIn : i1
        ${stageElement('inB', 'b', '%kb, %col', 'bs')}
        gpu.barrier
        %s = scf.for %kk = %c0 to %c8 step %c1 iter_args(%s0 = %acc0) -> (f32) {
          %x = memref.load %as[%ty, %kk] : memref<8x8xf32, ${WG}>
          %y = memref.load %bs[%kk, %tx] : memref<8x8xf32, ${WG}>
          %p = arith.mulf %x, %y : f32
          %s1 = arith.addf %s0, %p : f32
          scf.yield %s1 : f32
        }
        gpu.barrier
        scf.yield %s : f32
      }
      %inC = arith.andi %rowIn, %colIn : i1
      scf.if %inC {
        memref.store %acc, %c[%row, %col] : memref<?x?xf32>
      }
      gpu.return
    }
  }
  func.func @main(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %M: index, %N: index, %K: index) {
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %n7 = arith.addi %N, %c7 : index
    %gx = arith.divui %n7, %c8 : index
    %m7 = arith.addi %M, %c7 : index
    %gy = arith.divui %m7, %c8 : index
    gpu.launch_func @k::@mm blocks in (%gx, %gy, %c1) threads in (%c8, %c8, %c1)
        args(%a : memref<?x?xf32>, %b : memref<?x?xf32>, %c : memref<?x?xf32>, %M : index, %N : index, %K : index)
    return
  }
}`;

function randomMatrix(rows: number, cols: number, seed: number) {
  const r = mulberry32(seed);
  return Float32Array.from({ length: rows * cols }, () => r() * 2 - 1);
}

/** The reference: f32 products and sums in increasing k, as the kernel does. */
function reference(a: Float32Array, b: Float32Array, M: number, N: number, K: number): Float32Array {
  const c = new Float32Array(M * N);
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      let s = 0;
      for (let k = 0; k < K; k++) s = Math.fround(s + Math.fround(a[i * K + k]! * b[k * N + j]!));
      c[i * N + j] = s;
    }
  }
  return c;
}

describe('gpu kernels', () => {
  const dyn = MemRefType.get([kDynamic, kDynamic], f32);
  const matmul = (M: number, N: number, K: number) => {
    const a = randomMatrix(M, K, 1);
    const b = randomMatrix(K, N, 2);
    const mem = (data: Float32Array, rows: number, cols: number) => {
      const m = memrefOf(MemRefType.get([rows, cols], f32), data);
      return Object.assign(Object.create(Object.getPrototypeOf(m)), m, { type: dyn });
    };
    const c = mem(new Float32Array(M * N).fill(NaN), M, N);
    run(TILED_MATMUL, 'main', [mem(a, M, K), mem(b, K, N), c, M, N, K]);
    return { got: Float32Array.from(c.buffer.data), want: reference(a, b, M, N, K) };
  };

  it('runs a tiled matmul with workgroup memory and barriers (sizes not multiples of the tile)', () => {
    for (const [M, N, K] of [
      [37, 29, 45],
      [8, 8, 8],
      [1, 13, 3],
    ] as const) {
      const { got, want } = matmul(M, N, K);
      expect(got, `${M}x${N}x${K}`).toEqual(want);
    }
  });

  // The interpreter's speed is a benchmark's (bench/RESULTS.md, "Interpreter"), not a timed assertion.
  it('runs a 64x64x64 tiled matmul (many workgroups)', () => {
    const { got, want } = matmul(64, 64, 64);
    expect(got).toEqual(want);
  });

  const kernel = (body: string, attributions = '') =>
    fourThreadLaunch(
      'f',
      `      %t = gpu.thread_id x
      %c2 = arith.constant 2 : index
${body}`,
      attributions,
    );
  const out = () => memrefOf(MemRefType.get([4], i32), [0, 0, 0, 0]);

  it('reports a barrier that some threads skip', () => {
    const text = kernel(`      %low = arith.cmpi ult, %t, %c2 : index
      scf.if %low {
        gpu.barrier
      }`);
    expect(errorOf(() => run(text, 'main', [out()]))).toBe(
      '9:9: barrier at test.mlir:9:9 is not reached by every thread of workgroup (0, 0, 0) of @f: thread (0, 0, 0) waits there but thread (2, 0, 0) finished without reaching it',
    );
  });

  it('reports threads waiting at different barriers', () => {
    const text = kernel(`      %low = arith.cmpi ult, %t, %c2 : index
      scf.if %low {
        gpu.barrier
      } else {
        gpu.barrier
      }`);
    expect(errorOf(() => run(text, 'main', [out()]))).toBe(
      '9:9: threads of workgroup (0, 0, 0) of @f wait at different barriers: thread (0, 0, 0) at test.mlir:9:9, thread (2, 0, 0) at test.mlir:11:9',
    );
  });

  it('shuffles values between the lanes of a segment of `width` lanes', () => {
    // thread t contributes 10 + t; segments of 2 lanes: {0, 1}, {2, 3}
    const results: Record<string, number[]> = {};
    for (const [mode, offset] of [
      ['xor', 1],
      ['down', 1],
      ['up', 1],
      ['idx', 1],
    ] as const) {
      const text = kernel(`      %v0 = arith.index_cast %t : index to i32
      %c10 = arith.constant 10 : i32
      %v = arith.addi %v0, %c10 : i32
      %o = arith.constant ${offset} : i32
      %w = arith.constant 2 : i32
      %r, %ok = gpu.shuffle ${mode} %v, %o, %w : i32
      %okv = arith.extui %ok : i1 to i32
      %c100 = arith.constant 100 : i32
      %flag = arith.muli %okv, %c100 : i32
      %s = arith.addi %r, %flag : i32
      memref.store %s, %out[%t] : memref<4xi32>`);
      const o = out();
      run(text, 'main', [o]);
      results[mode] = [...(o.buffer.data as Int32Array)];
    }
    // valid lanes get 100 + the partner's value; invalid ones their own value
    expect(results).toEqual({ xor: [111, 110, 113, 112], down: [111, 11, 113, 13], up: [10, 110, 12, 112], idx: [111, 111, 113, 113] });
  });

  it('gives each workgroup shared allocations and each thread private ones', () => {
    const text = kernel(
      `      %c0 = arith.constant 0 : index
      %v = arith.index_cast %t : index to i32
      memref.store %v, %p[%c0] : memref<1xi32, #gpu.address_space<private>>
      %shared = memref.alloc() : memref<4xi32, ${WG}>
      memref.store %v, %shared[%t] : memref<4xi32, ${WG}>
      memref.store %v, %w[%t] : memref<4xi32, ${WG}>
      gpu.barrier
      %c3 = arith.constant 3 : index
      %r = arith.subi %c3, %t : index
      %x = memref.load %shared[%r] : memref<4xi32, ${WG}>
      %y = memref.load %w[%r] : memref<4xi32, ${WG}>
      %z = memref.load %p[%c0] : memref<1xi32, #gpu.address_space<private>>
      %xy = arith.muli %x, %y : i32
      %s = arith.addi %xy, %z : i32
      memref.store %s, %out[%t] : memref<4xi32>`,
      `workgroup(%w: memref<4xi32, ${WG}>) private(%p: memref<1xi32, #gpu.address_space<private>>)`,
    );
    const o = out();
    run(text, 'main', [o]);
    // thread t reads what thread 3 - t wrote into both shared buffers, and its own private value
    expect([...o.buffer.data]).toEqual([9 + 0, 4 + 1, 1 + 2, 0 + 3]);
  });

  it('rejects thread ids outside kernels', () => {
    expect(errorOf(() => run('func.func @f() -> index {\n  %t = gpu.thread_id x\n  return %t : index\n}', 'f'))).toBe(
      "2:8: 'gpu.thread_id' op is only meaningful inside a kernel launched with gpu.launch_func",
    );
  });
});
