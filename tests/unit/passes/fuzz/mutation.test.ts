// The mutation run: examples/*.mlir and the differential fuzzers' programs (random ops and
// fusion candidates), mutated (shapes, element types, constants, attributes, deleted /
// duplicated lines, swapped operands, replaced uses, dropped tokens and async tokens;
// testing/fuzz/mutate.ts), through @tile-pipelined and
// @tile-wgsl (default options, or a random configuration). Every outcome is success, a refusal
// in option terms, or a clean located diagnostic; never invalid IR after a pass, an internal
// error, an exception or a hang (over HANG_MS on one input). TILE_MUTATIONS sets the number of
// mutants per pipeline (default 40; the slow suite, TILE_SLOW=1, 2000).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../../../testing/fuzz/harness.js';
import { mutate } from '../../../../testing/fuzz/mutate.js';
import { randomAttentionProgram } from '../../../../testing/fuzz/attention-programs.js';
import { randomFusedProgram } from '../../../../testing/fuzz/fused-programs.js';
import { randomProgram } from '../../../../testing/fuzz/programs.js';
import { mulberry32 } from '../../../../testing/random.js';
import { SLOW_TIMEOUT_MS } from '../../../../testing/slow.js';
import { pipelineText, randomTileConfig, type TilePipeline } from '../../../../testing/tile-options.js';
import { repoRoot } from '../../dialects/harness.js';

/**
 * Mutants that found compiler bugs, fixed since (commit 92927d1): a tile with a dimension of size
 * 0 (tensor<4x64xf32> written tensor<4x0xf32> in add-tiled.mlir, softmax-tiled.mlir).
 * tile-async-copy turned such a tile.load into an async.copy the verifier rejected (invalid IR
 * after tile-async-copy), and tile-assign-layouts threw building its layout (an internal
 * error). Now the input is refused at the op with a located error.
 */
const FOUND_BUGS: readonly { seed: number; file: string; pipeline: 'tile-pipelined' | 'tile-wgsl' }[] = [
  { seed: 227, file: 'examples/add-tiled.mlir', pipeline: 'tile-pipelined' },
  { seed: 1001712, file: 'examples/softmax-tiled.mlir', pipeline: 'tile-wgsl' },
];

const mutants = Number(process.env.TILE_MUTATIONS ?? (process.env.TILE_SLOW ? 2000 : 40));
/**
 * Longer than this on one input is a hang. Generous for a loaded 2-core machine: mutant 1000571
 * (matmul-tvm-schedule.mlir with a tile.stage = 1000 annotation, a 1001-stage pipeline) takes
 * about 36 s of @tile-wgsl there, compile time linear in the stages; the run logs its slowest.
 */
const HANG_MS = 90_000;

const examples = readdirSync(path.join(repoRoot, 'examples'))
  .filter((f) => f.endsWith('.mlir'))
  .sort()
  .map((f) => ({ name: `examples/${f}`, text: readFileSync(path.join(repoRoot, 'examples', f), 'utf8') }));

/** The input of mutant `i`: an example (two in three) or a fuzzer program (random ops, a fusion candidate or an attention chain). */
function source(i: number): { name: string; text: string } {
  if (i % 3 !== 2) return examples[i % examples.length]!;
  const seed = 1 + (i % 97);
  if (i % 2 === 1) return { name: `fused fuzz program ${seed}`, text: randomFusedProgram(seed).text };
  if (i % 4 === 0) return { name: `attention fuzz program ${seed}`, text: randomAttentionProgram(seed).text };
  return { name: `fuzz program ${seed}`, text: randomProgram(seed).text };
}

type Tally = Record<'ok' | 'refused' | 'input-diagnostic' | 'pipeline-diagnostic' | 'invalid-after-pass' | 'crash' | 'hang', number>;

function mutationRun(pipeline: TilePipeline, count: number): { tally: Tally; failures: string[]; slowest: string } {
  const tally: Tally = { ok: 0, refused: 0, 'input-diagnostic': 0, 'pipeline-diagnostic': 0, 'invalid-after-pass': 0, crash: 0, hang: 0 };
  const failures: string[] = [];
  let slowest = { ms: 0, what: '' };
  for (let i = 0; i < count; i++) {
    const seed = (pipeline === 'tile-wgsl' ? 1_000_000 : 0) + i + 1;
    const src = source(i);
    const mutant = mutate(src.text, seed);
    const rnd = mulberry32(seed ^ 0x2545f491);
    const text = rnd() < 0.5 ? `@${pipeline}` : pipelineText(randomTileConfig(rnd, pipeline, { kind: 'defaults' }));
    const start = performance.now();
    const outcome = runPipeline(mutant.text, text);
    const ms = performance.now() - start;
    if (ms > slowest.ms) slowest = { ms, what: `mutant ${seed} of ${src.name}` };
    const kind = outcome.kind === 'diagnostic' ? (outcome.phase === 'input' ? 'input-diagnostic' : 'pipeline-diagnostic') : outcome.kind === 'ok' ? 'ok' : outcome.kind;
    if (ms > HANG_MS) {
      tally.hang++;
      failures.push(`mutant ${seed} of ${src.name} (${mutant.mutations.join(', ')}) took ${Math.round(ms)} ms under ${text}\n${mutant.text}`);
    }
    tally[kind]++;
    if (kind === 'invalid-after-pass' || kind === 'crash')
      failures.push(`mutant ${seed} of ${src.name} (${mutant.mutations.join(', ')}): ${kind} under ${text}: ${'message' in outcome ? outcome.message : ''}\n--- input ---\n${mutant.text}`);
  }
  return { tally, failures, slowest: `${slowest.what}: ${Math.round(slowest.ms)} ms` };
}

describe('mutated programs through the tile pipelines', () => {
  it('mutates reproducibly, and differently per seed', () => {
    const text = examples.find((e) => e.name === 'examples/matmul-async-3stage.mlir')!.text;
    expect(mutate(text, 5)).toEqual(mutate(text, 5));
    const variants = new Set(Array.from({ length: 50 }, (_, i) => mutate(text, i + 1).text));
    expect(variants.size).toBeGreaterThan(40);
    expect(variants.has(text)).toBe(false);
  });

  it('the mutants that found bugs (tiles with a zero-size dimension) get a located error at the tile op', () => {
    for (const { seed, file, pipeline } of FOUND_BUGS) {
      const what = `${file} through @${pipeline}`;
      const mutant = mutate(examples.find((e) => e.name === file)!.text, seed);
      expect(mutant.text, what).toContain('tensor<4x0xf32>');
      for (const text of [`@${pipeline}`, `@${pipeline}{num-stages=2}`]) {
        const outcome = runPipeline(mutant.text, text);
        expect(outcome.kind, `${what} (mutant ${seed}) ${text}`).toBe('diagnostic');
        expect('message' in outcome ? outcome.message : '', what).toMatch(/^"input\.mlir":\d+:\d+: error: .*zero-size/);
      }
    }
  });

  for (const pipeline of ['tile-pipelined', 'tile-wgsl'] as const) {
    it(
      `${mutants} mutants through @${pipeline}: success or a located diagnostic, never invalid IR, an internal error or a hang`,
      () => {
        const { tally, failures, slowest } = mutationRun(pipeline, mutants);
        console.log(`mutation run @${pipeline}: ${mutants} mutants, ${JSON.stringify(tally)}; slowest ${slowest}`);
        expect(failures.slice(0, 5), `${failures.length} failures`).toEqual([]);
        // The mutants reach the passes: not all rejected by the parser or verifier (a fifth or more;
        // most mutations of the multi-op examples break their types, which the verifier reports).
        expect(tally.ok + tally.refused + tally['pipeline-diagnostic']).toBeGreaterThanOrEqual(mutants * 0.2);
      },
      SLOW_TIMEOUT_MS,
    );
  }
});
