#!/usr/bin/env node
import { optMain } from './opt-main.js';

// A reader that stops early (`tile-opt f.mlir | head`) is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

try {
  process.exitCode = optMain(process.argv.slice(2));
} catch (e) {
  // A bug in tile-opt, not in the input: say so in one line; the stack only when asked for.
  process.stderr.write(`tile-opt: internal error: ${(e as Error).message}\n`);
  if (process.env.TILE_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
  process.exitCode = 1;
}
