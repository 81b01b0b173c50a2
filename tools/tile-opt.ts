#!/usr/bin/env node
import { optMain } from './opt-main.js';

// A reader that stops early (`tile-opt f.mlir | head`) is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = optMain(process.argv.slice(2));
