import v8 from 'node:v8';

/**
 * V8 settings for tile-opt's runs: short, and cold. Imported first by the command-line entry
 * points, before the compiler's own modules load (the flags apply to code compiled after this).
 *
 * A run is over in a second or two, much of it in code that V8 has only just started to optimize.
 * With V8's defaults Turbofan inlines deeply: on the 100k-op benchmark it spent ~2.7 s of
 * background CPU compiling, longer than the run itself, so with few cores the optimized code came
 * late. Smaller inlining budgets, baseline (Sparkplug) code from the first call and a slightly
 * later tier-up make it arrive sooner (compile work ~1.2 s; bench/RESULTS.md, stop 10: an
 * interleaved A/B gave canonicalize+cse -16%, printing -30%, parsing -12%). Only compiler flags
 * belong here: heap and GC flags cannot change once V8 runs (some abort it).
 * `TILE_V8_DEFAULTS=1` leaves V8's defaults alone.
 */
export const TILE_OPT_V8_FLAGS = [
  '--max-inlined-bytecode-size=60',
  '--max-inlined-bytecode-size-cumulative=150',
  '--always-sparkplug',
  '--interrupt-budget=132000',
];

if (!process.env.TILE_V8_DEFAULTS) v8.setFlagsFromString(TILE_OPT_V8_FLAGS.join(' '));
