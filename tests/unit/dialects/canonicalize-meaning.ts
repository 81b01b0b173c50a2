// Shared by the memref and vector canonicalization tests: random programs run by the interpreter
// before and after canonicalize must give the same observations.
import { expect } from 'vitest';

/**
 * For each seed and each value of the program's index argument, `run(text, canonicalize, i)`
 * returns what the program computed (results, memory) and its printed form; canonicalize must not
 * change what it computed. Returns how many programs canonicalize changed.
 */
export function expectCanonicalizePreservesMeaning<T>(
  seeds: number,
  generate: (seed: number) => string,
  run: (text: string, canonicalize: boolean, i: number) => { observed: T; printed: string },
): number {
  let changed = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const text = generate(seed);
    for (const i of [0, 3]) {
      const before = run(text, false, i);
      const after = run(text, true, i);
      expect(after.observed, `seed ${seed}, %i = ${i}\n${text}\n${after.printed}`).toEqual(before.observed);
      if (i === 0 && after.printed !== before.printed) changed++;
    }
  }
  return changed;
}
