// Every example of examples/ runs in the interpreter and matches a plain JS reference, also at
// sizes that are not multiples of its tiles. Sizes are small because the interpreter is slow
// (the 1000x2000 add of the workloads is covered by 100x200 and 130x77: same code paths, masked
// edges in both dimensions).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { roundF16 } from '../../../core/interpret/float16.js';
import { mulberry32 } from '../../../testing/random.js';
import { parseModule } from '../core/interpret/helpers.js';
import { repoRoot } from '../dialects/harness.js';
import { runEntry } from '../passes/tile/kernel-meaning.js';

const examplesDir = path.join(repoRoot, 'examples');

/** Runs `entry` of an example on fresh memrefs of `shapes` holding `data`; returns their contents after. */
function runExample(file: string, entry: string, shapes: number[][], data: Float32Array[]): Float32Array[] {
  return runEntry(parseModule(readFileSync(path.join(examplesDir, file), 'utf8'), file), entry, shapes, data);
}

function random(n: number, seed: number, round: (x: number) => number = Math.fround): Float32Array {
  const r = mulberry32(seed);
  return Float32Array.from({ length: n }, () => round(r() * 2 - 1));
}

/** Fails unless every element is within `bound(i)` of the reference. */
function expectClose(got: ArrayLike<number>, want: ArrayLike<number>, bound: (i: number) => number, what: string): void {
  expect(got.length, what).toBe(want.length);
  const bad: string[] = [];
  for (let i = 0; i < want.length && bad.length < 5; i++) {
    if (!(Math.abs(got[i]! - want[i]!) <= bound(i))) bad.push(`[${i}] got ${got[i]} want ${want[i]}`);
  }
  expect(bad, what).toEqual([]);
}

/** Runs @softmax of `file` on X (M x N): Y, and exp(x - max) / sum per row of X in float64. */
function runSoftmax(file: string, x: Float32Array, M: number, N: number): { got: Float32Array; want: Float64Array } {
  const shapes = [
    [M, N],
    [M, N],
  ];
  const [, got] = runExample(file, 'softmax', shapes, [x, new Float32Array(M * N).fill(NaN)]);
  const want = new Float64Array(M * N);
  for (let i = 0; i < M; i++) {
    const row = x.subarray(i * N, (i + 1) * N);
    const max = Math.max(...row);
    const sum = row.reduce((a, v) => a + Math.exp(v - max), 0);
    row.forEach((v, j) => (want[i * N + j] = Math.exp(v - max) / sum));
  }
  return { got: got!, want };
}

describe('matmul examples', () => {
  /** C = A·B in f64 (A stored K x M when `transposedA`), and for each element the sum of |a_k b_k| (which bounds the f32 rounding error). */
  function reference(a: Float32Array, b: Float32Array, M: number, N: number, K: number, transposedA = false) {
    const c = new Float64Array(M * N);
    const mag = new Float64Array(M * N);
    for (let i = 0; i < M; i++) {
      for (let j = 0; j < N; j++) {
        for (let k = 0; k < K; k++) {
          const p = (transposedA ? a[k * M + i]! : a[i * K + k]!) * b[k * N + j]!;
          c[i * N + j] += p;
          mag[i * N + j] += Math.abs(p);
        }
      }
    }
    return { c, mag };
  }
  const cases: [file: string, entry: string, transposedA?: boolean][] = [
    ['matmul.mlir', 'matmul_f32'],
    ['matmul.mlir', 'matmul_f16'],
    ['matmul-tiled.mlir', 'matmul_f32'],
    ['matmul-tiled.mlir', 'matmul_f16'],
    ['matmul-async-3stage.mlir', 'matmul_f16'],
    // Unpipelined, as written (their schedules are annotations); pipelined in tests/filecheck/examples/pipelined-schedules.mlir.
    ['matmul-tvm-schedule.mlir', 'matmul_f16'],
    ['matmul-dma-chain.mlir', 'matmul_f32'],
    ['matmul-register-pipeline.mlir', 'matmul_f32'],
    ['matmul-transposed-a.mlir', 'matmul_f32_transposed_a', true],
    ['matmul-transposed-a.mlir', 'matmul_f16_transposed_a', true],
  ];
  const sizes: [number, number, number][] = [
    [37, 29, 45],
    [32, 64, 48],
    [1, 1, 1],
    [70, 33, 17],
  ];
  for (const [file, entry, transposedA] of cases) {
    it(`${file} @${entry} matches C = ${transposedA ? 'Aᵀ' : 'A'}·B (MxNxK ${sizes.map((s) => s.join('x')).join(', ')})`, () => {
      const half = entry.includes('f16');
      for (const [M, N, K] of sizes) {
        const a = random(M * K, 1, half ? roundF16 : Math.fround);
        const b = random(K * N, 2, half ? roundF16 : Math.fround);
        const [, , c] = runExample(file, entry, [transposedA ? [K, M] : [M, K], [K, N], [M, N]], [a, b, new Float32Array(M * N).fill(NaN)]);
        const { c: want, mag } = reference(a, b, M, N, K, transposedA);
        // f32 accumulation of K products (each exact for f16 inputs, else rounded once).
        expectClose(c!, want, (i) => (K + 1) * 2 ** -24 * mag[i]!, `${M}x${N}x${K}`);
      }
    });
  }
});

describe('add examples', () => {
  const files = ['add.mlir', 'add-tiled.mlir', 'add-async-2buf.mlir', 'add-async-3buf.mlir'];
  const sizes: [number, number][] = [
    [100, 200],
    [130, 77],
    [1, 1],
    [4, 64],
  ];
  for (const file of files) {
    it(`${file} @add matches Z = X + Y (${sizes.map((s) => s.join('x')).join(', ')})`, () => {
      for (const [M, N] of sizes) {
        const x = random(M * N, 3);
        const y = random(M * N, 4);
        const [, , z] = runExample(
          file,
          'add',
          [
            [M, N],
            [M, N],
            [M, N],
          ],
          [x, y, new Float32Array(M * N).fill(NaN)],
        );
        const want = x.map((v, i) => Math.fround(v + y[i]!));
        expectClose(z!, want, () => 0, `${M}x${N}`);
      }
    });
  }
});

describe('rgb2gray examples', () => {
  const sizes: [number, number, number][] = [
    [2, 13, 70],
    [1, 8, 64],
    [3, 1, 1],
  ];
  for (const file of ['rgb2gray.mlir', 'rgb2gray-tiled.mlir']) {
    it(`${file} @rgb2gray matches 0.299 r + 0.587 g + 0.114 b over [N, 3, H, W] (${sizes.map((s) => s.join('x')).join(', ')})`, () => {
      for (const [N, H, W] of sizes) {
        const img = random(N * 3 * H * W, 5);
        const [, gray] = runExample(
          file,
          'rgb2gray',
          [
            [N, 3, H, W],
            [N, H, W],
          ],
          [img, new Float32Array(N * H * W).fill(NaN)],
        );
        const want = new Float64Array(N * H * W);
        const mag = new Float64Array(N * H * W);
        for (let n = 0; n < N; n++) {
          for (let p = 0; p < H * W; p++) {
            const [r, g, b] = [0, 1, 2].map((c) => img[(n * 3 + c) * H * W + p]!) as [number, number, number];
            want[n * H * W + p] = 0.299 * r + 0.587 * g + 0.114 * b;
            mag[n * H * W + p] = Math.abs(r) + Math.abs(g) + Math.abs(b);
          }
        }
        // f32 weights and five f32 operations: a few units of 2^-24 of the magnitude.
        expectClose(gray!, want, (i) => 8 * 2 ** -24 * mag[i]! + 1e-30, `${N}x3x${H}x${W}`);
      }
    });
  }
});

describe('slices example', () => {
  it("'slices.mlir' @matmul_slice is A[1:1+M, 2:2+K]·B[0:K, 3:3+N] and @add_slice writes X + Y[:, ::2] to Z[1:, 2:]", () => {
    for (const [M, N, K] of [
      [5, 7, 4],
      [1, 1, 1],
    ] as const) {
      const [a, b] = [random((M + 2) * (K + 2), 7), random(K * (N + 4), 8)];
      const [, , c] = runExample(
        'slices.mlir',
        'matmul_slice',
        [
          [M + 2, K + 2],
          [K, N + 4],
          [M, N],
        ],
        [a, b, new Float32Array(M * N).fill(NaN)],
      );
      const want = new Float64Array(M * N);
      for (let i = 0; i < M; i++) for (let j = 0; j < N; j++) for (let k = 0; k < K; k++) want[i * N + j] += a[(i + 1) * (K + 2) + k + 2]! * b[k * (N + 4) + j + 3]!;
      expectClose(c!, want, () => 1e-5, `matmul_slice ${M}x${N}x${K}`);
    }
    const [M, N] = [3, 5];
    const [x, y] = [random(M * N, 9), random(M * 2 * N, 10)];
    const [, , z] = runExample(
      'slices.mlir',
      'add_slice',
      [
        [M, N],
        [M, 2 * N],
        [M + 2, N + 3],
      ],
      [x, y, new Float32Array((M + 2) * (N + 3)).fill(NaN)],
    );
    for (let i = 0; i < M + 2; i++) {
      for (let j = 0; j < N + 3; j++) {
        const inside = i >= 1 && i <= M && j >= 2 && j < N + 2;
        const want = inside ? Math.fround(x[(i - 1) * N + j - 2]! + y[(i - 1) * 2 * N + 2 * (j - 2)]!) : NaN;
        expect(z![i * (N + 3) + j], `Z[${i}, ${j}]`).toBe(want);
      }
    }
  });
});

describe('softmax example', () => {
  const sizes: [number, number][] = [
    [37, 50],
    [1, 1],
    [8, 64],
    [5, 63],
  ];
  it(`'softmax-tiled.mlir' @softmax matches exp(x - max) / sum per row (${sizes.map((s) => s.join('x')).join(', ')})`, () => {
    for (const [M, N] of sizes) {
      const { got, want } = runSoftmax('softmax-tiled.mlir', random(M * N, 6), M, N);
      // f32 exp, sum and division: a few units of 2^-24 relative to each (positive) value.
      expectClose(got, want, (i) => 64 * 2 ** -24 * want[i]!, `${M}x${N}`);
    }
  });
});

describe('examples/README.md', () => {
  it('describes every example, and this file tests every example', () => {
    const readme = readFileSync(path.join(examplesDir, 'README.md'), 'utf8');
    const examples = readdirSync(examplesDir).filter((f) => f.endsWith('.mlir'));
    expect(examples.filter((f) => !readme.includes(`\`${f}\``))).toEqual([]);
    const tested = readFileSync(new URL(import.meta.url), 'utf8');
    // matmul-gpu.mlir (SIMT level) is run by tests/filecheck/tools/tile-run/matmul.mlir.
    expect(examples.filter((f) => f !== 'matmul-gpu.mlir' && !tested.includes(`'${f}'`))).toEqual([]);
  });
});

/** The whole-problem examples of fused kernels, in the interpreter, against their formulas in float64. */
describe('row programs and matmul epilogues', () => {
  const sizes: [number, number][] = [
    [37, 50],
    [1, 1],
    [3, 65],
    [2, 300],
  ];
  const rowsOf = (x: Float32Array, M: number, N: number) => Array.from({ length: M }, (_, i) => Array.from(x.subarray(i * N, (i + 1) * N)));
  it(`'softmax.mlir' @softmax is exp(x - max) / sum per row (${sizes.map((s) => s.join('x')).join(', ')})`, () => {
    for (const [M, N] of sizes) {
      const { got, want } = runSoftmax('softmax.mlir', random(M * N, 11), M, N);
      // f32 exp, a sum of N terms and a division: relative to each (positive) value.
      expectClose(got, want, (i) => (16 + N) * 2 ** -24 * want[i]!, `${M}x${N}`);
    }
  });
  it(`'layernorm.mlir' @layernorm is (x - mean) / sqrt(var + 1e-5) * gamma + beta per row, biased variance (${sizes.map((s) => s.join('x')).join(', ')})`, () => {
    for (const [M, N] of sizes) {
      const [x, gamma, beta] = [random(M * N, 12), random(N, 13), random(N, 14)];
      const [, , , y] = runExample('layernorm.mlir', 'layernorm', [[M, N], [N], [N], [M, N]], [x, gamma, beta, new Float32Array(M * N).fill(NaN)]);
      const want = rowsOf(x, M, N).flatMap((row) => {
        const mean = row.reduce((a, v) => a + v, 0) / N;
        const variance = row.reduce((a, v) => a + (v - mean) ** 2, 0) / N;
        return row.map((v, j) => ((v - mean) / Math.sqrt(variance + 1e-5)) * gamma[j]! + beta[j]!);
      });
      // Normalized values are O(1) (up to sqrt(N)); f32 sums of N terms.
      expectClose(y!, Float64Array.from(want), () => (64 + 4 * N) * 2 ** -24 * Math.sqrt(N), `${M}x${N}`);
    }
  });
  it(`'rmsnorm.mlir' @rmsnorm is x / sqrt(mean(x^2) + 1e-6) * gamma per row (${sizes.map((s) => s.join('x')).join(', ')})`, () => {
    for (const [M, N] of sizes) {
      const [x, gamma] = [random(M * N, 15), random(N, 16)];
      const [, , y] = runExample('rmsnorm.mlir', 'rmsnorm', [[M, N], [N], [M, N]], [x, gamma, new Float32Array(M * N).fill(NaN)]);
      const want = rowsOf(x, M, N).flatMap((row) => {
        const rms = Math.sqrt(row.reduce((a, v) => a + v * v, 0) / N + 1e-6);
        return row.map((v, j) => (v / rms) * gamma[j]!);
      });
      expectClose(y!, Float64Array.from(want), () => (64 + 4 * N) * 2 ** -24 * Math.sqrt(N), `${M}x${N}`);
    }
  });
  const gelu = (v: number) => 0.5 * v * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (v + 0.044715 * v ** 3)));
  for (const [entry, act] of [
    ['matmul_bias_gelu', gelu],
    ['matmul_bias_relu', (v: number) => Math.max(v, 0)],
  ] as const) {
    it(`'matmul-epilogue.mlir' @${entry} is act(A·B + bias), bias broadcast along the rows`, () => {
      for (const [M, N, K] of [
        [7, 9, 5],
        [1, 1, 1],
        [33, 17, 40],
      ] as const) {
        const [a, b, bias] = [random(M * K, 17), random(K * N, 18), random(N, 19)];
        const [, , , c] = runExample('matmul-epilogue.mlir', entry, [[M, K], [K, N], [N], [M, N]], [a, b, bias, new Float32Array(M * N).fill(NaN)]);
        const want = new Float64Array(M * N);
        const mag = new Float64Array(M * N);
        for (let i = 0; i < M; i++) {
          for (let j = 0; j < N; j++) {
            let s = bias[j]!;
            let m = Math.abs(bias[j]!);
            for (let k = 0; k < K; k++) (s += a[i * K + k]! * b[k * N + j]!), (m += Math.abs(a[i * K + k]! * b[k * N + j]!));
            want[i * N + j] = act(s);
            mag[i * N + j] = m;
          }
        }
        // f32 sums of K products, then tanh's and the polynomial's rounding.
        expectClose(c!, want, (i) => (16 + K) * 2 ** -24 * (mag[i]! + 1) * 4, `${M}x${N}x${K}`);
      }
    });
  }
});

/** Attention in float64: O = softmax(Q·Kᵀ/√D, causal: key j masked for query i when j > i + T - S)·V per batch and head. */
function attentionReference(q: Float32Array, k: Float32Array, v: Float32Array, [G, S, T, D]: readonly number[], causal: boolean): Float64Array {
  const o = new Float64Array(G * S * D);
  for (let g = 0; g < G; g++) {
    for (let i = 0; i < S; i++) {
      const scores = Array.from({ length: T }, (_, j) => {
        if (causal && j > i + T - S) return -Infinity;
        let s = 0;
        for (let d = 0; d < D; d++) s += q[(g * S + i) * D + d]! * k[(g * T + j) * D + d]!;
        return s / Math.sqrt(D);
      });
      const max = Math.max(...scores);
      const e = scores.map((s) => Math.exp(s - max));
      const sum = e.reduce((a, x) => a + x, 0);
      for (let d = 0; d < D; d++) o[(g * S + i) * D + d] = e.reduce((a, x, j) => a + (x / sum) * v[(g * T + j) * D + d]!, 0);
    }
  }
  return o;
}

describe('attention examples', () => {
  // [B, H, S, T, D]: S != T both ways, one query and key, the causal rows with no key (S > T: NaN, as softmax of nothing).
  const shapes = [
    [1, 2, 5, 7, 8],
    [2, 1, 7, 5, 3],
    [1, 1, 1, 1, 4],
  ];
  for (const [file, entry, causal] of [
    ['attention.mlir', 'attention', false],
    ['attention.mlir', 'attention_causal', true],
    ['attention-tiled.mlir', 'attention', false],
  ] as const) {
    it(`'${file}' @${entry} is softmax(Q·Kᵀ/√D${causal ? ', causal mask' : ''})·V per batch and head (${shapes.map((s) => s.join('x')).join(', ')})`, () => {
      for (const [B, H, S, T, D] of shapes) {
        const [q, k, v] = [random(B * H * S * D, 21), random(B * H * T * D, 22), random(B * H * T * D, 23)];
        const [, , , o] = runExample(
          file,
          entry,
          [
            [B, H, S, D],
            [B, H, T, D],
            [B, H, T, D],
            [B, H, S, D],
          ],
          [q, k, v, new Float32Array(B * H * S * D).fill(NaN)],
        );
        const want = attentionReference(q, k, v, [B! * H!, S!, T!, D!], causal);
        expect(Array.from(o!).map(Number.isNaN), 'NaN exactly where a causal row sees no key').toEqual(Array.from(want).map(Number.isNaN));
        const seen = (x: ArrayLike<number>) => Float64Array.from(x, (y) => (Number.isNaN(y) ? 0 : y));
        expectClose(seen(o!), seen(want), () => 64 * 2 ** -24 * (T! + D!), `${B}x${H}x${S}x${T}x${D}`);
      }
    });
  }
  it("'attention.mlir' @attention_f16 rounds Q, K, V and the probabilities to f16: within 2e-3 of the f32 program", () => {
    const [B, H, S, T, D] = [1, 2, 9, 6, 8];
    const half = (n: number, seed: number) => random(n, seed, roundF16);
    const [q, k, v] = [half(B * H * S * D, 24), half(B * H * T * D, 25), half(B * H * T * D, 26)];
    const [, , , o] = runExample(
      'attention.mlir',
      'attention_f16',
      [
        [B, H, S, D],
        [B, H, T, D],
        [B, H, T, D],
        [B, H, S, D],
      ],
      [q, k, v, new Float32Array(B * H * S * D).fill(NaN)],
    );
    expectClose(o!, attentionReference(q, k, v, [B * H, S, T, D], false), () => 2e-3, 'f16');
  });
});
