import { spawn } from 'node:child_process';

export interface ShellResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Standard output and error as they came, interleaved. */
  output: string;
}

/** Runs `command` under bash with pipefail; killed after `timeoutMs` (a note in its error output). */
export function runBash(command: string, env: NodeJS.ProcessEnv, cwd: string, timeoutMs: number): Promise<ShellResult> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let [stderr, output] = ['', ''];
    child.stdout.on('data', (d: Buffer) => {
      out.push(d);
      output += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      output += d;
    });
    const timer = setTimeout(() => {
      const note = `\n[tile-lit] timed out after ${timeoutMs} ms\n`;
      stderr += note;
      output += note;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout: Buffer.concat(out).toString('utf8'), stderr, output });
    });
  });
}
