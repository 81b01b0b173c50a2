// convert-tile-to-gpu's type converter: a register tile becomes the scalars one thread holds
// (as many as its #tile.blocked layout gives a thread); a tile it cannot spread says why.
import { describe, expect, it } from 'vitest';
import { f32, RankedTensorType } from '../../../../core/ir/types.js';
import { BlockedLayoutAttr } from '../../../../dialects/tile/index.js';
import { tileTypeConverter, tileTypeError } from '../../../../passes/conversion/tile-to-gpu/tile-type-converter.js';

const layout = BlockedLayoutAttr.get({ sizePerThread: [1, 2], threadsPerWarp: [2, 4], warpsPerGroup: [1, 1], order: [1, 0] });

describe('the tile type converter', () => {
  it('gives a tile as the scalars a thread holds of it, other types as they are', () => {
    const converter = tileTypeConverter();
    // The layout covers 2x8 elements at a time, 2 per thread: a 4x16 tile is 4 blocks of it.
    expect(converter.convertTypeToMany(RankedTensorType.get([2, 8], f32, layout))).toEqual([f32, f32]);
    expect(converter.convertTypeToMany(RankedTensorType.get([4, 16], f32, layout))).toHaveLength(8);
    expect(converter.convertType(f32)).toBe(f32);
  });

  it('cannot convert a tile without a blocked layout, or one that does not unroll, and says why', () => {
    const converter = tileTypeConverter();
    const bare = RankedTensorType.get([2, 8], f32);
    expect(converter.convertTypeToMany(bare)).toBeUndefined();
    expect(tileTypeError(bare)).toBe("has a tile without a #tile.blocked or #tile.slice layout ('tensor<2x8xf32>'); run tile-assign-layouts first");
    const uneven = RankedTensorType.get([3, 8], f32, layout);
    expect(converter.convertTypeToMany(uneven)).toBeUndefined();
    expect(tileTypeError(uneven)).toMatch(/^cannot unroll a 3x8 tile: its layout covers 2 elements along dimension 0 at a time/);
  });
});
