/**
 * tile-tune's results as tile-opt reads them (`tile-opt --use-tuned`): the fastest configuration
 * tile-tune measured for a program and a named pipeline, from the cache tile-tune writes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CacheEntry, CacheKey } from './cache.js';
import { sortResults } from './report.js';

export interface TunedChoice {
  /** The exact -p text of the fastest configuration. */
  readonly pipeline: string;
  readonly ms: number;
  /** What it was measured for: device, entry, argument shapes. */
  readonly key: CacheKey;
}

/** `@name` of a pipeline text `@name{options}`, or undefined when it names no pipeline. */
export function pipelineNameOf(text: string): string | undefined {
  return /^@[A-Za-z0-9_.-]+/.exec(text.trim())?.[0];
}

/**
 * The fastest configuration of the most recently written complete search in `dir` for the
 * program whose text has sha256 `program` and the pipeline `name` (`@tile-wgsl`): the
 * finalists' times where tile-tune timed them again, else the search's. Undefined when there is
 * none (or no cache folder).
 */
export function findTuned(dir: string, program: string, name: string): TunedChoice | undefined {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /^tune-[0-9a-f]+\.json$/.test(f));
  } catch {
    return undefined;
  }
  let found: { choice: TunedChoice; written: number } | undefined;
  for (const f of files) {
    const file = path.join(dir, f);
    let entry: CacheEntry;
    try {
      entry = JSON.parse(readFileSync(file, 'utf8')) as CacheEntry;
    } catch {
      continue;
    }
    if (entry?.version !== 1 || !entry.complete || entry.key?.program !== program || pipelineNameOf(entry.key.pipeline) !== name) continue;
    const fastest = sortResults(entry.playoff?.results ?? entry.results)[0];
    if (fastest?.outcome.status !== 'ok') continue;
    const written = statSync(file).mtimeMs;
    if (!found || written > found.written) found = { choice: { pipeline: fastest.pipeline, ms: fastest.outcome.ms, key: entry.key }, written };
  }
  return found?.choice;
}
