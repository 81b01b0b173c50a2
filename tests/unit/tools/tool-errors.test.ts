/**
 * Every command-line tool, run as a subprocess on bad command lines and paths: one error line
 * (or two, with a suggestion) that starts with the tool's name, exit status 1, and never a
 * JavaScript stack trace.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dir.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const tool = (name: string) => path.join(repoRoot, 'build', name === 'tile-opt' ? 'bundle' : 'tools', `${name === 'tile-update-checks' ? 'update-checks' : name}.js`);
const dir = tempDir('tool-errors-');
const STACK_FRAME = /^\s+at .*:\d+:\d+\)?$/m;

function run(name: string, args: readonly string[]) {
  const r = spawnSync(process.execPath, [tool(name), ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  expect(r.error).toBeUndefined();
  expect(r.stderr).not.toMatch(STACK_FRAME);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const fn = path.join(dir, 'f.mlir');
writeFileSync(fn, 'func.func @f(%a: memref<4xf32>) {\n  return\n}\n');

describe('command-line errors name the tool and suggest the nearest flag', () => {
  const cases: [string, string[], string][] = [
    ['tile-opt', [fn, '--canonicalise'], "tile-opt: error: unknown option '--canonicalise'\ntile-opt: did you mean '--canonicalize'?\n"],
    ['tile-opt', [fn, '--split-input-fil'], "tile-opt: error: unknown option '--split-input-fil'\ntile-opt: did you mean '--split-input-file'?\n"],
    ['tile-run', [fn, '--entyr', 'f'], "tile-run: error: unknown option '--entyr'\ntile-run: did you mean '--entry'?\n"],
    ['tile-lit', ['--filtr', 'x'], "tile-lit: error: unknown option '--filtr'\ntile-lit: did you mean '--filter'?\n"],
    ['tile-lit', ['-j', 'many'], "tile-lit: error: option '-j, --jobs <n>' argument 'many' is invalid. expected a positive integer\n"],
    ['tile-update-checks', ['--forse', 'x'], "tile-update-checks: error: unknown option '--forse'\n"],
    ['tile-update-checks', [], "tile-update-checks: error: missing required argument 'files'\n"],
  ];
  for (const [name, args, stderr] of cases) {
    it(`${name} ${args.filter((a) => a !== fn).join(' ')}`, () => {
      const r = run(name, args);
      expect(r.stderr).toBe(stderr);
      expect(r.code).toBe(1);
    });
  }
});

describe('bad paths and values are errors, not stack traces', () => {
  it('tile-lit on a missing path', () => {
    expect(run('tile-lit', ['no-such-dir'])).toEqual({ code: 1, stdout: '', stderr: "tile-lit: error: 'no-such-dir': No such file or directory\n" });
  });
  it('tile-update-checks on a missing path, and on a folder', () => {
    expect(run('tile-update-checks', ['missing.mlir'])).toEqual({ code: 1, stdout: '', stderr: "tile-update-checks: error: cannot open 'missing.mlir': No such file or directory\n" });
    expect(run('tile-update-checks', ['.'])).toEqual({ code: 1, stdout: '', stderr: "tile-update-checks: error: cannot open '.': Is a directory\n" });
  });
  it('tile-opt and tile-run on a folder', () => {
    expect(run('tile-opt', ['.'])).toEqual({ code: 1, stdout: '', stderr: "tile-opt: error: cannot open input file '.': Is a directory\n" });
    expect(run('tile-run', ['.', '--entry', 'f'])).toEqual({ code: 1, stdout: '', stderr: "tile-run: error: cannot open input file '.': Is a directory\n" });
  });
  it('tile-run with an input too large to generate', () => {
    const r = run('tile-run', [fn, '--entry', 'f', '--arg', 'a=rand:100000x100000xf32']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("tile-run: error: bad --arg 'a=rand:100000x100000xf32': 100000x100000xf32 has 10000000000 elements, too large (at most 268435456 elements)\n");
  });
});

describe('tile-update-checks', () => {
  it('expands the substitutions tile-lit knows (%S, %p, %t) in the RUN line it runs', () => {
    const sub = path.join(dir, 'sub');
    cpSync(path.join(repoRoot, 'tests', 'filecheck', 'tools', 'generated-checks.mlir'), path.join(sub, 'gen.mlir'));
    const test = path.join(sub, 'gen.mlir');
    const text = readFileSync(test, 'utf8');
    const runLine = text.split('\n')[0]!;
    expect(runLine).toBe('// RUN: tile-opt %s | FileCheck %s');
    // Through a temporary file (%t) and the test's folder (%S, %p): the same checks come out.
    const stripped = text
      .replace(/^\/\/ CHECK.*\n/gm, '')
      .replace(runLine, '// RUN: tile-opt %S/gen.mlir -o %t && tile-opt %p/gen.mlir -o %t.2 && cmp %t %t.2 && tile-opt %t | FileCheck %s');
    writeFileSync(test, stripped);
    const r = run('tile-update-checks', [test]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`updated: ${test}\n`);
    const checks = (t: string) => t.split('\n').filter((l) => l.startsWith('// CHECK'));
    expect(checks(readFileSync(test, 'utf8'))).toEqual(checks(text));
    expect(checks(text).length).toBeGreaterThan(5);
  });

  it('says "updated:" only when it changed the file, and leaves an up-to-date one untouched', () => {
    const test = path.join(dir, 'current.mlir');
    cpSync(path.join(repoRoot, 'tests', 'filecheck', 'tools', 'generated-checks.mlir'), test);
    utimesSync(test, 0, 0);
    const r = run('tile-update-checks', [test]);
    expect(r).toEqual({ code: 0, stdout: `up to date: ${test}\n`, stderr: '' });
    expect(statSync(test).mtimeMs).toBe(0);
  });
});
