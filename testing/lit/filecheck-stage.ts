import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runFileCheckCommandLine } from '../filecheck/index.js';
import { runBash } from './shell.js';

/**
 * A RUN line's last pipeline stage when it is our FileCheck (`... | FileCheck ARGS`, ARGS free of
 * pipes, redirections and command separators): tile-lit runs it in its own process instead of
 * starting Node once more for it (about a fifth of a second of CPU per RUN line; the golden tests
 * have some 500). `producer` is the command before it, `args` FileCheck's arguments as written.
 */
export function fileCheckStage(command: string): { producer: string; args: string } | undefined {
  const m = /^(.*\S)\s*\|\s*FileCheck((?:\s+[^|<>;&`$()]*)?)$/.exec(command);
  return m && !m[1]!.endsWith('|') ? { producer: m[1]!, args: m[2]!.trim() } : undefined;
}

/**
 * `producer | FileCheck args` as bash would run it with pipefail: the producer in a shell, its
 * standard output checked by FileCheck here; ARGS expanded by the same shell (quotes, variables),
 * printed NUL-separated after the producer's exit status. Returns the exit status and what both
 * wrote (the producer's standard error, FileCheck's output).
 */
export async function runWithFileCheck(stage: { producer: string; args: string }, env: NodeJS.ProcessEnv, cwd: string, timeoutMs: number): Promise<{ code: number; output: string }> {
  const marker = `__tile_lit_filecheck_args_${process.pid}__`;
  const script = `{ ${stage.producer}\n} ; status=$?; printf '\\n%s' '${marker}'; printf '%s\\0' ${stage.args}; exit $status`;
  const r = await runBash(script, env, cwd, timeoutMs);
  const at = r.stdout.lastIndexOf(`\n${marker}`);
  if (at < 0) return { code: r.code || 1, output: r.output };
  if (r.code !== 0) return { code: r.code, output: r.stderr };
  const input = r.stdout.slice(0, at);
  const args = r.stdout
    .slice(at + marker.length + 1)
    .split('\0')
    .slice(0, -1);
  const checked = runFileCheckCommandLine(args, {
    programName: 'FileCheck',
    readFile: (p) => readFileSync(path.resolve(cwd, p)),
    readStdin: () => input,
    fileCheckOpts: env['FILECHECK_OPTS'],
  });
  return { code: checked.exitCode, output: r.stderr + checked.stdout + checked.stderr };
}
