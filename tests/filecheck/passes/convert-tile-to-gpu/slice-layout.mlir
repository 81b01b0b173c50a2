// RUN: tile-opt %s -p 'convert-tile-to-gpu{subgroups=true subgroup-size=32},canonicalize,cse' | FileCheck %s
// RUN: tile-opt %s -p 'convert-tile-to-gpu,canonicalize,cse' | FileCheck %s --check-prefix=MEM

// Online softmax's running maximum in the slice of the rows' layout: each of the 64 threads
// holds 2 rows of 32 (4 elements of each), 8 lanes along a row. The row maximum combines a
// thread's 4 elements, then the 8 lanes by shuffles; the result stays with the row's threads
// (the slice), the loop carries it as 2 scalars, and the broadcast back to the rows reads them
// again: no workgroup buffer and no barrier. Without subgroups the partials of the 8 lanes go
// through workgroup memory, but the result still stays in registers.
#rows = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerGroup = [2, 1], order = [1, 0]>
#row = #tile.slice<dim = 1, parent = #rows>
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @running_max
    // CHECK-NOT: workgroup(
    // CHECK: scf.for {{.*}} -> (f32, f32)
    // CHECK-COUNT-6: gpu.shuffle  xor
    // CHECK-NOT: gpu.barrier
    // CHECK: scf.yield %{{.*}}, %{{.*}} : f32, f32
    // MEM-LABEL: gpu.func @running_max
    // MEM-SAME: workgroup(%{{.*}} : memref<8x16xf32, #gpu.address_space<workgroup>>)
    // MEM-NOT: gpu.shuffle
    // MEM: scf.yield %{{.*}}, %{{.*}} : f32, f32
    gpu.func @running_max(%X: memref<16x?xf32>, %Y: memref<16x?xf32>, %N: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %init = arith.constant dense<0xFF800000> : tensor<16xf32, #row>
      %m = scf.for %j = %c0 to %N step %c32 iter_args(%acc = %init) -> (tensor<16xf32, #row>) {
        %x = tile.load %X[%c0, %j] : memref<16x?xf32> -> tensor<16x32xf32, #rows>
        %r = tile.reduce max %x axis 1 : tensor<16x32xf32, #rows> -> tensor<16xf32, #row>
        %n = arith.maximumf %acc, %r : tensor<16xf32, #row>
        %b = tile.broadcast %n dims [1] : tensor<16xf32, #row> -> tensor<16x32xf32, #rows>
        %d = arith.subf %x, %b : tensor<16x32xf32, #rows>
        tile.store %d, %Y[%c0, %j] : tensor<16x32xf32, #rows> -> memref<16x?xf32>
        scf.yield %n : tensor<16xf32, #row>
      }
      gpu.return
    }
  }
}
