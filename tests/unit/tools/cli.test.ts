import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { errnoText, suggestFlag, toolErrorText, toolOutput } from '../../../tools/cli.js';

describe("the tools' command-line errors", () => {
  it("start with the tool's name, and a suggestion reads as mlir-opt's", () => {
    expect(toolErrorText('tile-lit', "error: unknown option '--filtr'\n(Did you mean --filter?)")).toBe("tile-lit: error: unknown option '--filtr'\ntile-lit: did you mean '--filter'?\n");
    expect(toolErrorText('tile-run', "error: missing required argument 'file'")).toBe("tile-run: error: missing required argument 'file'\n");
  });
  it('suggest the nearest of flags commander does not know', () => {
    expect(suggestFlag('--canonicalise', ['--canonicalize', '--cse', '--help'])).toBe('(Did you mean --canonicalize?)');
    expect(suggestFlag('--zzzzzz', ['--canonicalize', '--cse'])).toBe('');
  });
  it('a command configured with toolOutput reports an unknown option with a suggestion from the extra flags', () => {
    let err = '';
    const cmd = toolOutput(new Command('tool').option('--alpha').exitOverride(), () => undefined, (t) => void (err += t), () => ['--canonicalize']);
    expect(() => cmd.parse(['--canonicalise'], { from: 'user' })).toThrow();
    expect(err).toBe("tool: error: unknown option '--canonicalise'\ntool: did you mean '--canonicalize'?\n");
    err = '';
    expect(() => cmd.parse(['--alpah=1'], { from: 'user' })).toThrow();
    expect(err).toBe("tool: error: unknown option '--alpah=1'\ntool: did you mean '--alpha'?\n");
  });
  it('word file errors as strerror does', () => {
    expect(errnoText(Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR' }))).toBe('Is a directory');
    expect(errnoText(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe('No such file or directory');
    expect(errnoText(new Error('other'))).toBe('other');
  });
});
