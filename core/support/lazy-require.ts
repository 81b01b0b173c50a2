import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS dependency loaded on first use. Loading `yaml` or `@dagrejs/graphlib` costs tens of
 * milliseconds of start-up that most tile-opt runs (no pipeline file, no inlining) never need.
 */
export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
