/**
 * Whole-problem tile programs compiled by @tile-wgsl (tiling, pipelining, layouts, register-staged
 * copies, unrolled register tiles) and run with their kernels on WebGPU, against the interpreter
 * running the same compiled program and the whole-problem program. Small tiles and sizes:
 * llvmpipe compiles large unrolled shaders slowly. Edge sizes (1, tile +- 1, K below one step).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemRefType, f16, f32, i32, type Type } from '../../core/ir/types.js';
import { roundF16 } from '../../core/interpret/float16.js';
import { Interpreter } from '../../core/interpret/engine.js';
import { Buffer, MemRef } from '../../core/interpret/values.js';
import { createSemantics } from '../../dialects/semantics.js';
import { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import { compile, example, expectMatmulClose } from '../unit/passes/tile/kernel-meaning.js';
import { runsSlow } from '../../testing/slow.js';
import { closeAll, openTestRuntimes } from './gpu-env.js';
import { f32MemRef, randomF32, runLast } from './programs.js';

const runtimes = await openTestRuntimes();
afterAll(() => closeAll(runtimes));
const slowAdd = runsSlow('add @tile-wgsl at 1000x2000 and 4000x120');
/** The launcher of the suite that runs (one suite per provider, one after the other). */
let launcher: WebGpuLauncher | undefined;

const memref = f32MemRef;

/** Runs `entry` on copies of the inputs (f32 unless an element type is given; kernels on WebGPU with `onGpu`); returns the last argument's contents. */
function run(module: ReturnType<typeof compile>, entry: string, inputs: readonly ([Float32Array, number[]] | [Float32Array, number[], Type])[], onGpu: boolean): Promise<Float32Array> {
  return runLast(
    module,
    entry,
    inputs.map(([data, shape, elem]) => f32MemRef(data, shape, elem)),
    onGpu ? launcher : undefined,
  );
}

/**
 * Each program compiled once and each interpreter run made once, for the suites of both
 * providers: only the device runs differ between them (this halves the file's time).
 */
const compiled = new Map<string, ReturnType<typeof compile>>();
function compileOnce(file: string, pipeline: string): ReturnType<typeof compile> {
  const key = `${file}\0${pipeline}`;
  if (!compiled.has(key)) compiled.set(key, compile(example(file), pipeline));
  return compiled.get(key)!;
}
const interpreted = new Map<string, Promise<Float32Array>>();
/** `run(module, entry, inputs, false)`, once per `key` (which must name the module and the inputs). */
function interpretOnce(key: string, module: ReturnType<typeof compile>, entry: string, inputs: Parameters<typeof run>[2]): Promise<Float32Array> {
  if (!interpreted.has(key)) interpreted.set(key, run(module, entry, inputs, false));
  return interpreted.get(key)!;
}

/**
 * examples/FILE's f32 matmul `entry` compiled by @tile-wgsl{o}, run with its kernels on WebGPU at
 * each [M, N, K] (A given K x M with `transposeA`), against the interpreter running the same
 * compiled program and against the whole-problem program.
 */
async function expectCompiledMatmul(file: string, entry: string, o: string, sizes: readonly (readonly [number, number, number])[], transposeA: boolean): Promise<void> {
  const module = compileOnce(file, `@tile-wgsl{${o}}`);
  const reference = compileOnce(file, 'canonicalize');
  for (const [M, N, K] of sizes) {
    const [a, b] = [randomF32(K * M, M + K), randomF32(K * N, N)];
    const inputs: [Float32Array, number[]][] = [
      [a, transposeA ? [K, M] : [M, K]],
      [b, [K, N]],
      [new Float32Array(M * N), [M, N]],
    ];
    const gpu = await run(module, entry, inputs, true);
    const at = `${o} at ${M}x${N}x${K}`;
    expectMatmulClose(gpu, await interpretOnce(`${file} ${entry} ${o} ${at}`, module, entry, inputs), a, b, [M, N, K], 1e-5, `${at}: WebGPU vs interpreter`, { transposeA });
    expectMatmulClose(gpu, await interpretOnce(`${file} ${entry} whole problem ${M}x${N}x${K}`, reference, entry, inputs), a, b, [M, N, K], 1e-5, `${at}: WebGPU vs whole problem`, {
      transposeA,
    });
  }
}

for (const { runtime, on } of runtimes)
  describe.skipIf(!runtime)(`@tile-wgsl kernels ${on}`, () => {
    beforeAll(() => {
      launcher = new WebGpuLauncher(runtime!, { timeoutMs: 60_000 });
    });
    const options = [
      'tile-sizes=16,16,8 num-warps=1 num-stages=1',
      'tile-sizes=16,16,8 num-warps=1 num-stages=3',
      'tile-sizes=8,16,4 num-warps=1 num-stages=2 peel-epilogue=false',
      // No prologue: the K loop starts two steps early, the iter_args holding a phantom step's group.
      'tile-sizes=16,16,8 num-warps=1 num-stages=3 peel-prologue=false',
      'tile-sizes=16,16,8 num-warps=1 num-stages=3 synchronous-copies=true',
      'tile-sizes=16,16,8 num-warps=1 num-stages=4',
      // The packing kernel (Aᵀ into a buffer the host allocates), then the matmul reading it.
      'tile-sizes=16,16,8 num-warps=1 num-stages=2 pack-lhs=true',
    ];
    for (const o of options) {
      // 32x48x40: rows of 16-byte multiples, so interior copies take the aligned vec4 path.
      it(
        `matmul f32 @tile-wgsl{${o}}`,
        () =>
          expectCompiledMatmul(
            'matmul.mlir',
            'matmul_f32',
            o,
            [
              [37, 29, 45],
              [1, 1, 1],
              [17, 15, 7],
              [32, 48, 40],
            ],
            false,
          ),
        180_000,
      );
    }
    // A given K x M (C = Aᵀ·B): the dot reads A's workgroup tile through the transpose, with swapped
    // coordinates. 32x16 tiles on one warp: a thread's 4 rows of A at one k are one vec4 of A's
    // workgroup array.
    for (const o of ['tile-sizes=16,16,8 num-warps=1 num-stages=2', 'tile-sizes=32,16,8 num-warps=1 num-stages=1']) {
      it(
        `matmul f32, A transposed @tile-wgsl{${o}}`,
        () =>
          expectCompiledMatmul(
            'matmul-transposed-a.mlir',
            'matmul_f32_transposed_a',
            o,
            [
              [37, 29, 45],
              [1, 1, 1],
              [33, 15, 7],
              [32, 48, 16],
            ],
            true,
          ),
        180_000,
      );
    }

    // One row with the defaults: the automatic configuration's vector-matrix kernel (B streamed
    // through registers over two stages, A's slice broadcast, a reduction along K).
    it(
      'matmul f32 of one row @tile-wgsl with its defaults (vector-matrix products)',
      () =>
        expectCompiledMatmul(
          'matmul.mlir',
          'matmul_f32',
          'max-workgroup-memory=16384',
          [
            [1, 70, 600],
            [1, 33, 257],
            [1, 1, 1],
          ],
          false,
        ),
      180_000,
    );

    // f16 operands, f32 accumulation: where the adapter offers shader-f16 (wgpu on llvmpipe does,
    // Dawn on SwiftShader and on the H100 does not; then the case is skipped with a notice).
    it('matmul f16 @tile-wgsl{tile-sizes=16,16,8 num-warps=1 num-stages=2}', async (ctx) => {
      if (!runtime!.hasFeature('shader-f16')) {
        console.warn(`skipped: f16 matmul, ${on} offers no shader-f16`);
        return ctx.skip();
      }
      const o = 'tile-sizes=16,16,8 num-warps=1 num-stages=2';
      const module = compileOnce('matmul.mlir', `@tile-wgsl{${o}}`);
      for (const [M, N, K] of [
        [37, 29, 45],
        [16, 16, 8],
        [1, 1, 1],
      ] as const) {
        const [a, b] = [randomF32(M * K, M + K).map(roundF16), randomF32(K * N, N).map(roundF16)];
        const inputs: [Float32Array, number[], Type][] = [
          [a, [M, K], f16],
          [b, [K, N], f16],
          [new Float32Array(M * N), [M, N], f32],
        ];
        const gpu = await run(module, 'matmul_f16', inputs, true);
        expectMatmulClose(gpu, await run(module, 'matmul_f16', inputs, false), a, b, [M, N, K], 1e-5, `f16 ${o} at ${M}x${N}x${K}: WebGPU vs interpreter`);
      }
    }, 180_000);

    // The last two: 4 elements per thread, so tiles whose rows start on 16 bytes load and store
    // vec4s of the storage buffers (5x300, 4x256), the others element by element (3x130: rows of
    // 130 floats are not 16-byte multiples); storage buffers are then arrays of vec4.
    const addOptions = [
      'num-stages=1',
      'num-stages=3',
      'tile-sizes=2,8 num-warps=1 num-stages=2 peel-epilogue=false',
      'tile-sizes=2,64 num-warps=1 num-stages=1 async-copy-loads=dot-operands',
      'tile-sizes=2,64 num-warps=1 num-stages=2',
    ];
    for (const o of addOptions) {
      it(`add @tile-wgsl{${o}} is exact`, async () => {
        const module = compileOnce('add.mlir', `@tile-wgsl{${o}}`);
        const reference = compileOnce('add.mlir', 'canonicalize');
        for (const [M, N] of [
          [130, 77],
          [1, 1],
          [5, 300],
          [3, 130],
          [4, 256],
        ] as const) {
          const inputs: [Float32Array, number[]][] = [
            [randomF32(M * N, M), [M, N]],
            [randomF32(M * N, N), [M, N]],
            [new Float32Array(M * N), [M, N]],
          ];
          expect([...(await run(module, 'add', inputs, true))], `${o} at ${M}x${N}`).toEqual([...(await interpretOnce(`add whole problem ${M}x${N}`, reference, 'add', inputs))]);
        }
      }, 180_000);
    }

    // The add at the sizes of the Gluon table: checked against X + Y in JS (the interpreter would
    // take long on 2M elements). 17 s on SwiftShader: in the slow suite (CI); the quick suite's
    // adds above cover the same edges at small sizes.
    it.skipIf(!slowAdd)(
      'add @tile-wgsl at 1000x2000 and 4000x120 is exact',
      async () => {
        for (const o of ['tile-sizes=1,1024 num-warps=8 num-stages=1 async-copy-loads=dot-operands', 'num-stages=2']) {
          const module = compileOnce('add.mlir', `@tile-wgsl{${o}}`);
          for (const [M, N] of [
            [1000, 2000],
            [4000, 120],
          ] as const) {
            const [x, y] = [randomF32(M * N, M), randomF32(M * N, N)];
            const z = await run(
              module,
              'add',
              [
                [x, [M, N]],
                [y, [M, N]],
                [new Float32Array(M * N), [M, N]],
              ],
              true,
            );
            const bad = z.findIndex((v, i) => v !== Math.fround(x[i]! + y[i]!));
            expect(bad, `${o} at ${M}x${N}: first wrong element`).toBe(-1);
          }
        }
      },
      180_000,
    );

    // The hand-written tiled and asynchronous examples, lowered without the tiling passes.
    it('hand-written tiled and asynchronous examples lowered by the conversions', async () => {
      const conversions = 'tile-assign-layouts,convert-async-to-gpu,convert-tile-to-gpu,canonicalize,cse';
      const matmulReference = compileOnce('matmul.mlir', 'canonicalize');
      // matmul-async-3stage.mlir has only the f16 entry: run where the adapter has shader-f16.
      const hasF16 = runtime!.hasFeature('shader-f16');
      if (!hasF16) console.warn(`skipped: matmul-async-3stage.mlir (f16), ${on} offers no shader-f16`);
      const cases: [string, string, Type][] = [['matmul-tiled.mlir', 'matmul_f32', f32], ...(hasF16 ? [['matmul-async-3stage.mlir', 'matmul_f16', f16] as [string, string, Type]] : [])];
      for (const [file, entry, elem] of cases) {
        const module = compileOnce(file, conversions);
        const [M, N, K] = [37, 29, 45];
        const round = (x: Float32Array) => (elem === f16 ? x.map(roundF16) : x);
        const [a, b] = [round(randomF32(M * K, 5)), round(randomF32(K * N, 6))];
        const inputs: [Float32Array, number[], Type][] = [
          [a, [M, K], elem],
          [b, [K, N], elem],
          [new Float32Array(M * N), [M, N], f32],
        ];
        expectMatmulClose(
          await run(module, entry, inputs, true),
          await interpretOnce(`${file} whole problem`, matmulReference, entry, inputs),
          a,
          b,
          [M, N, K],
          1e-5,
          `${file}: WebGPU vs whole problem`,
        );
      }
      const addReference = compileOnce('add.mlir', 'canonicalize');
      for (const file of ['add-tiled.mlir', 'add-async-2buf.mlir', 'add-async-3buf.mlir']) {
        const module = compileOnce(file, conversions);
        const inputs: [Float32Array, number[]][] = [
          [randomF32(9 * 130, 1), [9, 130]],
          [randomF32(9 * 130, 2), [9, 130]],
          [new Float32Array(9 * 130), [9, 130]],
        ];
        expect([...(await run(module, 'add', inputs, true))], file).toEqual([...(await interpretOnce('add whole problem 9x130', addReference, 'add', inputs))]);
      }
    }, 180_000);

    it('matmul and add over slices (views with dynamic offsets and strides rebuilt in the kernels)', async () => {
      // (tile-sizes would apply to both the matmul and the map: the per-op defaults here.)
      for (const o of ['num-warps=1 num-stages=2 pack-lhs=true']) {
        const module = compileOnce('slices.mlir', `@tile-wgsl{${o}}`);
        const reference = compileOnce('slices.mlir', 'canonicalize');
        for (const [M, N, K] of [
          [33, 45, 28],
          [1, 1, 1],
        ] as const) {
          const inputs: [Float32Array, number[]][] = [
            [randomF32((M + 1) * (K + 2), M), [M + 1, K + 2]],
            [randomF32(K * (N + 3), N), [K, N + 3]],
            [new Float32Array(M * N), [M, N]],
          ];
          const [gpu, want] = [await run(module, 'matmul_slice', inputs, true), await interpretOnce(`matmul_slice whole problem ${M}x${N}x${K}`, reference, 'matmul_slice', inputs)];
          gpu.forEach((g, i) => expect(Math.abs(g - want[i]!), `matmul_slice ${o} [${i}] at ${M}x${N}x${K}`).toBeLessThanOrEqual(1e-4));
        }
        const [M, N] = [9, 70];
        const add: [Float32Array, number[]][] = [
          [randomF32(M * N, 1), [M, N]],
          [randomF32(M * 2 * N, 2), [M, 2 * N]],
          [new Float32Array((M + 1) * (N + 2)), [M + 1, N + 2]],
        ];
        expect([...(await run(module, 'add_slice', add, true))], `add_slice ${o}`).toEqual([...(await interpretOnce('add_slice whole problem', reference, 'add_slice', add))]);
      }
    }, 180_000);

    it('tile.cast f32 -> i32 in a tile-level kernel runs on the device as the interpreter computes it', async () => {
      const text = `module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%X: memref<?x?xf32>, %Y: memref<?x?xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %bx = gpu.block_id x
      %r0 = arith.muli %bx, %c4 : index
      %x = tile.load %X[%r0, %c0] : memref<?x?xf32> -> tensor<4x32xf32>
      %y = tile.cast %x : tensor<4x32xf32> to tensor<4x32xi32>
      tile.store %y, %Y[%r0, %c0] : tensor<4x32xi32> -> memref<?x?xi32>
      gpu.return
    }
  }
  func.func @to_int(%X: memref<?x?xf32>, %Y: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %M = memref.dim %X, %c0 : memref<?x?xf32>
    %g = arith.ceildivui %M, %c4 : index
    gpu.launch_func @k::@f blocks in (%g, %c1, %c1) threads in (%c32, %c1, %c1) args(%X : memref<?x?xf32>, %Y : memref<?x?xi32>)
    return
  }
}`;
      const module = compile(text, 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse');
      const x = randomF32(9 * 32, 3).map((v) => v * 1000);
      const args = () => [memref(x, [9, 32]), MemRef.contiguous(MemRefType.get([-1, -1], i32), Buffer.allocate(i32, 9 * 32, undefined, 'Y'), [9, 32])];
      const [onGpu, reference] = [args(), args()];
      await new Interpreter(module, { semantics: createSemantics(), kernelLauncher: launcher!.launch }).runAsync('to_int', onGpu);
      await new Interpreter(compile(text, 'canonicalize'), { semantics: createSemantics() }).runAsync('to_int', reference);
      expect(
        [...(reference[1]!.buffer.data as Int32Array)].some((v) => v !== 0),
        'the reference converts',
      ).toBe(true);
      expect([...(onGpu[1]!.buffer.data as Int32Array)]).toEqual([...(reference[1]!.buffer.data as Int32Array)]);
    }, 180_000);

    it('rgb2gray @tile-wgsl{tile-sizes=1,4,16 num-warps=1} (channel views rebuilt in the kernel)', async () => {
      const module = compileOnce('rgb2gray.mlir', '@tile-wgsl{tile-sizes=1,4,16 num-warps=1}');
      const reference = compileOnce('rgb2gray.mlir', 'canonicalize');
      for (const [N, H, W] of [
        [2, 13, 70],
        [1, 1, 1],
      ] as const) {
        const inputs: [Float32Array, number[]][] = [
          [randomF32(N * 3 * H * W, H), [N, 3, H, W]],
          [new Float32Array(N * H * W), [N, H, W]],
        ];
        const gpu = await run(module, 'rgb2gray', inputs, true);
        const want = await interpretOnce(`rgb2gray whole problem ${N}x${H}x${W}`, reference, 'rgb2gray', inputs);
        gpu.forEach((g, i) => expect(Math.abs(g - want[i]!), `[${i}] at ${N}x${H}x${W}`).toBeLessThanOrEqual(1e-6));
      }
    }, 180_000);
  });
