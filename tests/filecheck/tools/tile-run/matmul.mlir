// RUN: node %S/../../../../build/tools/tile-run.js %S/../../../../examples/matmul-gpu.mlir --entry main --arg a=ones:64x64xf32 --arg b=ones:64x64xf32 --arg c=zeros:64x64xf32 | FileCheck %s
// RUN: not node %S/../../../../build/tools/tile-run.js %S/../../../../examples/matmul-gpu.mlir --entry main --arg a=ones:64x64xf32 --arg b=ones:64x64xf16 --arg c=zeros:64x64xf32 2>&1 | FileCheck %s --check-prefix=BAD

// The example kernel on all-ones inputs: every element of C is 64; A and B are unchanged, not outputs.
// CHECK: %c: memref<64x64xf32> shape=64x64 dtype=f32 min=64 max=64 mean=64 checksum={{[0-9a-f]+}}
// CHECK-NOT: %a
// BAD: tile-run: error: --arg b: element type f16 does not match memref<64x64xf32>
