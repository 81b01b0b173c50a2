/**
 * wgpu through Deno: `deno run deno-runner.{ts,js}` as a runner subprocess (runner-backend.ts).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import type { Backend } from './backend.js';
import { RunnerBackend, type RunnerSpec, runnerScript } from './runner-backend.js';

/** The deno binary: env TILE_DENO, the npm `deno` package, or `deno` on PATH. */
export function findDeno(): string {
  const fromEnv = process.env['TILE_DENO'];
  if (fromEnv) return fromEnv;
  try {
    const pkg = createRequire(import.meta.url).resolve('deno/package.json');
    const bin = join(dirname(pkg), process.platform === 'win32' ? 'deno.exe' : 'deno');
    if (existsSync(bin)) return bin;
  } catch {
    // not installed: fall through
  }
  return 'deno';
}

/** Whether a deno binary is there: env TILE_DENO, the npm `deno` package (an optional peer of tile-opt), or `deno` on PATH. */
export function denoInstalled(): boolean {
  const deno = findDeno();
  if (deno !== 'deno') return true;
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  return (process.env['PATH'] ?? '').split(delimiter).some((d) => d !== '' && existsSync(join(d, exe)));
}

/** How to start the wgpu runner: the .ts source under vitest, the compiled .js under build/. */
export function wgpuRunnerSpec(): RunnerSpec {
  const deno = findDeno();
  const { script, fromSource } = runnerScript(import.meta.url, 'deno-runner');
  return {
    provider: 'wgpu',
    name: `wgpu runner (${deno})`,
    command: deno,
    args: (dir) => ['run', '--quiet', '--no-config', '--allow-read', `--allow-write=${dir}`, '--allow-env', ...(fromSource ? ['--sloppy-imports'] : []), script],
  };
}

/** Starts the runner; rejects with kind 'no-adapter' when wgpu finds none. */
export function openWgpu(): Promise<Backend> {
  return RunnerBackend.open(wgpuRunnerSpec());
}
