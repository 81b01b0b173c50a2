/** `--arg` specs (api/entry-io.ts), shared by tile-run, tile-tune and the API. */
import { describe, expect, it } from 'vitest';
import { collectInputs, RunError, type Parameter } from '../../../api/entry-io.js';
import { f32, i1, index, MemRefType, type Type } from '../../../core/ir/types.js';

const memref = (shape: number[], element: Type = f32) => MemRefType.get(shape, element);

describe('--arg shapes', () => {
  it('takes every listed element type, index too (whose name has an x)', () => {
    const params: Parameter[] = [
      { name: 'I', type: memref([-1, -1], index) },
      { name: 'J', type: memref([-1], index) },
      { name: 'K', type: memref([], index) },
      { name: 'B', type: memref([-1, -1], i1) },
    ];
    const [a, b, c, d] = collectInputs(params, ['I=zeros:4x5xindex', 'J=ones:3xindex', 'K=rand:index', 'B=rand:2x3xi1'], 0);
    expect([a!.shape, a!.element]).toEqual([[4, 5], index]);
    expect([b!.shape, b!.element, Array.from(b!.data, Number)]).toEqual([[3], index, [1, 1, 1]]);
    expect([c!.shape, c!.element]).toEqual([[], index]);
    expect([d!.shape, d!.element]).toEqual([[2, 3], i1]);
  });
  it('still names a bad dimension or element type', () => {
    const params: Parameter[] = [{ name: 'X', type: memref([-1, -1], index) }];
    const error = (spec: string) => {
      try {
        collectInputs(params, [spec], 0);
      } catch (e) {
        expect(e).toBeInstanceOf(RunError);
        return (e as Error).message;
      }
      throw new Error(`no error for ${spec}`);
    };
    expect(error('X=zeros:axbxindex')).toBe("bad --arg 'X=zeros:axbxindex': 'a' is not a dimension size");
    expect(error('X=zeros:4xxindex')).toBe("bad --arg 'X=zeros:4xxindex': '' is not a dimension size");
    expect(error('X=zeros:4x5xi33')).toContain("unknown element type 'i33'");
    expect(error('X=zeros:4x5')).toContain("unknown element type '5'");
  });
});
