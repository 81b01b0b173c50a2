// tile-tiling preserves meaning: the whole-problem program and the tiled one, run in the
// interpreter on the same seeded random inputs, leave the same values in every memref; at edge
// sizes (1, a tile minus one, a tile, a tile plus one, K below one tile) and for several tile
// sizes, warp counts and grid-axis limits. Sizes are small: the interpreter runs every thread.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OptionValue } from '../../../../../core/pass/options.js';
import { runPassOn } from '../../../../../core/pass/run-single.js';
import { blockedLayoutFor } from '../../../../../passes/tile/layouts.js';
import { tileTilingPass } from '../../../../../passes/tile/tiling/tiling-pass.js';
import { mulberry32 } from '../../../../../testing/random.js';
import { repoRoot } from '../../../dialects/harness.js';
import { context, parseModule, print, runPass } from '../../pass-harness.js';
import { compareEntries, mismatches, runEntry, type ArgSpec, type DType } from './run-helpers.js';

const example = (name: string) => readFileSync(path.join(repoRoot, 'examples', name), 'utf8');

/**
 * The tiled program's text (verified by the harness, and parsed again by runEntry); check-lowering
 * off: these tests check tiling's meaning for any tile sizes, also those the lowering cannot lay out.
 */
const tiled = (text: string, options: Record<string, OptionValue> = {}) => runPass(text, tileTilingPass, { options: { 'check-lowering': false, ...options } }).output;

/** Sizes around a tile of `t`: 1, t-1, t, t+1 (those >= 1), and one drawn from [1, 2t]. */
function edgeSizes(t: number, random: () => number): number[] {
  return [...new Set([1, t - 1, t, t + 1, 1 + Math.floor(random() * 2 * t)].filter((n) => n >= 1))];
}

/** `count` picks from `sizes`, the first ones in order (so every edge appears), the rest at random. */
function picks(sizes: readonly number[], count: number, random: () => number): number[] {
  return Array.from({ length: count }, (_, i) => (i < sizes.length ? sizes[i]! : sizes[Math.floor(random() * sizes.length)]!));
}

describe('tile-tiling: tile.matmul', () => {
  const matmul = (attrs: string, [ta, tb, tc]: [DType, DType, DType], [a, b]: [string, string]) => `
func.func @mm(%A: memref<${a}x${ta}>, %B: memref<${b}x${tb}>, %C: memref<?x?x${tc}>) {
  tile.matmul %A, %B, %C ${attrs} : memref<${a}x${ta}>, memref<${b}x${tb}>, memref<?x?x${tc}>
  return
}`;
  const args = (ta: boolean, tb: boolean, [M, N, K]: number[], [ea, ec]: [DType, DType]): ArgSpec[] => [
    { shape: ta ? [K!, M!] : [M!, K!], dtype: ea },
    { shape: tb ? [N!, K!] : [K!, N!], dtype: ea },
    { shape: [M!, N!], dtype: ec },
  ];
  const configs: { sizes: number[]; warps: number; grid?: number }[] = [
    { sizes: [16, 8, 4], warps: 1 },
    { sizes: [8, 16, 8], warps: 2, grid: 1 },
    { sizes: [32, 32, 16], warps: 4 },
  ];
  const forms = ['', 'transpose_a', 'transpose_b', 'accumulate', 'transpose_a transpose_b', 'transpose_a accumulate', 'transpose_b accumulate', 'transpose_a transpose_b accumulate'];
  for (const form of forms) {
    it(`f32 ${form || '(plain)'} agrees within 1e-4 at edge sizes`, () => {
      const random = mulberry32(11 + form.length);
      const ta = form.includes('transpose_a');
      const tb = form.includes('transpose_b');
      const text = matmul(form, ['f32', 'f32', 'f32'], ['?x?', '?x?']);
      for (const { sizes, warps, grid } of configs) {
        const out = tiled(text, { 'tile-sizes': sizes, 'num-warps': warps, ...(grid ? { 'max-grid-dims': grid } : {}) });
        // Each edge of M, N and K at least once (K = BK - 1 is below one tile).
        const [Ms, Ns, Ks] = sizes.map((t) => picks(edgeSizes(t, random), 5, random)) as [number[], number[], number[]];
        const shapes = Ms.map((M, i) => [M, Ns[i]!, Ks[i]!]);
        for (const shape of shapes) {
          const bad = compareEntries(text, out, 'mm', args(ta, tb, shape, ['f32', 'f32']), 100 + shape[0]!, 1e-4);
          expect(bad, `${form} tile-sizes=${sizes} num-warps=${warps} MxNxK=${shape.join('x')}`).toEqual([]);
        }
      }
    });
  }
  for (const [elems, what] of [
    [['f16', 'f16', 'f32'], 'f16 inputs, f32 C'],
    [['f16', 'f16', 'f16'], 'f16 inputs and C'],
    [['bf16', 'bf16', 'f32'], 'bf16 inputs, f32 C'],
  ] as [[DType, DType, DType], string][]) {
    it(`${what}, each form, agrees within 1e-4`, () => {
      for (const form of ['', 'transpose_a transpose_b accumulate', 'transpose_b']) {
        const text = matmul(form, elems, ['?x?', '?x?']);
        const out = tiled(text, { 'tile-sizes': [16, 16, 8], 'num-warps': 1 });
        for (const shape of [
          [17, 15, 9],
          [1, 1, 1],
          [16, 16, 7],
          [5, 33, 24],
        ]) {
          const bad = compareEntries(text, out, 'mm', args(form.includes('transpose_a'), form.includes('transpose_b'), shape, [elems[0], elems[2]]), 7, 1e-4);
          expect(bad, `${what} ${form} MxNxK=${shape.join('x')}`).toEqual([]);
        }
      }
    });
  }
  it('static shapes, and one memref as both A and B', () => {
    const text = `
func.func @mm(%A: memref<20x12xf32>, %C: memref<12x12xf32>) {
  tile.matmul %A, %A, %C transpose_a : memref<20x12xf32>, memref<20x12xf32>, memref<12x12xf32>
  return
}`;
    const out = tiled(text, { 'tile-sizes': [8, 8, 8], 'num-warps': 1 });
    expect(out).toContain('args(%A : memref<20x12xf32>, %C : memref<12x12xf32>)');
    expect(
      compareEntries(
        text,
        out,
        'mm',
        [
          { shape: [20, 12], dtype: 'f32' },
          { shape: [12, 12], dtype: 'f32' },
        ],
        3,
        1e-4,
      ),
    ).toEqual([]);
  });
  it('examples/matmul.mlir with default options', () => {
    const text = example('matmul.mlir');
    const out = tiled(text);
    for (const entry of ['matmul_f32', 'matmul_f16']) {
      const dtype: DType = entry === 'matmul_f16' ? 'f16' : 'f32';
      const bad = compareEntries(
        text,
        out,
        entry,
        [
          { shape: [37, 45], dtype },
          { shape: [45, 29], dtype },
          { shape: [37, 29], dtype: 'f32' },
        ],
        5,
        1e-4,
      );
      expect(bad, entry).toEqual([]);
    }
  });
});

describe('tile-tiling: tile.map', () => {
  it('examples/add.mlir at edge sizes, for several tile sizes and warp counts', () => {
    const text = example('add.mlir');
    const random = mulberry32(3);
    for (const [sizes, warps] of [
      [[4, 64], 1],
      [[3, 5], 2],
      [[1, 1], 1],
      [[2, 16], 4],
    ] as [number[], number][]) {
      const out = tiled(text, { 'tile-sizes': sizes, 'num-warps': warps });
      const rows = picks(edgeSizes(sizes[0]!, random), 4, random);
      const cols = picks(edgeSizes(sizes[1]!, random), 4, random);
      rows.forEach((M, i) => {
        const shape = [M, cols[i]!];
        const bad = compareEntries(
          text,
          out,
          'add',
          [0, 1, 2].map(() => ({ shape, dtype: 'f32' as const })),
          20 + i,
        );
        expect(bad, `tile-sizes=${sizes} num-warps=${warps} ${shape.join('x')}`).toEqual([]);
      });
    }
  });
  it('examples/rgb2gray.mlir (strided views) with combined grid dimensions', () => {
    const text = example('rgb2gray.mlir');
    const optionSets: Record<string, OptionValue>[] = [
      {},
      { 'tile-sizes': [2, 3, 8], 'num-warps': 1 },
      { 'tile-sizes': [1, 4, 16], 'max-grid-dims': 1, 'num-warps': 1 },
      { 'tile-sizes': [2, 1, 5], 'max-grid-dims': 2, 'num-warps': 1 },
    ];
    for (const options of optionSets) {
      const out = tiled(text, options);
      for (const [N, H, W] of [
        [2, 5, 17],
        [1, 1, 1],
        [3, 4, 16],
        [1, 9, 70],
      ]) {
        const bad = compareEntries(
          text,
          out,
          'rgb2gray',
          [
            { shape: [N!, 3, H!, W!], dtype: 'f32' },
            { shape: [N!, H!, W!], dtype: 'f32' },
          ],
          N! * 31 + W!,
        );
        expect(bad, `${JSON.stringify(options)} ${N}x3x${H}x${W}`).toEqual([]);
      }
    }
  });
  it('a rank-1 map (f16 input, in place on its f32 input)', () => {
    const text = `
func.func @axpy(%X: memref<?xf16>, %Y: memref<?xf32>) {
  tile.map ins(%X, %Y : memref<?xf16>, memref<?xf32>) outs(%Y : memref<?xf32>) {
  ^bb0(%x: f16, %y: f32):
    %e = arith.extf %x : f16 to f32
    %two = arith.constant 2.0 : f32
    %m = arith.mulf %e, %two : f32
    %s = arith.addf %m, %y : f32
    tile.yield %s : f32
  }
  return
}`;
    for (const [sizes, warps] of [
      [[], 4],
      [[16], 1],
      [[7], 2],
    ] as [number[], number][]) {
      const out = tiled(text, { 'tile-sizes': sizes, 'num-warps': warps });
      expect(out).toContain('args(%X : memref<?xf16>, %Y : memref<?xf32>)');
      const t = sizes[0] ?? 256;
      for (const n of [1, t - 1, t, t + 1, 3 * t + 2].filter((n) => n >= 1)) {
        const bad = compareEntries(
          text,
          out,
          'axpy',
          [
            { shape: [n], dtype: 'f16' },
            { shape: [n], dtype: 'f32' },
          ],
          n,
        );
        expect(bad, `tile-sizes=${sizes} n=${n}`).toEqual([]);
      }
    }
  });
  const rank5 = `
func.func @r5(%X: memref<?x?x?x?x?xf32>, %Y: memref<?x?x?x?x?xi32>, %Z: memref<?x?x?x?x?xf32>, %s: f32, %k: i32) {
  %c = arith.constant 0.5 : f32
  tile.map ins(%X, %Y : memref<?x?x?x?x?xf32>, memref<?x?x?x?x?xi32>) outs(%Z : memref<?x?x?x?x?xf32>) {
  ^bb0(%x: f32, %y: i32):
    %a = arith.mulf %x, %c : f32
    %b = arith.addf %a, %s : f32
    %yk = arith.muli %y, %k : i32
    %yf = arith.sitofp %yk : i32 to f32
    %p = arith.cmpf ogt, %b, %yf : f32
    %r = arith.select %p, %b, %yf : f32
    %e = math.absf %r : f32
    tile.yield %e : f32
  }
  return
}`;
  it('a rank-5 map with captured scalars, its grid dimensions combined (max-grid-dims 1, 2, 3)', () => {
    const args = (shape: number[]): ArgSpec[] => [{ shape, dtype: 'f32' }, { shape, dtype: 'i32' }, { shape, dtype: 'f32' }, { scalar: 0.25 }, { scalar: -3 }];
    for (const [options, shapes] of [
      [
        { 'max-grid-dims': 1, 'tile-sizes': [2, 1, 3, 2, 8], 'num-warps': 1 },
        [
          [3, 2, 5, 3, 9],
          [1, 1, 1, 1, 1],
          [2, 1, 3, 2, 8],
        ],
      ],
      [
        { 'max-grid-dims': 2, 'tile-sizes': [1, 2, 2, 3, 4], 'num-warps': 2 },
        [
          [2, 3, 4, 4, 5],
          [1, 2, 1, 3, 4],
        ],
      ],
      [
        { 'max-grid-dims': 3, 'num-warps': 1 },
        [
          [2, 2, 2, 5, 65],
          [1, 1, 1, 4, 64],
        ],
      ],
    ] as [Record<string, OptionValue>, number[][]][]) {
      const out = tiled(rank5, options);
      // The captured scalars are kernel arguments; the constant is materialized in the kernel.
      expect(out).toContain('tile.splat %arg3');
      expect(out).toContain('tile.splat %arg4');
      for (const shape of shapes) {
        expect(compareEntries(rank5, out, 'r5', args(shape), shape.length * shape[0]!), `${JSON.stringify(options)} ${shape.join('x')}`).toEqual([]);
      }
    }
  });
  it('a rank-4 map, in place, with max-grid-dims 1 and 2', () => {
    const text = `
func.func @scale(%X: memref<?x?x?x?xf32>) {
  tile.map ins(%X : memref<?x?x?x?xf32>) outs(%X : memref<?x?x?x?xf32>) {
  ^bb0(%x: f32):
    %n = arith.negf %x : f32
    tile.yield %n : f32
  }
  return
}`;
    for (const grid of [1, 2]) {
      const out = tiled(text, { 'max-grid-dims': grid, 'tile-sizes': [1, 2, 3, 4], 'num-warps': 1 });
      for (const shape of [
        [2, 3, 4, 5],
        [3, 1, 3, 4],
        [1, 2, 7, 1],
      ]) {
        expect(compareEntries(text, out, 'scale', [{ shape, dtype: 'f32' }], grid), `max-grid-dims=${grid} ${shape.join('x')}`).toEqual([]);
      }
    }
  });
  it('a fill (no inputs) of a captured scalar, and several maps in one function', () => {
    const text = `
func.func @two(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %v: f32) {
  tile.map outs(%X : memref<?x?xf32>) {
    tile.yield %v : f32
  }
  tile.map ins(%X : memref<?x?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32):
    %s = arith.addf %x, %x : f32
    tile.yield %s : f32
  }
  return
}`;
    const out = tiled(text, { 'num-warps': 1 });
    expect(out).toContain('gpu.func @two(');
    expect(out).toContain('gpu.func @two_0(');
    const bad = compareEntries(text, out, 'two', [{ shape: [5, 70], dtype: 'f32' }, { shape: [5, 70], dtype: 'f32' }, { scalar: 1.5 }], 1);
    expect(bad).toEqual([]);
  });
});

describe('tile-tiling: kernels module, names and failures', () => {
  it('reuses an existing gpu.module @kernels and makes names unique there', () => {
    const text = `
module {
  gpu.module @kernels {
    gpu.func @add(%a: memref<?xf32>) kernel {
      gpu.return
    }
  }
  func.func @add(%X: memref<?xf32>) {
    tile.map ins(%X : memref<?xf32>) outs(%X : memref<?xf32>) {
    ^bb0(%x: f32):
      tile.yield %x : f32
    }
    return
  }
}`;
    const out = tiled(text);
    expect(out.match(/gpu\.module @kernels/g)).toHaveLength(1);
    expect(out).toContain('gpu.func @add_0(');
    expect(out).toContain('gpu.launch_func  @kernels::@add_0 ');
    expect(out).toMatch(/^module attributes \{gpu.container_module\}/);
  });
  it('puts the kernels of a nested module into that module', () => {
    const fn = `
    func.func @f(%X: memref<?xf32>) {
      tile.map ins(%X : memref<?xf32>) outs(%X : memref<?xf32>) {
      ^bb0(%x: f32):
        tile.yield %x : f32
      }
      return
    }`;
    const out = tiled(`module {\n  module @inner {${fn}\n  }${fn}\n}`);
    expect(out.match(/gpu\.module @kernels/g)).toHaveLength(2);
    expect(out).toContain('module @inner attributes {gpu.container_module} {\n    gpu.module @kernels {\n      gpu.func @f(');
    expect(out.match(/gpu\.func @f\(/g)).toHaveLength(2);
  });
  it('fails, leaving the module unchanged, on a bad option or body', () => {
    const badBody = `
func.func @neg(%X: memref<?xf32>, %c: i1) {
  tile.map ins(%X : memref<?xf32>) outs(%X : memref<?xf32>) {
  ^bb0(%x: f32):
    %r = scf.if %c -> f32 {
      scf.yield %x : f32
    } else {
      %n = arith.negf %x : f32
      scf.yield %n : f32
    }
    tile.yield %r : f32
  }
  return
}`;
    // The matmul before the bad map is not tiled either: everything is checked first.
    for (const [text, options, message] of [
      [example('add.mlir'), { 'tile-sizes': [4, 0] }, "'tile-tiling' option 'tile-sizes' entries must be positive, got [4, 0] for 'tile.map'"],
      [example('matmul.mlir') + badBody, {}, "cannot tile 'tile.map': its body op 'scf.if' is not an elementwise arith or math op"],
      [example('matmul.mlir'), { 'num-warps': 6 }, "'tile-tiling' option 'num-warps' must be 0 or a power of two, got 6"],
    ] as [string, Record<string, OptionValue>, string][]) {
      const module = parseModule(text);
      const before = print(module);
      const r = runPassOn(module, tileTilingPass, context, options);
      expect(r.failed).toBe(true);
      expect(r.diagnostics.map((d) => d.message)).toEqual([message]);
      expect(print(module)).toBe(before);
    }
  });
});

describe('blockedLayoutFor', () => {
  it("gives examples/matmul-tiled.mlir's accumulator layout for 32x32 and 4 warps", () => {
    expect(String(blockedLayoutFor([32, 32], 4))).toBe('#tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>');
  });
  it('covers the workgroup with 32 lanes per warp for power-of-two shapes and warp counts', () => {
    for (const rows of [1, 2, 4, 8, 16, 32, 64, 128, 256]) {
      for (const cols of [1, 2, 4, 8, 16, 32, 64, 128, 256]) {
        for (const warps of [1, 2, 4, 8, 16]) {
          const l = blockedLayoutFor([rows, cols], warps);
          expect(
            l.threadsPerWarp.reduce((a, b) => a * b, 1),
            `${rows}x${cols}`,
          ).toBe(32);
          expect(l.numThreads).toBe(32 * warps);
          // The layout never asks for more elements per thread than the tile has.
          expect(l.sizePerThread[0]! <= rows && l.sizePerThread[1]! <= cols).toBe(true);
        }
      }
    }
    expect(String(blockedLayoutFor([4, 64, 8], 2))).toBe('#tile.blocked<sizePerThread = [1, 2, 4], threadsPerWarp = [1, 16, 2], warpsPerGroup = [1, 2, 1], order = [2, 1, 0]>');
    expect(() => blockedLayoutFor([8, 8], 3)).toThrow('power of two');
  });
});

// Keep the helpers' own contract honest: the same specs and seed give the same inputs.
describe('run-helpers', () => {
  it('runs an entry on seeded random memrefs and reports differences', () => {
    const text = `
func.func @copy(%X: memref<?xf32>, %Y: memref<?xf32>) {
  memref.copy %X, %Y : memref<?xf32> to memref<?xf32>
  return
}`;
    const [x, y] = runEntry(
      text,
      'copy',
      [
        { shape: [5], dtype: 'f32' },
        { shape: [5], dtype: 'f32', data: [0, 0, 0, 0, 0] },
      ],
      9,
    );
    expect(Array.from(y!)).toEqual(Array.from(x!));
    expect(x!.every((v) => v >= -1 && v < 1)).toBe(true);
    expect(
      runEntry(
        text,
        'copy',
        [
          { shape: [5], dtype: 'f32' },
          { shape: [5], dtype: 'f32' },
        ],
        9,
      )[0],
    ).toEqual(x);
    expect(() =>
      runEntry(
        text,
        'copy',
        [
          { shape: [5], dtype: 'f16' },
          { shape: [5], dtype: 'f32' },
        ],
        9,
      ),
    ).toThrow("dtype 'f16'");
    // A program that differs is caught.
    const add = example('add.mlir');
    const sub = add.replace('arith.addf', 'arith.subf');
    const shape = [2, 3];
    expect(
      compareEntries(
        add,
        sub,
        'add',
        [0, 1, 2].map(() => ({ shape, dtype: 'f32' as const })),
        1,
      ).length,
    ).toBeGreaterThan(0);
    expect(mismatches([Float64Array.of(1, 2.00001)], [Float64Array.of(1, 2)], 1e-5)).toEqual([]);
    expect(mismatches([Float64Array.of(1, 2.1)], [Float64Array.of(1, 2)], 1e-5)).toEqual(['argument #0[1]: got 2.1, expected 2']);
  });
});
