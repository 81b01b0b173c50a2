// A 3-stage asynchronous-copy schedule (TVM-style annotations, written by hand) on a matmul
// K loop with double-buffered workgroup tiles: stage 0 copies step k+2 and commits its group
// after step k's buffers were read; stage 2 waits, loads and computes. Two groups are committed
// before the kernel loop, which waits with `async.wait 1`; the peeled epilogue waits 1, then 0.
// With peel-epilogue=false the copies of steps past the end are switched off by their
// predicate and every slot still commits one group, so the kernel keeps `async.wait 1`.
// With peel-prologue=false too, there is no prologue: the kernel loop starts two steps early
// (at -32), stage 2 (loads and dot) switched off while its step is below 0; the iter_args start
// with the group of a phantom step whose copies are switched off by a constant.
// RUN: tile-opt %s -p tile-pipeline | FileCheck %s
// RUN: tile-opt %s -p 'tile-pipeline{peel-epilogue=false}' | FileCheck %s --check-prefix=PRED
// RUN: tile-opt %s -p 'tile-pipeline{peel-epilogue=false peel-prologue=false}' | FileCheck %s --check-prefix=PRO
// RUN: not tile-opt %s -p 'tile-pipeline{peel-prologue=false}' 2>&1 | FileCheck %s --check-prefix=PRO-ERR
// Equal to the whole-problem matmul, no race reported, for K = 1, 16 (one step), 33 and 64:
// RUN: tile-opt %s -p tile-pipeline -o %t.peeled.mlir
// RUN: tile-opt %s -p 'tile-pipeline{peel-epilogue=false}' -o %t.pred.mlir
// RUN: tile-opt %s -p 'tile-pipeline{peel-epilogue=false peel-prologue=false}' -o %t.pro.mlir
// RUN: tile-run %t.peeled.mlir --entry matmul_f16 --arg A=rand:37x1xf16 --arg B=rand:1x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.peeled.mlir --entry matmul_f16 --arg A=rand:37x16xf16 --arg B=rand:16x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.peeled.mlir --entry matmul_f16 --arg A=rand:37x33xf16 --arg B=rand:33x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.pred.mlir --entry matmul_f16 --arg A=rand:37x1xf16 --arg B=rand:1x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.pred.mlir --entry matmul_f16 --arg A=rand:33x64xf16 --arg B=rand:64x40xf16 --arg C=zeros:33x40xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.pro.mlir --entry matmul_f16 --arg A=rand:37x1xf16 --arg B=rand:1x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.pro.mlir --entry matmul_f16 --arg A=rand:37x16xf16 --arg B=rand:16x29xf16 --arg C=zeros:37x29xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.pro.mlir --entry matmul_f16 --arg A=rand:33x64xf16 --arg B=rand:64x40xf16 --arg C=zeros:33x40xf32 --compare %S/../../../../examples/matmul.mlir --tolerance 1e-5 | FileCheck %s --check-prefix=SAME
// SAME: compare %C: max_abs={{[0-9.e-]+}} max_rel={{[0-9.e-]+}}{{$}}

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %K = memref.dim %A, %c1 : memref<?x?xf16>
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m0 = arith.muli %by, %c32 : index
      %n0 = arith.muli %bx, %c32 : index
      %As = tile.alloc : memref<2x32x16xf16, #gpu.address_space<workgroup>>
      %Bs = tile.alloc : memref<2x16x32xf16, #gpu.address_space<workgroup>>
      %init = arith.constant dense<0.0> : tensor<32x32xf32>
      %r = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %init) -> (tensor<32x32xf32>) {
        %q = arith.divui %k, %c16 {tile.stage = 0, tile.order = 5} : index
        %s = arith.remui %q, %c2 {tile.stage = 0, tile.order = 6} : index
        %ta = async.copy %A[%m0, %k], %As[%s, %c0, %c0] shape [32, 16] masked {tile.stage = 0, tile.order = 7} : memref<?x?xf16> to memref<2x32x16xf16, #gpu.address_space<workgroup>>
        %tb = async.copy %B[%k, %n0], %Bs[%s, %c0, %c0] shape [16, 32] masked {tile.stage = 0, tile.order = 8} : memref<?x?xf16> to memref<2x16x32xf16, #gpu.address_space<workgroup>>
        %g = async.commit %ta, %tb {tile.stage = 0, tile.order = 9}
        async.wait 0 for %g {tile.stage = 2, tile.order = 0}
        %q2 = arith.divui %k, %c16 {tile.stage = 2, tile.order = 1} : index
        %s2 = arith.remui %q2, %c2 {tile.stage = 2, tile.order = 2} : index
        %a = tile.load %As[%s2, %c0, %c0] {tile.stage = 2, tile.order = 3} : memref<2x32x16xf16, #gpu.address_space<workgroup>> -> tensor<32x16xf16>
        %b = tile.load %Bs[%s2, %c0, %c0] {tile.stage = 2, tile.order = 4} : memref<2x16x32xf16, #gpu.address_space<workgroup>> -> tensor<16x32xf16>
        %d = tile.dot %a, %b, %acc {tile.stage = 2, tile.order = 10} : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
        scf.yield %d : tensor<32x32xf32>
      }
      tile.store %r, %C[%m0, %n0] : tensor<32x32xf32> -> memref<?x?xf32>
      gpu.return
    }
  }
  func.func @matmul_f16(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %M = memref.dim %C, %c0 : memref<?x?xf32>
    %N = memref.dim %C, %c1 : memref<?x?xf32>
    %gx = arith.ceildivui %N, %c32 : index
    %gy = arith.ceildivui %M, %c32 : index
    gpu.launch_func @kernels::@mm blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1) args(%A : memref<?x?xf16>, %B : memref<?x?xf16>, %C : memref<?x?xf32>)
    return
  }
}

// Prologue: steps 0 and 1, each copy predicated on its step existing, one group each.
// CHECK-LABEL: gpu.func @mm(
// CHECK: %[[N:.*]] = arith.maxsi
// CHECK: %[[OK0:.*]] = arith.cmpi slt, %{{.*}}, %[[N]]
// CHECK: async.copy {{.*}} masked if %[[OK0]]
// CHECK: async.copy {{.*}} masked if %[[OK0]]
// CHECK: %[[G0:.*]] = async.commit
// CHECK: %[[OK1:.*]] = arith.cmpi slt, %{{.*}}, %[[N]]
// CHECK: async.copy {{.*}} masked if %[[OK1]]
// CHECK: async.copy {{.*}} masked if %[[OK1]]
// CHECK: %[[G1:.*]] = async.commit
// Kernel: wait for step k's group with the group of step k+1 still in flight, read, copy step
// k+2 (no predicate: the kernel runs only while k+2 exists), compute; the groups rotate.
// CHECK: %[[K:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[GNEXT:.*]] = %[[G1]], %[[GNOW:.*]] = %[[G0]], %[[ACC:.*]] = %{{.*}}) -> (!async.group, !async.group, tensor<32x32xf32>) {
// CHECK-NEXT: async.wait 1 for %[[GNOW]]
// CHECK: tile.load
// CHECK: tile.load
// CHECK: async.copy {{.*}} masked : memref
// CHECK: async.copy {{.*}} masked : memref
// CHECK: %[[G2:.*]] = async.commit
// CHECK-NEXT: %[[D:.*]] = tile.dot {{.*}}, %[[ACC]]
// CHECK-NEXT: scf.yield %[[G2]], %[[GNEXT]], %[[D]]
// Epilogue: the last two steps, each reading only if it exists.
// CHECK: async.wait 1 for %[[K]]#1
// CHECK: scf.if
// CHECK: tile.dot
// CHECK: arith.select
// CHECK: async.wait 0 for %[[K]]#0
// CHECK: scf.if
// CHECK: tile.dot
// CHECK: %[[R:.*]] = arith.select
// CHECK: tile.store %[[R]]
// CHECK: gpu.return

// PRED-LABEL: gpu.func @mm(
// PRED: async.commit
// PRED: async.commit
// PRED: scf.for
// PRED-NEXT: async.wait 1 for
// PRED: %[[OK:.*]] = arith.cmpi slt
// PRED: async.copy {{.*}} masked if %[[OK]]
// PRED: async.copy {{.*}} masked if %[[OK]]
// PRED: async.commit
// PRED: tile.dot
// PRED: scf.yield
// PRED-NEXT: }
// PRED-NOT: async.wait
// PRED: tile.store

// PRO-LABEL: gpu.func @mm(
// PRO: %[[OFF:.*]] = arith.constant false
// PRO: async.copy {{.*}} masked if %[[OFF]]
// PRO: async.copy {{.*}} masked if %[[OFF]]
// PRO: %[[PHANTOM:.*]] = async.commit
// PRO-NOT: async.copy
// PRO: scf.for %{{.*}} = %c-32 to %{{.*}} step %c16 iter_args(%{{.*}} = %[[PHANTOM]], %{{.*}} = %[[PHANTOM]], %{{.*}} = %cst)
// PRO-NEXT: %[[STARTED:.*]] = arith.cmpi sge, %{{.*}}, %c0
// PRO: async.wait 1 for
// PRO: scf.if %[[STARTED]]
// PRO-NEXT: tile.load
// PRO: scf.if %[[STARTED]]
// PRO-NEXT: tile.load
// PRO: %[[OK:.*]] = arith.cmpi slt
// PRO: async.copy {{.*}} masked if %[[OK]]
// PRO: async.copy {{.*}} masked if %[[OK]]
// PRO: async.commit
// PRO: %[[DOT:.*]] = tile.dot
// PRO: arith.select %[[STARTED]], %[[DOT]]
// PRO: scf.yield
// PRO-NEXT: }
// PRO-NOT: async.wait
// PRO: tile.store

// PRO-ERR: error: peel-prologue=false needs peel-epilogue=false
