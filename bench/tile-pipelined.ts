#!/usr/bin/env node
/**
 * Speed of the tile transformations: `tile-opt FILE -p @tile-pipelined --mlir-timing` on
 * generated modules of 100 and 1,000 whole-problem kernels (matmuls of every transpose form and
 * 2-D elementwise maps, alternating). Prints the time of the pipeline's passes per kernel at
 * each size and the ratio of the two: ~1 when the passes' time grows linearly with the number
 * of kernels (the peer here is the same pipeline on the smaller module, in the same run).
 *
 *   npm run bench:tile-pipelined -- [--sizes 100,1000] [--reps N] [--stages N]
 */
import { Command } from 'commander';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, passSeconds, runOnce, tileOptBin } from './lib/measure.js';

const PASSES = ['TileFuse', 'TileTiling', 'TileAsyncCopy', 'TileAssignStages', 'TileMultibuffer', 'TilePipeline', 'Canonicalizer', 'CSE', 'SinkSelectsIntoIf'];

/** A module of `n` functions, each one whole-problem op. */
export function kernelModule(n: number): string {
  const forms = ['', ' transpose_a', ' transpose_b', ' accumulate'];
  const fns: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) {
      const form = forms[(i / 2) % forms.length]!;
      fns.push(`func.func @matmul${i}(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C${form} : memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>
  return
}`);
    } else {
      fns.push(`func.func @add${i}(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) {
  tile.map ins(%X, %Y : memref<?x?xf32>, memref<?x?xf32>) outs(%Z : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tile.yield %s : f32
  }
  return
}`);
    }
  }
  return fns.join('\n\n') + '\n';
}

function main(): void {
  const opts = new Command('tile-pipelined')
    .option('--sizes <list>', 'kernel counts', '100,1000')
    .option('--reps <n>', 'measured runs per size', '3')
    .option('--stages <n>', 'num-stages of the pipeline', '3')
    .parse()
    .opts<{ sizes: string; reps: string; stages: string }>();
  const tileOpt = tileOptBin('tile-pipelined');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tile-bench-'));
  try {
    // The fixed defaults (auto-config=false): one kernel per op, so the time per kernel compares
    // with runs from before the automatic configuration (which compiles a matmul's variants).
    const pipeline = `@tile-pipelined{auto-config=false num-stages=${opts.stages}}`;
    console.log(`tile-opt FILE -p '${pipeline}' --mlir-timing; median of ${opts.reps} runs (one warm-up)`);
    const rows: { kernels: number; passMs: number; wallMs: number }[] = [];
    for (const kernels of opts.sizes.split(',').map(Number)) {
      const input = path.join(dir, `kernels-${kernels}.mlir`);
      writeFileSync(input, kernelModule(kernels));
      const argv = [tileOpt, input, '-p', pipeline, '--mlir-timing', '-o', path.join(dir, 'out.mlir')];
      runOnce(argv);
      const runs = Array.from({ length: Number(opts.reps) }, () => runOnce(argv));
      const passMs = median(
        runs.map(
          (r) =>
            (passSeconds(
              r.stderr,
              PASSES.filter((p) => r.stderr.includes(p)),
            ) ?? NaN) * 1000,
        ),
      );
      rows.push({ kernels, passMs, wallMs: median(runs.map((r) => r.wallMs)) });
    }
    console.log('\n| kernels | passes (ms) | per kernel (ms) | whole run (ms) |');
    console.log('| ---: | ---: | ---: | ---: |');
    for (const r of rows) console.log(`| ${r.kernels} | ${r.passMs.toFixed(0)} | ${(r.passMs / r.kernels).toFixed(3)} | ${r.wallMs.toFixed(0)} |`);
    const [small, large] = [rows[0]!, rows[rows.length - 1]!];
    const ratio = large.passMs / large.kernels / (small.passMs / small.kernels);
    console.log(`\nper-kernel time at ${large.kernels} / at ${small.kernels} kernels: ${ratio.toFixed(2)}x (1.00x = linear)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
