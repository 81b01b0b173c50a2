import { describe, expect, it } from 'vitest';
import { gridLayout, WEBGPU_DEFAULT_MAX_BLOCKS_PER_AXIS } from '../../../../../passes/tile/tiling/grid.js';

const limits = (maxGridDims: number, maxBlocksPerAxis = WEBGPU_DEFAULT_MAX_BLOCKS_PER_AXIS) => ({ maxGridDims, maxBlocksPerAxis });

describe('gridLayout', () => {
  it('puts the innermost tiled dimension on x, the next on y, the next on z', () => {
    expect(gridLayout(1, limits(3)).axes).toEqual([0]);
    expect(gridLayout(2, limits(3)).axes).toEqual([1, 0]);
    expect(gridLayout(3, limits(3)).axes).toEqual([2, 1, 0]);
  });
  it('combines the leading dimensions on the highest axis allowed', () => {
    expect(gridLayout(4, limits(3)).axes).toEqual([2, 2, 1, 0]);
    expect(gridLayout(3, limits(1)).axes).toEqual([0, 0, 0]);
  });
  it('lets the highest axis used spill onto the next only where that one is free', () => {
    expect(gridLayout(1, limits(3))).toEqual({ axes: [0], spill: 0, maxBlocks: 65535 });
    expect(gridLayout(2, limits(3, 1000))).toEqual({ axes: [1, 0], spill: 1, maxBlocks: 1000 });
    expect(gridLayout(2, limits(2)).spill).toBeUndefined();
    expect(gridLayout(3, limits(3)).spill).toBeUndefined();
    expect(gridLayout(1, limits(1)).spill).toBeUndefined();
  });
});
