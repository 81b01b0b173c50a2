// Shared helpers for the per-dialect parity tests: run tile-opt in-process and compare with
// mlir-opt (LLVM 19) output saved under tests/unit/dialects/expected/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { optMain } from '../../../tools/opt-main.js';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** tile-opt on `input` (given as stdin, named `<stdin>` in diagnostics). */
export function tileOpt(input: string, args: readonly string[] = []): RunResult {
  let stdout = '';
  let stderr = '';
  const code = optMain([...args, '-'], {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: () => new TextEncoder().encode(input),
    isTTY: false,
  });
  return { code, stdout, stderr };
}

export interface Case {
  name: string;
  input: string;
  custom: string;
  generic: string;
}

/** Corpus inputs of a dialect (golden files plus tests/unit/dialects/corpus) with their expected outputs. */
export function loadCases(dialect: string): Case[] {
  const inputs = [path.join(repoRoot, 'tests/filecheck/dialects', dialect, 'ops.mlir')];
  const corpus = path.join(here, 'corpus', dialect);
  if (existsSync(corpus)) for (const f of readdirSync(corpus).sort()) if (f.endsWith('.mlir')) inputs.push(path.join(corpus, f));
  return inputs.map((file) => {
    const name = path.basename(file, '.mlir');
    const expected = (kind: string) => readFileSync(path.join(here, 'expected', dialect, `${name}.${kind}.mlir`), 'utf8');
    return { name, input: readFileSync(file, 'utf8'), custom: expected('custom'), generic: expected('generic') };
  });
}
