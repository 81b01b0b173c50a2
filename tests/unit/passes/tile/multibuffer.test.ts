import { describe, expect, it } from 'vitest';
import { tileAsyncCopyPass } from '../../../../passes/tile/async-copy.js';
import { tileMultibufferPass } from '../../../../passes/tile/multibuffer.js';
import { AddressSpaceAttr } from '../../../../dialects/gpu/index.js';
import { f32, MemRefType } from '../../../../core/ir/types.js';
import { parseModule, print, runPass } from '../pass-harness.js';
import { example, expectSameAdd, expectSameMatmul, transform, type PassStep } from './kernel-meaning.js';

const steps = (n: number): PassStep[] => [{ pass: tileAsyncCopyPass }, { pass: tileMultibufferPass, options: { 'num-buffers': n } }];

describe('tile-async-copy + tile-multibuffer', () => {
  it('gives each buffer of the matmul K loops N slots', () => {
    const { module, statistics } = transform(example('matmul-tiled.mlir'), steps(3));
    expect(statistics[1]!.get('num-multibuffered')).toBe(4);
    const out = print(module);
    expect(out.match(/tile\.alloc : memref<3x32x16xf(32|16), #gpu.address_space<workgroup>>/g)).toHaveLength(2);
    expect(out.match(/tile\.alloc : memref<3x16x32xf(32|16), #gpu.address_space<workgroup>>/g)).toHaveLength(2);
  });

  for (const n of [1, 2, 3]) {
    for (const entry of ['matmul_f32', 'matmul_f16'] as const) {
      it(`preserves the meaning of matmul-tiled.mlir @${entry} with num-buffers=${n}`, () => {
        expectSameMatmul(transform(example('matmul-tiled.mlir'), []).module, transform(example('matmul-tiled.mlir'), steps(n)).module, entry);
      });
    }
    it(`preserves the meaning of add-tiled.mlir @add with num-buffers=${n}`, () => {
      expectSameAdd(transform(example('add-tiled.mlir'), []).module, transform(example('add-tiled.mlir'), steps(n)).module);
    });
  }
});

describe('tile-multibuffer refuses', () => {
  const kernel = `
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%v: tensor<4x64xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %buf = tile.alloc : memref<4x64xf32, #gpu.address_space<workgroup>>
      scf.for %i = %c0 to %N step %c1 {
        tile.store %v, %buf[%c0, %c0] : tensor<4x64xf32> -> memref<4x64xf32, #gpu.address_space<workgroup>>
        %x = tile.load %buf[%c0, %c0] : memref<4x64xf32, #gpu.address_space<workgroup>> -> tensor<4x64xf32>
      }
      gpu.return
    }
  }
}`;
  // The verifier rejects such allocs; the pass checks again rather than build a wrong buffer.
  it.each([
    ['a dynamic buffer', MemRefType.get([-1, 64], f32, undefined, AddressSpaceAttr.get('workgroup')), 'memref<?x64xf32, #gpu.address_space<workgroup>>'],
    ['a buffer outside workgroup memory', MemRefType.get([4, 64], f32), 'memref<4x64xf32>'],
  ])('%s', (_what, type, text) => {
    const module = parseModule(kernel);
    module.walk((op) => void (op.name === 'tile.alloc' && (op.result.type = type)));
    expect(() => runPass(module, tileMultibufferPass)).toThrow(`cannot multibuffer: the buffer must be a statically shaped workgroup buffer, got '${text}'`);
  });
});
