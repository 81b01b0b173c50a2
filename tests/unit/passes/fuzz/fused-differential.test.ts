// The differential fuzzer on tile-fuse's candidates (testing/fuzz/fused-programs.ts): random row
// programs (reductions of the last dimension, per-row maps, maps over rows with broadcasts of
// per-row values and row vectors, softmax's and the variance's sums and their near misses, rank 2
// and 3) and matmul epilogues (bias along rows or columns, residual, scalar; then perhaps a row
// reduction of the result), under random configurations of @tile-tiled, @tile-pipelined and
// @tile-wgsl, run in the interpreter before and after on rows of 1 to 1100 elements (past the
// column blocks: passes over them). As in differential.test.ts, each case computes the same or is
// refused in option terms. TILE_FUZZ_FUSED_CASES sets the number of cases (default 8; the slow
// suite, TILE_SLOW=1, 300), TILE_FUZZ_FUSED_FIRST_SEED the first.
import { describe, expect, it } from 'vitest';
import { fuzzCase } from '../../../../testing/fuzz/differential.js';
import { randomFusedProgram } from '../../../../testing/fuzz/fused-programs.js';
import { runPipeline } from '../../../../testing/fuzz/harness.js';
import { fuzzChunks } from './fuzz-chunks.js';

const cases = Number(process.env.TILE_FUZZ_FUSED_CASES ?? (process.env.TILE_SLOW ? 300 : 8));
const firstSeed = Number(process.env.TILE_FUZZ_FUSED_FIRST_SEED ?? 1);

describe('differential fuzzing of fusion candidates', () => {
  it('generates reproducible programs that cover the features it promises', () => {
    expect(randomFusedProgram(7).text).toBe(randomFusedProgram(7).text);
    expect(fuzzCase(7, 'fused').pipeline).toBe(fuzzCase(7, 'fused').pipeline);
    const programs = Array.from({ length: 200 }, (_, i) => randomFusedProgram(i + 1));
    const texts = programs.map((p) => p.text).join('\n');
    for (const feature of [
      'tile.reduction add',
      'tile.reduction max',
      'tile.reduction min',
      'tile.reduction mul',
      'dimensions = [2]',
      'affine_map<(d0, d1) -> (d0)>',
      'affine_map<(d0, d1) -> (d1)>',
      'affine_map<(d0, d1, d2) -> (d0, d1)>',
      'math.exp',
      'math.rsqrt',
      'tile.matmul',
      'transpose_b',
      'memref.alloc',
      ': f32, %p',
      'xf16>',
      'arith.truncf',
    ])
      expect(texts, feature).toContain(feature);
    const rows = programs.filter((p) => p.ops.some((o) => o.kind === 'rows'));
    expect(rows.length, 'row programs and epilogues').toBeGreaterThan(100);
    expect(rows.length).toBeLessThan(190);
    // Rows longer than the column blocks of small row tile sizes (passes over the columns).
    expect(programs.some((p) => p.vars.some((v) => (v.choices ?? []).includes(1100)))).toBe(true);
  });

  it('fuses most of what it generates (the cases exercise fused kernels, not single ops)', () => {
    let [fused, total] = [0, 0];
    for (let seed = 1; seed <= 60; seed++) {
      const out = runPipeline(randomFusedProgram(seed).text, 'tile-fuse');
      if (out.kind !== 'ok') throw new Error(`seed ${seed}: ${out.kind}`);
      total++;
      let found = false;
      out.module.walk((op) => {
        if (op.name === 'tile.fusion') found = true;
      });
      if (found) fused++;
    }
    expect(fused, `${fused} of ${total} programs have a tile.fusion`).toBeGreaterThan(total * 0.8);
  });

  fuzzChunks({
    family: 'fused',
    what: 'random fusion candidates x configurations',
    cases,
    firstSeed,
    chunk: 50,
    sizeDraws: process.env.TILE_SLOW ? 2 : 1,
    maxRefused: 0.2,
  });
});
