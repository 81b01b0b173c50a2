// The swizzle of a transpose's staging buffer (swizzle.ts, transposeStagingSwizzle): which layouts
// it picks, and that they spread the transposed reads over the banks while the writers' vectors
// stay whole. Banks are modelled as on NVIDIA and AMD GPUs: 32 banks of 4 bytes.
import { describe, expect, it } from 'vitest';
import type { SharedLayoutAttr } from '../../../../dialects/tile/index.js';
import { transposeStagingSwizzle } from '../../../../passes/conversion/tile-to-gpu/swizzle.js';

/** The physical column of (row, col), as docs/dialects/tile.md defines #tile.shared (row-major order). */
const place = (l: SharedLayoutAttr | undefined, row: number, col: number): number =>
  !l ? col : (Math.floor(col / l.vec) ^ (Math.floor(row / l.perPhase) % l.maxPhase)) * l.vec + (col % l.vec);

/** Most f32 accesses of one instruction that fall on one bank, for lanes accessing (row, col) each. */
const worstBank = (l: SharedLayoutAttr | undefined, cols: number, at: readonly [number, number][]): number => {
  const perBank = new Map<number, Set<number>>();
  for (const [r, c] of at) {
    const word = r * cols + place(l, r, c);
    const bank = word % 32;
    perBank.set(bank, (perBank.get(bank) ?? new Set()).add(word));
  }
  return Math.max(...[...perBank.values()].map((words) => words.size));
};

describe('transposeStagingSwizzle', () => {
  it("swizzles groups of 4 columns by the reading thread's run of rows", () => {
    const l = transposeStagingSwizzle([64, 64], 4)!;
    expect([l.vec, l.perPhase, l.maxPhase, ...l.order]).toEqual([4, 4, 16, 1, 0]);
    expect(transposeStagingSwizzle([32, 24], 1)!.maxPhase).toBe(2); // 6 groups: the largest power of two dividing them
  });

  it('leaves tiles alone where no such swizzle fits', () => {
    expect(transposeStagingSwizzle([64], 4)).toBeUndefined();
    expect(transposeStagingSwizzle([8, 6], 4)).toBeUndefined(); // columns not in groups of 4
    expect(transposeStagingSwizzle([8, 4], 4)).toBeUndefined(); // one group: nothing to permute
    expect(transposeStagingSwizzle([2, 8, 8], 4)).toBeUndefined();
  });

  it("cuts the 16-way bank conflict of the packing kernel's transposed reads to 2-way", () => {
    // @tile-wgsl's pack-lhs kernel: a 64x64 f32 tile, read back by lanes 0-15 taking rows 4l..4l+3 of one column
    // (lanes 16-31: the next column).
    const l = transposeStagingSwizzle([64, 64], 4)!;
    for (const col of [0, 6, 33, 62]) {
      for (let i = 0; i < 4; i++) {
        const reads = Array.from({ length: 32 }, (_, lane): [number, number] => [4 * (lane % 16) + i, col + Math.floor(lane / 16)]);
        expect(worstBank(undefined, 64, reads)).toBe(16);
        expect(worstBank(l, 64, reads)).toBeLessThanOrEqual(2);
      }
    }
  });

  it("keeps each writer's vector of 4 in place and whole, and the writes free of conflicts", () => {
    const l = transposeStagingSwizzle([64, 64], 4)!;
    for (let row = 0; row < 64; row++) {
      const starts = Array.from({ length: 16 }, (_, g) => place(l, row, 4 * g));
      expect(starts.every((p) => p % 4 === 0)).toBe(true);
      expect(new Set(starts).size).toBe(16); // a permutation of the row's groups
      for (let g = 0; g < 16; g++) for (let k = 0; k < 4; k++) expect(place(l, row, 4 * g + k)).toBe(starts[g]! + k);
    }
    // A warp stores vec4s: half a warp per row (lanes 0-15 row r, 16-31 row r + 1), each 16-byte store a quarter-warp phase.
    for (let row = 0; row < 64; row += 2) {
      for (let quarter = 0; quarter < 4; quarter++) {
        const words = Array.from({ length: 8 }, (_, j) => {
          const lane = quarter * 8 + j;
          return [row + Math.floor(lane / 16), 4 * (lane % 16)] as [number, number];
        }).flatMap(([r, c]) => [0, 1, 2, 3].map((k): [number, number] => [r, c + k]));
        expect(worstBank(l, 64, words)).toBe(1);
      }
    }
  });
});
