// #tile.shared swizzles in the address arithmetic keep the meaning: kernels whose workgroup
// buffers carry a swizzle (tile.store/tile.load of the buffer, tile.dot operands read from it,
// register-staged async copies into multibuffered ones) compute what they compute unswizzled,
// and what the whole-problem programs compute (the golden test swizzle.mlir shows the arithmetic).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../../core/ir/operation.js';
import { compile, example, expectMatmulClose, expectSameAdd, random, runEntry } from '../tile/kernel-meaning.js';

const countOps = (module: Operation, name: string): number => {
  let n = 0;
  module.walk((op) => void (op.name === name && n++));
  return n;
};

const CONVERSIONS = 'tile-assign-layouts,convert-async-to-gpu,convert-tile-to-gpu,canonicalize,cse';

/** Adds a swizzle to every tile.alloc of the text. */
const swizzled = (text: string, layout: string) => text.replaceAll('tile.alloc :', `tile.alloc layout ${layout} :`);

describe('#tile.shared swizzles lowered to address arithmetic', () => {
  it('a tile stored to and reloaded across threads from a swizzled buffer', () => {
    const kernel = readFileSync(new URL('../../../filecheck/passes/convert-tile-to-gpu/swizzle.mlir', import.meta.url), 'utf8');
    const text = kernel.replace(
      /\n}\s*$/,
      `
  func.func @main(%X: memref<8x16xf32>, %Y: memref<8x16xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@through_swizzled blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%X : memref<8x16xf32>, %Y : memref<8x16xf32>)
    return
  }
}
`,
    );
    const x = random(128, 5);
    const lowered = compile(text, CONVERSIONS);
    expect(countOps(lowered, 'arith.xori')).toBeGreaterThan(0);
    expect(
      runEntry(
        lowered,
        'main',
        [
          [8, 16],
          [8, 16],
        ],
        [x, new Float32Array(128)],
      )[1],
    ).toEqual(x);
  });

  it('the async matmul and add examples with swizzled (multibuffered) buffers', () => {
    const matmul = compile(example('matmul.mlir'), 'canonicalize');
    const add = compile(example('add.mlir'), 'canonicalize');
    // vec = 4 keeps a thread's aligned runs of 4 together: those accesses stay vectors (swizzled as
    // their first element). Column-major buffers (order = [0, 1]) are stored transposed, element by element.
    const columnMajor = '#tile.shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]>';
    for (const layout of [
      '#tile.shared<vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]>',
      '#tile.shared<vec = 1, perPhase = 2, maxPhase = 8, order = [1, 0]>',
      '#tile.shared<vec = 4, perPhase = 1, maxPhase = 2, order = [1, 0]>',
      columnMajor,
    ]) {
      const lowered = compile(swizzled(example('matmul-async-3stage.mlir'), layout), CONVERSIONS);
      if (layout !== columnMajor) expect(countOps(lowered, 'arith.xori')).toBeGreaterThan(0);
      let workgroupVectors = 0;
      lowered.walk((op) => void (op.name === 'vector.store' && String(op.operand(1).type).includes('workgroup') && workgroupVectors++));
      if (layout.includes('vec = 4')) expect(workgroupVectors).toBeGreaterThan(0);
      else expect(workgroupVectors).toBe(0);
      for (const [M, N, K] of [
        [37, 29, 45],
        [1, 1, 1],
        [33, 32, 16],
      ] as const) {
        const [a, b] = [random(M * K, M + K, true), random(K * N, N, true)];
        const io = () => [a, b, new Float32Array(M * N).fill(NaN)];
        const dims = [
          [M, K],
          [K, N],
          [M, N],
        ];
        expectMatmulClose(runEntry(lowered, 'matmul_f16', dims, io())[2]!, runEntry(matmul, 'matmul_f16', dims, io())[2]!, a, b, [M, N, K], 1e-5, `${layout} ${M}x${N}x${K}`);
      }
      expectSameAdd(add, compile(swizzled(example('add-async-2buf.mlir'), layout), CONVERSIONS));
    }
  });
});
