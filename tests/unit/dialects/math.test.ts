import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mathDialect } from '../../../dialects/math/index.js';
import { checkGoldenCase, goldenCases, repoRoot, tileOpt } from './arith-math-harness.js';

// Expected texts under tests/unit/dialects/expected/math/ were produced by mlir-opt (LLVM 19.1)
// from the golden inputs in tests/filecheck/dialects/math/ and reviewed.
const cases = goldenCases('math');

describe('math: golden inputs match mlir-opt byte for byte', () => {
  it('has inputs', () => expect(cases.length).toBeGreaterThan(0));
  for (const c of cases) it(c.name, () => checkGoldenCase(c));

  it('exercises every math op', () => {
    const seen = cases.map((c) => c.generic).join('\n');
    const missing = [...mathDialect.ops.keys()].filter((name) => !seen.includes(`"${name}"`));
    expect(missing).toEqual([]);
  });
});

describe('math: invalid inputs', () => {
  it('reports the expected diagnostics (invalid.mlir)', () => {
    const r = tileOpt([path.join(repoRoot, 'tests/filecheck/dialects/math/invalid.mlir'), '--split-input-file', '--verify-diagnostics']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});
