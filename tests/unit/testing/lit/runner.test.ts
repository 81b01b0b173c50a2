import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureMatches, readLitTest } from '../../../../testing/lit/test-file.js';
import { findTests, runTests, summarize } from '../../../../testing/lit/runner.js';

const repoRoot = path.resolve(__dirname, '../../../..');

function writeTests(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lit-test-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('readLitTest', () => {
  it('joins continued RUN lines and reads feature directives', () => {
    const dir = writeTests({
      'a.mlir': '// RUN: echo one \\\n// RUN:   two | cat\n// RUN: true\n// REQUIRES: gpu, x\n// UNSUPPORTED: y\n// XFAIL: *\n',
    });
    const t = readLitTest(path.join(dir, 'a.mlir'));
    expect(t.runLines).toEqual(['echo one two | cat', 'true']);
    expect(t.requires).toEqual(['gpu', 'x']);
    expect(t.unsupported).toEqual(['y']);
    expect(t.xfail).toEqual(['*']);
  });
  it('evaluates feature expressions', () => {
    const f = new Set(['gpu', 'linux']);
    expect(featureMatches('gpu && !windows', f)).toBe(true);
    expect(featureMatches('cuda || linux', f)).toBe(true);
    expect(featureMatches('!gpu', f)).toBe(false);
    expect(featureMatches('*', f)).toBe(true);
  });
});

describe('runTests', () => {
  it('runs RUN lines with substitutions, pipes and not, and counts outcomes', async () => {
    const dir = writeTests({
      'pass.mlir': '// RUN: echo hello > %t && grep -q hello %t\n// RUN: test -f %s && test -d %S && test "%p" = "%S"\n',
      'fail.mlir': '// RUN: echo out; false\n',
      'not.mlir': '// RUN: not false\n// RUN: not sh -c "exit 3"\n',
      'xfail.mlir': '// RUN: false\n// XFAIL: *\n',
      'xpass.mlir': '// RUN: true\n// XFAIL: *\n',
      'gpu.mlir': '// RUN: false\n// REQUIRES: gpu\n',
      'subst.mlir': '// RUN: test "%{greeting}" = hi\n',
      'tools.mlir': '// RUN: tile-opt --version | grep -q tile-opt\n// RUN: echo "CHECK: a" > %t && echo a | FileCheck %t\n',
      'notes.txt': 'not a test',
    });
    const paths = findTests([dir]);
    expect(paths.map((p) => path.basename(p))).toEqual(['fail.mlir', 'gpu.mlir', 'not.mlir', 'pass.mlir', 'subst.mlir', 'tools.mlir', 'xfail.mlir', 'xpass.mlir']);
    const results = await runTests(paths, { repoRoot, features: new Set(), substitutions: { greeting: 'hi' }, jobs: 2 }, () => undefined);
    const byName = Object.fromEntries(results.map((r) => [path.basename(r.test.path), r]));
    expect(summarize(results)).toEqual({ pass: 4, fail: 1, skip: 1, xfail: 1, xpass: 1 });
    expect(byName['fail.mlir']!.outcome).toBe('fail');
    expect(byName['fail.mlir']!.log).toMatch(/\$ echo out; false\nout\n/);
    expect(byName['gpu.mlir']!.outcome).toBe('skip');
    expect(byName['tools.mlir']!.outcome).toBe('pass');
  });
});
