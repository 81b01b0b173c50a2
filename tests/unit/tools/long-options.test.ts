import { describe, expect, it } from 'vitest';
import { doubleDashLongOptions } from '../../../tools/long-options.js';

const known = new Set(['canonicalize', 'pass-pipeline', 'split-input-file', 'cse']);
const rewrite = (argv: string[]) => doubleDashLongOptions(argv, (n) => known.has(n));

describe('doubleDashLongOptions', () => {
  it('writes a known long option with one dash in its -- form, with or without a value', () => {
    expect(rewrite(['-canonicalize=test-convergence', '-split-input-file', '-pass-pipeline=builtin.module(cse)', 'f.mlir'])).toEqual([
      '--canonicalize=test-convergence',
      '--split-input-file',
      '--pass-pipeline=builtin.module(cse)',
      'f.mlir',
    ]);
  });
  it('leaves short options, unknown names, a lone dash, -- forms and everything after -- alone', () => {
    expect(rewrite(['-o', '-', '-p', 'cse', '-bogus', '--cse', '--', '-cse'])).toEqual(['-o', '-', '-p', 'cse', '-bogus', '--cse', '--', '-cse']);
  });
});
