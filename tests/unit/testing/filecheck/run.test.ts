import { describe, expect, it, vi } from 'vitest';
import { runFileCheck, type FileCheckOptions } from '../../../../testing/filecheck/index.js';

function check(checkFile: string, input: string, options: FileCheckOptions = {}) {
  return runFileCheck({ checkFileName: 'test.check', checkFile, inputName: 'out.txt', input, options });
}

describe('runFileCheck', () => {
  it('returns 0 and no output when all checks pass', () => {
    expect(check('CHECK: a\nCHECK-NEXT: b\n', 'a\nb\n')).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('explains a missing match with locations, carets, a near miss and the input dump', () => {
    const { exitCode, stderr } = check('CHECK: func\nCHECK: hello world\n', 'func\nfoo\nhello wrld\nbaz\n');
    expect(exitCode).toBe(1);
    expect(stderr).toBe(
      [
        'test.check:2:8: error: CHECK: expected string not found in input',
        'CHECK: hello world',
        '       ^',
        'out.txt:1:5: note: scanning from here',
        'func',
        '    ^',
        'out.txt:3:1: note: possible intended match here',
        'hello wrld',
        '^',
        '',
        'Input file: out.txt',
        'Check file: test.check',
        '',
        '-dump-input=help explains the following input dump.',
        '',
        'Input was:',
        '<<<<<<',
        '           1: func ',
        "check:2'0         X error: no match found",
        '           2: foo ',
        "check:2'0     ~~~~",
        '           3: hello wrld ',
        "check:2'0     ~~~~~~~~~~~",
        "check:2'1     ?           possible intended match",
        '           4: baz ',
        "check:2'0     ~~~~",
        '>>>>>>',
        '',
      ].join('\n'),
    );
  });

  it('reports CHECK-NOT matches with the excluded text', () => {
    const { exitCode, stderr } = check('CHECK: a\nCHECK-NOT: bad\nCHECK: c\n', 'a\nbad\nc\n');
    expect(exitCode).toBe(1);
    expect(stderr).toContain('test.check:2:12: error: CHECK-NOT: excluded string found in input\n');
    expect(stderr).toContain('out.txt:2:1: note: found here\nbad\n^~~\n');
    expect(stderr).toContain('not:2     !~~  error: no match expected\n');
  });

  it('reports CHECK-NEXT on the wrong line', () => {
    const { stderr } = check('CHECK: a\nCHECK-NEXT: c\n', 'a\nb\nc\n');
    expect(stderr).toContain('error: CHECK-NEXT: is not on the line after the previous match');
    expect(stderr).toContain('note: non-matching line after previous match is here');
  });

  it('shows variable values used by a failing pattern', () => {
    const { stderr } = check('CHECK: [[R:r[0-9]+]] =\nCHECK: use [[R]], [[#N+1]]\n', 'r1 =\nuse r2, 3\n', { defines: ['#N=1'] });
    expect(stderr).toContain('note: with "R" equal to "r1"');
    expect(stderr).toContain('note: with "N+1" equal to "2"');
  });

  it('returns 2 for check file errors and does not read the input', () => {
    const input = vi.fn(() => 'a\n');
    const result = runFileCheck({ checkFileName: 'bad.check', checkFile: 'CHECK: {{(}}\n', input });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('bad.check:1:10: error: invalid regex: parentheses not balanced\nCHECK: {{(}}\n         ^\n');
    expect(input).not.toHaveBeenCalled();
  });

  it('returns 2 when no directives are found', () => {
    expect(check('nothing\n', 'a\n')).toMatchObject({ exitCode: 2, stderr: "error: no check strings found with prefix 'CHECK:'\n" });
  });

  it('returns 2 for an empty input unless allowed', () => {
    expect(check('CHECK-NOT: x\n', '').exitCode).toBe(2);
    expect(check('CHECK-NOT: x\n', '', { allowEmpty: true }).exitCode).toBe(0);
  });

  it('validates -D definitions and prefixes before anything else', () => {
    expect(check('CHECK: a\n', 'a\n', { defines: ['X'] }).stderr).toBe("Missing equal sign in command-line definition '-DX'\n");
    expect(check('CHECK: a\n', 'a\n', { checkPrefixes: ['A.B'] }).stderr).toContain('prefix must start with a letter');
  });

  it('applies options', () => {
    expect(check('FOO: a\n', 'a\n', { checkPrefixes: ['FOO'] }).exitCode).toBe(0);
    expect(check('CHECK: A\n', 'a\n', { ignoreCase: true }).exitCode).toBe(0);
    expect(check('CHECK: a\n', 'a b\n', { matchFullLines: true }).exitCode).toBe(1);
    expect(check('CHECK: a b\n', 'a  b\n', { strictWhitespace: true }).exitCode).toBe(1);
    expect(check('CHECK: a\n', 'a\nerror\n', { implicitCheckNot: ['error'] }).exitCode).toBe(1);
    expect(check('CHECK: [[V]]\n', 'x\n', { defines: ['V=x'] }).exitCode).toBe(0);
  });

  it('controls the input dump', () => {
    expect(check('CHECK: b\n', 'a\n', { dumpInput: 'never' }).stderr).not.toContain('Input was:');
    expect(check('CHECK: a\n', 'a\n', { dumpInput: 'always' }).stderr).toContain('Input was:\n<<<<<<\n   1: a \n>>>>>>\n');
    expect(check('CHECK: a\n', 'a\n', { dumpInput: 'always', verbose: true }).stderr).toContain('check:1     ^\n');
    expect(runFileCheck({ checkFileName: '', checkFile: '', input: '', options: { dumpInput: 'help' } }).stdout).toContain('Input dump annotation format:');
  });

  it('handles UTF-8 text as bytes, like LLVM', () => {
    expect(check('CHECK: caf{{..}}!\n', 'café!\n').exitCode).toBe(0);
    expect(check('CHECK: zz\n', 'café\n').stderr).toContain('1: café \n');
  });

  it('does not touch process state', () => {
    const stderrWrite = vi.spyOn(process.stderr, 'write');
    const exitCode = process.exitCode;
    check('CHECK: b\n', 'a\n');
    expect(stderrWrite).not.toHaveBeenCalled();
    expect(process.exitCode).toBe(exitCode);
    stderrWrite.mockRestore();
  });
});
