// tile.reduce and tile.broadcast lowered to SIMT code keep their meaning: kernels of several
// shapes, axes, kinds and layouts (threads replicated along the axis, several warps along it,
// combiner regions, reductions in loops) run in the interpreter before and after
// tile-assign-layouts + convert-tile-to-gpu, on random inputs at edge sizes.
import { describe, expect, it } from 'vitest';
import { compile, example, expectClose, expectSameSoftmax, expectSimt, random, runEntry } from '../tile/kernel-meaning.js';

const LOWER = 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse';
const LOWER_SUBGROUPS = 'tile-assign-layouts,convert-tile-to-gpu{subgroups=true subgroup-size=8},canonicalize,cse';
const LOWER_WARPS = 'tile-assign-layouts,convert-tile-to-gpu{subgroups=true subgroup-size=32},canonicalize,cse';

/**
 * A kernel normalizing R x C tiles of X row by row (each row minus its maximum, over C minus the
 * sum of those differences: no cancellation), with every reduction broadcast back to its rows; `loop` repeats the
 * normalization three times in an scf.for. Writes the tiles to Y, the same shape as X.
 */
function rowsBackKernel(R: number, C: number, threads: number, loop: boolean): string {
  const t = `tensor<${R}x${C}xf32>`;
  const r = `tensor<${R}xf32>`;
  const step = (x: string, out: string) => `%m_${out} = tile.reduce max ${x} axis 1 : ${t} -> ${r}
      %mb_${out} = tile.broadcast %m_${out} dims [1] : ${r} -> ${t}
      %d_${out} = arith.subf ${x}, %mb_${out} : ${t}
      %s_${out} = tile.reduce add %d_${out} axis 1 : ${t} -> ${r}
      %sb_${out} = tile.broadcast %s_${out} dims [1] : ${r} -> ${t}
      %sc_${out} = arith.subf %cC, %sb_${out} : ${t}
      %${out} = arith.divf %d_${out}, %sc_${out} : ${t}`;
  const body = loop
    ? `%y = scf.for %i = %c0 to %c3 step %c1 iter_args(%v = %x) -> (${t}) {
      ${step('%v', 'n')}
      scf.yield %n : ${t}
    }`
    : step('%x', 'y');
  return `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %cR = arith.constant ${R} : index
      %cC = arith.constant dense<${C}.0> : ${t}
      %bx = gpu.block_id x
      %r0 = arith.muli %bx, %cR : index
      %x = tile.load %X[%r0, %c0] : memref<?x?xf32> -> ${t}
      ${body}
      tile.store %y, %Y[%r0, %c0] : ${t} -> memref<?x?xf32>
      gpu.return
    }
  }
  func.func @main(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cR = arith.constant ${R} : index
    %t = arith.constant ${threads} : index
    %M = memref.dim %X, %c0 : memref<?x?xf32>
    %g = arith.ceildivui %M, %cR : index
    gpu.launch_func @k::@f blocks in (%g, %c1, %c1) threads in (%t, %c1, %c1) args(%X : memref<?x?xf32>, %Y : memref<?x?xf32>)
    return
  }
}`;
}

/**
 * A kernel reducing R x C tiles of X (one per workgroup, rows r0 = bx * R) along `axis`, writing
 * the reduced tile (or scalar) to Y at the workgroup's position; `body` computes %out from %x.
 */
function reduceKernel(o: { R: number; C: number; threads: number; axis: 0 | 1; body: string; outType: string; encoding?: string; elem?: string }): string {
  const elem = o.elem ?? 'f32';
  const enc = o.encoding ? `, ${o.encoding}` : '';
  const n = o.axis === 1 ? o.R : o.C;
  const store = o.outType === elem ? `memref.store %out, %Y[%bx] : memref<?x${elem}>` : `%o = arith.muli %bx, %cn : index\n      tile.store %out, %Y[%o] : ${o.outType} -> memref<?x${elem}>`;
  return `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%X: memref<?x?x${elem}>, %Y: memref<?x${elem}>) kernel {
      %c0 = arith.constant 0 : index
      %cR = arith.constant ${o.R} : index
      %cn = arith.constant ${n} : index
      %bx = gpu.block_id x
      %r0 = arith.muli %bx, %cR : index
      %x = tile.load %X[%r0, %c0] : memref<?x?x${elem}> -> tensor<${o.R}x${o.C}x${elem}${enc}>
      ${o.body}
      ${store}
      gpu.return
    }
  }
  func.func @main(%X: memref<?x?x${elem}>, %Y: memref<?x${elem}>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cR = arith.constant ${o.R} : index
    %t = arith.constant ${o.threads} : index
    %M = memref.dim %X, %c0 : memref<?x?x${elem}>
    %g = arith.ceildivui %M, %cR : index
    gpu.launch_func @k::@f blocks in (%g, %c1, %c1) threads in (%t, %c1, %c1) args(%X : memref<?x?x${elem}>, %Y : memref<?x${elem}>)
    return
  }
}`;
}

/** Runs @main on X = M x N random values before and after lowering; the outputs must agree within `tol`. */
function expectSameReduce(text: string, M: number, N: number, yLength: number, tol: number, what: string, pipelines = [LOWER, LOWER_SUBGROUPS], scale = 1): void {
  const reference = compile(text, 'canonicalize');
  for (const pipeline of pipelines) {
    const lowered = compile(text, pipeline);
    expectSimt(lowered);
    const x = random(M * N, M * 31 + N).map((v) => (scale === 1 ? v : Math.round(v * scale)));
    const io = () => [x, new Float32Array(yLength).fill(-7)];
    const want = runEntry(reference, 'main', [[M, N], [yLength]], io())[1]!;
    expect(
      want.some((v) => v !== -7),
      `${what}: the reference writes Y`,
    ).toBe(true);
    expectClose(runEntry(lowered, 'main', [[M, N], [yLength]], io())[1]!, want, tol, `${what} (${pipeline})`);
  }
}

describe('tile.reduce and tile.broadcast lowered to SIMT code', () => {
  it('row sums, several warps along the axis, and sizes at the edges', () => {
    for (const [R, C, threads] of [
      [8, 16, 32],
      [2, 256, 128],
      [4, 64, 64],
      [16, 8, 32],
    ] as const) {
      const text = reduceKernel({ R, C, threads, axis: 1, outType: `tensor<${R}xf32>`, body: `%out = tile.reduce add %x axis 1 : tensor<${R}x${C}xf32> -> tensor<${R}xf32>` });
      for (const [M, N] of [
        [R * 3, C],
        [R + 1, C - 1],
        [1, 1],
      ] as const)
        expectSameReduce(text, M, N, Math.ceil(M / R) * R, 1e-5, `${R}x${C} rows, ${threads} threads, ${M}x${N}`);
    }
  });

  it('column maxima and minima (axis 0), a product, integer xor', () => {
    for (const kind of ['max', 'min', 'mul']) {
      const text = reduceKernel({ R: 16, C: 8, threads: 32, axis: 0, outType: 'tensor<8xf32>', body: `%out = tile.reduce ${kind} %x axis 0 : tensor<16x8xf32> -> tensor<8xf32>` });
      expectSameReduce(text, 16, 8, 8, 1e-5, `${kind} over columns`);
    }
    const xor = reduceKernel({ R: 4, C: 32, threads: 64, axis: 1, elem: 'i32', outType: 'tensor<4xi32>', body: '%out = tile.reduce xor %x axis 1 : tensor<4x32xi32> -> tensor<4xi32>' });
    expectSameReduce(xor, 7, 32, 8, 0, 'xor of i32 rows', undefined, 1000);
  });

  it('a rank-1 tile reduced to a scalar by a combiner region', () => {
    const body = `%v = tile.reduce %x axis 1 : tensor<1x64xf32> -> tensor<1xf32> {
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        %m = arith.maximumf %s, %a : f32
        %r = arith.subf %m, %a : f32
        %z = arith.addf %a, %b : f32
        tile.yield %z : f32
      }
      %out = tile.reduce max %v axis 0 : tensor<1xf32> -> f32`;
    const text = reduceKernel({ R: 1, C: 64, threads: 32, axis: 1, outType: 'f32', body });
    expectSameReduce(text, 5, 60, 5, 1e-5, 'combiner region then scalar');
  });

  it('threads that hold copies of the elements along the axis (a layout wider than the tile)', () => {
    const encoding = '#tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerGroup = [2, 1], order = [1, 0]>';
    const text = reduceKernel({
      R: 4,
      C: 16,
      threads: 64,
      axis: 1,
      encoding,
      outType: 'tensor<4xf32>',
      body: `%out = tile.reduce add %x axis 1 : tensor<4x16xf32, ${encoding}> -> tensor<4xf32>`,
    });
    expectSameReduce(text, 9, 16, 12, 1e-5, 'replicated along the axis');
  });

  it('a reduction carried by a loop, broadcasts and the softmax example', () => {
    const body = `%c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %z = arith.constant dense<0.0> : tensor<8xf32>
      %out = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (tensor<8xf32>) {
        %s = tile.reduce add %x axis 1 : tensor<8x16xf32> -> tensor<8xf32>
        %b = tile.broadcast %s dims [1] : tensor<8xf32> -> tensor<8x16xf32>
        %p = arith.mulf %x, %b : tensor<8x16xf32>
        %q = tile.reduce max %p axis 1 : tensor<8x16xf32> -> tensor<8xf32>
        %n = arith.addf %acc, %q : tensor<8xf32>
        scf.yield %n : tensor<8xf32>
      }`;
    expectSameReduce(reduceKernel({ R: 8, C: 16, threads: 32, axis: 1, outType: 'tensor<8xf32>', body }), 17, 15, 24, 1e-5, 'loop');
    const softmax = example('softmax-tiled.mlir');
    const reference = compile(softmax, 'canonicalize');
    for (const pipeline of [LOWER, LOWER_SUBGROUPS]) {
      const lowered = compile(softmax, pipeline);
      expectSameSoftmax(
        reference,
        lowered,
        [
          [37, 50],
          [1, 1],
          [4, 64],
          [5, 63],
        ],
        1e-6,
        `softmax (${pipeline})`,
        (M, N) => M + N,
      );
    }
  });

  it('reductions broadcast back to their rows: partials of one warp, of several, in a loop', () => {
    // 4x64 on 4 warps: a warp a row (with 32-lane subgroups, shuffles alone); 2x256 on 4 warps:
    // two warps a row; 8x16 on one warp: eight rows a warp; 16x16 on one warp and 8x64 on two:
    // two rows a thread; 1x64 on one warp.
    for (const [R, C, threads] of [
      [4, 64, 128],
      [2, 256, 128],
      [8, 16, 32],
      [16, 16, 32],
      [8, 64, 64],
      [1, 64, 32],
    ] as const) {
      for (const loop of [false, true]) {
        const text = rowsBackKernel(R, C, threads, loop);
        const reference = compile(text, 'canonicalize');
        const M = 2 * R + 1;
        const x = random(M * C, R * 7 + C);
        const want = runEntry(
          reference,
          'main',
          [
            [M, C],
            [M, C],
          ],
          [x, new Float32Array(M * C)],
        )[1]!;
        for (const pipeline of [LOWER, LOWER_SUBGROUPS, LOWER_WARPS]) {
          const lowered = compile(text, pipeline);
          expectSimt(lowered);
          expectClose(
            runEntry(
              lowered,
              'main',
              [
                [M, C],
                [M, C],
              ],
              [x, new Float32Array(M * C)],
            )[1]!,
            want,
            1e-5,
            `${R}x${C}, ${threads} threads${loop ? ', loop' : ''} (${pipeline})`,
          );
        }
      }
    }
  });
});
