import { describe, expect, it } from 'vitest';
import { readCheckFile } from '../../../../testing/filecheck/check-file.js';
import { PatternContext } from '../../../../testing/filecheck/context.js';
import { toRequest, type FileCheckOptions } from '../../../../testing/filecheck/options.js';
import { AbortError, SourceBuffer } from '../../../../testing/filecheck/source.js';

function read(text: string, options: FileCheckOptions = {}) {
  const logged: string[] = [];
  const { checks } = readCheckFile(new SourceBuffer('t.check', text), toRequest(options), new PatternContext(), (t) => logged.push(t));
  return {
    /** "kind[xcount][literal]:pattern-text" per check string, with its DAG/NOT list. */
    checks: checks.map((c) => ({
      type: typeName(c.pattern.type) + (c.pattern.type.kind === 'eof' ? '' : `:${c.pattern.fixedStr || c.pattern.regexStr}`),
      dagNots: c.dagNots.map((d) => `${d.pattern.type.kind}:${d.pattern.fixedStr || d.pattern.regexStr}`),
    })),
    logged,
  };
}

function typeName(type: { kind: string; count: number; literal: boolean }): string {
  return type.kind + (type.count > 1 ? `x${type.count}` : '') + (type.literal ? '[literal]' : '');
}

function readError(text: string, options: FileCheckOptions = {}): string {
  try {
    read(text, options);
  } catch (e) {
    if (e instanceof AbortError) return e.output;
    throw e;
  }
  return 'no error';
}

describe('readCheckFile', () => {
  it('finds each directive kind', () => {
    const { checks } = read('CHECK: a\nCHECK-NEXT: b\nCHECK-SAME: c\nCHECK-EMPTY:\nCHECK-NOT: d\nCHECK-DAG: e\nCHECK-LABEL: f\nCHECK-COUNT-3: g\nCHECK{LITERAL}: {{h}}\n');
    expect(checks).toEqual([
      { type: 'plain:a', dagNots: [] },
      { type: 'next:b', dagNots: [] },
      { type: 'same:c', dagNots: [] },
      { type: 'empty:(\n$)', dagNots: [] },
      { type: 'label:f', dagNots: ['not:d', 'dag:e'] },
      { type: 'plainx3:g', dagNots: [] },
      { type: 'plain[literal]:{{h}}', dagNots: [] },
    ]);
  });

  it('adds an end-of-file check for trailing CHECK-NOT/DAG', () => {
    expect(read('CHECK: a\nCHECK-NOT: b\n').checks.at(-1)).toEqual({ type: 'eof', dagNots: ['not:b'] });
  });

  it('adds implicit CHECK-NOTs to every check', () => {
    const { checks } = read('CHECK: a\nCHECK-NOT: b\nCHECK: c\n', { implicitCheckNot: ['x'] });
    expect(checks.map((c) => c.dagNots)).toEqual([['not:x'], ['not:x', 'not:b'], ['not:x']]);
  });

  it('ignores prefixes inside words, comments and unknown suffixes', () => {
    const { checks } = read('XCHECK: a\nCHECK-FOO: b\nCOM: CHECK: c\nRUN: x CHECK: d\nCHECK : e\nx CHECK: f\n');
    expect(checks.map((c) => c.type)).toEqual(['plain:f']);
  });

  it('skips leading and trailing whitespace of patterns', () => {
    expect(read('CHECK:   a b \t\n').checks[0]!.type).toBe('plain:a b');
  });

  it('compiles regex blocks and variables into one regex', () => {
    expect(read('CHECK: a.{{b|c}}[[V:d+]][[V]]\n').checks[0]!.type).toBe('plain:a\\.(b|c)(d+)\\2');
    expect(read('CHECK: a [[#N:]]\n').checks[0]!.type).toBe('plain:a ([0-9]+)');
    expect(read('CHECK: x\n', { matchFullLines: true }).checks[0]!.type).toBe('plain:^ *x *$');
  });

  it('uses the longest of several prefixes at a position', () => {
    expect(read('AB: x\nA: y\n', { checkPrefixes: ['A', 'AB'] }).checks.map((c) => c.type)).toEqual(['plain:x', 'plain:y']);
  });

  it.each([
    ['CHECK:\n', "t.check:1:7: error: found empty check string with prefix 'CHECK:'\nCHECK:\n      ^\n"],
    ['CHECK-NEXT: a\n', "t.check:1:1: error: found 'CHECK-NEXT' without previous 'CHECK: line\nCHECK-NEXT: a\n^\n"],
    ['CHECK_DAG: a\n', "t.check:1:1: error: misspelled directive 'CHECK_DAG:'\nCHECK_DAG: a\n^\n"],
    ['CHECK-NOT-DAG: a\n', "t.check:1:7: error: unsupported -NOT combo on prefix 'CHECK'\nCHECK-NOT-DAG: a\n      ^\n"],
    ['CHECK-COUNT-0: a\n', "t.check:1:14: error: invalid count in -COUNT specification on prefix 'CHECK'\nCHECK-COUNT-0: a\n             ^\n"],
    ['CHECK-LABEL: [[V:a]]\n', "t.check:1:1: error: found 'CHECK-LABEL:' with variable definition or use\nCHECK-LABEL: [[V:a]]\n^\n"],
    ['CHECK: [[1V:a]]\n', 't.check:1:10: error: invalid variable name\nCHECK: [[1V:a]]\n         ^\n\n'],
    ['CHECK: [[V:a]] [[#V:]]\n', "t.check:1:19: error: string variable with name 'V' already exists\nCHECK: [[V:a]] [[#V:]]\n                  ^\n\n"],
    ['nothing\n', "error: no check strings found with prefix 'CHECK:'\n"],
  ])('rejects %j', (text, message) => {
    expect(readError(text)).toBe(message);
  });

  it('reports prefixes that are never used', () => {
    expect(readError('A: x\n', { checkPrefixes: ['A', 'B', 'C'] })).toBe("error: no check strings found with prefixes 'B:', 'C:'\n");
    expect(readError('A: x\n', { checkPrefixes: ['A', 'B'], allowUnusedPrefixes: true })).toBe('no error');
  });

  it('logs but ignores invalid --implicit-check-not patterns', () => {
    const { logged } = read('CHECK: a\n', { implicitCheckNot: [''] });
    expect(logged).toEqual(["command line:1:22: error: found empty check string with prefix 'IMPLICIT-CHECK:'\n-implicit-check-not=''\n                     ^\n"]);
  });

  it('reports bad -D definitions against a listing of them', () => {
    expect(readError('CHECK: a\n', { defines: ['1=2'] })).toBe('Global defines:1:19: error: invalid variable name\nGlobal define #1: 1=2\n                  ^\n\n');
  });
});
