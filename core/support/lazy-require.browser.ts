/**
 * lazy-require.ts in a browser bundle (package.json "browser"; the playground's Vite build): there
 * is no `require`, so the CommonJS dependencies that the library loads on first use are imported
 * up front (a bundle pays no per-module start-up cost for them).
 */
import * as graphlib from '@dagrejs/graphlib';
import * as yaml from 'yaml';

const bundled: Readonly<Record<string, unknown>> = { yaml, '@dagrejs/graphlib': graphlib };

export function lazyRequire<T>(specifier: string): () => T {
  const loaded = bundled[specifier];
  if (loaded === undefined) throw new Error(`lazyRequire('${specifier}'): not bundled for the browser (add it to core/support/lazy-require.browser.ts)`);
  return () => loaded as T;
}
