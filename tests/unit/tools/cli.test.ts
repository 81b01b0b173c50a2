import { Command } from 'commander';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errnoText, nearestName, stderrColor, suggestFlag, toolErrorText, toolOutput } from '../../../tools/cli.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

describe("the tools' command-line errors", () => {
  it("start with the tool's name, and a suggestion reads as mlir-opt's", () => {
    expect(toolErrorText('tile-lit', "error: unknown option '--filtr'\n(Did you mean --filter?)")).toBe("tile-lit: error: unknown option '--filtr'\ntile-lit: did you mean '--filter'?\n");
    expect(toolErrorText('tile-run', "error: missing required argument 'file'")).toBe("tile-run: error: missing required argument 'file'\n");
  });
  it('find the nearest pass name, or none', () => {
    expect(nearestName('canonicalise', ['canonicalize', 'cse'])).toBe('canonicalize');
    expect(nearestName('zzzzzz', ['canonicalize', 'cse'])).toBeUndefined();
  });
  it('suggest the nearest of flags commander does not know', () => {
    expect(suggestFlag('--canonicalise', ['--canonicalize', '--cse', '--help'])).toBe('(Did you mean --canonicalize?)');
    expect(suggestFlag('--zzzzzz', ['--canonicalize', '--cse'])).toBe('');
  });
  it('a command configured with toolOutput reports an unknown option with a suggestion from the extra flags', () => {
    let err = '';
    const cmd = toolOutput(
      new Command('tool').option('--alpha').exitOverride(),
      () => undefined,
      (t) => void (err += t),
      () => ['--canonicalize'],
    );
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

describe('colour of diagnostics (stderrColor)', () => {
  it('follows the terminal, unless NO_COLOR; FORCE_COLOR wins over NO_COLOR', () => {
    expect(stderrColor({}, { level: 1 })).toBe(true);
    expect(stderrColor({}, false)).toBe(false);
    expect(stderrColor({ NO_COLOR: '1' }, { level: 1 })).toBe(false);
    expect(stderrColor({ NO_COLOR: '' }, { level: 1 })).toBe(true);
    expect(stderrColor({ NO_COLOR: '1', FORCE_COLOR: '1' }, { level: 1 })).toBe(true);
  });
  it('FORCE_COLOR colours tile-opt errors in a pipe (through chalk), NO_COLOR and a pipe do not', () => {
    const bin = path.join(repoRoot, 'build', 'bundle', 'tile-opt.js');
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, [bin, '-'], { input: 'func.func @f( {\n', encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } }).stderr;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI colour escapes (ESC [ ... m).
    const strip = (t: string) => t.replace(/\x1b\[[0-9;]*m/g, '');
    const forced = run({ FORCE_COLOR: '1' });
    expect(forced).toContain('\x1b[1m\x1b[31merror:\x1b[39m\x1b[22m');
    const plain = run({});
    expect(plain).not.toContain('\x1b');
    expect(strip(forced)).toBe(plain);
    expect(run({ NO_COLOR: '1' })).toBe(plain);
    expect(run({ FORCE_COLOR: '0' })).toBe(plain);
  });
});

describe('standard input (readStdinSync)', () => {
  it('is read whole from a pipe that is slow to fill, though chalk made fd 0 non-blocking', () => {
    const bin = JSON.stringify(path.join(repoRoot, 'build', 'bundle', 'tile-opt.js'));
    const r = spawnSync('bash', ['-c', `(sleep 0.5; echo 'func.func @f() { return }') | node ${bin} | node ${bin} -`], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('module {\n  func.func @f() {\n    return\n  }\n}\n\n');
  });
});
