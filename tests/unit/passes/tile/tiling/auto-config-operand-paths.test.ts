// tile-tiling's automatic matmul configuration plans the workgroup memory of the path the
// operands take to the dot: the operands loaded into registers (async-copy-loads=none) or copies
// stored where issued (synchronous-copies=true) are staged for the dot, a transposed A once more.
// Every variant it picks then fits max-workgroup-memory (convert-tile-to-gpu refuses a kernel
// that does not); before, @tile-wgsl{synchronous-copies=true} refused examples/matmul.mlir. And a
// static M drops the variants an earlier one covers, which would otherwise be left unlaunched.
import { describe, expect, it } from 'vitest';
import { symbolName } from '../../../../../core/ir/symbol-table.js';
import { runPipeline } from '../../../../../testing/fuzz/harness.js';
import { example } from '../kernel-meaning.js';

const matmuls = `
func.func @plain(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}
func.func @ta(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C transpose_a : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}
func.func @tb(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C transpose_b : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}
`;

/** The kernels' names of a compiled module. */
const kernels = (text: string, pipeline: string): string[] => {
  const out = runPipeline(text, pipeline);
  expect(out.kind, 'message' in out ? out.message : '').toBe('ok');
  const names: string[] = [];
  if (out.kind === 'ok') out.module.walk((op) => void (op.name === 'gpu.func' && names.push(symbolName(op)!)));
  return names;
};

describe('the automatic matmul configuration and the operands path to the dot', () => {
  for (const [options, budget] of [
    ['async-copy-loads=none', 24576],
    ['synchronous-copies=true', 16384],
    ['synchronous-copies=true', 49152],
  ] as const) {
    it(`@tile-wgsl{${options} max-workgroup-memory=${budget}}: every variant fits (plain, transpose_a, transpose_b; f16 A and B)`, () => {
      expect(kernels(matmuls, `@tile-wgsl{${options} max-workgroup-memory=${budget}}`).length).toBeGreaterThan(9);
      expect(kernels(example('matmul.mlir'), `@tile-wgsl{${options} max-workgroup-memory=${budget}}`).length).toBeGreaterThan(9);
    });
  }

  it('a static M of 32: the 128 x 128 tile the 256 x 128 one covers is not compiled', () => {
    const text = `func.func @f(%A: memref<32x16xf32>, %B: memref<16x?xf32>, %C: memref<32x?xf32>) {
  tile.matmul %A, %B, %C : memref<32x16xf32>, memref<16x?xf32>, memref<32x?xf32>
  return
}`;
    expect(kernels(text, '@tile-wgsl{max-workgroup-memory=24576}')).toEqual(['f_pack_lhs', 'f_pad_rhs', 'f_256x128x16', 'f_64x64x32']);
  });
});
