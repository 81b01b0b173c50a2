/**
 * Starts a bundled bin (build/bundle/NAME.cjs, one CommonJS file) with V8's code cache for it
 * (NAME.code-cache beside it, written by `npm run build`, write-code-cache.ts): Node 20 keeps no
 * code cache for ES modules, and compiling the 1.6 MB bundle and the functions a run calls was
 * about a third of a short tile-opt run (0.30 -> 0.22 s for `--version`, 0.56 -> 0.36 s for the
 * add through @tile-wgsl; the golden tests start tile-opt and tile-run some 700 times). V8 checks
 * that the cache belongs to this source, V8 version and flags; where it does not (another Node),
 * the bundle is compiled as without it.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

/** With this variable set to 1, the bin writes its code cache at exit (what it compiled by then). */
export const WRITE_CODE_CACHE_ENV = 'TILE_WRITE_CODE_CACHE';
/** With this variable set to 1, the bin says on standard error whether V8 took its code cache. */
export const REPORT_CODE_CACHE_ENV = 'TILE_REPORT_CODE_CACHE';

export function codeCacheFile(bundle: string): string {
  return bundle.replace(/\.cjs$/, '.code-cache');
}

export function runBundle(bundleUrl: URL): void {
  const bundle = fileURLToPath(bundleUrl);
  // Plugins are ES modules, imported here for the bundle: core/pass/plugin.ts's IMPORT_MODULE_HOOK
  // (not imported from there, which would load that module's graph before the bundle).
  (globalThis as Record<symbol, unknown>)[Symbol.for('tile-opt.importModule')] = (url: string) => import(url);
  const cacheFile = codeCacheFile(bundle);
  const writing = process.env[WRITE_CODE_CACHE_ENV] === '1';
  let cachedData: Buffer | undefined;
  if (!writing) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // No cache (not built yet, or removed): compile as usual.
    }
  }
  // The entry's shebang, kept by the bundler, becomes a comment (lines stay where they were).
  const source = readFileSync(bundle, 'utf8').replace(/^#!/, '//');
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  if (process.env[REPORT_CODE_CACHE_ENV] === '1') {
    process.stderr.write(`code cache: ${cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted'}\n`);
  }
  if (writing) {
    process.once('exit', () => {
      const temporary = `${cacheFile}.${process.pid}`;
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    });
  }
  const module = { exports: {} };
  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  run(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
}
