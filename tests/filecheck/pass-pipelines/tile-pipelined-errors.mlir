// Bad options of the tile pipelines: a located error naming the op and the option, exit 1, no
// stack trace, and no output file.
// RUN: not tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{num-stages=3 num-buffers=1}' -o %t.out 2>&1 | FileCheck %s --check-prefix=BUFFERS
// RUN: test ! -e %t.out
// RUN: not tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{num-stages=-1}' -o %t.out 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: test ! -e %t.out
// RUN: not tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{tile-sizes=32,32}' -o %t.out 2>&1 | FileCheck %s --check-prefix=SIZES
// RUN: test ! -e %t.out
// RUN: not tile-opt %S/../../../examples/matmul.mlir -p '@tile-tiled{num-warps=3}' -o %t.out 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: test ! -e %t.out
// RUN: not tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{num-stages=two}' 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not tile-opt %S/../../../examples/attention.mlir -p '@tile-pipelined{tile-sizes=64,64,128,48}' -o %t.out 2>&1 | FileCheck %s --check-prefix=CHUNK
// RUN: test ! -e %t.out
// RUN: not tile-opt %S/../../../examples/attention.mlir -p '@tile-pipelined{tile-sizes=64,64,128,32,8}' -o %t.out 2>&1 | FileCheck %s --check-prefix=ATTN-SIZES
// RUN: test ! -e %t.out

// BUFFERS: matmul.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tile-multibuffer' option 'num-buffers' is 1 but the schedule of the loop at {{[0-9]+}}:{{[0-9]+}} needs 2 buffers for this buffer (written in stage 0, read in stage 2)
// BUFFERS-NOT: at {{.*}}.js
// STAGES: error: invalid value '-1' for option 'num-stages': expected a non-negative integer
// STAGES-NOT: at {{.*}}.js
// SIZES: matmul.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tile-tiling' option 'tile-sizes' has 2 entries but 'tile.matmul' needs 3 (BM, BN, BK)
// SIZES-NEXT: tile.matmul
// SIZES-NOT: at {{.*}}.js
// CHUNK: attention.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tile-tiling' option 'tile-sizes' is [64, 64, 128, 48] but BK (48) must divide BD (128)
// CHUNK-NOT: at {{.*}}.js
// ATTN-SIZES: attention.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tile-tiling' option 'tile-sizes' has 5 entries but 'tile.fusion' needs 3 or 4 (BM queries per workgroup, BN keys per step, BD >= the head dimension, and optionally BK
// ATTN-SIZES-NOT: at {{.*}}.js
// WARPS: matmul.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}'num-warps'{{.*}}power of two
// WARPS-NOT: at {{.*}}.js
// PARSE: error: invalid value 'two' for option 'num-stages'
