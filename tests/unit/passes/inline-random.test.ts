// The inliner on random call graphs (DAGs, self-recursion, cycles, calls in scf regions, several
// and unused results): the program computes the same before and after, run as `--inline` runs it
// (through a pass manager, so that the default canonicalize pipeline applies), and without it.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../core/ir/diagnostics.js';
import type { Operation } from '../../../core/ir/operation.js';
import { verify } from '../../../core/ir/verifier.js';
import { PassStatistics, runPassManager } from '../../../core/pass/pass-manager.js';
import { PipelineBuilder } from '../../../core/pass/pipeline-builder.js';
import { PassRegistry } from '../../../core/pass/registry.js';
import { builtinPasses } from '../../../passes/registry.js';
import { mulberry32 } from '../../../testing/random.js';
import { evaluateCalls, OutOfCalls, randomCallGraphProgram } from './call-graph-programs.js';
import { context, parseModule, print } from './inline-unroll-support.js';

const builder = new PipelineBuilder(new PassRegistry(builtinPasses));
// Few calls per function, so that inlining around cycles (which grows code exponentially) stays
// small enough to test quickly; canonicalize keeps the result smaller, so it gets more calls.
const withCanonicalize = { maxCalls: 2, backEdges: 0.1 };
const withoutPipeline = { maxCalls: 1, backEdges: 0.3 };

/** `text` after `pipeline`, which must succeed and leave valid IR; with the number of inlined calls. */
function transform(text: string, pipeline: string): { module: Operation; inlined: number } {
  const module = parseModule(text);
  const diagnostics: Diagnostic[] = [];
  const statistics = new PassStatistics();
  const ok = runPassManager(builder.parse(pipeline), module, { context, statistics, onDiagnostic: (d) => diagnostics.push(d), parsePipeline: (p) => builder.parse(p) });
  expect(ok, diagnostics.map((d) => d.message).join('\n')).toBe(true);
  expect(verify(module)?.message).toBeUndefined();
  let inlined = 0;
  for (const counts of statistics.counts.values()) inlined += counts.get('num-inlined-calls') ?? 0;
  return { module, inlined };
}

function sampleArgs(seed: number): bigint[][] {
  const rand = mulberry32(seed * 7919);
  const pool = [0n, 1n, -1n, 2n, 3n, -(2n ** 31n), 2n ** 31n - 1n];
  const value = () => (rand() < 0.6 ? pool[Math.floor(rand() * pool.length)]! : BigInt(Math.floor(rand() * 2 ** 32) - 2 ** 31));
  return Array.from({ length: 6 }, () => [value(), value()]);
}

/** Evaluate `@f0`, or undefined when it makes too many calls (recursion without end, say). */
function evaluate(module: Operation, args: readonly bigint[]): bigint[] | undefined {
  try {
    return evaluateCalls(module, args);
  } catch (e) {
    if (e instanceof OutOfCalls) return undefined;
    throw e;
  }
}

function expectMeaningKept(pipeline: string, shape: { maxCalls: number; backEdges: number }, seeds: number): { compared: number; inlined: number } {
  let compared = 0;
  let inlined = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const text = randomCallGraphProgram(seed, shape);
    const before = parseModule(text);
    const after = transform(text, pipeline);
    inlined += after.inlined;
    for (const args of sampleArgs(seed)) {
      const expected = evaluate(before, args);
      if (expected === undefined) continue;
      compared++;
      // Inlining never adds calls, so what finished before finishes after.
      expect(evaluate(after.module, args), `seed ${seed}, args ${args}\n${text}\n${print(after.module)}`).toEqual(expected);
    }
  }
  return { compared, inlined };
}

describe('inline on random call graphs', () => {
  it('keeps the meaning of 100 programs (with the default canonicalize pipeline)', () => {
    const { compared, inlined } = expectMeaningKept('builtin.module(inline)', withCanonicalize, 100);
    // Not vacuous: most runs finish, and calls do get inlined.
    expect(compared).toBeGreaterThan(300);
    expect(inlined).toBeGreaterThan(200);
  });

  it('keeps the meaning of 100 programs (without a simplification pipeline)', () => {
    const { compared, inlined } = expectMeaningKept('builtin.module(inline{default-pipeline=})', withoutPipeline, 100);
    expect(compared).toBeGreaterThan(300);
    expect(inlined).toBeGreaterThan(200);
  });
});
