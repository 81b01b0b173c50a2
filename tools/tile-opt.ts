#!/usr/bin/env node
// First: V8's settings must be in place before the compiler's modules load.
import './v8-tuning.js';
import { optMainAsync } from './opt-main.js';

// A reader that stops early (`tile-opt f.mlir | head`) is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

const internalError = (e: unknown): void => {
  // A bug in tile-opt, not in the input: say so in one line; the stack only when asked for.
  process.stderr.write(`tile-opt: internal error: ${(e as Error)?.message ?? String(e)}\n`);
  if (process.env.TILE_DEBUG) process.stderr.write(`${(e as Error)?.stack}\n`);
  process.exitCode = 1;
};

try {
  optMainAsync(process.argv.slice(2)).then((code) => (process.exitCode = code), internalError);
} catch (e) {
  internalError(e);
}
