// The lowering to SIMT code keeps the meaning: @tile-wgsl (tiling, pipelining, layouts,
// register-staged copies, unrolled register tiles) on seeded random option combinations of the
// whole-problem matmul (f32, f16) and add, and the hand-written tile-level examples through the
// conversions alone, run in the interpreter (threads as coroutines meeting at barriers; a read of
// a buffer region with a copy in flight is an error) equal to the whole-problem programs at
// edge sizes. TILE_LOWERING_CONFIGS sets the number of combinations (default 20, TILE_SLOW=1: 300). The same
// for matmuls with a transposed operand (A given K x M, B given N x K), whose dot reads the
// transposed tile straight from its workgroup buffer with swapped coordinates.
import { SLOW_TIMEOUT_MS } from '../../../../testing/slow.js';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../core/ir/operation.js';
import { mulberry32 } from '../../../../testing/random.js';
import { compile, example, expectClose, expectMatmulClose, expectSameSoftmax, expectSimt, random, runEntry, type MatmulOperandLayout } from '../tile/kernel-meaning.js';
import { expectFullCoverage, randomCase, runCases, type Workload } from '../tile/random-cases.js';
import { pipelineText, randomTileConfig, type TileOptionValue } from '../../../../testing/tile-options.js';

const CONVERSIONS = 'tile-assign-layouts,convert-async-to-gpu,convert-tile-to-gpu,canonicalize,cse';

/** The shapes of A, B and C of an MxNxK matmul whose operands lie as `layout` says. */
function matmulDims([M, N, K]: readonly [number, number, number], layout: MatmulOperandLayout): number[][] {
  return [layout.transposeA ? [K, M] : [M, K], layout.transposeB ? [N, K] : [K, N], [M, N]];
}

/** `entry` (f16 operands when its name starts with matmul_f16) lowered equals the reference at each size. */
function expectSameMatmul(
  reference: Operation,
  lowered: Operation,
  entry: string,
  shapes: readonly (readonly [number, number, number])[],
  what: string,
  layout: MatmulOperandLayout = {},
): void {
  const half = entry.startsWith('matmul_f16');
  for (const [M, N, K] of shapes) {
    const [a, b] = [random(M * K, M * 7 + K, half), random(K * N, N * 3 + K, half)];
    const io = () => [a, b, new Float32Array(M * N).fill(NaN)];
    const dims = matmulDims([M, N, K], layout);
    const want = runEntry(reference, entry, dims, io())[2]!;
    expect(want.some(Number.isNaN), `${what} at ${M}x${N}x${K}: every element of the reference written`).toBe(false);
    expectMatmulClose(runEntry(lowered, entry, dims, io())[2]!, want, a, b, [M, N, K], 1e-5, `${what} at ${M}x${N}x${K}`, layout);
  }
}

/** C = op(A)·op(B) in float64, independently of the interpreter. */
function hostMatmul(a: Float32Array, b: Float32Array, [M, N, K]: readonly [number, number, number], layout: MatmulOperandLayout): Float32Array {
  const c = new Float32Array(M * N);
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      let sum = 0;
      for (let k = 0; k < K; k++) sum += (layout.transposeA ? a[k * M + i]! : a[i * K + k]!) * (layout.transposeB ? b[j * K + k]! : b[k * N + j]!);
      c[i * N + j] = sum;
    }
  }
  return c;
}

/** `entry` of the whole problem (operands lying as `layout` says) equals hostMatmul at 5x3x7, on inputs seeded by `seeds`. */
function expectHostMatmul(reference: Operation, entry: string, layout: MatmulOperandLayout, [seedA, seedB]: readonly [number, number]): void {
  const MNK = [5, 3, 7] as const;
  const [a, b] = [random(5 * 7, seedA), random(3 * 7, seedB)];
  const got = runEntry(reference, entry, matmulDims(MNK, layout), [a, b, new Float32Array(15).fill(NaN)])[2]!;
  expectMatmulClose(got, hostMatmul(a, b, MNK, layout), a, b, MNK, 1e-6, 'whole problem vs host', layout);
}

/** The types of each kernel's workgroup buffers (its entry block's arguments in workgroup memory: the workgroup attributions). */
function workgroupBuffers(module: Operation): string[][] {
  const kernels: string[][] = [];
  module.walk((op) => {
    if (op.name === 'gpu.func')
      kernels.push(
        op
          .region(0)
          .entry!.arguments.map((arg) => String(arg.type))
          .filter((t) => t.includes('#gpu.address_space<workgroup>')),
      );
  });
  return kernels;
}

/** Whether some vector.load reads a workgroup buffer of type `type`. */
function vectorReads(module: Operation, type: string): boolean {
  let found = false;
  module.walk((op) => void (op.name === 'vector.load' && String(op.operand(0).type) === type && (found = true)));
  return found;
}

/** C = A·Bᵀ: B given N x K. */
const TRANSPOSED_B = `
func.func @matmul_f32_transposed_b(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C transpose_b : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}
`;

function expectSameAdd(reference: Operation, lowered: Operation, shapes: readonly (readonly [number, number])[], what: string): void {
  for (const [M, N] of shapes) {
    const io = () => [random(M * N, M), random(M * N, N + 1), new Float32Array(M * N).fill(NaN)];
    const dims = [
      [M, N],
      [M, N],
      [M, N],
    ];
    expectClose(runEntry(lowered, 'add', dims, io())[2]!, runEntry(reference, 'add', dims, io())[2]!, 0, `${what} at ${M}x${N}`);
  }
}

const configs = Number(process.env.TILE_LOWERING_CONFIGS ?? (process.env.TILE_SLOW ? 300 : 20));
/** Combinations for softmax-tiled.mlir (a fifth as many, at least 3). */
const softmaxConfigs = Math.max(3, Math.ceil(configs / 5));
const WORKLOADS: readonly Workload[] = ['matmul_f32', 'matmul_f16', 'matmul_ta', 'matmul_tb', 'matmul_static', 'add', 'map_static'];
/** Combinations for the transposed-operand matmul (a third as many, at least 4). */
const transposedConfigs = Math.max(4, Math.ceil(configs / 3));

describe('lowering to SIMT code', () => {
  const matmul = compile(example('matmul.mlir'), 'canonicalize');
  const add = compile(example('add.mlir'), 'canonicalize');

  it(
    `@tile-wgsl on ${configs} random configurations of its whole option space equals the whole-problem programs`,
    () => {
      // Every parameter of tile-wgsl.yaml over its range (testing/tile-options.ts): equal and tiny
      // tile sizes, every async-copy-loads value, 1-5 stages, register stages, synchronous copies,
      // vectorize, subgroups of every power-of-two size, workgroup memory limits; workloads with
      // transposed operands and static problems whose trip count equals num-stages.
      const r = runCases('tile-wgsl', configs, 1, WORKLOADS, (module, what) => expectSimt(module, what));
      expect(r.compiled + r.refused).toBe(configs);
      expect(r.refused, `refused ${r.refused} of ${configs}`).toBeLessThan(configs * 0.3);
      expectFullCoverage('tile-wgsl', r.configs.length >= 60 ? r.configs : Array.from({ length: 60 }, (_, i) => randomCase(i + 1, 'tile-wgsl', WORKLOADS).config));
      console.log(`@tile-wgsl: ${configs} configurations, ${r.compiled} compiled (${r.runs} runs compared), ${r.refused} refused`);
    },
    SLOW_TIMEOUT_MS,
  );

  it(
    `@tile-wgsl on ${softmaxConfigs} random configurations lowers the reductions of softmax-tiled.mlir (subgroup shuffles or workgroup memory) to what the tile level computes`,
    () => {
      const reference = compile(example('softmax-tiled.mlir'), 'canonicalize');
      let subgroups = 0;
      for (let seed = 1; seed <= softmaxConfigs; seed++) {
        const config = randomTileConfig(mulberry32(500 + seed), 'tile-wgsl', { kind: 'defaults' });
        const options: Record<string, TileOptionValue> = { ...config.options, 'max-workgroup-memory': 16384 };
        if (options['subgroups']) subgroups++;
        // Sizes above the interpreter's subgroups of 32 compile (for devices whose subgroups are
        // that large) but do not run here: the interpreter refuses shuffles wider than its subgroup.
        const drawn = options['subgroup-size'] as number;
        if (drawn > 32) expectSimt(compile(example('softmax-tiled.mlir'), pipelineText({ pipeline: 'tile-wgsl', options })), `subgroup-size=${drawn}`);
        options['subgroup-size'] = Math.min(32, drawn);
        const text = pipelineText({ pipeline: 'tile-wgsl', options });
        const lowered = compile(example('softmax-tiled.mlir'), text);
        expectSimt(lowered, text);
        expectSameSoftmax(
          reference,
          lowered,
          [
            [1, 1],
            [5, 64],
            [9, 37],
          ],
          1e-5,
          `seed ${seed}: ${text}`,
          (M, N) => M * 100 + N,
        );
      }
      expect(subgroups, 'with subgroups on').toBeGreaterThan(0);
      expect(subgroups, 'and off').toBeLessThan(softmaxConfigs);
    },
    SLOW_TIMEOUT_MS,
  );

  it(
    `@tile-wgsl on ${transposedConfigs} random option combinations of matmul-transposed-a.mlir (A given K x M) equals the whole problem`,
    () => {
      const reference = compile(example('matmul-transposed-a.mlir'), 'canonicalize');
      const layout = { transposeA: true };
      // The reference itself computes Aᵀ·B (A is K x M), checked on the host.
      expectHostMatmul(reference, 'matmul_f32_transposed_a', layout, [1, 2]);
      // 32x16 tiles on one warp: a thread holds 4 consecutive rows of A, read from A's buffer as one
      // vector per k (the random configurations below hold fewer).
      const options = 'tile-sizes=32,16,8 num-warps=1 num-stages=1';
      const vectorized = compile(example('matmul-transposed-a.mlir'), `@tile-wgsl{${options}}`);
      expect(workgroupBuffers(vectorized), 'only the copies of A and B: the dot reads Aᵀ through').toEqual(
        ['f32', 'f16'].map((t) => [`memref<8x32x${t}, #gpu.address_space<workgroup>>`, `memref<8x16x${t}, #gpu.address_space<workgroup>>`]),
      );
      expect(vectorReads(vectorized, 'memref<8x32xf32, #gpu.address_space<workgroup>>'), 'A read as vectors').toBe(true);
      for (const entry of ['matmul_f32_transposed_a', 'matmul_f16_transposed_a'])
        expectSameMatmul(
          reference,
          vectorized,
          entry,
          [
            [1, 1, 1],
            [33, 15, 17],
            [32, 16, 8],
            [31, 17, 3],
          ],
          options,
          layout,
        );
      for (let seed = 1; seed <= transposedConfigs; seed++) {
        const rnd = mulberry32(1000 + seed);
        const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
        const [bm, bn, bk] = pick([
          [8, 8, 4],
          [16, 8, 8],
          [8, 16, 4],
          [32, 16, 8],
        ] as const);
        const stages = 1 + Math.floor(rnd() * 4);
        const options = `tile-sizes=${bm},${bn},${bk} num-warps=${pick([1, 2])} num-stages=${stages} peel-epilogue=${rnd() < 0.5} synchronous-copies=${rnd() < 0.25}`;
        const entry = rnd() < 0.5 ? 'matmul_f32_transposed_a' : 'matmul_f16_transposed_a';
        const what = `seed ${seed}: @${entry} @tile-wgsl{${options}}`;
        const lowered = compile(example('matmul-transposed-a.mlir'), `@tile-wgsl{${options}}`);
        expectSimt(lowered, what);
        // 1x1x1; M and N one past and one short of a tile, K past the pipeline's depth; K below one tile.
        expectSameMatmul(
          reference,
          lowered,
          entry,
          [
            [1, 1, 1],
            [bm + 1, bn - 1, bk * stages + 1],
            [bm - 1, bn + 1, bk],
            [bm, bn, Math.max(1, bk - 1)],
          ],
          what,
          layout,
        );
      }
    },
    SLOW_TIMEOUT_MS,
  );

  it(
    '@tile-wgsl of a matmul with B given N x K reads Bᵀ through its buffer and equals the whole problem',
    () => {
      const reference = compile(TRANSPOSED_B, 'canonicalize');
      const layout = { transposeB: true };
      expectHostMatmul(reference, 'matmul_f32_transposed_b', layout, [3, 4]);
      for (const options of [
        'tile-sizes=16,16,8 num-warps=1 num-stages=1',
        'tile-sizes=16,32,8 num-warps=1 num-stages=1',
        'tile-sizes=16,8,8 num-warps=2 num-stages=3 peel-epilogue=false',
        'tile-sizes=8,16,4 num-warps=1 num-stages=2',
      ]) {
        const lowered = compile(TRANSPOSED_B, `@tile-wgsl{${options}}`);
        expectSimt(lowered, options);
        if (options.includes('num-stages=1')) {
          const [bn, bk] = options.includes('16,32,8') ? [32, 8] : [16, 8];
          expect(workgroupBuffers(lowered)[0], `${options}: only the copies of A and B`).toEqual([
            `memref<16x${bk}xf32, #gpu.address_space<workgroup>>`,
            `memref<${bn}x${bk}xf32, #gpu.address_space<workgroup>>`,
          ]);
        }
        expectSameMatmul(
          reference,
          lowered,
          'matmul_f32_transposed_b',
          [
            [1, 1, 1],
            [17, 15, 9],
            [16, 16, 8],
            [15, 33, 3],
          ],
          options,
          layout,
        );
      }
    },
    SLOW_TIMEOUT_MS,
  );

  it('stages the two operands of a dot through separate buffers when their tiles have one type (BM = BN = BK, no async copies)', () => {
    for (const options of [
      'tile-sizes=16,16,16 async-copy-loads=none',
      'tile-sizes=2,2,2 num-warps=1 num-stages=1 async-copy-loads=none',
      'tile-sizes=8,8,8 num-warps=1 num-stages=2 async-copy-loads=none transpose-lhs=true',
    ]) {
      const lowered = compile(example('matmul.mlir'), `@tile-wgsl{${options}}`);
      for (const entry of ['matmul_f32', 'matmul_f16'])
        expectSameMatmul(
          matmul,
          lowered,
          entry,
          [
            [16, 16, 16],
            [2, 2, 2],
            [17, 9, 5],
          ],
          `${entry} @tile-wgsl{${options}}`,
        );
    }
    const transposed = compile(example('matmul-transposed-a.mlir'), '@tile-wgsl{tile-sizes=8,8,8 num-warps=1 async-copy-loads=none}');
    const reference = compile(example('matmul-transposed-a.mlir'), 'canonicalize');
    expectSameMatmul(
      reference,
      transposed,
      'matmul_f32_transposed_a',
      [
        [8, 8, 8],
        [9, 7, 11],
      ],
      'Aᵀ·B with 8x8x8 tiles',
      { transposeA: true },
    );
  });

  it('lowers the hand-written tiled and asynchronous examples', () => {
    for (const file of ['matmul-tiled.mlir', 'matmul-async-3stage.mlir']) {
      const lowered = compile(example(file), CONVERSIONS);
      expectSimt(lowered, file);
      expectSameMatmul(
        matmul,
        lowered,
        'matmul_f16',
        [
          [37, 29, 45],
          [1, 1, 1],
        ],
        file,
      );
    }
    expectSameMatmul(matmul, compile(example('matmul-tiled.mlir'), CONVERSIONS), 'matmul_f32', [[33, 40, 17]], 'matmul-tiled.mlir');
    for (const file of ['add-tiled.mlir', 'add-async-2buf.mlir', 'add-async-3buf.mlir']) {
      const lowered = compile(example(file), CONVERSIONS);
      expectSimt(lowered, file);
      expectSameAdd(
        add,
        lowered,
        [
          [1, 1],
          [9, 130],
        ],
        file,
      );
    }
    // tile.view becomes a clamped memref.subview.
    const rgb2gray = compile(example('rgb2gray-tiled.mlir'), CONVERSIONS);
    expectSimt(rgb2gray, 'rgb2gray-tiled.mlir');
    const reference = compile(example('rgb2gray.mlir'), 'canonicalize');
    for (const [N, H, W] of [
      [1, 1, 1],
      [2, 9, 70],
    ] as const) {
      const io = () => [random(N * 3 * H * W, H), new Float32Array(N * H * W).fill(NaN)];
      const dims = [
        [N, 3, H, W],
        [N, H, W],
      ];
      expectClose(runEntry(rgb2gray, 'rgb2gray', dims, io())[1]!, runEntry(reference, 'rgb2gray', dims, io())[1]!, 0, `rgb2gray-tiled.mlir at ${N}x${H}x${W}`);
    }
  });

  it('refuses what it cannot lower with a located error that says what to change', () => {
    expect(() => compile(example('matmul.mlir'), '@tile-tiled{tile-sizes=128,128,8 num-warps=1},tile-assign-layouts,convert-tile-to-gpu')).toThrow(
      'tile-sizes=128,128,8: with num-warps=1, each of the 32 threads would hold 512 elements of the 128x128 tiles of the accumulator in registers (at most 256); use smaller tile sizes or more warps',
    );
    expect(() => compile(example('matmul.mlir'), '@tile-tiled,convert-tile-to-gpu')).toThrow(/run tile-assign-layouts first/);
    expect(() => compile(example('matmul.mlir'), '@tile-wgsl{tile-sizes=128,128,32 num-warps=8 num-stages=3}')).toThrow(
      // Two buffers each of A's 128x32 and B's 32x128 f32 tiles.
      /this kernel uses 65536 bytes of workgroup memory, more than the 16384 allowed .*use smaller tile sizes or fewer stages/,
    );
    expect(() => compile(example('matmul.mlir'), '@tile-wgsl{tile-sizes=128,128,32 num-warps=8 num-stages=3 max-workgroup-memory=131072}')).not.toThrow();
    // Shuffle trees halve their lane offset: a subgroup size that is not a power of two mixes lanes of two segments.
    for (const size of [3, 5, 6, 12, 256]) {
      expect(() => compile(example('softmax-tiled.mlir'), `@tile-wgsl{subgroups=true subgroup-size=${size}}`)).toThrow(
        `invalid value '${size}' for option 'subgroup-size': a subgroup size is a power of two from 1 to 128`,
      );
    }
  });
});
