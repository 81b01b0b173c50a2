// vector folders and canonicalization patterns preserve meaning: random programs (see
// random-program.ts) compute the same results and leave the same memory contents before and after
// canonicalize (run by the interpreter).
import { describe, expect, it } from 'vitest';
import { ShapedValue, type MemRef, type RtValue } from '../../../../core/interpret/values.js';
import { f32, IntegerType, MemRefType, VectorType } from '../../../../core/ir/types.js';
import { memrefOf } from '../../core/interpret/helpers.js';
import { expectCanonicalizePreservesMeaning, runProgram } from '../canonicalize-meaning.js';
import { randomVectorProgram } from './random-program.js';

const vectorOf = (shape: number[], type: typeof f32 | IntegerType, values: number[]) => ShapedValue.fromScalars(VectorType.get(shape, type), values);

/** The results of `@f` and the contents %M is left with; %j is %i clamped to [0, 2]. */
function observe(text: string, canonicalize: boolean, i: number): { observed: { results: RtValue[]; memory: number[] }; printed: string } {
  const memory = memrefOf(
    MemRefType.get([16], f32),
    Array.from({ length: 16 }, (_, k) => k + 0.25),
  ) as MemRef;
  const i32 = IntegerType.get(32);
  const args: RtValue[] = [
    vectorOf([4], f32, [0.5, -1, 3, 7]),
    vectorOf([3, 4], f32, [-0.5, 2, 4.5, 1, 0, -3, 8, 0.25, 6, -7, 1.5, 2]),
    vectorOf([1, 4], f32, [9, -0.75, 3.5, -2]),
    vectorOf([1], f32, [-4.5]),
    1.5,
    -2,
    vectorOf([4], i32, [3, -8, 12, 5]),
    vectorOf([1], i32, [-6]),
    10,
    i,
    Math.min(i, 2),
    memory,
  ];
  const { results, printed } = runProgram(text, canonicalize, args);
  // Vectors compare by their elements.
  const plain = results.map((r) => (r instanceof ShapedValue ? r.toArray() : r));
  return { observed: { results: plain as RtValue[], memory: Array.from(memory.buffer.data as Float32Array) }, printed };
}

describe('vector canonicalization', () => {
  it('preserves the meaning of random vector programs', () => {
    const changed = expectCanonicalizePreservesMeaning(300, randomVectorProgram, observe);
    expect(changed).toBeGreaterThan(250);
  });
});
