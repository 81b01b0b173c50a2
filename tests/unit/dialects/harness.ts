// The one harness of the per-dialect tests: runs tile-opt in-process and compares with the
// mlir-opt (LLVM 19) output saved under tests/unit/dialects/expected/<dialect>/ (produced with
// `mlir-opt [--allow-unregistered-dialect] [--mlir-print-op-generic] FILE` and reviewed).
//
// Inputs of a dialect are its golden files tests/filecheck/dialects/<dialect>/*.mlir (invalid.mlir
// aside) plus tests/unit/dialects/corpus/<dialect>/*.mlir; the saved outputs of input <name> are
//   expected/<dialect>/<name>.custom.mlir  and  <name>.generic.mlir      (func, gpu, arith, math)
//   expected/<dialect>/<name>.mlir.out     and  <name>.generic.mlir.out  (scf, memref, vector)
// (both spellings are read; exactly one of them must exist for each form).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { optMain, type IO } from '../../../tools/opt-main.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');
const goldenRoot = path.join(repoRoot, 'tests/filecheck/dialects');
const corpusRoot = path.join(here, 'corpus');
const expectedRoot = path.join(here, 'expected');

export const GENERIC = '--mlir-print-op-generic';
export const UNREGISTERED = '--allow-unregistered-dialect';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** tile-opt with `args`, reading `stdin` when the file argument is '-' (named `<stdin>` in diagnostics). */
export function tileOpt(args: readonly string[], stdin = ''): RunResult {
  let stdout = '';
  let stderr = '';
  const io: IO = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: () => new TextEncoder().encode(stdin),
    color: false,
  };
  // mlir-opt prints a function's parameters positionally (%arg0): so does tile-opt here.
  const code = optMain([...args, '--print-source-arg-names=false'], io);
  return { code, stdout, stderr };
}

/** Parse `text` (given on stdin) and print it with `flags`; fails the test on any diagnostic. */
export function roundTrip(text: string, flags: readonly string[] = []): string {
  const r = tileOpt(['-', ...flags], text);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

/**
 * The first line tile-opt writes to stderr for `text` (given on stdin), e.g.
 * `<stdin>:2:35: error: ...`, or undefined when it accepts the input. Checks the exit status too.
 */
export function firstError(text: string, flags: readonly string[] = []): string | undefined {
  const r = tileOpt(['-', ...flags], text);
  if (r.stderr === '') {
    expect(r.code).toBe(0);
    return undefined;
  }
  expect(r.code).toBe(1);
  return r.stderr.split('\n')[0];
}

export interface Case {
  /** File name without `.mlir`. */
  name: string;
  /** Path of the input file. */
  file: string;
  /** mlir-opt's custom-form output. */
  custom: string;
  /** mlir-opt's generic-form output. */
  generic: string;
}

function readExpected(dialect: string, name: string, form: 'custom' | 'generic'): string {
  const candidates = form === 'custom' ? [`${name}.custom.mlir`, `${name}.mlir.out`] : [`${name}.generic.mlir`, `${name}.generic.mlir.out`];
  const found = candidates.map((f) => path.join(expectedRoot, dialect, f)).filter((f) => existsSync(f));
  if (found.length !== 1) throw new Error(`expected/${dialect}: need exactly one of ${candidates.join(', ')}; found ${found.length}`);
  return readFileSync(found[0]!, 'utf8');
}

function mlirFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mlir') && f !== 'invalid.mlir')
    .sort()
    .map((f) => path.join(dir, f));
}

/** The inputs of a dialect (golden files, then corpus files) with their expected mlir-opt outputs. */
export function loadCases(dialect: string): Case[] {
  const files = [...mlirFiles(path.join(goldenRoot, dialect)), ...mlirFiles(path.join(corpusRoot, dialect))];
  const cases = files.map((file) => {
    const name = path.basename(file, '.mlir');
    return { name, file, custom: readExpected(dialect, name, 'custom'), generic: readExpected(dialect, name, 'generic') };
  });
  const names = cases.map((c) => c.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) throw new Error(`${dialect}: two inputs named ${dup}.mlir (golden and corpus)`);
  return cases;
}

export interface ParityOptions {
  /** Extra tile-opt flags for every run (the scf/memref/vector outputs were saved with UNREGISTERED). */
  flags?: readonly string[];
  /** Op names that must each appear (as `"name"`) in some expected generic output. */
  ops?: Iterable<string>;
}

/**
 * `<dialect> dialect parity with mlir-opt`: for every input, custom and generic output equal to
 * mlir-opt's, both forms fixed points, generic <-> custom agreement; op coverage when `ops` is
 * given; and tests/filecheck/dialects/<dialect>/invalid.mlir under --verify-diagnostics.
 */
export function describeParity(dialect: string, options: ParityOptions = {}): void {
  const flags = options.flags ?? [];
  const ops = options.ops === undefined ? undefined : [...options.ops];
  describe(`${dialect} dialect parity with mlir-opt`, () => {
    const cases = loadCases(dialect);
    it('has inputs', () => expect(cases.length).toBeGreaterThan(0));

    for (const c of cases) {
      describe(c.name, () => {
        it('prints the custom form like mlir-opt', () => {
          const r = tileOpt([c.file, ...flags]);
          expect(r.stderr).toBe('');
          expect(r.code).toBe(0);
          expect(r.stdout).toBe(c.custom);
        });
        it('prints the generic form like mlir-opt', () => {
          const r = tileOpt([c.file, ...flags, GENERIC]);
          expect(r.stderr).toBe('');
          expect(r.code).toBe(0);
          expect(r.stdout).toBe(c.generic);
        });
        it('custom -> print -> parse -> print is a fixed point', () => {
          const once = tileOpt([c.file, ...flags]).stdout;
          expect(roundTrip(once, flags)).toBe(once);
        });
        it('generic -> print -> parse -> print is a fixed point', () => {
          const once = tileOpt([c.file, ...flags, GENERIC]).stdout;
          expect(roundTrip(once, [...flags, GENERIC])).toBe(once);
        });
        it("reading mlir-opt's generic form gives its custom form, and vice versa", () => {
          expect(roundTrip(c.generic, flags)).toBe(c.custom);
          expect(roundTrip(c.custom, [...flags, GENERIC])).toBe(c.generic);
        });
      });
    }

    if (ops !== undefined) {
      it(`exercises every ${dialect} op`, () => {
        const seen = cases.map((c) => c.generic).join('\n');
        expect(ops.filter((name) => !seen.includes(`"${name}"`))).toEqual([]);
      });
    }

    it('reports the expected diagnostics for invalid.mlir (--verify-diagnostics)', () => {
      const r = tileOpt([path.join(goldenRoot, dialect, 'invalid.mlir'), ...flags, '--split-input-file', '--verify-diagnostics']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    });
  });
}

/**
 * One test per `[input, first stderr line or undefined when accepted, test name]`; the name
 * defaults to the expected line.
 */
export function itReportsFirstErrors(cases: readonly (readonly [string, string | undefined, string?])[], flags: readonly string[] = []): void {
  for (const [input, expected, name] of cases) {
    it(name ?? expected ?? 'accepts the input', () => expect(firstError(input, flags)).toBe(expected));
  }
}
