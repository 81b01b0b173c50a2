import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../../../testing/filecheck/cli-args.js';
import { runFileCheckCommandLine, type CommandLineIO } from '../../../../testing/filecheck/index.js';

const parse = (...args: string[]) => parseCommandLine(args, 'filecheck');

describe('parseCommandLine', () => {
  it('accepts single and double dashes, "=value" and separate values', () => {
    const cl = parse('t.check', '-input-file=in.txt', '--check-prefix', 'A', '-check-prefixes=B,C', '--match-full-lines', '-v');
    expect(cl.errors).toEqual([]);
    expect(cl.checkFile).toBe('t.check');
    expect(cl.inputFile).toBe('in.txt');
    expect(cl.options).toMatchObject({ checkPrefixes: ['A', 'B', 'C'], matchFullLines: true, verbose: true });
  });

  it('takes -D values attached only', () => {
    expect(parse('t', '-DX=1', '--DY=2', '-D#%x,N=ff').options.defines).toEqual(['X=1', 'Y=2', '#%x,N=ff']);
    expect(parse('t', '-D', 'X=1').errors).toEqual([
      'filecheck: for the -D option: requires a value!',
      'filecheck: Too many positional arguments specified!',
      'Can specify at most 1 positional arguments: See: filecheck --help',
    ]);
  });

  it('splits only the comma-separated list options', () => {
    expect(parse('t', '--check-prefix=A,B').options.checkPrefixes).toEqual(['A,B']);
    expect(parse('t', '--comment-prefixes=X,Y').options.commentPrefixes).toEqual(['X', 'Y']);
    expect(parse('t', '--implicit-check-not=a,b').options.implicitCheckNot).toEqual(['a,b']);
  });

  it('parses boolean values like LLVM', () => {
    expect(parse('t', '--ignore-case=false').options.ignoreCase).toBe(false);
    expect(parse('t', '--ignore-case=1').options.ignoreCase).toBe(true);
    expect(parse('t', '--ignore-case=yes').errors).toEqual(["filecheck: for the --ignore-case option: 'yes' is invalid value for boolean argument! Try 0 or 1"]);
  });

  it('picks the most informative of repeated --dump-input* options', () => {
    const cl = parse('t', '--dump-input=never', '--dump-input=always', '--dump-input-filter=error', '--dump-input-filter=all');
    expect(cl.options).toMatchObject({ dumpInput: 'always', dumpInputFilter: 'all' });
    expect(parse('t', '--dump-input-context=2', '--dump-input-context=7').options.dumpInputContext).toBe(7);
  });

  it('reports bad options', () => {
    expect(parse('t', '--bogus').errors).toEqual(["filecheck: Unknown command line argument '--bogus'.  Try: 'filecheck --help'"]);
    expect(parse('t', '--dump-input=x').errors).toEqual(["filecheck: for the --dump-input option: Cannot find option named 'x'!"]);
    expect(parse('t', '--dump-input-context=x').errors).toEqual(["filecheck: for the --dump-input-context option: 'x' value invalid for uint argument!"]);
    expect(parse('t', '--input-file').errors).toEqual(['filecheck: for the --input-file option: requires a value!']);
  });

  it('treats arguments after "--" as positional', () => {
    expect(parse('--', '-t').checkFile).toBe('-t');
  });
});

describe('runFileCheckCommandLine', () => {
  const files: Record<string, string> = { 't.check': 'CHECK: hello\n', 'in.txt': 'hello\n', 'bad.txt': 'bye\n' };
  const io: CommandLineIO = {
    readFile: (path) => {
      if (path in files) return files[path]!;
      throw Object.assign(new Error('missing'), { code: 'ENOENT' });
    },
    readStdin: () => 'hello\n',
  };

  it('reads the input from a file or stdin', () => {
    expect(runFileCheckCommandLine(['t.check', '--input-file', 'in.txt'], io).exitCode).toBe(0);
    expect(runFileCheckCommandLine(['t.check'], io).exitCode).toBe(0);
    const failed = runFileCheckCommandLine(['t.check', '--input-file=bad.txt'], io);
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain('bad.txt:1:1: note: scanning from here');
  });

  it('exits with 2 for missing files and a missing check file argument', () => {
    expect(runFileCheckCommandLine(['nope.check'], io)).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: "Could not open check file 'nope.check': No such file or directory\n",
    });
    expect(runFileCheckCommandLine(['t.check', '--input-file=nope.txt'], io).stderr).toBe("Could not open input file 'nope.txt': No such file or directory\n");
    expect(runFileCheckCommandLine([], io)).toMatchObject({ exitCode: 2, stderr: '<check-file> not specified\n' });
  });

  it('exits with 1 for command-line errors', () => {
    expect(runFileCheckCommandLine(['t.check', '--bogus'], io).exitCode).toBe(1);
  });

  it('parses FILECHECK_OPTS before the arguments', () => {
    const result = runFileCheckCommandLine(['t.check', '--input-file=bad.txt'], { ...io, fileCheckOpts: "--dump-input=never --check-prefix 'CHECK'" });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).not.toContain('Input was:');
  });

  it('prints help to stdout', () => {
    expect(runFileCheckCommandLine(['--help'], io).stdout).toContain('USAGE: filecheck [options] <check-file>');
    expect(runFileCheckCommandLine(['--dump-input=help'], io).stdout).toContain('Input dump annotation format:');
  });
});
