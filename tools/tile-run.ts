#!/usr/bin/env node
import { runMain } from './run-main.js';

process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

// (No top-level await: the bundle is a CommonJS file, run with its code cache.)
runMain(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    // A bug in tile-run, not in the input: one line; the stack only when asked for.
    process.stderr.write(`tile-run: internal error: ${(e as Error)?.message ?? String(e)}\n`);
    if (process.env.TILE_DEBUG) process.stderr.write(`${(e as Error)?.stack}\n`);
    process.exitCode = 1;
  },
);
