// RUN: tile-opt %s -p 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' | FileCheck %s
// RUN: tile-run %s --entry main --arg P=rand:32x32xf32 --arg V=rand:32x64xf32 --arg O=zeros:32x64xf32 --compare-pipeline 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' --tolerance 1e-5 | FileCheck %s --check-prefix=SAME

// Two dots of one register tile P by two column blocks of V (attention's output in chunks of the
// head dimension): P is staged once (four vec4 stores per thread), by the first dot, and the second
// reads the same buffer; both blocks of V go through the other buffer of that type, never P's.
// CHECK-LABEL: gpu.func @chunks
// CHECK-SAME: workgroup(%[[WP:arg[0-9]+]] : memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: vector.store %{{.*}}, %[[WP]]
// CHECK-NOT: vector.store %{{.*}}, %[[WP]]
// CHECK: gpu.return
// SAME: compare %O: max_abs=
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @chunks(%P: memref<32x32xf32>, %V: memref<32x64xf32>, %O: memref<32x64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      %p0 = tile.load %P[%c0, %c0] in_bounds : memref<32x32xf32> -> tensor<32x32xf32>
      %p = arith.addf %p0, %p0 : tensor<32x32xf32>
      %v0 = tile.load %V[%c0, %c0] in_bounds : memref<32x64xf32> -> tensor<32x32xf32>
      %v1 = tile.load %V[%c0, %c32] in_bounds : memref<32x64xf32> -> tensor<32x32xf32>
      %acc = tile.splat %zero : tensor<32x32xf32>
      %o0 = tile.dot %p, %v0, %acc : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
      %o1 = tile.dot %p, %v1, %acc : tensor<32x32xf32>, tensor<32x32xf32> -> tensor<32x32xf32>
      tile.store %o0, %O[%c0, %c0] in_bounds : tensor<32x32xf32> -> memref<32x64xf32>
      tile.store %o1, %O[%c0, %c32] in_bounds : tensor<32x32xf32> -> memref<32x64xf32>
      gpu.return
    }
  }
  func.func @main(%P: memref<32x32xf32>, %V: memref<32x64xf32>, %O: memref<32x64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@chunks blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%P : memref<32x32xf32>, %V : memref<32x64xf32>, %O : memref<32x64xf32>)
    return
  }
}
