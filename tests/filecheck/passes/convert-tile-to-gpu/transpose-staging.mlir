// RUN: tile-opt %s -p 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' | FileCheck %s
// RUN: tile-run %s --entry main --arg X=rand:32x64xf32 --arg Y=zeros:64x32xf32 --compare-pipeline 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' --tolerance 0 | FileCheck %s --check-prefix=SAME

// A transpose staged through workgroup memory: each thread reads its run of rows down one column
// of the staged tile, so the staging is swizzled (#tile.shared<vec = 4, perPhase = the run,
// maxPhase = 16>) to spread those reads over the banks. The writers' rows stay vectors of 4;
// writes and reads place column c of row r at c + (((c div 4) xor ((r div run) mod 16)) - c div 4) * 4.
// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<32x64xf32, #gpu.address_space<workgroup>>)
// CHECK: vector.load %X[
// CHECK: gpu.barrier
// CHECK: %[[R:[0-9]+]] = arith.divui %[[ROW:[0-9]+]], %c4 : index
// CHECK: %[[PH:[0-9]+]] = arith.remui %[[R]], %c16 : index
// CHECK: %[[G:[0-9]+]] = arith.divui %[[COL:[0-9]+]], %c4 : index
// CHECK: %[[X:[0-9]+]] = arith.xori %[[G]], %[[PH]] : index
// CHECK: %[[D:[0-9]+]] = arith.subi %[[X]], %[[G]] : index
// CHECK: %[[M:[0-9]+]] = arith.muli %[[D]], %c4 : index
// CHECK: %[[P:[0-9]+]] = arith.addi %[[COL]], %[[M]] : index
// CHECK: vector.store %{{.*}}, %[[BUF]][%[[ROW]], %[[P]]] : memref<32x64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: gpu.barrier
// CHECK: arith.xori
// CHECK: memref.load %[[BUF]]
// CHECK-NOT: memref.store %{{.*}}, %[[BUF]]
// CHECK: gpu.return
// SAME: compare %Y: max_abs=0
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @transpose(%X: memref<32x64xf32>, %Y: memref<64x32xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %x = tile.load %X[%c0, %c0] in_bounds : memref<32x64xf32> -> tensor<32x64xf32>
      %t = tile.transpose %x : tensor<32x64xf32> -> tensor<64x32xf32>
      tile.store %t, %Y[%c0, %c0] in_bounds : tensor<64x32xf32> -> memref<64x32xf32>
      gpu.return
    }
  }
  func.func @main(%X: memref<32x64xf32>, %Y: memref<64x32xf32>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @k::@transpose blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%X : memref<32x64xf32>, %Y : memref<64x32xf32>)
    return
  }
}
