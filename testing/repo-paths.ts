/** Where the repository's own files are, for the test tooling (from source under vitest, or from build/). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the shipped YAML pipelines: the first pass-pipelines/ above this module. */
export function pipelinesDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'pass-pipelines');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error('pass-pipelines/ not found above testing/');
  }
}
