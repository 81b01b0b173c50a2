import { beforeEach, describe, expect, it } from 'vitest';
import { tileOpt } from './run-helpers.js';
import { runLog } from './test-passes.js';

beforeEach(() => void (runLog.length = 0));
const input = 'func.func @a() {\n  return\n}\nfunc.func @c() {\n  return\n}\n';
const A = 'func.func @a() {\n  return\n}';
const A_TAGGED = 'func.func @a() attributes {test.tagged} {\n  return\n}';
const C_TAGGED = 'func.func @c() attributes {test.tagged} {\n  return\n}';

describe('IR printing (mlir-opt 19 headers)', () => {
  it('--mlir-print-ir-before-all / after-all print the op each pass ran on, to stderr', () => {
    const r = tileOpt(['-', '-p', 'func.func(test-func-tag)', '--mlir-print-ir-before-all', '--mlir-print-ir-after-all', '-o', '/dev/null'], input);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `// -----// IR Dump Before test-func-tag (test-func-tag) //----- //\n${A}\n\n` +
        `// -----// IR Dump After test-func-tag (test-func-tag) //----- //\n${A_TAGGED}\n\n` +
        `// -----// IR Dump Before test-func-tag (test-func-tag) //----- //\nfunc.func @c() {\n  return\n}\n\n` +
        `// -----// IR Dump After test-func-tag (test-func-tag) //----- //\n${C_TAGGED}\n\n`,
    );
  });
  it('uses the display name of a pass in the header', () => {
    const r = tileOpt(['-', '--test-count', '--mlir-print-ir-after=test-count', '-o', '/dev/null'], input);
    expect(r.stderr.split('\n')[0]).toBe('// -----// IR Dump After TestCount (test-count) //----- //');
    expect(r.stderr.split('\n')[1]).toBe('module {');
  });
  it('--mlir-print-ir-before=<names> prints before those passes only', () => {
    const r = tileOpt(['-', '--test-count', '--test-func-tag', '--mlir-print-ir-before=test-func-tag', '-o', '/dev/null'], input);
    expect(r.stderr.match(/IR Dump .*/g)).toEqual(['IR Dump Before test-func-tag (test-func-tag) //----- //', 'IR Dump Before test-func-tag (test-func-tag) //----- //']);
  });
  it('rejects a name that is not a pass', () => {
    const r = tileOpt(['-', '--test-count', '--mlir-print-ir-after=nope'], input);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("tile-opt: error: for the --mlir-print-ir-after option: 'nope' is not a registered pass\n");
  });
  it('--mlir-print-ir-after-change prints only when the IR changed', () => {
    const r = tileOpt(['-', '-p', 'test-count,func.func(test-func-tag),test-count', '--mlir-print-ir-after-all', '--mlir-print-ir-after-change', '-o', '/dev/null'], input);
    expect(r.stderr.match(/IR Dump .*/g)).toEqual(['IR Dump After test-func-tag (test-func-tag) //----- //', 'IR Dump After test-func-tag (test-func-tag) //----- //']);
  });
  it('--mlir-print-ir-after-failure prints the op after a failing pass only', () => {
    const r = tileOpt(['-', '-p', 'func.func(test-func-tag,test-fail)', '--mlir-print-ir-after-failure'], input);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`<stdin>:1:1: error: test-fail failed\nfunc.func @a() {\n^\n// -----// IR Dump After test-fail Failed (test-fail) //----- //\n${A_TAGGED}\n\n`);
  });
});

describe('--mlir-timing', () => {
  it("prints mlir-opt's execution time report with the pipeline's tree", () => {
    const r = tileOpt(['-', '-p', 'test-count,func.func(test-func-tag,test-count)', '--mlir-timing', '-o', '/dev/null'], input);
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '===-------------------------------------------------------------------------===',
      '                         ... Execution time report ...',
      '===-------------------------------------------------------------------------===',
    ]);
    expect(lines[3]).toMatch(/^ {2}Total Execution Time: \d+\.\d{4} seconds$/);
    expect(lines[5]).toBe('  ----Wall Time----  ----Name----');
    const names = lines.slice(6, -1).map((l) => {
      expect(l).toMatch(/^ {4}\d+\.\d{4} \( {0,2}\d+\.\d%\) {2}/);
      return l.slice(21);
    });
    expect(names).toEqual(['Parser', 'TestCount', "'func.func' Pipeline", '  test-func-tag', '  TestCount', 'Output', 'Rest', 'Total']);
    expect(lines.at(-2)).toMatch(/\(100\.0%\) {2}Total$/);
  });
});

describe('--mlir-pass-statistics', () => {
  const header =
    '===-------------------------------------------------------------------------===\n                         ... Pass statistics report ...\n===-------------------------------------------------------------------------===\n';
  it('pipeline display: the pass manager structure, statistics sorted and aligned', () => {
    const r = tileOpt(['-', '-p', 'test-count,func.func(test-count,test-func-tag)', '--mlir-pass-statistics', '-o', '/dev/null'], input);
    expect(r.stderr).toBe(
      header +
        'TestCount\n  (S) 4 num-nested - Number of ops nested in them\n  (S) 1 num-runs   - Number of ops the pass ran on\n' +
        "'func.func' Pipeline\n  TestCount\n    (S) 2 num-nested - Number of ops nested in them\n    (S) 2 num-runs   - Number of ops the pass ran on\n  test-func-tag\n\n",
    );
  });
  it('list display: merged by pass name', () => {
    const r = tileOpt(['-', '-p', 'test-count,func.func(test-count)', '--mlir-pass-statistics', '--mlir-pass-statistics-display=list', '-o', '/dev/null'], input);
    expect(r.stderr).toBe(header + '  TestCount\n    (S) 6 num-nested - Number of ops nested in them\n    (S) 3 num-runs   - Number of ops the pass ran on\n\n');
  });
});

describe('--dump-pass-pipeline', () => {
  it("prints mlir-opt's `Pass Manager with N passes:` and the pipeline with all options, to stderr", () => {
    const r = tileOpt(['-', '--test-count', '--test-func-tag', '--test-options=count=2', '--dump-pass-pipeline', '-o', '/dev/null'], input);
    expect(r.stderr).toBe(
      'Pass Manager with 3 passes:\nbuiltin.module(test-count,func.func(test-func-tag),test-options{count=2 flag=false label=x mode=fast names= ratio=0.5 size=0 sizes=1,2})\n\n',
    );
  });
  it('the dumped pipeline, run as text, gives the same output', () => {
    const flags = ['--test-func-tag', '--test-options=count=2 label={a b}'];
    const first = tileOpt(['-', ...flags, '--dump-pass-pipeline'], input);
    const dumped = first.stderr.split('\n')[1]!;
    const again = tileOpt(['-', '-p', dumped], input);
    expect(again.stderr).toBe('');
    expect(again.stdout).toBe(first.stdout);
    expect(first.stdout).toContain('test.tagged');
  });
});
