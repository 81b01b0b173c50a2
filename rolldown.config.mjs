// The tile-opt command as one ES module (plus the lazily loaded WGSL target as a second chunk),
// built from tsc's output: Node then starts it without resolving and reading ~130 module files.
// `npm run build` makes it; package.json's `tile-opt` bin points at it.
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: { 'tile-opt': 'build/tools/tile-opt.js' },
  platform: 'node',
  output: { dir: 'build/bundle', format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
});
