/**
 * gpu-dialect programs run with their kernels on WebGPU (WebGpuLauncher, the path of
 * `tile-run --backend webgpu`) against the interpreter on the same inputs. Sizes include
 * non-multiples of the workgroup and tile sizes, and stay small: llvmpipe stops loops after
 * 65535 iterations. The suite runs once per provider; every emitted shader is then also compiled
 * by Tint (Dawn), which must report no message at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiagnosticError } from '../../core/ir/diagnostics.js';
import { f16, MemRefType } from '../../core/ir/types.js';
import { roundF16 } from '../../core/interpret/float16.js';
import { Buffer, MemRef, type RtValue } from '../../core/interpret/values.js';
import { WebGpuLauncher } from '../../runtime/webgpu/launcher.js';
import type { EmittedKernel } from '../../targets/wgsl/index.js';
import { closeAll, openTestRuntimes, skipNotice } from './gpu-env.js';
import { f32MemRef, loadProgram, randomF32, runMain } from './programs.js';

const runtimes = await openTestRuntimes();
/** Every kernel the tests ran, for the Tint check at the end. */
const emitted = new Map<string, EmittedKernel>();
afterAll(() => closeAll(runtimes));
/** The launcher of the suite that runs (suites run one after the other). */
let launcher: WebGpuLauncher | undefined;

async function both(name: string, args: readonly RtValue[]): Promise<{ gpu: Float32Array[]; ref: Float32Array[] }> {
  const module = loadProgram(name);
  const gpu = await runMain(module, args, launcher);
  for (const k of launcher!.emittedKernels()) emitted.set(k.manifest.symbol + k.wgsl, k);
  const ref = await runMain(module, args);
  return { gpu, ref };
}

/** Index of the first element outside `ok`, or -1. */
function firstBad(gpu: Float32Array, ref: Float32Array, ok: (g: number, r: number, i: number) => boolean): number {
  expect(gpu.length).toBe(ref.length);
  for (let i = 0; i < ref.length; i++) if (!ok(gpu[i]!, ref[i]!, i)) return i;
  return -1;
}

for (const { runtime, on } of runtimes)
  describe.skipIf(!runtime)(`kernels ${on} against the interpreter`, () => {
    beforeAll(() => {
      launcher = new WebGpuLauncher(runtime!, { timeoutMs: 30_000 });
    });

    // Tolerance: exact. f32 addition is correctly rounded in WGSL and in the interpreter.
    it.each([1000, 1023, 1])('adds with an edge mask, n = %i (exact)', async (n) => {
      const len = Math.ceil(n / 256) * 256 + 3; // c runs past the last workgroup: must stay untouched
      const a = randomF32(len, n);
      const b = randomF32(len, n + 1);
      const c = new Float32Array(len).fill(-7);
      const { gpu, ref } = await both('add', [f32MemRef(a, [len]), f32MemRef(b, [len]), f32MemRef(c, [len]), n]);
      expect(firstBad(gpu[2]!, ref[2]!, (g, r) => Object.is(g, r))).toBe(-1);
      expect(ref[2]![n - 1]).toBe(Math.fround(a[n - 1]! + b[n - 1]!));
      expect([...gpu[2]!.slice(n)].every((v) => v === -7)).toBe(true);
      expect(launcher!.launches.at(-1)!.grid).toEqual([Math.ceil(n / 256), 1, 1]);
    });

    // Tolerance: |gpu - interpreter| <= 1e-6. The interpreter fuses math.fma; WGSL may evaluate it
    // unfused (two more roundings of at most 2^-24 * 1, as the pixels are in [0, 1) and the weights
    // sum to 1). A JS reference checks the interpreter itself on one pixel.
    it('converts rgb to gray, N=2 H=17 W=23 (abs 1e-6)', async () => {
      const [N, H, W] = [2, 17, 23];
      const img = randomF32(N * 3 * H * W, 5).map((x) => (x + 1) / 2);
      const gray = new Float32Array(N * H * W).fill(-1);
      const { gpu, ref } = await both('rgb2gray', [f32MemRef(img, [N, 3, H, W]), f32MemRef(gray, [N, H, W])]);
      expect(firstBad(gpu[1]!, ref[1]!, (g, r) => Math.abs(g - r) <= 1e-6)).toBe(-1);
      const last = N * H * W - 1;
      const [n, p] = [N - 1, H * W - 1];
      const [r, g, b] = [0, 1, 2].map((c) => img[(n * 3 + c) * H * W + p]!);
      expect(ref[1]![last]).toBeCloseTo(0.299 * r! + 0.587 * g! + 0.114 * b!, 6);
      expect(launcher!.launches.at(-1)!.grid).toEqual([Math.ceil((N * H * W) / 256), 1, 1]);
    });

    // Tolerance: |gpu - interpreter| <= 1e-5 * sum_k |A[i,k] * B[k,j]|. Both accumulate in the same
    // order, but WGSL may not fuse the fma (one more rounding per step); the bound is relative to
    // the sum of magnitudes because cancellation makes the error relative to C[i,j] unbounded.
    it.each([
      [16, 16, 16],
      [37, 29, 45],
      [64, 48, 80],
    ])('multiplies %ix%ix%i (M x K x N) through 16x16 workgroup tiles and barriers (1e-5 of sum |a*b|)', async (M, K, N) => {
      const A = randomF32(M * K, M);
      const B = randomF32(K * N, K + 100);
      const C = new Float32Array(M * N).fill(Number.NaN);
      const { gpu, ref } = await both('matmul', [f32MemRef(A, [M, K]), f32MemRef(B, [K, N]), f32MemRef(C, [M, N])]);
      const scale = (i: number) => {
        const [r, c] = [Math.floor(i / N), i % N];
        let s = 0;
        for (let k = 0; k < K; k++) s += Math.abs(A[r * K + k]! * B[k * N + c]!);
        return s;
      };
      expect(firstBad(gpu[2]!, ref[2]!, (g, r, i) => Math.abs(g - r) <= 1e-5 * scale(i))).toBe(-1);
      let exact = 0;
      for (let k = 0; k < K; k++) exact += A[(M - 1) * K + k]! * B[k * N + N - 1]!;
      expect(ref[2]![M * N - 1]).toBeCloseTo(exact, 4); // the reference itself is a product
      expect(launcher!.launches.at(-1)!.grid).toEqual([Math.ceil(N / 16), Math.ceil(M / 16), 1]);
    });

    /** Whether the adapter runs f16 kernels (else a notice: the test is skipped). */
    const hasF16 = (): boolean => {
      if (runtime!.hasFeature('shader-f16')) return true;
      skipNotice('f16 kernel: no shader-f16', runtime);
      return false;
    };
    const f16MemRef = (data: Float32Array, n: number) => MemRef.contiguous(MemRefType.get([-1], f16), new Buffer(f16, data, undefined, 'test input'), [n]);

    // Tolerance: exact. f16 multiply and add are correctly rounded on both sides; memrefs travel as
    // f16 bits, the scalar as an f16 uniform field.
    it('scales f16 data with an f16 scalar (exact)', async (ctx) => {
      if (!hasF16()) return ctx.skip();
      const n = 77;
      const mk = (data: Float32Array) => f16MemRef(data, n);
      const x = randomF32(n, 9).map(roundF16);
      const { gpu, ref } = await both('scale-f16', [mk(x), mk(new Float32Array(n)), roundF16(0.3)]);
      expect(firstBad(gpu[1]!, ref[1]!, (g, r) => Object.is(g, r))).toBe(-1);
      expect(gpu[1]![5]).toBe(roundF16(roundF16(x[5]! * roundF16(0.3)) + 1));
    });

    // An f16 infinity is rebuilt from its bits in WGSL, and f16 NaN tests read bits: wgpu's naga
    // rejected both when they went through bitcasts of vec2<f16> (found by
    // tests/gpu/fused-fuzz.test.ts: max reductions of f16 rows).
    it('writes f16 infinities and takes NaN-propagating f16 maxima', async (ctx) => {
      if (!hasF16()) return ctx.skip();
      const n = 70;
      const mk = (data: Float32Array) => f16MemRef(data, n);
      const x = randomF32(n, 4).map(roundF16);
      const { gpu, ref } = await both('clamp-f16-infinity', [mk(x), mk(new Float32Array(n))]);
      expect(firstBad(gpu[1]!, ref[1]!, (g, r) => Object.is(g, r))).toBe(-1);
      expect(gpu[1]!.filter((v) => v === -Infinity).length).toBe(x.filter((v) => v < 0).length);
      expect(gpu[1]!.filter((v) => v === 0.5).length).toBe(x.filter((v) => v >= 0 && v <= 0.5).length);
      expect(x.some((v) => v < 0)).toBe(true);
    });

    // Tolerance: 1e-6 absolute (tanh is not correctly rounded on either side); arguments past
    // +-10 give +-1 exactly, NaN stays NaN. SwiftShader's tanh (sinh / cosh) returned NaN for
    // most of them before the target clamped the argument (found by tests/gpu/fused-fuzz.test.ts).
    it('takes tanh of large arguments, infinities and NaN', async () => {
      const n = 100;
      const x = randomF32(n, 12);
      x[0] = Number.NaN;
      x[1] = Number.POSITIVE_INFINITY;
      x[2] = Number.NEGATIVE_INFINITY;
      x[3] = 1e30;
      const { gpu, ref } = await both('tanh-large', [f32MemRef(x, [n]), f32MemRef(new Float32Array(n), [n])]);
      expect(firstBad(gpu[1]!, ref[1]!, (g, r) => Object.is(g, r) || Math.abs(g - r) <= 1e-6)).toBe(-1);
      expect([...gpu[1]!.slice(0, 4)]).toEqual([Number.NaN, 1, -1, 1]);
      expect(gpu[1]!.filter((v) => Math.abs(v) === 1).length).toBeGreaterThan(n / 2);
    });

    it('reports a device failure as one line at the gpu.launch_func', async () => {
      // n = 2^30 asks for 2^22 workgroups in x, beyond WebGPU's per-dimension limit.
      const m = () => f32MemRef(new Float32Array(4), [4]);
      const err = await runMain(loadProgram('add'), [m(), m(), m(), 2 ** 30], launcher).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DiagnosticError);
      const d = (err as DiagnosticError).diagnostic;
      expect(d.message).toMatch(/^'gpu.launch_func' op failed on WebGPU \((dawn|wgpu) on [^)]*\)[^\n]*: kernel @kernels::@add: grid \[4194304, 1, 1\]/);
      expect(d.message).not.toContain('\n');
      expect(d.loc.fileLineCol()?.line).toBe(26);
    });
  });

// After the suites above: Dawn's suite executed every shader, but only errors fail a run.
const { runtime: dawn, on: onDawn } = runtimes.find((t) => t.provider === 'dawn')!;
describe.skipIf(!dawn)(`Tint ${onDawn}`, () => {
  it('compiles every emitted shader without a message', async () => {
    expect(emitted.size).toBeGreaterThanOrEqual(3);
    // Tint refuses `enable f16;` where the adapter lacks shader-f16 (SwiftShader, and Dawn on the H100).
    const f16Ok = dawn!.hasFeature('shader-f16');
    for (const k of emitted.values()) {
      if (k.manifest.enables.includes('f16') && !f16Ok) skipNotice(`Tint check of ${k.manifest.symbol} (f16): no shader-f16`, dawn);
      else expect(await dawn!.compile(k.wgsl), k.manifest.symbol).toEqual([]);
    }
  });
});
