// The hand-scheduled examples through the pipelining passes, piped into tile-run and compared
// with the whole-problem matmul (no race reported): a TVM-style schedule written as
// annotations, copies chained with `after`, and register double buffering nested in a K loop.
// RUN: tile-opt %S/../../../examples/matmul-tvm-schedule.mlir -p 'tile-assign-stages,tile-multibuffer,tile-pipeline,canonicalize,cse' -o %t.tvm.mlir
// RUN: tile-run %t.tvm.mlir --entry matmul_f16 --arg A=rand:37x45xf16 --arg B=rand:45x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.tvm.mlir --entry matmul_f16 --arg A=rand:3x16xf16 --arg B=rand:16x5xf16 --arg C=zeros:3x5xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: FileCheck %s --check-prefix=TVM < %t.tvm.mlir
// RUN: tile-opt %S/../../../examples/matmul-dma-chain.mlir -p 'tile-assign-stages{num-stages=2},tile-multibuffer{num-buffers=2},tile-pipeline,canonicalize,cse' -o %t.dma.mlir
// RUN: tile-run %t.dma.mlir --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.dma.mlir --entry matmul_f32 --arg A=rand:2x1xf32 --arg B=rand:1x2xf32 --arg C=zeros:2x2xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: FileCheck %s --check-prefix=DMA < %t.dma.mlir
// RUN: tile-opt %S/../../../examples/matmul-register-pipeline.mlir -p 'tile-assign-stages{num-stages=3 register-stages=2},tile-multibuffer,tile-pipeline,canonicalize,cse' -o %t.reg.mlir
// RUN: tile-run %t.reg.mlir --entry matmul_f32 --arg A=rand:37x100xf32 --arg B=rand:100x29xf32 --arg C=zeros:37x29xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.reg.mlir --entry matmul_f32 --arg A=rand:5x7xf32 --arg B=rand:7x3xf32 --arg C=zeros:5x3xf32 --compare %S/../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: FileCheck %s --check-prefix=REG < %t.reg.mlir
// SAME: compare %C: max_abs={{[0-9.e-]+}} max_rel={{[0-9.e-]+}}{{$}}

// The TVM-style schedule: B (stage 1) and A (stage 0) in separate groups, both awaited in stage 2.
// TVM: scf.for {{.*}} -> (!async.group, !async.group, !async.group, tensor<32x32xf32>) {
// TVM-NEXT: async.wait 1 for

// The chained copies: the A copy of step k+1 waits for the B copy of step k (carried), B for A.
// DMA: scf.for {{.*}} iter_args(%{{.*}}, %{{.*}}, %[[PREV:.*]] = %{{.*}}) -> (!async.group, tensor<32x32xf32>, !async.token) {
// DMA: %[[TA:.*]] = async.copy {{.*}} masked after %[[PREV]] :
// DMA-NEXT: %[[TB:.*]] = async.copy {{.*}} masked after %[[TA]] :
// DMA: scf.yield %{{.*}}, %{{.*}}, %[[TB]]

// Register double buffering: the slice loop, pipelined inside the kernel loop, carries the next slices' tiles.
// REG: scf.for {{.*}} -> (!async.group, !async.group, tensor<32x32xf32>) {
// REG-NEXT: async.wait 1 for
// REG: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<32x8xf32>, tensor<8x32xf32>, tensor<32x32xf32>) {
