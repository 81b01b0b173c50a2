// The tile-opt command as one ES module (plus the lazily loaded WGSL target as a second chunk),
// built from tsc's output: Node then starts it without resolving and reading ~130 module files.
// `npm run build` makes it; package.json's `tile-opt` bin points at it.
import { chmodSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'rolldown';

export default defineConfig([
  {
    input: { 'tile-opt': 'build/tools/tile-opt.js' },
    platform: 'node',
    output: { dir: 'build/bundle', format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
    plugins: [
      {
        // The bin must stay executable (npx runs it directly); each build writes a new file.
        name: 'executable-bin',
        writeBundle(options) {
          chmodSync(path.join(options.dir ?? 'build/bundle', 'tile-opt.js'), 0o755);
        },
      },
    ],
  },
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
