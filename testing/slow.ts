/**
 * The slow test suites (TILE_SLOW=1, as CI runs them) check many more cases; on a loaded 2-core
 * machine a whole one takes over a minute, past vitest's default limit.
 */
export const SLOW_TIMEOUT_MS = process.env['TILE_SLOW'] ? 600_000 : 60_000;
