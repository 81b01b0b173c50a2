// The rest of tile-pipelined-matmul.mlir's interpreter comparisons: f32 at 4 and 5 stages, f16 at
// 1, 3 and 5 stages (each a few seconds of the interpreter on two cores), in the slow suite
// (TILE_SLOW=1, as CI runs it); tile-pipelined-matmul.mlir runs f32 at 1-3 stages, f16 at 2, 4
// (predicated) and 5 (an edge shape), and the golden IR.
// REQUIRES: slow
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{num-stages=4}' | tile-run - --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{num-stages=5}' | tile-run - --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{num-stages=1}' | tile-run - --entry matmul_f16 --arg A=rand:33x70xf16 --arg B=rand:70x40xf16 --arg C=zeros:33x40xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{num-stages=3}' | tile-run - --entry matmul_f16 --arg A=rand:33x70xf16 --arg B=rand:70x40xf16 --arg C=zeros:33x40xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{num-stages=5}' | tile-run - --entry matmul_f16 --arg A=rand:33x70xf16 --arg B=rand:70x40xf16 --arg C=zeros:33x40xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// SAME: compare %C: max_abs={{[0-9.e-]+}} max_rel={{[0-9.e-]+}}{{$}}
