import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it, type TestContext } from 'vitest';
import { floatToBits } from '../../../../core/ir/float-format.js';
import type { KernelManifest } from '../../../../targets/wgsl/index.js';
import { runOnGpu, type GpuJob, type GpuRunResult } from './gpu-run.js';
import { emit, itCompilesWithNaga } from './harness.js';

// Runs the emitted workloads on a WebGPU device (wgpu through Deno; llvmpipe on CI) against
// plain JS references. This also checks that the manifest's uniform offsets match WGSL's layout.

const INPUTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../filecheck/targets/wgsl/Inputs');
const kernelOf = (file: string) => emit(readFileSync(path.join(INPUTS, file), 'utf8'), file).kernels[0]!;

/** The uniform bytes for `values` (argIndex -> scalar) and `dims` (argIndex -> shape), packed at the manifest's offsets. */
function packUniforms(m: KernelManifest, values: Record<number, number>, dims: Record<number, readonly number[]> = {}): GpuJob['uniform'] {
  const u = m.uniforms!;
  const view = new DataView(new ArrayBuffer(u.size));
  for (const f of u.fields) {
    const v = f.source.dim === undefined ? values[f.source.argIndex]! : dims[f.source.argIndex]![f.source.dim]!;
    if (f.type === 'f32') view.setFloat32(f.offset, v, true);
    else if (f.type === 'f16') view.setUint16(f.offset, Number(floatToBits(v, 'f16')), true);
    else if (f.type === 'u32') view.setUint32(f.offset, v, true);
    else view.setInt32(f.offset, v, true);
  }
  return { binding: u.binding, bytes: [...new Uint8Array(view.buffer)] };
}

const rand = (n: number, seed: number) => Array.from({ length: n }, (_, i) => Math.fround(Math.sin(i * 12.9898 + seed) * 4));

const add = kernelOf('elementwise-add.mlir');
const gray = kernelOf('rgb2gray.mlir');
const matmul = kernelOf('matmul-tiled.mlir');
const semantics = emit(
  `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%h: f16, %a: i32, %x: f32, %b: i1, %oi: memref<8xi32>, %of: memref<4xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %two = arith.constant 2 : i32
      %fd = arith.floordivsi %a, %two : i32
      %cd = arith.ceildivsi %a, %two : i32
      %rm = arith.remsi %a, %two : i32
      %du = arith.divui %a, %two : i32
      %nan = arith.constant 0x7FC00000 : f32
      %one = arith.constant 1.0 : f32
      %mx = arith.maximumf %nan, %one : f32
      %isnan = arith.cmpf uno, %mx, %mx : f32
      %nanI = arith.extui %isnan : i1 to i32
      %ueq = arith.cmpf ueq, %nan, %one : f32
      %ueqI = arith.extui %ueq : i1 to i32
      %bi = arith.extui %b : i1 to i32
      memref.store %fd, %oi[%c0] : memref<8xi32>
      memref.store %cd, %oi[%c1] : memref<8xi32>
      memref.store %rm, %oi[%c2] : memref<8xi32>
      memref.store %du, %oi[%c3] : memref<8xi32>
      memref.store %nanI, %oi[%c4] : memref<8xi32>
      memref.store %ueqI, %oi[%c5] : memref<8xi32>
      memref.store %bi, %oi[%c6] : memref<8xi32>
      %hx = arith.extf %h : f16 to f32
      %s = arith.addf %hx, %x : f32
      %mn = arith.minnumf %nan, %x : f32
      %r = math.round %x : f32
      memref.store %s, %of[%c0] : memref<4xf32>
      memref.store %mn, %of[%c1] : memref<4xf32>
      memref.store %r, %of[%c2] : memref<4xf32>
      gpu.return
    }
  }
}
`,
  'semantics.mlir',
).kernels[0]!;

// maximumf / minimumf on the special values, read from memory (nothing folds them).
const minMax = emit(
  `module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<10xf32>, %b: memref<10xf32>, %o: memref<20xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c10 = arith.constant 10 : index
      scf.for %i = %c0 to %c10 step %c1 {
        %x = memref.load %a[%i] : memref<10xf32>
        %y = memref.load %b[%i] : memref<10xf32>
        %mx = arith.maximumf %x, %y : f32
        %mn = arith.minimumf %x, %y : f32
        %j = arith.addi %i, %c10 : index
        memref.store %mx, %o[%i] : memref<20xf32>
        memref.store %mn, %o[%j] : memref<20xf32>
      }
      gpu.return
    }
  }
}
`,
  'min-max.mlir',
).kernels[0]!;
// Pairs as f32 bit patterns (JSON carries no NaN or infinity): NaN with a number and with an
// infinity, equal and opposite infinities, numbers.
const bitsOf = (v: number) => Number(floatToBits(v, 'f32'));
const specialPairs: [number, number][] = [
  [Number.NaN, 1],
  [1, Number.NaN],
  [Number.NaN, Number.POSITIVE_INFINITY],
  [Number.NEGATIVE_INFINITY, Number.NaN],
  [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
  [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY],
  [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
  [Number.NEGATIVE_INFINITY, 2],
  [2, 3],
  [-5, -4.5],
];

const [M, K, N] = [37, 23, 29];
const A = rand(M * K, 1);
const B = rand(K * N, 2);
const [NI, H, W] = [2, 5, 7];
const img = rand(NI * 3 * H * W, 3);
const a = rand(1024, 4);
const b = rand(1024, 5);

/** All kernels in one Deno run (its start-up dominates), shared by the tests below. */
let gpuResult: GpuRunResult | undefined;
function runAll(): GpuRunResult {
  return (gpuResult ??= runOnGpu(jobs()));
}

/** The run's outputs, or a skip (with a notice) where no GPU is there and none is required. */
function outputsOr(ctx: TestContext): readonly (readonly number[][] | null)[] | undefined {
  const result = runAll();
  if (result.available) return result.outputs;
  if (process.env.TILE_REQUIRE_GPU === '1') throw new Error(`GPU execution required (TILE_REQUIRE_GPU=1) but unavailable: ${result.reason}`);
  console.warn(`NOTICE: skipping WGSL execution tests: ${result.reason}`);
  ctx.skip();
  return undefined;
}

function jobs(): GpuJob[] {
  return [
    {
      code: add.wgsl,
      entryPoint: add.manifest.entryPoint,
      buffers: [
        { binding: 0, type: 'f32', data: a },
        { binding: 1, type: 'f32', data: b },
        { binding: 2, type: 'f32', data: new Array(1024).fill(-1) },
      ],
      uniform: packUniforms(add.manifest, { 3: 1000 }, { 0: [1024], 1: [1024], 2: [1024] }),
      groups: [4, 1, 1],
    },
    {
      code: matmul.wgsl,
      entryPoint: matmul.manifest.entryPoint,
      buffers: [
        { binding: 0, type: 'f32', data: A },
        { binding: 1, type: 'f32', data: B },
        { binding: 2, type: 'f32', data: new Array(M * N).fill(0) },
      ],
      uniform: packUniforms(matmul.manifest, {}, { 0: [M, K], 1: [K, N], 2: [M, N] }),
      groups: [Math.ceil(N / 16), Math.ceil(M / 16), 1],
    },
    {
      code: gray.wgsl,
      entryPoint: gray.manifest.entryPoint,
      buffers: [
        { binding: 0, type: 'f32', data: img },
        { binding: 1, type: 'f32', data: new Array(NI * H * W).fill(0) },
      ],
      uniform: packUniforms(gray.manifest, {}, { 0: [NI, 3, H, W], 1: [NI, H, W] }),
      groups: [1, 1, 1],
    },
    {
      code: semantics.wgsl,
      entryPoint: semantics.manifest.entryPoint,
      buffers: [
        { binding: 0, type: 'i32', data: new Array(8).fill(0) },
        { binding: 1, type: 'f32', data: new Array(4).fill(0) },
      ],
      uniform: packUniforms(semantics.manifest, { 0: 0.5, 1: -7, 2: -2.5, 3: 1 }),
      groups: [1, 1, 1],
      needsF16: true,
    },
    {
      code: minMax.wgsl,
      entryPoint: minMax.manifest.entryPoint,
      buffers: [
        { binding: 0, type: 'u32', data: specialPairs.map(([x]) => bitsOf(x)) },
        { binding: 1, type: 'u32', data: specialPairs.map(([, y]) => bitsOf(y)) },
        { binding: 2, type: 'u32', data: new Array(20).fill(0) },
      ],
      groups: [1, 1, 1],
    },
  ];
}

it('runs the emitted kernels on WebGPU with the results of plain JS references', (ctx) => {
  const outputs = outputsOr(ctx);
  if (!outputs) return;
  const [addOut, mmOut, grayOut] = outputs;

  const c = addOut![2]!;
  for (let i = 0; i < 1024; i++) expect(c[i]).toBe(i < 1000 ? Math.fround(a[i]! + b[i]!) : -1);

  const C = mmOut![2]!;
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      let s = 0;
      for (let k = 0; k < K; k++) s += A[i * K + k]! * B[k * N + j]!;
      expect(Math.abs(C[i * N + j]! - s)).toBeLessThan(1e-3);
    }
  }

  const g = grayOut![1]!;
  for (let n = 0; n < NI; n++) {
    for (let p = 0; p < H * W; p++) {
      const at = (ch: number) => img[(n * 3 + ch) * H * W + p]!;
      expect(Math.abs(g[n * H * W + p]! - (0.299 * at(0) + 0.587 * at(1) + 0.114 * at(2)))).toBeLessThan(1e-5);
    }
  }
});

it('runs integer, NaN, rounding and f16-uniform semantics on WebGPU as the interpreter defines them', (ctx) => {
  const outputs = outputsOr(ctx);
  if (!outputs) return;
  const semOut = outputs[3];
  if (semOut === null) {
    const result = runAll();
    console.warn(`[gpu test skipped] f16 kernel: no shader-f16 on ${result.available ? result.adapter : 'this adapter'}`);
    ctx.skip();
    return;
  }
  // floordivsi(-7, 2) = -4, ceildivsi = -3, remsi = -1, divui(0xfffffff9, 2) = 0x7ffffffc;
  // maximumf(NaN, 1) is NaN; ueq(NaN, 1) is true; the i1 argument arrives as true.
  expect(semOut![0]!.slice(0, 7)).toEqual([-4, -3, -1, 0x7ffffffc, 1, 1, 1]);
  // f16 0.5 + f32 -2.5 (mixed uniform offsets); minnumf(NaN, x) = x; round(-2.5) = -3 (away from zero).
  expect(semOut![1]!.slice(0, 3)).toEqual([-2, -2.5, -3]);
});

it('propagates NaN through maximumf and minimumf on WebGPU, and keeps infinities', (ctx) => {
  const outputs = outputsOr(ctx);
  if (!outputs) return;
  const out = outputs[4]![2]!;
  const canonical = (v: number) => (Number.isNaN(v) ? 'NaN' : bitsOf(v));
  const asFloat = (bits: number) => new Float32Array(new Uint32Array([bits]).buffer)[0]!;
  const got = out.map((bits) => canonical(asFloat(bits)));
  expect(got).toEqual([...specialPairs.map(([x, y]) => canonical(Math.max(x, y))), ...specialPairs.map(([x, y]) => canonical(Math.min(x, y)))]);
});

itCompilesWithNaga();
