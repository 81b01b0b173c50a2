import { describe, expect, it } from 'vitest';
import { type AutoOptions, chooseStatic, SKINNY_WARPS, matmulVariants, matmulWorkgroupBytes, ruleHolds, sliceSumWorkgroupBytes } from '../../../../../passes/tile/tiling/auto-config.js';

const base: AutoOptions = {
  numWarps: 0,
  numStages: 0,
  maxWorkgroupMemory: 0,
  operandPath: 'async-copies',
  transposedLhs: false,
  minWorkgroups: 256,
  extraBytes: () => 0,
  elementBytes: 4,
  packable: true,
  packBytes: 16384,
  splitK: undefined,
  vectorMatrix: false,
  unfit: () => false,
};
const SPLIT_WARPS = SKINNY_WARPS;
const sizesOf = (o: Partial<AutoOptions>) => matmulVariants({ ...base, ...o }).map((v) => v.config.sizes.join('x'));
const chosen = (m: number, n: number, o: Partial<AutoOptions> = {}) => chooseStatic(matmulVariants({ ...base, ...o }), m, n).config;

describe('the automatic matmul configuration', () => {
  it('takes the tuned configuration of each seed shape (bench/RESULTS.md) where the memory allows it', () => {
    const big = { maxWorkgroupMemory: 49152 };
    expect(chosen(1024, 1024, big)).toEqual({ sizes: [64, 64, 32], numWarps: 4, numStages: 2, packLhs: true });
    expect(chosen(2048, 2048, big).sizes).toEqual([128, 128, 16]);
    expect(chosen(4096, 4096, big)).toEqual({ sizes: [256, 128, 16], numWarps: 8, numStages: 2, packLhs: true });
    expect(chosen(1, 4096, big)).toEqual({ sizes: [16, 64, 32], numWarps: 4, numStages: 2, packLhs: false });
    expect(chosen(16, 4096, big).sizes).toEqual([16, 64, 32]);
    expect(chosen(17, 4096, big).sizes).toEqual([64, 64, 32]);
  });

  it('splits K of a skinny matmul where it can: 8-row tiles up to 8 rows, 16-row ones up to 16', () => {
    const split = { maxWorkgroupMemory: 49152, splitK: { workgroups: 512 } };
    expect(chosen(1, 4096, split)).toEqual({ sizes: [8, 64, 32], numWarps: SPLIT_WARPS, numStages: 2, packLhs: false, splitK: { workgroups: 512 } });
    expect(chosen(8, 4096, split).sizes).toEqual([8, 64, 32]);
    expect(chosen(9, 4096, split)).toEqual({ sizes: [16, 64, 32], numWarps: SPLIT_WARPS, numStages: 2, packLhs: false, splitK: { workgroups: 512 } });
    expect(chosen(17, 4096, split).splitK).toBeUndefined();
    expect(sizesOf({ splitK: { slices: 4 } })).toEqual(['8x64x32', '16x64x32', '128x128x16', '64x64x32']);
  });

  it('takes vector-matrix products for one row where the matmul allows them, 32 K rows a warp', () => {
    const vm = { maxWorkgroupMemory: 49152, splitK: { workgroups: 512 }, vectorMatrix: true };
    expect(chosen(1, 4096, vm)).toEqual({ sizes: [1, 16, 256], numWarps: 8, numStages: 2, packLhs: false, vectorMatrix: true });
    expect(chosen(2, 4096, vm).sizes).toEqual([8, 64, 32]);
    expect(chosen(1, 4096, { ...vm, numWarps: 4 }).sizes).toEqual([1, 16, 128]);
    const first = matmulVariants({ ...base, ...vm })[0]!;
    expect(first.rule).toEqual({ kind: 'skinny', maxRows: 1 });
    expect([0, 1, 2].map((m) => ruleHolds(first.rule, first.config.sizes, m, 4096))).toEqual([true, true, false]);
    expect(sizesOf({ vectorMatrix: false }).includes('1x16x256')).toBe(false);
  });

  it("keeps within WebGPU's default 16 KiB when no limit is given", () => {
    expect(sizesOf({})).toEqual(['16x64x32', '128x128x16', '64x64x32']);
    expect(chosen(4096, 4096).sizes).toEqual([128, 128, 16]);
    for (const v of matmulVariants(base)) expect(matmulWorkgroupBytes(v.config.sizes, v.config.numStages, 4)).toBeLessThanOrEqual(16384);
  });

  it('plans for operands staged for the dot: loaded into registers, or copied synchronously', () => {
    // Loads: A and B once, and a packed A's transpose; synchronous copies: the copies' slot as well.
    expect(matmulWorkgroupBytes([128, 128, 16], 2, 4, 'register-loads', true)).toBe(24576);
    expect(matmulWorkgroupBytes([128, 128, 16], 2, 4, 'register-loads', false)).toBe(16384);
    expect(matmulWorkgroupBytes([128, 128, 16], 2, 4, 'synchronous-copies', true)).toBe(40960);
    expect(sizesOf({ operandPath: 'register-loads' })).toEqual(['16x64x32', '128x128x8', '64x64x16']);
    expect(sizesOf({ operandPath: 'synchronous-copies' })).toEqual(['16x64x16', '32x32x8']);
    for (const operandPath of ['register-loads', 'synchronous-copies'] as const)
      for (const v of matmulVariants({ ...base, operandPath })) expect(matmulWorkgroupBytes(v.config.sizes, v.config.numStages, 4, operandPath, v.config.packLhs)).toBeLessThanOrEqual(16384);
  });

  it("splits K only where the sum kernel's copies fit too", () => {
    expect(sliceSumWorkgroupBytes(2)).toBe(5120);
    expect(sliceSumWorkgroupBytes(5)).toBe(17408);
    const split = { splitK: { workgroups: 512 } };
    expect(matmulVariants({ ...base, ...split, numStages: 4 }).some((v) => v.config.splitK)).toBe(true);
    expect(matmulVariants({ ...base, ...split, numStages: 5 }).some((v) => v.config.splitK)).toBe(false);
    expect(matmulVariants({ ...base, ...split, numStages: 5, maxWorkgroupMemory: 32768 }).some((v) => v.config.splitK)).toBe(true);
  });

  it('takes a shallower BK, then a smaller tile, when the epilogue or more stages need memory', () => {
    expect(sizesOf({ extraBytes: ([, bn]) => bn! * 4 })).toEqual(['16x64x32', '128x128x8', '64x64x16']);
    expect(sizesOf({ numStages: 3 })).toEqual(['16x64x16', '128x128x8', '64x64x16']);
    expect(matmulVariants({ ...base, numStages: 3 }).every((v) => v.config.numStages === 3)).toBe(true);
  });

  it('gives every candidate the warps asked for, dropping those tuned with more and those the lowering cannot lay out', () => {
    expect(matmulVariants({ ...base, numWarps: 2 }).map((v) => [v.config.sizes.join('x'), v.config.numWarps])).toEqual([
      ['16x64x16', 2],
      ['32x32x8', 2],
    ]);
    expect(matmulVariants({ ...base, numWarps: 4 }).map((v) => v.config.sizes.join('x'))).toEqual(['16x64x32', '64x64x32']);
    expect(matmulVariants({ ...base, numWarps: 1 })[0]!.config.sizes).toEqual([16, 64, 8]);
    expect(matmulVariants({ ...base, numWarps: 8 }).every((v) => v.config.numWarps === 8)).toBe(true);
    expect(sizesOf({ unfit: (sizes) => sizes[0] === 128 })).toEqual(['16x64x32', '64x64x32']);
    expect(sizesOf({ unfit: () => true })).toEqual(['32x32x8']);
  });

  it('packs A only where it can be packed, the packing kernel fits, and never for the skinny kernel', () => {
    expect(matmulVariants({ ...base, packable: false }).some((v) => v.config.packLhs)).toBe(false);
    expect(matmulVariants({ ...base, maxWorkgroupMemory: 8192 }).some((v) => v.config.packLhs)).toBe(false);
    expect(matmulVariants({ ...base, unfit: () => true })[0]!.config.packLhs).toBe(true);
    expect(matmulVariants(base).map((v) => v.config.packLhs)).toEqual([false, true, true]);
  });

  it('applies each rule by its definition', () => {
    expect(ruleHolds({ kind: 'skinny', maxRows: 16 }, [16, 64, 32], 16, 1)).toBe(true);
    expect(ruleHolds({ kind: 'skinny', maxRows: 16 }, [16, 64, 32], 17, 1)).toBe(false);
    // 1999 x 3001 in 128 x 128 tiles: 16 x 24 = 384 workgroups.
    expect(ruleHolds({ kind: 'workgroups', min: 384 }, [128, 128, 16], 1999, 3001)).toBe(true);
    expect(ruleHolds({ kind: 'workgroups', min: 385 }, [128, 128, 16], 1999, 3001)).toBe(false);
    expect(ruleHolds({ kind: 'always' }, [64, 64, 32], 1, 1)).toBe(true);
  });
});
