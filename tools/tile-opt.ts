#!/usr/bin/env -S node --max-inlined-bytecode-size=60 --always-sparkplug --interrupt-budget=132000
// V8 settings for short, cold runs, given where V8 reads them: at process start (the shebang).
// Setting them at run time (v8.setFlagsFromString) is unsupported and made V8 abort now and then
// (SIGTRAP in JSInliner::ReduceJSCall). Smaller inlining budgets, baseline code from the first
// call and a later tier-up make Turbofan's code arrive sooner in a run of a second or two
// (bench/RESULTS.md: parse+print ~20% less CPU). `node tile-opt.js` runs with V8's defaults.
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
