import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runFileCheckCommandLine } from '../filecheck/index.js';

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

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command` under bash (pipefail), its stdout and stderr apart. */
function capture(command: string, env: NodeJS.ProcessEnv, cwd: string, timeoutMs: number): Promise<Captured> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      stderr += `\n[tile-lit] timed out after ${timeoutMs} ms\n`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout: Buffer.concat(out).toString('utf8'), stderr });
    });
  });
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
  const r = await capture(script, env, cwd, timeoutMs);
  const at = r.stdout.lastIndexOf(`\n${marker}`);
  if (at < 0) return { code: r.code || 1, output: r.stdout + r.stderr };
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
