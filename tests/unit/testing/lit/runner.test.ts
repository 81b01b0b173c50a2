import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureMatches, readLitTest } from '../../../../testing/lit/test-file.js';
import { addGpuFeature } from '../../../../testing/lit/features.js';
import { findTests, needsFeature, resultName, runTests, skippedText, summarize } from '../../../../testing/lit/runner.js';
import { tempDir } from '../../temp-dir.js';

const repoRoot = path.resolve(__dirname, '../../../..');

const scratch = tempDir('lit-test-');

function writeTests(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(scratch, 'tests-'));
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
    // lit's BooleanExpression: parentheses, && binding tighter than ||, true and false.
    expect(featureMatches('!(gpu && linux)', f)).toBe(false);
    expect(featureMatches('cuda && windows || gpu', f)).toBe(true);
    expect(featureMatches('cuda && (windows || gpu)', f)).toBe(false);
    expect(featureMatches('true && !false', f)).toBe(true);
    expect(featureMatches('x86_64-linux || gpu', f)).toBe(true);
  });
  it('refuses feature expressions that are not lit syntax instead of treating them as a missing feature', () => {
    const f = new Set(['gpu']);
    for (const [expr, why] of [
      ['(gpu', "expected ')'"],
      ['gpu &&', 'expected a feature, found the end'],
      ['gpu )', "unexpected ')'"],
      ['&& gpu', "expected a feature, found '&&'"],
      ['gpu linux', "unexpected 'linux'"],
      ['gpu # x', "unexpected '#'"],
    ] as const) {
      expect(() => featureMatches(expr, f), expr).toThrow(`couldn't parse text '${expr}': ${why}`);
    }
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
    expect(skippedText(results)).toBe('1 skipped (missing feature gpu)');
  });
  it('fails a test whose REQUIRES, UNSUPPORTED or XFAIL is not an expression (lit: an error, not a skip)', async () => {
    const dir = writeTests({ 'bad.mlir': '// RUN: true\n// REQUIRES: (gpu\n', 'bad-x.mlir': '// RUN: true\n// XFAIL: linux ||\n' });
    const results = await runTests(findTests([dir]), { repoRoot, features: new Set(['gpu']) }, () => undefined);
    expect(results.map((r) => [path.basename(r.test.path), r.outcome, r.log])).toEqual([
      ['bad-x.mlir', 'fail', "couldn't parse text 'linux ||': expected a feature, found the end\n"],
      ['bad.mlir', 'fail', "couldn't parse text '(gpu': expected ')'\n"],
    ]);
  });
  it('says why tests were skipped, grouped by reason', async () => {
    const dir = writeTests({
      'a.mlir': '// RUN: true\n// REQUIRES: gpu\n',
      'b.mlir': '// RUN: true\n// REQUIRES: gpu\n',
      'c.mlir': '// RUN: true\n// UNSUPPORTED: linux\n',
      'd.mlir': '// RUN: true\n',
    });
    const paths = findTests([dir]);
    expect(needsFeature(paths, 'gpu')).toBe(true);
    expect(needsFeature(paths.slice(2), 'gpu')).toBe(false);
    const results = await runTests(paths, { repoRoot, features: new Set(['linux']) }, () => undefined);
    expect(skippedText(results)).toBe('3 skipped (2: missing feature gpu; 1: unsupported with linux)');
    expect(skippedText(results.filter((r) => r.outcome !== 'skip'))).toBe('');
  });
});

describe('addGpuFeature', () => {
  /** A probe that finds an adapter for the providers in `found` only. */
  const probe = (found: readonly string[]) => {
    const dir = writeTests({ 'probe.mjs': `console.error('driver noise'); process.exit(${JSON.stringify(found)}.includes(process.argv[2]) ? 0 : 1);\n` });
    return path.join(dir, 'probe.mjs');
  };
  it('adds gpu and gpu-PROVIDER per provider the probe finds an adapter for, only when a test needs it', () => {
    const f = new Set<string>();
    expect(addGpuFeature(f, probe(['dawn', 'wgpu']), false)).toEqual([]);
    expect(f.has('gpu')).toBe(false);
    expect(addGpuFeature(f, probe([]), true)).toEqual([]);
    expect(f.has('gpu')).toBe(false);
    expect(addGpuFeature(f, probe(['wgpu']), true)).toEqual(['wgpu']);
    expect([...f].sort()).toEqual(['gpu', 'gpu-wgpu']);
  });
  it('takes the providers from the features when named (CI), without probing', () => {
    const all = new Set(['gpu']);
    expect(addGpuFeature(all, probe([]), true)).toEqual(['dawn', 'wgpu']);
    expect([...all].sort()).toEqual(['gpu', 'gpu-dawn', 'gpu-wgpu']);
    const one = new Set(['gpu-dawn']);
    expect(addGpuFeature(one, probe([]), true)).toEqual(['dawn']);
    expect([...one].sort()).toEqual(['gpu', 'gpu-dawn']);
  });
});

describe('runTests with WebGPU providers', () => {
  it('runs a test that requires gpu once per provider, with TILE_WEBGPU_PROVIDER set', async () => {
    const dir = writeTests({
      'gpu.mlir': '// REQUIRES: gpu\n// RUN: test "$TILE_WEBGPU_PROVIDER" = dawn\n',
      'plain.mlir': '// RUN: test -z "$TILE_WEBGPU_PROVIDER"\n',
    });
    const results = await runTests(findTests([dir]), { repoRoot, features: new Set(['gpu']), gpuProviders: ['dawn', 'wgpu'] }, () => undefined);
    const names = Object.fromEntries(results.map((r) => [resultName(r, dir), r.outcome]));
    expect(names).toEqual({ 'gpu.mlir [dawn]': 'pass', 'gpu.mlir [wgpu]': 'fail', 'plain.mlir': 'pass' });
  });
});
