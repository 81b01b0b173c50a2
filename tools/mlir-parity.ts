#!/usr/bin/env node
/**
 * Output parity with mlir-opt on test files with RUN lines.
 *
 *   npm run test:mlir-parity -- FOLDER|FILE... [--mlir-opt PATH] [--timeout S] [-j N] [--out DIR] [--filter REGEX]
 *
 * Each `.mlir` file is cut into units (its `// -----` chunks, each cut at its top-level ops; ops
 * that name each other's symbols stay together), and every unit runs through `mlir-opt` and
 * `tile-opt` with the arguments of each of the file's `mlir-opt` RUN lines (`%s` the unit's file).
 * Counted are the runs mlir-opt accepts (exit 0) of in-scope units (no MLIR `test` dialect, no
 * tensor/affine/linalg/complex/sparse_tensor) whose RUN line names only passes tile-opt has; a
 * run is identical when tile-opt exits 0 with byte-identical output. A tile-opt stack trace, a
 * signal or an exit status other than 0/1 is a crash; running past the time limit is a hang.
 * `--out DIR` writes each differing run (input, both outputs, tile-opt's stderr) for inspection.
 */
import { Command } from 'commander';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mlirOptRunLines } from '../testing/mlir-parity/run-lines.js';
import { outOfScopeDialect, unknownNames, usesPendingOps } from '../testing/mlir-parity/scope.js';
import { pool, runCommand, type Outcome } from '../testing/mlir-parity/spawn-pool.js';
import { fileUnits } from '../testing/mlir-parity/units.js';
import { buildOptCommand } from './opt-main.js';
import { createPassRegistry } from './opt-passes.js';

type Verdict = 'identical' | 'differing' | 'crash' | 'hang' | 'rejected' | 'reference-hang';

interface Tally {
  units: number;
  outOfScope: number;
  skippedRuns: number;
  runs: number;
  rejected: number;
  counted: number;
  identical: number;
  differing: number;
  pending: number;
  /** Counted runs with -verify-diagnostics (both tools print nothing: the diagnostics are compared), and of them identical. */
  diagnostics: number;
  diagnosticsIdentical: number;
  crash: number;
  hang: number;
}

/**
 * The tile-opt command users run (package.json's bin: the bundle that `npm run build` makes),
 * executed directly so that its shebang gives V8 tile-opt's flags; exits when it is not built.
 */
function tileOptBin(): string {
  const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'bundle', 'tile-opt.js');
  if (!existsSync(bin)) {
    console.error(`mlir-parity: ${bin} not found; run 'npm run build' first`);
    process.exit(1);
  }
  return bin;
}

const emptyTally = (): Tally => ({
  units: 0,
  outOfScope: 0,
  skippedRuns: 0,
  runs: 0,
  rejected: 0,
  counted: 0,
  identical: 0,
  differing: 0,
  pending: 0,
  diagnostics: 0,
  diagnosticsIdentical: 0,
  crash: 0,
  hang: 0,
});

function mlirFiles(inputs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) walk(path.join(p, e));
    else if (p.endsWith('.mlir')) out.push(p);
  };
  inputs.forEach(walk);
  return out;
}

const crashed = (o: Outcome) => o.signal !== null || (o.code !== 0 && o.code !== 1) || /\n\s+at .+:\d+:\d+\)?\n/.test(o.stderr);

function verdict(reference: Outcome, ours: Outcome): Verdict {
  if (reference.timedOut) return 'reference-hang';
  if (reference.code !== 0) return 'rejected';
  if (ours.timedOut) return 'hang';
  if (crashed(ours)) return 'crash';
  return ours.code === 0 && ours.stdout === reference.stdout ? 'identical' : 'differing';
}

async function main(): Promise<void> {
  const cmd = new Command('mlir-parity')
    .argument('<inputs...>', 'folders or .mlir files with RUN lines')
    .option('--mlir-opt <path>', 'the reference mlir-opt', '/usr/lib/llvm-19/bin/mlir-opt')
    .option('--timeout <seconds>', 'time limit per run of each tool', '20')
    .option('-j, --jobs <n>', 'runs at once', String(os.availableParallelism()))
    .option('--out <dir>', 'write each differing run here')
    .option('--filter <regex>', 'only files whose path matches')
    .parse();
  const opts = cmd.opts<{ mlirOpt: string; timeout: string; jobs: string; out?: string; filter?: string }>();
  const tileOpt = tileOptBin();
  const registry = createPassRegistry();
  const options = new Set(
    buildOptCommand()
      .options.flatMap((o) => [o.long, o.short])
      .filter((f): f is string => Boolean(f))
      .map((f) => f.replace(/^--?/, '')),
  );
  const isPass = (n: string) => Boolean(registry.pass(n) || registry.pipeline(n));
  const files = mlirFiles(cmd.args).filter((f) => !opts.filter || new RegExp(opts.filter).test(f));
  const timeoutMs = Number(opts.timeout) * 1000;
  const common = commonFolder(files);
  const work = mkdtempSync(path.join(os.tmpdir(), 'mlir-parity-'));
  if (opts.out) mkdirSync(opts.out, { recursive: true });
  const skipped = new Map<string, number>();
  const rows: [string, Tally][] = [];
  try {
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const tally = emptyTally();
      const runLines = dedupe(mlirOptRunLines(source).map((r) => r.args));
      const runnable = runLines.filter((args) => {
        const missing = unknownNames(args, isPass, options);
        for (const m of missing) skipped.set(m, (skipped.get(m) ?? 0) + 1);
        return missing.length === 0;
      });
      const units = fileUnits(source);
      tally.units = units.length;
      tally.skippedRuns = units.length * (runLines.length - runnable.length);
      const jobs: { unit: number; run: number; file: string; args: string[] }[] = [];
      units.forEach((u, k) => {
        if (outOfScopeDialect(u.text)) {
          tally.outOfScope++;
          return;
        }
        const unitFile = path.join(work, `${rows.length}-${k}.mlir`);
        writeFileSync(unitFile, u.text);
        runnable.forEach((args, r) => jobs.push({ unit: k, run: r, file: unitFile, args: args.map((a) => a.replaceAll('%s', unitFile)) }));
      });
      const verdicts = await pool(jobs, Number(opts.jobs), async (job) => {
        const reference = await runCommand([opts.mlirOpt, ...job.args], timeoutMs);
        if (reference.code !== 0) return verdict(reference, reference);
        const ours = await runCommand([tileOpt, ...job.args], timeoutMs);
        const v = verdict(reference, ours);
        if (opts.out && v !== 'identical') {
          const name = path
            .relative(common, file)
            .replace(/\.mlir$/, '')
            .replaceAll(path.sep, '__');
          const base = path.join(opts.out, `${name}.${units[job.unit]!.line}.${job.run}`);
          writeFileSync(`${base}.mlir`, `// args: ${job.args.join(' ')}\n` + units[job.unit]!.text);
          writeFileSync(`${base}.expected`, reference.stdout);
          writeFileSync(`${base}.actual`, ours.stdout);
          writeFileSync(`${base}.stderr`, `${v}\n${ours.stderr}`);
        }
        return v;
      });
      verdicts.forEach((v, i) => {
        tally.runs++;
        if (v === 'rejected' || v === 'reference-hang') return void tally.rejected++;
        tally.counted++;
        const checksDiagnostics = jobs[i]!.args.some((a) => /^--?verify-diagnostics$/.test(a));
        if (checksDiagnostics) tally.diagnostics++;
        if (v === 'identical') {
          tally.identical++;
          if (checksDiagnostics) tally.diagnosticsIdentical++;
        } else {
          tally[v === 'differing' ? 'differing' : v]++;
          if (usesPendingOps(units[jobs[i]!.unit]!.text)) tally.pending++;
        }
      });
      rows.push([path.relative(process.cwd(), file), tally]);
      process.stderr.write('.');
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  process.stderr.write('\n');
  console.log(report(rows, skipped, opts.mlirOpt));
}

/** The folder all `files` are under. */
function commonFolder(files: readonly string[]): string {
  let dir = path.dirname(path.resolve(files[0] ?? '.'));
  while (!files.every((f) => path.resolve(f).startsWith(dir + path.sep)) && dir !== path.dirname(dir)) dir = path.dirname(dir);
  return dir;
}

function dedupe(runs: readonly (readonly string[])[]): string[][] {
  const seen = new Set<string>();
  return runs.filter((r) => !seen.has(JSON.stringify(r)) && Boolean(seen.add(JSON.stringify(r)))).map((r) => [...r]);
}

const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

function report(rows: readonly [string, Tally][], skipped: ReadonlyMap<string, number>, mlirOpt: string): string {
  const total = emptyTally();
  for (const [, t] of rows) for (const k of Object.keys(total) as (keyof Tally)[]) total[k] += t[k];
  const head = ['file', 'units', 'out of scope', 'runs skipped', 'runs', 'rejected by mlir-opt', 'counted', 'identical', 'differing', 'of which point-2 ops', 'crash', 'hang', 'identical %'];
  const line = (name: string, t: Tally) =>
    [name, t.units, t.outOfScope, t.skippedRuns, t.runs, t.rejected, t.counted, t.identical, t.differing, t.pending, t.crash, t.hang, pct(t.identical, t.counted)].map(String);
  const body = [...rows.map(([f, t]) => line(f, t)), line('**total**', total)];
  const out = [`| ${head.join(' | ')} |`, `| ${head.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`, ...body.map((r) => `| ${r.join(' | ')} |`)];
  const without = total.counted - total.pending;
  out.push('', `reference: ${mlirOpt}`);
  out.push(`identical: ${total.identical} of ${total.counted} counted runs (${pct(total.identical, total.counted)}); crashes: ${total.crash}; hangs: ${total.hang}`);
  out.push(`leaving out the ${total.pending} differing runs whose units use ops tile-opt lacks (mlir-parity/scope.ts): ${total.identical} of ${without} (${pct(total.identical, without)})`);
  const outputs = total.counted - total.diagnostics;
  out.push(
    `of which -verify-diagnostics runs (diagnostics compared): ${total.diagnosticsIdentical} of ${total.diagnostics} (${pct(total.diagnosticsIdentical, total.diagnostics)}); the other runs (output compared): ${total.identical - total.diagnosticsIdentical} of ${outputs} (${pct(total.identical - total.diagnosticsIdentical, outputs)})`,
  );
  if (skipped.size)
    out.push(
      `RUN lines skipped, by what tile-opt lacks (files): ${[...skipped]
        .sort((a, b) => b[1] - a[1])
        .map(([n, c]) => `${n} (${c})`)
        .join(', ')}`,
    );
  return out.join('\n');
}

await main();
