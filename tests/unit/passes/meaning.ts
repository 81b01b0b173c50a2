// The meaning-preservation check shared by the pass tests: random programs evaluate to the same
// results before and after the pass (a program that traps before may do anything after).
import { expect } from 'vitest';
import type { PassDefinition } from '../../../core/pass/pass.js';
import { parseModule, runPass } from './pass-harness.js';
import { evaluate, randomProgram, sampleArguments, type RandomProgramOptions } from './random-programs.js';

export function expectMeaningPreserved(pass: PassDefinition, seeds: number, options: { on?: string; programs?: RandomProgramOptions } = {}): { changed: number } {
  let changed = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const text = randomProgram(seed, options.programs);
    const before = parseModule(text);
    const after = runPass(text, pass, options);
    if (after.output !== runPass(text, { ...pass, spec: { ...pass.spec, run: () => undefined } }).output) changed++;
    for (const args of sampleArguments(seed, 8)) {
      const expected = evaluate(before, args);
      // Undefined behaviour (a trapping division) may be removed, never introduced.
      if (expected === 'trap') continue;
      expect(evaluate(after.module, args), `seed ${seed}, args ${args}\n${text}\n${after.output}`).toEqual(expected);
    }
  }
  return { changed };
}
