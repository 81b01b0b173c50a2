/** Running tools as subprocesses and tabulating medians, for benchmarks that compare with a peer. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const GNU_TIME = '/usr/bin/time';

/**
 * The tile-opt command users run (package.json's bin: the bundle that `npm run build` makes), to
 * be executed directly: its shebang gives V8 tile-opt's flags (`node BUNDLE` would run without).
 * Exits with a notice naming `bench` when it has not been built.
 */
export function tileOptBin(bench: string): string {
  const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'build', 'bundle', 'tile-opt.js');
  if (!existsSync(bin)) {
    console.error(`${bench}: ${bin} not found; run 'npm run build' first`);
    process.exit(1);
  }
  return bin;
}

export interface Run {
  /** What the tool wrote to stderr (without /usr/bin/time's line). */
  stderr?: string;
  wallMs: number;
  /** User + system CPU time, from /usr/bin/time. */
  cpuMs: number | undefined;
  rssKiB: number | undefined;
}

export const hasGnuTime = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', '%M', 'true']).status === 0;

export function runOnce(argv: readonly string[]): Run & { stderr: string } {
  const cmd = hasGnuTime ? GNU_TIME : argv[0]!;
  const args = hasGnuTime ? ['-f', '%M %U %S', ...argv] : argv.slice(1);
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.error) throw r.error;
  let stderr = r.stderr ?? '';
  let rssKiB: number | undefined;
  let cpuMs: number | undefined;
  if (hasGnuTime) {
    const lines = stderr.trimEnd().split('\n');
    const [rss, user, sys] = lines.pop()!.trim().split(/\s+/).map(Number);
    rssKiB = rss;
    cpuMs = ((user ?? NaN) + (sys ?? NaN)) * 1000;
    stderr = lines.join('\n');
  }
  if (r.status !== 0) {
    throw new Error(`${argv.join(' ')} exited with ${r.status ?? r.signal}:\n${stderr.slice(0, 4000)}`);
  }
  return { wallMs, cpuMs, rssKiB, stderr };
}

/** Seconds spent in the named top-level rows of an mlir-opt style `--mlir-timing` report. */
export function passSeconds(report: string, names: readonly string[]): number | undefined {
  let total = 0;
  const found = new Set<string>();
  for (const line of report.split('\n')) {
    const m = /^\s+(\d+\.\d+) \(\s*[\d.]+%\)\s{2}(\S.*?)\s*$/.exec(line);
    // A pass a pipeline runs twice (canonicalize, cse) has a row per run: both count.
    if (m && names.includes(m[2]!)) {
      total += Number(m[1]);
      found.add(m[2]!);
    }
  }
  return found.size === names.length ? total : undefined;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export interface Measured {
  name: string;
  runs: Run[];
  wallMs: number;
  cpuMs: number | undefined;
  rssKiB: number | undefined;
}

/**
 * Runs every tool `reps` times, interleaved (tool A, tool B, A, B, ...) so that a change in the
 * machine's load affects all of them alike; one unmeasured warm-up run each first.
 */
export function measureAll(tools: readonly { name: string; argv: readonly string[] }[], reps: number): Measured[] {
  for (const t of tools) runOnce(t.argv);
  const runs = tools.map(() => [] as Run[]);
  for (let i = 0; i < reps; i++) tools.forEach((t, k) => runs[k]!.push(runOnce(t.argv)));
  return tools.map((t, k) => {
    const rs = runs[k]!;
    const finite = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined && Number.isFinite(x));
    const rss = finite(rs.map((r) => r.rssKiB));
    const cpu = finite(rs.map((r) => r.cpuMs));
    return { name: t.name, runs: rs, wallMs: median(rs.map((r) => r.wallMs)), cpuMs: cpu.length ? median(cpu) : undefined, rssKiB: rss.length ? Math.max(...rss) : undefined };
  });
}

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => '| ' + r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ') + ' |';
  return [line(rows[0]!), '| ' + widths.map((w, c) => (c === 0 ? '-'.repeat(w) : '-'.repeat(w - 1) + ':')).join(' | ') + ' |', ...rows.slice(1).map(line)].join('\n');
}
