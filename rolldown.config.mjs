// The tile-opt and tile-run commands, each one ES module (plus lazily loaded chunks such as the WGSL
// target), built from tsc's output: Node then starts them without resolving and reading hundreds of
// module files (tile-run: 0.47 -> 0.30 s; the golden tests start these two some 600 times). Bundled
// apart: shared chunks made tile-opt's start 25% slower. `npm run build` makes them; package.json's
// bins point at them.
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'rolldown';

/** One bin, its chunks named after it. */
const bin = (name) => ({
  input: { [name]: `build/tools/${name}.js` },
  platform: 'node',
  output: { dir: 'build/bundle', format: 'esm', entryFileNames: '[name].js', chunkFileNames: `${name}-[name].js` },
  plugins: [
    {
      // The bin must stay executable (npx runs it directly); each build writes a new file.
      name: `executable-${name}`,
      writeBundle(options) {
        chmodSync(path.join(options.dir ?? 'build/bundle', `${name}.js`), 0o755);
      },
    },
  ],
});

export default defineConfig([
  bin('tile-opt'),
  bin('tile-run'),
  // The WebGPU library peers of bench/seed-tables.ts and bench/fused-kernels.ts, each one file with
  // TensorFlow.js, jax-js or ONNX Runtime Web's JavaScript inside (node_modules of those is ~70 MB,
  // too much to send to the GPU machine; these are ~2 MB; ORT's .wasm is not bundled:
  // bench/device-build.sh carries it xz-compressed). `webgpu` stays external: peer-gpu.ts falls back
  // to TILE_DAWN_NODE where it is not installed.
  {
    input: { 'tfjs-peer': 'build/bench/peers/tfjs-peer.js', 'jaxjs-peer': 'build/bench/peers/jaxjs-peer.js', 'ortweb-peer': 'build/bench/peers/ortweb-peer.js' },
    platform: 'node',
    external: ['webgpu'],
    output: { dir: 'build/peers', format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name].js', minify: true },
  },
]);
