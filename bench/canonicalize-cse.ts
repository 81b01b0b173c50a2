#!/usr/bin/env node
/**
 * canonicalize + cse benchmark: `tile-opt FILE --canonicalize --cse` against
 * `mlir-opt FILE --canonicalize --cse` on the same generated ~100k-op program, in the same run.
 *
 *   npm run bench:canonicalize-cse -- [--ops N] [--reps N] [--seed N] [--mlir-opt PATH] [--keep]
 *
 * Both tools run with --mlir-timing; the table gives the median whole-process wall time and the
 * median time of the two passes alone (Canonicalizer + CSE rows of each tool's timing report),
 * each with its ratio to mlir-opt. The two outputs are compared after renaming SSA values.
 */
import { Command } from 'commander';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, measureAll, passSeconds, table, tileOptBin, type Measured } from './lib/measure.js';
import { generateProgram } from './lib/program.js';

const PASSES = ['Canonicalizer', 'CSE'];

/** The IR with SSA value and block names replaced by their order of appearance. */
function canonicalNames(text: string): string {
  const names = new Map<string, string>();
  return text.replace(/[%^][-A-Za-z0-9_$.]+/g, (n) => {
    let r = names.get(n);
    if (!r) names.set(n, (r = `${n[0]}${names.size}`));
    return r;
  });
}

function opHistogram(text: string): Map<string, number> {
  const h = new Map<string, number>();
  for (const m of text.matchAll(/\b(arith|scf|memref|func)\.[a-z_]+/g)) h.set(m[0], (h.get(m[0]) ?? 0) + 1);
  return h;
}

function main(): void {
  const opts = new Command('canonicalize-cse')
    .option('--ops <n>', 'ops in the generated program', '100000')
    .option('--reps <n>', 'measured runs per tool', '5')
    .option('--seed <n>', 'generator seed', '1')
    .option('--mlir-opt <path>', 'mlir-opt to compare with', process.env.MLIR_OPT ?? '/usr/lib/llvm-19/bin/mlir-opt')
    .option('--keep', 'keep the temporary files')
    .parse()
    .opts<{ ops: string; reps: string; seed: string; mlirOpt: string; keep?: boolean }>();
  const tileOpt = tileOptBin('canonicalize-cse');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tile-bench-'));
  try {
    const { text, ops } = generateProgram(Number(opts.ops), Number(opts.seed));
    const input = path.join(dir, 'input.mlir');
    writeFileSync(input, text);
    console.log(`input: ${input} (${ops} ops, ${(text.length / 1024 / 1024).toFixed(2)} MiB, seed ${opts.seed})`);
    const outTile = path.join(dir, 'out-tile.mlir');
    const outMlir = path.join(dir, 'out-mlir.mlir');
    const flags = ['--canonicalize', '--cse', '--mlir-timing'];
    const tools = [{ name: 'tile-opt', argv: [tileOpt, input, ...flags, '-o', outTile] }];
    const haveMlir = existsSync(opts.mlirOpt);
    if (haveMlir) tools.push({ name: 'mlir-opt', argv: [opts.mlirOpt, input, ...flags, '-o', outMlir] });
    else console.log(`NOTICE: mlir-opt not found at ${opts.mlirOpt}; timing tile-opt only.`);
    console.log(`reps: ${opts.reps} per tool, interleaved (medians; one unmeasured warm-up run each)`);
    const results = measureAll(tools, Number(opts.reps));

    const passMs = (r: Measured) => {
      const xs = r.runs.map((run) => passSeconds(run.stderr ?? '', PASSES)).filter((x): x is number => x !== undefined);
      return xs.length === r.runs.length ? median(xs) * 1000 : undefined;
    };
    const base = results.find((r) => r.name === 'mlir-opt');
    const basePass = base && passMs(base);
    const rows = [['tool', 'median wall (ms)', 'wall ratio', 'canonicalize+cse (ms)', 'pass ratio', 'peak RSS (MiB)']];
    for (const r of results) {
      const p = passMs(r);
      rows.push([
        r.name,
        r.wallMs.toFixed(0),
        base ? (r.wallMs / base.wallMs).toFixed(2) + 'x' : 'n/a',
        p !== undefined ? p.toFixed(0) : 'n/a',
        p !== undefined && basePass ? (p / basePass).toFixed(2) + 'x' : 'n/a',
        r.rssKiB !== undefined ? (r.rssKiB / 1024).toFixed(1) : 'n/a',
      ]);
    }
    console.log('\n' + table(rows) + '\n');
    if (haveMlir) {
      const a = readFileSync(outTile, 'utf8');
      const b = readFileSync(outMlir, 'utf8');
      const same = canonicalNames(a) === canonicalNames(b);
      console.log(`outputs equal up to SSA names: ${same ? 'yes' : 'NO'}`);
      if (!same) {
        const ha = opHistogram(a);
        const hb = opHistogram(b);
        const names = [...new Set([...ha.keys(), ...hb.keys()])].sort();
        const diff = names.filter((n) => ha.get(n) !== hb.get(n)).map((n) => `${n}: tile-opt ${ha.get(n) ?? 0}, mlir-opt ${hb.get(n) ?? 0}`);
        console.log(diff.length ? `op counts differ:\n  ${diff.join('\n  ')}` : 'op counts per op name: identical (the order of some ops differs)');
      }
    }
    if (opts.keep) console.log(`kept: ${dir}`);
  } finally {
    if (!opts.keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
