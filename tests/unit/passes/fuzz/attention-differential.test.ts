// The differential fuzzer on attention chains (testing/fuzz/attention-programs.ts): matmul ->
// score maps (scale, causal masks and their variants, floor, ALiBi-style bias, tanh soft cap) ->
// row softmax -> matmul, rank 3 and 4, f32 and f16, and near misses that must stay unfused, under
// random configurations of @tile-tiled, @tile-pipelined and @tile-wgsl, run in the interpreter
// before and after. As in differential.test.ts, each case computes the same or is refused in
// option terms. TILE_FUZZ_ATTENTION_CASES sets the number of cases (default 4; the slow suite,
// TILE_SLOW=1, 100, in chunks of 10: a chunk of ten took up to 98 s here), TILE_FUZZ_ATTENTION_FIRST_SEED the first.
import { describe, expect, it } from 'vitest';
import { fuzzCase } from '../../../../testing/fuzz/differential.js';
import { NEAR_MISSES, randomAttentionChain } from '../../../../testing/fuzz/attention-programs.js';
import { runPipeline } from '../../../../testing/fuzz/harness.js';
import { fuzzChunks } from './fuzz-chunks.js';

const cases = Number(process.env.TILE_FUZZ_ATTENTION_CASES ?? (process.env.TILE_SLOW ? 100 : 4));
const firstSeed = Number(process.env.TILE_FUZZ_ATTENTION_FIRST_SEED ?? 1);

describe('differential fuzzing of attention chains', () => {
  it('generates reproducible programs that cover the features it promises', () => {
    expect(randomAttentionChain(7).program.text).toBe(randomAttentionChain(7).program.text);
    expect(fuzzCase(7, 'attention').pipeline).toBe(fuzzCase(7, 'attention').pipeline);
    const chains = Array.from({ length: 300 }, (_, i) => randomAttentionChain(i + 1));
    const texts = chains.map((c) => c.program.text).join('\n');
    for (const feature of [
      'transpose_b',
      'tile.index 3',
      'tile.index 2 : index',
      'arith.cmpi sgt',
      'arith.cmpi sge',
      '0xFF800000',
      '-1.0e+04',
      'math.tanh',
      'arith.maximumf',
      'xf16>',
      'arith.truncf',
      ': f32) {',
      'memref<2x',
    ])
      expect(texts, feature).toContain(feature);
    for (const map of ['scale', 'mask', 'floor', 'alibi', 'softcap'])
      expect(
        chains.some((c) => c.shape.maps.includes(map)),
        map,
      ).toBe(true);
    for (const miss of NEAR_MISSES)
      expect(
        chains.some((c) => c.shape.nearMiss === miss),
        miss,
      ).toBe(true);
    expect(chains.filter((c) => c.shape.nearMiss === undefined).length).toBeGreaterThan(150);
  });

  it('fuses every chain into a FlashAttention kernel and no near miss', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const { program, shape } = randomAttentionChain(seed);
      const out = runPipeline(program.text, 'builtin.module(tile-fuse, tile-tiling)');
      if (out.kind !== 'ok') throw new Error(`seed ${seed}: ${out.kind}: ${'message' in out ? out.message : ''}`);
      const kernels: string[] = [];
      out.module.walk((op) => {
        if (op.name === 'gpu.func') kernels.push(String(op.attributes.get('sym_name')));
      });
      const attention = kernels.some((k) => k.endsWith('_attention"'));
      expect(attention, `seed ${seed} (${shape.nearMiss ?? 'a chain'}; maps ${shape.maps.join(', ')}): kernels ${kernels.join(', ')}`).toBe(shape.nearMiss === undefined);
    }
  });

  fuzzChunks({
    family: 'attention',
    what: 'random attention chains x configurations',
    cases,
    firstSeed,
    chunk: 10,
    sizeDraws: process.env.TILE_SLOW ? 2 : 1,
    maxRefused: 0.2,
  });
});
