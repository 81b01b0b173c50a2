// @tile-pipelined on the whole-problem matmul (examples/matmul.mlir), f32 and f16 inputs, 1 to
// 5 stages, peeled and predicated: the pipeline's output piped into tile-run equals the
// whole-problem program (f32 accumulation, tolerance 1e-4) with K of 1, below one step, below
// stages x steps and above (more stages and types in tile-pipelined-matmul-stages.mlir, slow suite);
// the interpreter reports any race. Then the shape of the 3-stage
// kernel: two commit groups before the loop, `async.wait 1` in it, and a peeled epilogue.
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{tile-sizes=32,32,16 num-stages=1}' | tile-run - --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{tile-sizes=32,32,16 num-stages=2}' | tile-run - --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{tile-sizes=32,32,16 num-stages=3}' | tile-run - --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{tile-sizes=32,32,16 num-stages=2}' | tile-run - --entry matmul_f16 --arg A=rand:33x70xf16 --arg B=rand:70x40xf16 --arg C=zeros:33x40xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{tile-sizes=32,32,16 num-stages=4 peel-epilogue=false}' | tile-run - --entry matmul_f16 --arg A=rand:33x70xf16 --arg B=rand:70x40xf16 --arg C=zeros:33x40xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{tile-sizes=32,32,16 num-stages=5}' | tile-run - --entry matmul_f16 --arg A=rand:5x7xf16 --arg B=rand:7x3xf16 --arg C=zeros:5x3xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{tile-sizes=32,32,16 num-stages=3 peel-epilogue=false}' | tile-run - --entry matmul_f32 --arg A=rand:1x1xf32 --arg B=rand:1x1xf32 --arg C=zeros:1x1xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tile-opt %S/../../../examples/matmul.mlir -p '@tile-pipelined{tile-sizes=32,32,16 num-stages=3}' | FileCheck %s
// SAME: compare %C: max_abs={{[0-9.e-]+}} max_rel={{[0-9.e-]+}}{{$}}

// CHECK-LABEL: gpu.func @matmul_f16(
// CHECK-DAG: %[[A:.*]] = tile.alloc : memref<2x32x16xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[B:.*]] = tile.alloc : memref<2x16x32xf16, #gpu.address_space<workgroup>>
// CHECK: async.copy {{.*}}, %[[A]][%c0, %c0, %c0] shape [32, 16] masked if
// CHECK: async.copy {{.*}}, %[[B]][%c0, %c0, %c0] shape [16, 32] masked if
// CHECK: %[[G0:.*]] = async.commit
// CHECK: async.copy {{.*}}, %[[A]][%c1, %c0, %c0] shape [32, 16] masked if
// CHECK: async.copy {{.*}}, %[[B]][%c1, %c0, %c0] shape [16, 32] masked if
// CHECK: %[[G1:.*]] = async.commit
// CHECK: scf.for {{.*}} iter_args(%[[NEXT:.*]] = %[[G1]], %[[NOW:.*]] = %[[G0]], %{{.*}} = %{{.*}}) -> (!async.group, !async.group, tensor<32x32xf32, #tile.blocked<{{.*}}>>) {
// CHECK-NEXT: async.wait 1 for %[[NOW]]
// CHECK-NOT: async.wait
// CHECK: async.commit
// CHECK: tile.dot
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK: async.wait 1 for
// CHECK: tile.dot
// CHECK: async.wait 0 for
// CHECK: tile.dot
// CHECK: tile.store
// CHECK: gpu.return
