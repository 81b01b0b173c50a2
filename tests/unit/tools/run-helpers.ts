/** tile-run in-process for the tools' tests: its exit code and what it printed. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IO } from '../../../tools/opt-main.js';
import { runMain } from '../../../tools/run-main.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The SIMT-level add of tests/gpu/programs and tile-run arguments for it (300 elements, 290 added). */
export const ADD = path.join(repoRoot, 'tests', 'gpu', 'programs', 'add.mlir');
export const addArgs = ['--entry', 'main', '--arg', 'a=rand:300xf32', '--arg', 'b=rand:300xf32', '--arg', 'c=zeros:300xf32', '--arg', 'n=290'];

export async function tileRun(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return tileRunWithStdin('', ...argv);
}

/** tile-run reading `stdin` as its standard input (the program of `tile-run -`). */
export async function tileRunWithStdin(stdin: string, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const input = new TextEncoder().encode(stdin);
  const io: IO = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: () => input, color: false };
  const code = await runMain(argv, io);
  return { code, stdout, stderr };
}
