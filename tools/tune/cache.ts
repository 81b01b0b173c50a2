/**
 * tile-tune's results cache: one JSON file per key (device, program, entry, argument shapes,
 * pipeline and space) under `$XDG_CACHE_HOME/tile-opt` (else ~/.cache/tile-opt). Written after
 * every configuration, atomically (a temporary file renamed over the old one), so an interrupted
 * run keeps what it measured and a reader never sees half a file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** What a result depends on. */
export interface CacheKey {
  /** The adapter: vendor, architecture, device, driver description, provider. */
  readonly device: string;
  /** sha256 of the program's text. */
  readonly program: string;
  readonly entry: string;
  /** `NAME=SHAPE` per argument, e.g. `A=64x64xf32`. */
  readonly args: readonly string[];
  readonly pipeline: string;
  /** The space, normalized (`name=v1|v2 ...`), and the search (`exhaustive` or `local:N:SEED`). */
  readonly space: string;
  readonly search: string;
  /** How each kernel is timed (`warm=500ms repeat=10 rounds=5 warmup=1 runner=fresh queue=full`): figures timed otherwise are not reused. */
  readonly timing: string;
}

export type Outcome =
  | {
      readonly status: 'ok';
      readonly ms: number;
      readonly method: string;
      readonly maxError: number;
      /** Wall clock per run (absent in older cache files). */
      readonly wallMs?: number;
      /** Each launch's share of `ms` and `wallMs`, in launch order (absent in older cache files). */
      readonly launches?: readonly LaunchTiming[];
    }
  | { readonly status: 'failed'; readonly failure: FailureKind; readonly reason: string };

/** One gpu.launch_func of a measured run: its kernel's symbol, grid, per-dispatch times and what the kernel costs to start. */
export interface LaunchTiming {
  readonly kernel: string;
  readonly grid: readonly [number, number, number];
  readonly ms: number;
  readonly wallMs: number;
  /** Dispatches per timed submit. */
  readonly repeat: number;
  /** The kernel's WGSL, in UTF-8 bytes (absent in older cache files). */
  readonly wgslBytes?: number;
  /**
   * Milliseconds from the kernel's shader module creation to its pipeline being ready
   * (createComputePipelineAsync), cold: the first creation in the configuration's own runner
   * process (absent in older cache files).
   */
  readonly pipelineMs?: number;
}

/** Why a configuration was rejected. */
export type FailureKind = 'compile' | 'shader' | 'limits' | 'wrong' | 'timeout' | 'device';

export interface Measured {
  /** The configuration's options (`tile-sizes=16,16,8 num-warps=1`) and its exact -p text. */
  readonly options: string;
  readonly pipeline: string;
  readonly outcome: Outcome;
}

export interface CacheEntry {
  readonly version: 1;
  readonly key: CacheKey;
  /** Every configuration of the search was measured (a second run returns at once). */
  complete: boolean;
  results: Measured[];
  /** The `n` fastest results timed again (tile-tune --finalists), once the search is complete. */
  playoff?: { n: number; results: Measured[] };
}

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env['XDG_CACHE_HOME'] && path.isAbsolute(env['XDG_CACHE_HOME']) ? env['XDG_CACHE_HOME'] : path.join(homedir(), '.cache');
  return path.join(base, 'tile-opt');
}

export const sha256 = (text: string | Uint8Array): string => createHash('sha256').update(text).digest('hex');

/** The file of a key: `tune-<sha256 of the key's JSON, 24 hex digits>.json`. */
export function cacheFile(dir: string, key: CacheKey): string {
  const canonical = JSON.stringify([key.device, key.program, key.entry, key.args, key.pipeline, key.space, key.search, key.timing]);
  return path.join(dir, `tune-${sha256(canonical).slice(0, 24)}.json`);
}

/** The entry of a key, or undefined when there is none (or it is unreadable or of another key). */
export function readCache(file: string, key: CacheKey): CacheEntry | undefined {
  let entry: CacheEntry;
  try {
    entry = JSON.parse(readFileSync(file, 'utf8')) as CacheEntry;
  } catch {
    return undefined;
  }
  if (entry?.version !== 1 || JSON.stringify(entry.key) !== JSON.stringify(key) || !Array.isArray(entry.results)) return undefined;
  return entry;
}

export function writeCache(file: string, entry: CacheEntry): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(entry, null, 1) + '\n');
  renameSync(tmp, file);
}
