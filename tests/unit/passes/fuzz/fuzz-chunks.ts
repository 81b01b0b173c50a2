// Shared by the differential fuzzing suites: their seeds run in chunks, a test each (the slow
// suite's 300 cases in one test took 13 minutes on CI's machine, past a test's timeout), then a
// test that counts the refusals.
import { expect, it } from 'vitest';
import { runFuzzCase, type FuzzFamily, type FuzzResult } from '../../../../testing/fuzz/differential.js';
import { SLOW_TIMEOUT_MS } from '../../../../testing/slow.js';

export interface FuzzChunks {
  readonly family: FuzzFamily;
  /** What the tests' titles call a case. */
  readonly what: string;
  readonly cases: number;
  readonly firstSeed: number;
  readonly chunk: number;
  /** Runs of each function per case (sizes drawn). */
  readonly sizeDraws: number;
  /** The share of cases that may be refused in option terms. */
  readonly maxRefused: number;
}

/** Registers the chunks of `f`'s seeds and the refusal count, in the describe block that calls it. */
export function fuzzChunks(f: FuzzChunks): void {
  const results: FuzzResult[] = [];
  for (let first = f.firstSeed; first < f.firstSeed + f.cases; first += f.chunk) {
    const last = Math.min(first + f.chunk, f.firstSeed + f.cases) - 1;
    it(
      `${f.what} compute the same before and after (seeds ${first}..${last})`,
      () => {
        const chunk: FuzzResult[] = [];
        for (let seed = first; seed <= last; seed++) chunk.push(runFuzzCase(seed, f.sizeDraws, f.family));
        results.push(...chunk);
        expect(
          chunk.filter((r) => r.outcome === 'failed').map((r) => r.message),
          'every case computes the same or is refused in option terms',
        ).toEqual([]);
      },
      SLOW_TIMEOUT_MS,
    );
  }

  it(`${f.cases} cases: at most ${Math.round(f.maxRefused * 100)}% refused in option terms`, () => {
    expect(results.length, 'cases run (the chunks before this test)').toBe(f.cases);
    const count = (outcome: FuzzResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
    const [refused, failed] = [count('refused'), count('failed')];
    const runs = results.reduce((n, r) => n + r.runs, 0);
    console.log(`differential fuzzing (${f.family}): ${f.cases} cases, ${f.cases - refused - failed} same (${runs} runs compared), ${refused} refused, ${failed} failed`);
    expect(refused, `refused ${refused} of ${f.cases}`).toBeLessThanOrEqual(Math.max(2, f.cases * f.maxRefused));
  });
}
