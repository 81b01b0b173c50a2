import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../temp-dir.js';
import { MODULE, tileOpt } from './run-helpers.js';
import { runLog } from './test-passes.js';

beforeEach(() => void (runLog.length = 0));
const dir = tempDir('tile-opt-pm-');

describe('pass manager nesting (MLIR semantics)', () => {
  it('runs a nested manager on the immediate children of its kind only', () => {
    const r = tileOpt(['-', '-p', 'builtin.module(func.func(test-count))'], MODULE);
    expect(r.stderr).toBe('');
    expect(runLog).toEqual(['test-count@a', 'test-count@c']);
  });
  it('reaches deeper ops through nesting', () => {
    tileOpt(['-', '-p', 'builtin.module(builtin.module(func.func(test-count)))'], MODULE);
    expect(runLog).toEqual(['test-count@b']);
  });
  it('any(...) runs on every immediate child op', () => {
    tileOpt(['-', '-p', 'any(test-count)'], MODULE);
    expect(runLog).toEqual(['test-count@a', 'test-count@inner', 'test-count@c']);
  });
  it('any(...) skips children that are not isolated from above, or not of the kind of a restricted pass', () => {
    const input = 'func.func @f(%n: index) {\n  %c0 = arith.constant 0 : index\n  scf.for %i = %c0 to %n step %c0 {\n  }\n  return\n}\n' + MODULE;
    expect(tileOpt(['-', '-p', 'builtin.module(func.func(any(test-count)))'], input).code).toBe(0);
    expect(runLog).toEqual([]);
    expect(tileOpt(['-', '-p', 'builtin.module(any(test-func-tag))'], MODULE).code).toBe(0);
    expect(runLog).toEqual(['test-func-tag@a', 'test-func-tag@c']);
  });
  it('a named nested manager on an op that is not isolated from above, or not registered, is an error at it', () => {
    const loop = 'func.func @f(%n: index) {\n  %c0 = arith.constant 0 : index\n  scf.for %i = %c0 to %n step %c0 {\n  }\n  return\n}\n';
    const r = tileOpt(['-', '-p', 'builtin.module(func.func(scf.for(test-count)))', '--mlir-print-op-on-diagnostic=false'], loop);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: "<stdin>:3:3: error: 'scf.for' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'\n  scf.for %i = %c0 to %n step %c0 {\n  ^\n",
    });
    const u = tileOpt(['-', '-p', 'builtin.module(x.y(test-count))', '--allow-unregistered-dialect', '--mlir-print-op-on-diagnostic=false'], '"x.y"() : () -> ()\n');
    expect(u).toEqual({ code: 1, stdout: '', stderr: '<stdin>:1:1: error: \'x.y\' op trying to schedule a pass on an unregistered operation\n"x.y"() : () -> ()\n^\n' });
    expect(runLog).toEqual([]);
  });
  it('runs the whole nested pipeline on one op before the next, passes in order', () => {
    tileOpt(['-', '-p', 'test-count,func.func(test-count,test-func-tag),test-count'], MODULE);
    expect(runLog).toEqual(['test-countbuiltin.module', 'test-count@a', 'test-func-tag@a', 'test-count@c', 'test-func-tag@c', 'test-countbuiltin.module']);
  });
  it('transforms the IR in place and prints the result', () => {
    const r = tileOpt(['-', '-p', 'func.func(test-func-tag)'], MODULE);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('func.func @a() attributes {test.tagged} {');
    expect(r.stdout).toContain('func.func @b() {');
  });
  it('applies pass flags in command-line order, nesting func.func passes implicitly', () => {
    const r = tileOpt(['-', '--test-count', '--test-func-tag', '--test-count'], MODULE);
    expect(r.code).toBe(0);
    expect(runLog).toEqual(['test-countbuiltin.module', 'test-func-tag@a', 'test-func-tag@c', 'test-countbuiltin.module']);
  });
  it('passes options given to a pass flag', () => {
    const r = tileOpt(['-', '--test-options=count=4 names=a,b', '--mlir-print-op-generic'], 'func.func @f() {\n  return\n}\n');
    expect(r.code).toBe(0);
    // Quotes inside a string attribute print as \22, as MLIR's printEscapedString does.
    expect(r.stdout).toContain('test.options = "{\\22count\\22:4,');
    expect(r.stdout).toContain('\\22names\\22:[\\22a\\22,\\22b\\22]}"');
  });
});

describe('pass failures', () => {
  const input = 'func.func @a() {\n  return\n}\nfunc.func @c() {\n  return\n}\n';
  it('a pass calling fail gives the located error, exit 1, no output, and stops the pipeline', () => {
    const r = tileOpt(['-', '-p', 'func.func(test-fail{message={no good}},test-count)'], input);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('<stdin>:1:1: error: no good\nfunc.func @a() {\n^\n');
    expect(runLog).toEqual(['test-fail@a']);
  });
  it('a thrown DiagnosticError is the same', () => {
    const r = tileOpt(['-', '--test-throw'], input);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe('<stdin>:0:0: error: test-throw threw');
  });
  it('a pass that crashes is a located error naming it, not a stack trace', () => {
    const r = tileOpt(['-', '--test-crash'], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("<stdin>:0:0: error: pass 'test-crash' failed with an internal error: oops\n");
  });
  it('writes no -o file when a pass fails', () => {
    const out = path.join(dir, 'out.mlir');
    const r = tileOpt(['-', '--test-fail', '-o', out], input);
    expect(r.code).toBe(1);
    expect(existsSync(out)).toBe(false);
    expect(tileOpt(['-', '--test-count', '-o', out], input).code).toBe(0);
    expect(existsSync(out)).toBe(true);
  });
  it('reports invalid IR left by a pass (verify-each), and not with --verify-each=false', () => {
    const r = tileOpt(['-', '--test-break-ir'], input);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^<stdin>:1:1: error: .*\n/);
    expect(r.stderr).toContain("note: the IR is invalid after pass 'test-break-ir'");
    const off = tileOpt(['-', '--test-break-ir', '--verify-each=false'], input);
    expect(off.stderr).toBe('');
    expect(off.code).toBe(0);
    expect(off.stdout).not.toContain('return');
    expect(tileOpt(['-', '--test-count', '--verify-each=maybe'], input).code).toBe(1);
  });
  it('pass diagnostics can be checked with --verify-diagnostics', () => {
    const file = path.join(dir, 'expected.mlir');
    writeFileSync(file, '// expected-error @+1 {{test-fail failed}}\nfunc.func @a() {\n  return\n}\n');
    const r = tileOpt([file, '-p', 'func.func(test-fail)', '--verify-diagnostics']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
  it('refuses to run a pass whose dependent dialect is not loaded', () => {
    const r = tileOpt(['-', '--test-needs-dialect'], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("pass 'test-needs-dialect' depends on dialect 'nowhere', which is not loaded");
  });
});
