// RUN: tile-opt %s -p 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' | FileCheck %s
// RUN: tile-run %s --entry main --arg A=rand:8x32xf32 --arg B=rand:8x16xf32 --arg C=zeros:32x16xf32 --compare-pipeline 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME

// A relayout (tile.cast, staged through a workgroup buffer between barriers) lowered between the
// transpose of A's tile and the dot: the dot still reads Aᵀ from A's buffer (the read-through is
// decided at the transpose; the staging writes another buffer), and the program keeps its meaning.
// CHECK-LABEL: gpu.func @cast_between
// CHECK-SAME: workgroup(%[[WA:arg[0-9]+]] : memref<8x32xf32, #gpu.address_space<workgroup>>, %{{arg[0-9]+}} : memref<8x16xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: vector.load %[[WA]][%c0, %[[ROW:[0-9]+]]] : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-COUNT-7: vector.load %[[WA]][%c{{[1-7]}}, %[[ROW]]]
// CHECK: gpu.return
// SAME: compare %C: max_abs=
#acc = #tile.blocked<sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerGroup = [1, 1], order = [1, 0]>
#row = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [1, 1], order = [1, 0]>
#col = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerGroup = [1, 1], order = [0, 1]>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @cast_between(%A: memref<8x32xf32>, %B: memref<8x16xf32>, %C: memref<32x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %wa = tile.alloc : memref<8x32xf32, #gpu.address_space<workgroup>>
      %a = tile.load %A[%c0, %c0] in_bounds : memref<8x32xf32> -> tensor<8x32xf32>
      tile.store %a, %wa[%c0, %c0] in_bounds : tensor<8x32xf32> -> memref<8x32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ka = tile.load %wa[%c0, %c0] in_bounds : memref<8x32xf32, #gpu.address_space<workgroup>> -> tensor<8x32xf32>
      %at = tile.transpose %ka : tensor<8x32xf32> -> tensor<32x8xf32>
      %b = tile.load %B[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32, #row>
      %bc = tile.cast %b : tensor<8x16xf32, #row> to tensor<8x16xf32, #col>
      %acc = tile.splat %zero : tensor<32x16xf32, #acc>
      %d = tile.dot %at, %bc, %acc : tensor<32x8xf32>, tensor<8x16xf32, #col> -> tensor<32x16xf32, #acc>
      tile.store %d, %C[%c0, %c0] in_bounds : tensor<32x16xf32, #acc> -> memref<32x16xf32>
      gpu.return
    }
  }
  func.func @main(%A: memref<8x32xf32>, %B: memref<8x16xf32>, %C: memref<32x16xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@cast_between blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%A : memref<8x32xf32>, %B : memref<8x16xf32>, %C : memref<32x16xf32>)
    return
  }
}
