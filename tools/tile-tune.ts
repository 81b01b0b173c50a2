#!/usr/bin/env node
import { tuneMain } from './tune/tune-main.js';

process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

// Ctrl-C: stop after the configuration in flight; what was measured is already in the cache.
const abort = new AbortController();
process.once('SIGINT', () => abort.abort());

try {
  process.exitCode = await tuneMain(process.argv.slice(2), undefined, abort.signal);
} catch (e) {
  // A bug in tile-tune, not in the input: one line; the stack only when asked for.
  process.stderr.write(`tile-tune: internal error: ${(e as Error).message}\n`);
  if (process.env.TILE_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
  process.exitCode = 1;
}
