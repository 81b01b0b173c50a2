#!/usr/bin/env node
/**
 * The playground's compile time against the CLI's, measured in the same run:
 *
 *   npm run bench:playground-compile -- [--example matmul.mlir] [--pipeline @tile-wgsl] [--reps N]
 *
 * The page (build/playground, served by vite preview, in headless chromium with WebGPU on
 * SwiftShader) is timed from the Compile click to the result shown, in a freshly loaded page and
 * worker each time (the page also keeps the IR after each pass); the CLI is the tile-opt bin as npx
 * runs it, a fresh process each time, `EXAMPLE -p PIPELINE --emit=wgsl`. Runs interleave (page,
 * CLI, page, ...) after one unmeasured run of each; the table gives the best and the median of
 * each and their ratios, page / CLI. Needs `npm run build` and chromium.
 */
import path from 'node:path';
import { benchCommand, parseCommand, positiveInt, runIfMain, valueOption } from './lib/cli.js';
import { ratio } from './lib/gpu.js';
import { median, runOnce, table, tileOptBin } from './lib/measure.js';
import { CHROMIUM, hasChromium, launch, pageCompileMs, removeProfiles, servePlayground, WEBGPU_FLAGS } from './lib/playground-page.js';
import { pipelinesDir } from '../testing/repo-paths.js';

interface Options {
  example: string;
  pipeline: string;
  reps: number;
}

export async function main(argv: string[]): Promise<number> {
  const cmd = benchCommand('playground-compile', "the playground's compile time against the CLI's, in the same run")
    .option('--example <FILE>', 'a file of examples/', 'matmul.mlir')
    .option('--pipeline <P>', 'the pass pipeline', '@tile-wgsl')
    .addOption(valueOption('--reps <N>', 'measured runs of each', positiveInt, 5));
  const o = parseCommand<Options>(cmd, argv);
  if (!hasChromium) {
    console.error(`playground-compile: no chromium at ${CHROMIUM} (apt-get install chromium, or TILE_CHROMIUM=path)`);
    return 1;
  }
  const root = path.dirname(pipelinesDir());
  const cliArgv = [tileOptBin('playground-compile'), path.join(root, 'examples', o.example), '-p', o.pipeline, '--emit=wgsl'];
  const { server, url } = await servePlayground(root);
  const { context, page } = await launch(WEBGPU_FLAGS);
  try {
    const pageMs: number[] = [];
    const cliMs: number[] = [];
    for (let i = 0; i <= o.reps; i++) {
      const p = await pageCompileMs(page, url, o.example, o.pipeline);
      const c = runOnce(cliArgv).wallMs;
      if (i === 0) continue;
      pageMs.push(p);
      cliMs.push(c);
    }
    const ms = (x: number) => x.toFixed(0);
    console.log(`${o.example} through ${o.pipeline}, ${o.reps} runs each (interleaved)\n`);
    console.log(
      table([
        ['', 'best ms', 'median ms'],
        ['page', ms(Math.min(...pageMs)), ms(median(pageMs))],
        ['CLI', ms(Math.min(...cliMs)), ms(median(cliMs))],
        ['page / CLI', ratio(Math.min(...pageMs), Math.min(...cliMs)), ratio(median(pageMs), median(cliMs))],
      ]),
    );
    return 0;
  } finally {
    await context.close();
    await server.close();
    removeProfiles();
  }
}

runIfMain(import.meta.url, 'playground-compile', main);
