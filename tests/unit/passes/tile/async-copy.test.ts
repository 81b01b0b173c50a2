import { describe, expect, it } from 'vitest';
import { tileAsyncCopyPass } from '../../../../passes/tile/async-copy.js';
import { print } from '../pass-harness.js';
import { example, expectSameAdd, expectSameMatmul, transform } from './kernel-meaning.js';

const converted = (file: string) => transform(example(file), [{ pass: tileAsyncCopyPass }]);

describe('tile-async-copy', () => {
  it('turns the two loads of each matmul K loop into copies of one group', () => {
    const { module, statistics } = converted('matmul-tiled.mlir');
    expect(statistics[0]!.get('num-converted')).toBe(4);
    const out = print(module);
    expect(out.match(/tile\.alloc/g)).toHaveLength(4);
    expect(out.match(/async\.copy .* masked :/g)).toHaveLength(4);
    expect(out.match(/async\.commit/g)).toHaveLength(2);
    expect(out.match(/async\.wait 0 for/g)).toHaveLength(2);
  });

  for (const entry of ['matmul_f32', 'matmul_f16'] as const) {
    it(`preserves the meaning of matmul-tiled.mlir @${entry}`, () => {
      expectSameMatmul(transform(example('matmul-tiled.mlir'), []).module, converted('matmul-tiled.mlir').module, entry);
    });
  }

  it('preserves the meaning of add-tiled.mlir @add', () => {
    const { module, statistics } = converted('add-tiled.mlir');
    expect(statistics[0]!.get('num-converted')).toBe(2);
    expectSameAdd(transform(example('add-tiled.mlir'), []).module, module);
  });
});
