// The differential fuzzer (testing/fuzz/): random whole-problem tile programs (matmuls with and
// without transposes, f32/f16, static or dynamic odd sizes, accumulate; maps of rank 1-4 with
// random arith/math bodies, captured scalars, subview operands; several ops per function, later
// ones reading earlier outputs) under random configurations of @tile-tiled, @tile-pipelined and
// @tile-wgsl, run in the interpreter before and after on seeded inputs at edge sizes. Each case
// computes the same or is refused in option terms (`tile-sizes=...:`, workgroup memory);
// invalid IR after a pass, another diagnostic, an exception, an interpreter error (a race) or a
// wrong answer fails, printing the seed, the pipeline and the program. TILE_FUZZ_CASES sets the
// number of cases (default 8; the slow suite, TILE_SLOW=1, 300; run in chunks of 25 seeds, a test
// each), TILE_FUZZ_FIRST_SEED the first.
import { describe, expect, it } from 'vitest';
import { fuzzCase } from '../../../../testing/fuzz/differential.js';
import { randomProgram } from '../../../../testing/fuzz/programs.js';
import { fuzzChunks } from './fuzz-chunks.js';

const cases = Number(process.env.TILE_FUZZ_CASES ?? (process.env.TILE_SLOW ? 300 : 8));
const firstSeed = Number(process.env.TILE_FUZZ_FIRST_SEED ?? 1);

describe('differential fuzzing of the tile pipelines', () => {
  it('generates reproducible programs that cover the features it promises', () => {
    expect(randomProgram(7).text).toBe(randomProgram(7).text);
    expect(fuzzCase(7).pipeline).toBe(fuzzCase(7).pipeline);
    const texts = Array.from({ length: 200 }, (_, i) => randomProgram(i + 1).text).join('\n');
    const programs = Array.from({ length: 200 }, (_, i) => randomProgram(i + 1));
    for (const feature of ['transpose_a', 'transpose_b', 'accumulate', 'memref.subview', 'xf16>', ': f32, %', 'math.', 'arith.select', 'arith.extf', 'arith.truncf'])
      expect(texts, feature).toContain(feature);
    const ranks = new Set(programs.flatMap((p) => p.ops.map((o) => (o.kind === 'map' ? o.rank : 0))));
    expect([...ranks].sort(), 'maps of rank 1-4 and matmuls').toEqual([0, 1, 2, 3, 4]);
    expect(programs.some((p) => p.vars.some((v) => v.fixed !== undefined)) && programs.some((p) => p.vars.some((v) => v.fixed === undefined)), 'static and dynamic sizes').toBe(true);
    expect(
      programs.some((p) => p.ops.length >= 3),
      'several ops in a function',
    ).toBe(true);
    const pipelines = new Set(Array.from({ length: 50 }, (_, i) => fuzzCase(i + 1).pipeline.split('{')[0]));
    expect([...pipelines].sort()).toEqual(['@tile-pipelined', '@tile-tiled', '@tile-wgsl']);
  });

  fuzzChunks({ family: 'ops', what: 'random programs x configurations', cases, firstSeed, chunk: 25, sizeDraws: process.env.TILE_SLOW ? 2 : 1, maxRefused: 0.3 });
});
