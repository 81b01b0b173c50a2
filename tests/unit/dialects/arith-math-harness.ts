import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { optMain, type IO } from '../../../tools/opt-main.js';

/**
 * Shared by the arith and math tests: runs tile-opt in-process on the golden inputs of
 * tests/filecheck/dialects/<dialect>/ and compares with the mlir-opt (LLVM 19) output saved under
 * tests/unit/dialects/expected/<dialect>/<name>.{custom,generic}.mlir.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..', '..');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** tile-opt with `args`, reading `stdin` when the file argument is '-'. */
export function tileOpt(args: readonly string[], stdin = ''): RunResult {
  let stdout = '';
  let stderr = '';
  const io: IO = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: () => new TextEncoder().encode(stdin),
    isTTY: false,
  };
  const code = optMain(args, io);
  return { code, stdout, stderr };
}

/** Parse and print text given on stdin; fails the test on errors. */
export function roundTrip(text: string, generic = false): string {
  const r = tileOpt(generic ? ['-', '--mlir-print-op-generic'] : ['-'], text);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

export interface GoldenCase {
  name: string;
  input: string;
  custom: string;
  generic: string;
}

/** Golden inputs of a dialect with their expected mlir-opt outputs (invalid.mlir excluded). */
export function goldenCases(dialect: string): GoldenCase[] {
  const dir = path.join(repoRoot, 'tests', 'filecheck', 'dialects', dialect);
  const expected = path.join(repoRoot, 'tests', 'unit', 'dialects', 'expected', dialect);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mlir') && f !== 'invalid.mlir')
    .sort()
    .map((f) => {
      const name = f.slice(0, -'.mlir'.length);
      return {
        name,
        input: path.join(dir, f),
        custom: readFileSync(path.join(expected, `${name}.custom.mlir`), 'utf8'),
        generic: readFileSync(path.join(expected, `${name}.generic.mlir`), 'utf8'),
      };
    });
}

/** The checks every golden case gets: byte equality with mlir-opt, fixed points, form conversions. */
export function checkGoldenCase(c: GoldenCase): void {
  const custom = tileOpt([c.input]);
  expect(custom.stderr).toBe('');
  expect(custom.stdout).toBe(c.custom);
  const generic = tileOpt([c.input, '--mlir-print-op-generic']);
  expect(generic.stderr).toBe('');
  expect(generic.stdout).toBe(c.generic);
  // custom -> print -> parse -> print is a fixed point.
  expect(roundTrip(custom.stdout)).toBe(c.custom);
  // generic -> custom and custom -> generic agree with mlir-opt.
  expect(roundTrip(generic.stdout)).toBe(c.custom);
  expect(roundTrip(custom.stdout, true)).toBe(c.generic);
  expect(roundTrip(generic.stdout, true)).toBe(c.generic);
  // mlir-opt's own outputs read back to the same text.
  expect(roundTrip(c.generic)).toBe(c.custom);
}

/** The first `error:` line of tile-opt's stderr for `text`. */
export function firstError(text: string): string {
  const r = tileOpt(['-'], text);
  expect(r.code).toBe(1);
  return r.stderr.split('\n')[0]!;
}
