// Shared by the scf, memref and vector dialect tests: run tile-opt in-process and compare with
// mlir-opt 19 output saved under expected/ (produced with
// `mlir-opt --allow-unregistered-dialect [--mlir-print-op-generic] FILE` and reviewed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { optMain, type IO } from '../../../tools/opt-main.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');

export function runOpt(args: readonly string[], stdin = ''): { code: number; stdout: string; stderr: string } {
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

const U = '--allow-unregistered-dialect';
const G = '--mlir-print-op-generic';

/** Custom and generic output against mlir-opt, fixed points, and generic<->custom agreement. */
export function roundTripSuite(dialect: string, file = 'ops'): void {
  const input = path.join(repoRoot, 'tests/filecheck/dialects', dialect, `${file}.mlir`);
  const custom = readFileSync(path.join(here, 'expected', dialect, `${file}.mlir.out`), 'utf8');
  const generic = readFileSync(path.join(here, 'expected', dialect, `${file}.generic.mlir.out`), 'utf8');

  it(`${file}.mlir: prints the custom form exactly as mlir-opt does`, () => {
    const r = runOpt([input, U]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(custom);
  });
  it(`${file}.mlir: prints the generic form exactly as mlir-opt does`, () => {
    const r = runOpt([input, U, G]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(generic);
  });
  it(`${file}.mlir: custom -> print -> parse -> print is a fixed point`, () => {
    const once = runOpt([input, U]).stdout;
    expect(runOpt(['-', U], once).stdout).toBe(once);
  });
  it(`${file}.mlir: generic -> print -> parse -> print is a fixed point`, () => {
    const once = runOpt([input, U, G]).stdout;
    expect(runOpt(['-', U, G], once).stdout).toBe(once);
  });
  it(`${file}.mlir: reading the generic form back gives the custom form, and vice versa`, () => {
    expect(runOpt(['-', U], generic).stdout).toBe(custom);
    expect(runOpt(['-', U, G], custom).stdout).toBe(generic);
  });
}

/** Every `// -----` chunk of invalid.mlir fails with the expected diagnostics (--verify-diagnostics). */
export function invalidSuite(dialect: string): void {
  it('reports the expected diagnostics for invalid input', () => {
    const input = path.join(repoRoot, 'tests/filecheck/dialects', dialect, 'invalid.mlir');
    const r = runOpt([input, U, '--split-input-file', '--verify-diagnostics']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
}

/** The first error tile-opt reports for `source`, as `line:col: message`. */
export function firstError(source: string): string | undefined {
  const r = runOpt(['-', U], source);
  const m = /<stdin>:(\d+):(\d+): error: (.*)/.exec(r.stderr);
  return m ? `${m[1]}:${m[2]}: ${m[3]}` : undefined;
}
