// One-row matmuls as vector-matrix products keep a matmul's meaning: the automatic configuration
// takes them for M = 1 (a run-time choice for dynamic shapes, the only kernel for a static one),
// with K and N around the block sizes, accumulate, B as stored or transposed, through @tile-tiled, @tile-pipelined and
// @tile-wgsl; their K loop streams B through registers (no copies into workgroup memory).
import { describe, expect, it } from 'vitest';
import type { OptionValue } from '../../../../../core/pass/options.js';
import { tileTilingPass } from '../../../../../passes/tile/tiling/tiling-pass.js';
import { compile } from '../kernel-meaning.js';
import { print, runPass } from '../../pass-harness.js';
import { compareEntries, matmulArgs } from './run-helpers.js';

const tiled = (text: string, options: Record<string, OptionValue> = {}) => runPass(text, tileTilingPass, { options }).output;

const matmul = (form = '', c = '?x?', elem = 'f32') => `
func.func @mm(%A: memref<${c.startsWith('1x') ? '1x?' : '?x?'}x${elem}>, %B: memref<?x?x${elem}>, %C: memref<${c}xf32>) {
  tile.matmul %A, %B, %C ${form} : memref<${c.startsWith('1x') ? '1x?' : '?x?'}x${elem}>, memref<?x?x${elem}>, memref<${c}xf32>
  return
}`;

const args = (shape: readonly number[], form = '') => matmulArgs(form, shape);

// K and N below, at and past the blocks (BK = 256 with 8 warps, BN = 16); rows past one take other kernels.
const shapes = [
  [1, 1, 1],
  [1, 16, 256],
  [1, 17, 257],
  [1, 70, 200],
  [1, 5, 1000],
  [3, 20, 40],
];

/** The text of kernel `name` in a printed module. */
const kernelText = (out: string, name: string): string => out.slice(out.indexOf(`gpu.func @${name}(`), out.indexOf('gpu.return', out.indexOf(`gpu.func @${name}(`)));

describe('tile-tiling vector-matrix products', () => {
  it('the automatic configuration launches them for one row at run time, and they agree with the matmul', () => {
    for (const form of ['', 'accumulate', 'transpose_b', 'transpose_b accumulate']) {
      const text = matmul(form);
      const out = tiled(text);
      expect(out).toContain('gpu.func @mm_1x16x256(');
      expect(kernelText(out, 'mm_1x16x256')).toContain('tile.register_stages = 2');
      expect(kernelText(out, 'mm_1x16x256')).not.toContain('tile.dot');
      // B's blocks as stored: K along the rows, or along the columns of a transposed B.
      expect(kernelText(out, 'mm_1x16x256')).toContain(form.includes('transpose_b') ? 'tensor<16x256xf32>' : 'tensor<256x16xf32>');
      for (const shape of shapes) expect(compareEntries(text, out, 'mm', args(shape, form), 7 + shape[2]!, 1e-4), `${form || 'plain'} MxNxK=${shape.join('x')}`).toEqual([]);
    }
  });

  it('a static one-row C: the vector-matrix kernel alone; fewer warps take a shallower K block', () => {
    const out = tiled(matmul('', '1x4096'));
    expect(out.match(/gpu\.launch_func/g)).toHaveLength(1);
    expect(kernelText(out, 'mm')).toContain('tile.register_stages = 2');
    expect(kernelText(out, 'mm')).toContain('tensor<256x16xf32>');
    expect(kernelText(tiled(matmul('', '1x4096'), { 'num-warps': 4 }), 'mm')).toContain('tensor<128x16xf32>');
    expect(tiled(matmul('', '4x4096'))).not.toContain('tile.register_stages');
  });

  it('not for a transposed A, f16 operands, explicit tile sizes or without the automatic configuration', () => {
    for (const text of [matmul('transpose_a'), matmul('', '?x?', 'f16')]) expect(tiled(text)).not.toContain('x16x256');
    expect(tiled(matmul(), { 'tile-sizes': [16, 32, 16] })).not.toContain('x16x256');
    expect(tiled(matmul(), { 'auto-config': false })).not.toContain('x16x256');
  });

  for (const pipeline of ['@tile-pipelined', '@tile-wgsl', '@tile-wgsl{register-stages=1}']) {
    it(`${pipeline}: they agree with the whole-problem matmul`, () => {
      for (const form of ['accumulate', 'transpose_b']) {
        const text = matmul(form);
        const out = compile(text, pipeline);
        for (const shape of [
          [1, 70, 200],
          [1, 16, 600],
          [1, 3, 5],
        ]) {
          expect(compareEntries(text, out, 'mm', args(shape, form), 11, 1e-4), `${form} MxNxK=${shape.join('x')}`).toEqual([]);
        }
      }
    });
  }

  it('@tile-pipelined: B and A stay loads into registers, the next block loaded during this one (no async copies)', () => {
    const pipelined = kernelText(print(compile(matmul(), '@tile-pipelined')), 'mm_1x16x256');
    expect(pipelined).not.toContain('async.copy');
    expect(pipelined).not.toContain('tile.alloc');
    // Register double buffering: the loop carries the loaded A slice and B block.
    expect(pipelined).toMatch(/scf\.for .* iter_args\(.*\) -> \(tensor<256xf32>, tensor<256x16xf32>, tensor<256x16xf32>\)/);
    const unpipelined = kernelText(print(compile(matmul(), '@tile-pipelined{register-stages=1}')), 'mm_1x16x256');
    expect(unpipelined).toMatch(/scf\.for .* -> \(tensor<256x16xf32>\)/);
  });
});
