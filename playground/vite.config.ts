/**
 * The playground's build (`npm run build:playground` -> build/playground/, relative paths so that
 * any static host serves it) and dev server (`npm run playground`, with reload). The library is
 * bundled from its TypeScript sources with the browser twins that package.json "browser" names for
 * the published package (X.ts -> X.browser.ts); an import of a Node built-in fails the build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

function browserTwins(): Plugin {
  return {
    name: 'tile-opt-browser-twins',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith('node:') || ['fs', 'path', 'module', 'url', 'os', 'child_process'].includes(source)) {
        this.error(`${importer ? path.relative(root, importer) : '?'} imports '${source}': the playground's code must not use Node built-ins (give the module a .browser.ts twin)`);
      }
      if (!source.startsWith('.') || !importer || importer.includes('node_modules')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const twin = resolved.id.replace(/\.ts$/, '.browser.ts');
      return twin !== resolved.id && existsSync(twin) ? twin : resolved;
    },
  };
}

export default defineConfig({
  root: here,
  base: './',
  plugins: [browserTwins()],
  worker: { format: 'es', plugins: () => [browserTwins()], rolldownOptions: { checks: { pluginTimings: false } } },
  build: {
    outDir: path.join(root, 'build', 'playground'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    sourcemap: false,
    // The build reads the library's ~300 modules through the twin resolver: no timing report for that.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  server: { fs: { allow: [root] } },
});
