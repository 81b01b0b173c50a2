/**
 * The slow test suites (TILE_SLOW=1, as CI runs them) check many more cases; on a loaded 2-core
 * machine a whole one takes over a minute, past vitest's default limit.
 */
export const SLOW_TIMEOUT_MS = process.env['TILE_SLOW'] ? 600_000 : 60_000;

/**
 * Whether a slow case runs: under TILE_SLOW (CI) it does; else a notice names it and it is
 * skipped (an end-to-end benchmark run of many seconds, covered in parts by the quick tests).
 */
export function runsSlow(what: string): boolean {
  if (process.env['TILE_SLOW']) return true;
  console.warn(`[slow test skipped] ${what}: runs with TILE_SLOW=1 (as CI does)`);
  return false;
}
