// vector folders and canonicalization patterns preserve meaning: random programs of broadcasts,
// splats, inserts and extracts (static and dynamic positions), constants, fma, reductions and
// loads/stores through memref casts compute the same results and leave the same memory contents
// before and after canonicalize (run by the interpreter).
import { describe, expect, it } from 'vitest';
import { ShapedValue, type MemRef, type RtValue } from '../../../../core/interpret/values.js';
import { f32, MemRefType, VectorType } from '../../../../core/ir/types.js';
import { mulberry32 } from '../../../../testing/random.js';
import { memrefOf } from '../../core/interpret/helpers.js';
import { expectCanonicalizePreservesMeaning, runProgram } from '../canonicalize-meaning.js';

/** `@f(%V: vector<4xf32>, %a: f32, %b: f32, %i: index, %M: memref<16xf32>) -> (vector<4xf32>, f32, f32)`, %i in [0, 3]. */
function randomVectorProgram(seed: number): string {
  const rand = mulberry32(seed);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  let counter = 0;
  const fresh = () => `%v${counter++}`;
  const vectors = ['%V'];
  const floats = ['%a', '%b'];
  const memrefs = [{ name: '%M', type: 'memref<16xf32>' }];
  const positions = ['0', '1', '2', '3', '%i'];
  const lines: string[] = [];
  for (let k = 3 + int(12); k > 0; k--) {
    const v = fresh();
    switch (int(12)) {
      case 0:
        lines.push(`  ${v} = arith.constant ${int(2) ? `dense<${pick(['1.0', '2.5', '0.0'])}>` : 'dense<[1.0, 2.0, 3.0, 4.0]>'} : vector<4xf32>`);
        vectors.push(v);
        break;
      case 1:
        lines.push(`  ${v} = arith.constant ${pick(['1.0', '2.5', '0.0'])} : f32`);
        floats.push(v);
        break;
      case 2:
        lines.push(`  ${v} = vector.broadcast ${pick(floats)} : f32 to vector<4xf32>`);
        vectors.push(v);
        break;
      case 3:
        lines.push(`  ${v} = vector.splat ${pick(floats)} : vector<4xf32>`);
        vectors.push(v);
        break;
      case 4:
      case 5:
        lines.push(`  ${v} = vector.insert ${pick(floats)}, ${pick(vectors)} [${pick(positions)}] : f32 into vector<4xf32>`);
        vectors.push(v);
        break;
      case 6:
      case 7:
        lines.push(`  ${v} = vector.extract ${pick(vectors)}[${pick(positions)}] : f32 from vector<4xf32>`);
        floats.push(v);
        break;
      case 8:
        lines.push(`  ${v} = vector.fma ${pick(vectors)}, ${pick(vectors)}, ${pick(vectors)} : vector<4xf32>`);
        vectors.push(v);
        break;
      case 9:
        lines.push(`  ${v} = vector.reduction <add>, ${pick(vectors)} : vector<4xf32> into f32`);
        floats.push(v);
        break;
      case 10: {
        const m = pick(memrefs);
        if (m.type === 'memref<16xf32>' && int(2)) {
          lines.push(`  ${v} = memref.cast ${m.name} : memref<16xf32> to memref<?xf32>`);
          memrefs.push({ name: v, type: 'memref<?xf32>' });
        } else {
          lines.push(`  ${v} = vector.load ${m.name}[%i] : ${m.type}, vector<4xf32>`);
          vectors.push(v);
        }
        break;
      }
      default: {
        const m = pick(memrefs);
        lines.push(`  vector.store ${pick(vectors)}, ${m.name}[%i] : ${m.type}, vector<4xf32>`);
      }
    }
  }
  return [
    'func.func @f(%V: vector<4xf32>, %a: f32, %b: f32, %i: index, %M: memref<16xf32>) -> (vector<4xf32>, f32, f32) {',
    ...lines,
    `  return ${pick(vectors)}, ${pick(floats)}, ${pick(floats)} : vector<4xf32>, f32, f32`,
    '}',
    '',
  ].join('\n');
}

/** The results of `@f` and the contents %M is left with. */
function observe(text: string, canonicalize: boolean, i: number): { observed: { results: RtValue[]; memory: number[] }; printed: string } {
  const memory = memrefOf(MemRefType.get([16], f32), Array.from({ length: 16 }, (_, k) => k + 0.25)) as MemRef;
  const vector = ShapedValue.fromScalars(VectorType.get([4], f32), [0.5, -1, 3, 7]);
  const { results, printed } = runProgram(text, canonicalize, [vector, 1.5, -2, i, memory]);
  // Vectors compare by their elements.
  const plain = results.map((r) => (r instanceof ShapedValue ? r.toArray() : r));
  return { observed: { results: plain as RtValue[], memory: Array.from(memory.buffer.data as Float32Array) }, printed };
}

describe('vector canonicalization', () => {
  it('preserves the meaning of random vector programs', () => {
    const changed = expectCanonicalizePreservesMeaning(150, randomVectorProgram, observe);
    expect(changed).toBeGreaterThan(100);
  });
});
