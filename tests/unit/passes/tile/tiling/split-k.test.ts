// Split-K keeps a matmul's meaning: K cut into slices whose partial Cs a second kernel sums, for
// fixed slice counts (some slices empty at small K), the run-time choice of the automatic skinny
// configuration, every operand form, through @tile-tiled, @tile-pipelined and @tile-wgsl.
import { describe, expect, it } from 'vitest';
import type { OptionValue } from '../../../../../core/pass/options.js';
import { tileTilingPass } from '../../../../../passes/tile/tiling/tiling-pass.js';
import { compile } from '../kernel-meaning.js';
import { print } from '../../pass-harness.js';
import { runPass } from '../../pass-harness.js';
import { compareEntries, matmulArgs } from './run-helpers.js';

const tiled = (text: string, options: Record<string, OptionValue>) => runPass(text, tileTilingPass, { options }).output;

const matmul = (form: string, c = '?x?') => `
func.func @mm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<${c}xf32>) {
  tile.matmul %A, %B, %C ${form} : memref<?x?xf32>, memref<?x?xf32>, memref<${c}xf32>
  return
}`;

const args = matmulArgs;

// K below one BK, one BK, several slices of BK, a last slice cut short; M of one row to past a tile.
const shapes = [
  [1, 1, 1],
  [1, 70, 200],
  [4, 33, 65],
  [16, 64, 333],
  [17, 5, 96],
];

describe('tile-tiling split-k', () => {
  for (const form of ['', 'transpose_a', 'transpose_b accumulate']) {
    it(`fixed slice counts agree with the whole-problem matmul (${form || 'plain'})`, () => {
      const text = matmul(form);
      for (const slices of [2, 3, 7]) {
        const out = tiled(text, { 'tile-sizes': [16, 32, 16], 'num-warps': 2, 'split-k': slices });
        expect(out).toContain('@mm_split_k_sum');
        for (const shape of shapes) {
          const bad = compareEntries(text, out, 'mm', args(form, shape), 3 + shape[2]!, 1e-4);
          expect(bad, `split-k=${slices} MxNxK=${shape.join('x')}`).toEqual([]);
        }
      }
    });
  }

  it('the automatic skinny configuration splits K at run time, and only there', () => {
    const text = matmul('');
    // auto-min-workgroups 8: a 1 x 70 C is 2 tiles of 16 x 64, so 4 slices where K allows them.
    const out = tiled(text, { 'auto-min-workgroups': 8 });
    expect(out).toContain('@mm_8x64x32_split_k_sum');
    expect(out).toContain('@mm_16x64x32_split_k_sum');
    for (const shape of [...shapes, [40, 70, 50]]) expect(compareEntries(text, out, 'mm', args('', shape), 5, 1e-4), `MxNxK=${shape.join('x')}`).toEqual([]);
    // split-k=1: never.
    expect(tiled(text, { 'split-k': 1 })).not.toContain('split_k_sum');
    // Not for an explicit tile size unless asked, nor for an f16 C.
    expect(tiled(text, { 'tile-sizes': [16, 32, 16] })).not.toContain('split_k_sum');
    expect(tiled(matmul('').replaceAll('xf32>', 'xf16>'), { 'split-k': 4 })).not.toContain('split_k_sum');
  });

  it('a static skinny shape: partials allocated with static rows and columns, freed after the sum', () => {
    const out = tiled(matmul('', '4x4096'), { 'split-k': 8 });
    expect(out).toMatch(/memref\.alloc\(%\w+\) : memref<4x\?x4096xf32>/);
    expect(out.indexOf('memref.dealloc')).toBeGreaterThan(out.lastIndexOf('gpu.launch_func'));
  });

  for (const pipeline of ['@tile-pipelined', '@tile-wgsl']) {
    it(`${pipeline}: split K agrees with the whole-problem matmul`, () => {
      const text = matmul('transpose_b');
      const out = compile(text, `${pipeline}{split-k=3 num-stages=3}`);
      for (const shape of [
        [1, 70, 200],
        [3, 20, 40],
      ]) {
        expect(compareEntries(text, out, 'mm', args('transpose_b', shape), 9, 1e-4), `MxNxK=${shape.join('x')}`).toEqual([]);
      }
    });
  }

  it("a slice's K loop is pipelined with its epilogue peeled, whatever peel-epilogue says (tile.peel_epilogue)", () => {
    // The matmul kernel's text (the sum's loop follows the option).
    const pipelined = (text: string, peel: boolean, split: number) => {
      const out = print(compile(text, `@tile-pipelined{tile-sizes=8,64,32 num-warps=2 num-stages=2 split-k=${split} peel-epilogue=${peel}}`));
      return out.slice(out.indexOf('gpu.func @mm('), out.indexOf('gpu.return', out.indexOf('gpu.func @mm(')));
    };
    const text = matmul('');
    expect(tiled(text, { 'tile-sizes': [8, 64, 32], 'split-k': 2 })).toContain('tile.peel_epilogue = true');
    expect(pipelined(text, false, 8)).toBe(pipelined(text, true, 8));
    // Unsplit, the option decides.
    expect(pipelined(text, false, 1)).not.toBe(pipelined(text, true, 1));
  });
});
