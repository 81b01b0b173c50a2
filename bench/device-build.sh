#!/bin/bash
# Makes .build-device/: what bench/seed-tables.js needs of build/ on the GPU machine, small enough
# to travel with .gpu/ (node, dawn.node and deno, ~57 MiB) within the 64 MiB a device run carries:
# build/'s .js files without the tests, the tile-opt bundle and source maps (~3.6 MB), the peer
# bundles (build/peers, TF.js, jax-js and ONNX Runtime Web's JavaScript inside, ~2.7 MB),
# ../shared/gpu/baseline.mjs, and onnxruntime-web's WebGPU EP .wasm xz-compressed into peers/ort/
# (27 MB -> 3.7 MB; ortweb-peer.js unpacks it with xz; ORT_BUILDS="asyncify jsep" adds the JSEP
# build's, 3.6 MB more).
# Usage (from the project root, after `npm run build`): bash bench/device-build.sh
# docs/seed-tables.md has the carry list and the command.
set -eu
root=$(git rev-parse --show-toplevel); cd "$root"
[[ -f build/bench/seed-tables.js && -f build/peers/tfjs-peer.js ]] || { echo "run 'npm run build' first"; exit 1; }
rm -rf .build-device && mkdir .build-device
(cd build && find . -name '*.js' -not -path './tests/*' -not -path './bundle/*' -exec cp --parents {} ../.build-device/ \;)
baseline=${BASELINE:-../shared/gpu/baseline.mjs}
if [[ -f $baseline ]]; then cp "$baseline" .build-device/baseline.mjs; else echo "note: $baseline not found; the hand-written peer will be missing"; fi
# ONNX Runtime Web's .wasm for bench/fused-kernels.ts's ortweb peer (not bundled: 27-28 MB each).
ort=node_modules/onnxruntime-web/dist
if [[ -d $ort ]]; then
  mkdir -p .build-device/peers/ort
  for b in ${ORT_BUILDS:-asyncify}; do xz -T2 -6 -c "$ort/ort-wasm-simd-threaded.$b.wasm" > ".build-device/peers/ort/ort-wasm-simd-threaded.$b.wasm.xz"; done
else
  echo "note: $ort not found (npm install); the ONNX Runtime Web peer will be missing"
fi
du -sh .build-device
