// RUN: tile-opt %s -p 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' | FileCheck %s
// RUN: tile-run %s --entry main --arg Q=rand:32x16xf32 --arg K=rand:32x16xf32 --arg S=zeros:32x32xf32 --compare-pipeline 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME

// S = Q·Kᵀ with K's tile in registers (attention's scores): the transpose is not moved between
// threads. K's tile is staged once as it is, [32 keys, 16], its rows swizzled in groups of four
// (a lane's keys are 4 apart, and rows of 16 words would put them on one bank), and the dot
// reads each of the thread's keys four k at a time from it: no buffer of the transposed shape,
// no relayout. Q is staged for the dot as before; the two never share a buffer.
// CHECK-LABEL: gpu.func @scores
// CHECK-SAME: workgroup(%[[WK:arg[0-9]+]] : memref<32x16xf32, #gpu.address_space<workgroup>>, %[[WQ:arg[0-9]+]] : memref<32x16xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: memref<16x32xf32
// CHECK: arith.xori
// CHECK: vector.store %{{.*}}, %[[WK]]
// CHECK: vector.store %{{.*}}, %[[WQ]]
// CHECK: gpu.barrier
// CHECK: vector.load %[[WK]]
// CHECK-NOT: memref.load %[[WK]]
// CHECK: gpu.return
// SAME: compare %S: max_abs=
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @scores(%Q: memref<32x16xf32>, %K: memref<32x16xf32>, %S: memref<32x32xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %q = tile.load %Q[%c0, %c0] in_bounds : memref<32x16xf32> -> tensor<32x16xf32>
      %k = tile.load %K[%c0, %c0] in_bounds : memref<32x16xf32> -> tensor<32x16xf32>
      %kt = tile.transpose %k : tensor<32x16xf32> -> tensor<16x32xf32>
      %acc = tile.splat %zero : tensor<32x32xf32>
      %s = tile.dot %q, %kt, %acc : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
      tile.store %s, %S[%c0, %c0] in_bounds : tensor<32x32xf32> -> memref<32x32xf32>
      gpu.return
    }
  }
  func.func @main(%Q: memref<32x16xf32>, %K: memref<32x16xf32>, %S: memref<32x32xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@scores blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%Q : memref<32x16xf32>, %K : memref<32x16xf32>, %S : memref<32x32xf32>)
    return
  }
}
