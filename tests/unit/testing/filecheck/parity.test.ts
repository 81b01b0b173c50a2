// Differential tests: our FileCheck against recorded outcomes and, when LLVM
// 19's FileCheck is installed, against the real thing (exit code and stderr).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFileCheckCommandLine } from '../../../../testing/filecheck/index.js';
import { PARITY_CASES, type ParityCase } from '../../../filecheck-parity/cases.js';

const LLVM_FILECHECK = '/usr/lib/llvm-19/bin/FileCheck';
const hasLlvm = existsSync(LLVM_FILECHECK);

function commandLine(c: ParityCase): string[] {
  return ['check.txt', ...(c.stdin ? [] : ['--input-file', 'input.txt']), ...(c.args ?? [])];
}

function expectedExitCode(c: ParityCase): number {
  return c.expect === 'pass' ? 0 : (c.exitCode ?? 1);
}

function runOurs(c: ParityCase): { exitCode: number; stderr: string } {
  const files = new Map([
    ['check.txt', c.check],
    ['input.txt', c.input],
  ]);
  return runFileCheckCommandLine(commandLine(c), {
    readFile: (path) => {
      const text = files.get(path);
      if (text === undefined) throw Object.assign(new Error(`no file ${path}`), { code: 'ENOENT' });
      return text;
    },
    readStdin: () => c.input,
  });
}

describe('FileCheck parity cases', () => {
  it('has at least 150 uniquely named cases', () => {
    expect(PARITY_CASES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(PARITY_CASES.map((c) => c.name)).size).toBe(PARITY_CASES.length);
  });

  it.each(PARITY_CASES)('ours: $name', (c) => {
    expect(runOurs(c).exitCode).toBe(expectedExitCode(c));
  });
});

describe.runIf(hasLlvm)('FileCheck parity with LLVM 19', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'filecheck-parity-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(PARITY_CASES)('llvm: $name', (c) => {
    writeFileSync(join(dir, 'check.txt'), c.check);
    writeFileSync(join(dir, 'input.txt'), c.input);
    const env = { ...process.env };
    delete env['FILECHECK_OPTS'];
    const llvm = spawnSync(LLVM_FILECHECK, commandLine(c), { cwd: dir, input: c.stdin ? c.input : '', encoding: 'utf8', env });
    expect(llvm.status).toBe(expectedExitCode(c));
    if (!c.outputDiffers) expect(runOurs(c).stderr).toBe(llvm.stderr);
  });
});
