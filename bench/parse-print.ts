#!/usr/bin/env node
/**
 * Parse + verify + print benchmark: tile-opt against mlir-opt, measured in the same run on the
 * same generated file.
 *
 *   npm run bench:parse-print -- [--ops N] [--reps N] [--seed N] [--keep] [--mlir-opt PATH]
 *
 * A deterministic (seeded) program of about N ops is generated: several `func.func`s whose
 * bodies are `scf.for` loops (some nested, some carrying `iter_args`) of `arith` ops over
 * `memref.load`/`memref.store`, with constants. Both tools parse, verify and print it as
 * subprocesses (`TOOL FILE -o OUT`), runs interleaved; the table gives the median wall time of
 * `--reps` runs, the ratio tile-opt/mlir-opt, the median CPU time (user + system) and its ratio,
 * and the peak RSS (all from `/usr/bin/time -f '%M %U %S'`). The two outputs are compared byte
 * for byte.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateProgram } from './lib/program.js';
import { GNU_TIME, hasGnuTime, measureAll, table, tileOptBin } from './lib/measure.js';

const DEFAULT_MLIR_OPT = '/usr/lib/llvm-19/bin/mlir-opt';

// ------------------------------------------------------------------------------------ options
interface Options {
  ops: number;
  reps: number;
  seed: number;
  keep: boolean;
  mlirOpt: string;
}

function parseArgs(argv: readonly string[]): Options {
  const opts: Options = { ops: 100_000, reps: 5, seed: 1, keep: false, mlirOpt: process.env.MLIR_OPT ?? DEFAULT_MLIR_OPT };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) usage(`missing value for ${flag}`);
      return v;
    };
    const int = (min: number): number => {
      const v = Number(value());
      if (!Number.isInteger(v) || v < min) usage(`${flag} expects an integer >= ${min}`);
      return v;
    };
    switch (flag) {
      case '--ops':
        opts.ops = int(10);
        break;
      case '--reps':
        opts.reps = int(1);
        break;
      case '--seed':
        opts.seed = int(0);
        break;
      case '--keep':
        opts.keep = true;
        break;
      case '--mlir-opt':
        opts.mlirOpt = value();
        break;
      case '-h':
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: process.exit does not return.
      case '--help':
        console.log('usage: parse-print [--ops N (100000)] [--reps N (5)] [--seed N (1)] [--keep] [--mlir-opt PATH]');
        process.exit(0);
      default:
        usage(`unknown option '${a}'`);
    }
  }
  return opts;
}

function usage(message: string): never {
  console.error(`parse-print: ${message}\nusage: parse-print [--ops N] [--reps N] [--seed N] [--keep] [--mlir-opt PATH]`);
  process.exit(2);
}

/** First differing line of two texts, for the report. */
function firstDifference(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return `line ${i + 1}:\n  tile-opt: ${JSON.stringify(la[i] ?? '<EOF>')}\n  mlir-opt: ${JSON.stringify(lb[i] ?? '<EOF>')}`;
  }
  return 'identical';
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  const tileOpt = tileOptBin('parse-print');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tile-bench-'));
  try {
    const { text, ops } = generateProgram(opts.ops, opts.seed);
    const input = path.join(dir, 'input.mlir');
    writeFileSync(input, text);
    const lines = text.split('\n').length - 1;
    console.log(`input: ${input} (${ops} ops, ${lines} lines, ${(text.length / 1024 / 1024).toFixed(2)} MiB, seed ${opts.seed})`);
    console.log(`reps: ${opts.reps} per tool, interleaved (medians reported; one unmeasured warm-up run each)`);
    if (!hasGnuTime) console.log(`note: ${GNU_TIME} not found (apt-get install -y time); peak RSS is not measured`);

    const outTile = path.join(dir, 'out-tile.mlir');
    const outMlir = path.join(dir, 'out-mlir.mlir');
    const tools = [{ name: 'tile-opt', argv: [tileOpt, input, '-o', outTile] }];
    const haveMlir = existsSync(opts.mlirOpt);
    if (haveMlir) tools.push({ name: 'mlir-opt', argv: [opts.mlirOpt, input, '-o', outMlir] });
    else console.log(`\nNOTICE: mlir-opt not found at ${opts.mlirOpt} (set --mlir-opt PATH or MLIR_OPT); timing tile-opt only.`);
    const results = measureAll(tools, opts.reps);

    const base = results.find((r) => r.name === 'mlir-opt');
    const fmtMs = (ms: number) => ms.toFixed(0);
    const rows = [['tool', 'median wall (ms)', 'min (ms)', 'max (ms)', 'ratio vs mlir-opt', 'median CPU (ms)', 'CPU ratio', 'peak RSS (MiB)']];
    for (const r of results) {
      const walls = r.runs.map((x) => x.wallMs);
      rows.push([
        r.name,
        fmtMs(r.wallMs),
        fmtMs(Math.min(...walls)),
        fmtMs(Math.max(...walls)),
        base ? (r.wallMs / base.wallMs).toFixed(2) + 'x' : 'n/a',
        r.cpuMs !== undefined ? fmtMs(r.cpuMs) : 'n/a',
        base?.cpuMs && r.cpuMs !== undefined ? (r.cpuMs / base.cpuMs).toFixed(2) + 'x' : 'n/a',
        r.rssKiB !== undefined ? (r.rssKiB / 1024).toFixed(1) : 'n/a',
      ]);
    }
    console.log('\n' + table(rows) + '\n');
    if (haveMlir) {
      const a = readFileSync(outTile, 'utf8');
      const b = readFileSync(outMlir, 'utf8');
      if (a === b) console.log(`outputs identical: yes (${a.length} bytes)`);
      else console.log(`outputs identical: NO (tile-opt ${a.length} bytes, mlir-opt ${b.length} bytes); first difference at ${firstDifference(a, b)}`);
    }
    if (opts.keep) console.log(`kept: ${dir}`);
  } finally {
    if (!opts.keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
