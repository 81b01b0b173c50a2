// tile-tiling refuses the tile sizes whose register tiles the lowering cannot lay out, in option
// terms, and only those: on random tile sizes and warp counts, @tile-wgsl either refuses them at
// tiling with that message or compiles them; it never fails later (staging a copy, unrolling a
// tile), and with check-lowering=false the same sizes that tiling refused do fail later.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../../testing/random.js';
import { compile, example } from '../kernel-meaning.js';

const MAP3 = `
func.func @copy3(%X: memref<?x?x?xf32>, %Z: memref<?x?x?xf32>) {
  tile.map ins(%X : memref<?x?x?xf32>) outs(%Z : memref<?x?x?xf32>) {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}`;

/** The error of compiling `text` through `pipeline`, or undefined when it compiles. */
function errorOf(text: string, pipeline: string): string | undefined {
  try {
    compile(text, pipeline);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

const LATE = /cannot stage this copy|cannot unroll a/;

describe('tile sizes the lowering cannot lay out', () => {
  it('are refused at tiling in option terms', () => {
    expect(errorOf(example('matmul.mlir'), '@tile-wgsl{tile-sizes=33,32,16}')).toContain(
      'tile-sizes=33,32,16: with num-warps=4, BM (the first tile size) must be at most 32 or a multiple of 32 (the threads hold the 33x16 tiles of A in blocks of 32 along it)',
    );
    expect(errorOf(MAP3, '@tile-pipelined{tile-sizes=7,1,8}')).toContain('tile-sizes=7,1,8: with num-warps=4, the first tile size must be at most 4 or a multiple of 4');
    expect(errorOf(MAP3, '@tile-wgsl{tile-sizes=1,1,6}')).toBeUndefined();
    expect(errorOf(MAP3, '@tile-wgsl{tile-sizes=1,3,5}')).toBeUndefined();
    expect(errorOf(example('matmul.mlir'), '@tile-wgsl{tile-sizes=128,128,16 num-warps=1}')).toContain(
      'each of the 32 threads would hold 512 elements of the 128x128 tiles of the accumulator in registers (at most 256)',
    );
  });

  it('are exactly those that fail later: random sizes and warps through @tile-wgsl', () => {
    const rnd = mulberry32(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      const isMap = rnd() < 0.5;
      const sizes = isMap ? [pick([1, 2, 3, 4, 7]), pick([1, 2, 3, 5, 8]), pick([1, 4, 6, 8, 16, 33])] : [pick([8, 16, 24, 32, 33, 64]), pick([8, 16, 24, 32, 48]), pick([4, 8, 12, 16])];
      const options = `tile-sizes=${sizes.join(',')} num-warps=${pick([1, 2, 4])} num-stages=${pick([1, 2])} async-copy-loads=${pick(['all', 'none'])}`;
      const text = isMap ? MAP3 : example('matmul.mlir');
      const checked = errorOf(text, `@tile-wgsl{${options}}`);
      expect(checked ?? '', options).not.toMatch(LATE);
      if (checked?.includes(`tile-sizes=${sizes.join(',')}:`)) {
        refused++;
        // Unchecked, the same sizes fail in the lowering.
        const late = errorOf(
          text,
          `tile-tiling{tile-sizes=${sizes.join(',')} num-warps=${options.match(/num-warps=(\d+)/)![1]} check-lowering=false},tile-async-copy,tile-assign-layouts,convert-async-to-gpu,convert-tile-to-gpu`,
        );
        expect(late ?? 'compiled', options).toMatch(LATE);
      }
    }
    expect(refused, 'some random sizes are refused').toBeGreaterThan(0);
  });
});
