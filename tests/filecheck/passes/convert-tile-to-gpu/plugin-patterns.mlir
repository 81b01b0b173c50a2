// RUN: tile-opt %s --load-plugin %S/Inputs/toy-plugin.mjs -p 'convert-async-to-gpu,convert-tile-to-gpu,canonicalize,cse' | FileCheck %s

// A plugin lowers the ops of its dialect in both conversions: its patterns run beside those of
// the conversions, toy.axpy on the scalars the thread holds of its tiles (two per thread here),
// toy.fence at the end.
#l = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [2, 4], warpsPerGroup = [1, 1], order = [1, 0]>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @axpy(
    // CHECK-SAME: %[[A:[^:]+]]: f32
    // CHECK-SAME: workgroup(%[[BUF:.*]] : memref<2x8xf32, #gpu.address_space<workgroup>>)
    // CHECK-NOT: toy.
    // CHECK: gpu.barrier
    // CHECK-NEXT: memref.store %{{.*}}, %[[BUF]]
    // CHECK-NEXT: memref.store %{{.*}}, %[[BUF]]
    // CHECK-NEXT: gpu.barrier
    // CHECK-NEXT: %[[X0:.*]] = memref.load %[[BUF]]
    // CHECK-NEXT: %[[X1:.*]] = memref.load %[[BUF]]
    // CHECK-NEXT: %[[Y0:.*]] = memref.load %Y
    // CHECK-NEXT: %[[Y1:.*]] = memref.load %Y
    // CHECK: %[[AX0:.*]] = arith.mulf %[[A]], %[[X0]] : f32
    // CHECK-NEXT: %[[Z0:.*]] = arith.addf %[[AX0]], %[[Y0]] : f32
    // CHECK-NEXT: %[[AX1:.*]] = arith.mulf %[[A]], %[[X1]] : f32
    // CHECK-NEXT: %[[Z1:.*]] = arith.addf %[[AX1]], %[[Y1]] : f32
    // CHECK-NEXT: memref.store %[[Z0]], %Z
    // CHECK-NEXT: memref.store %[[Z1]], %Z
    // CHECK-NEXT: gpu.barrier
    // CHECK-NEXT: gpu.return
    gpu.func @axpy(%a: f32, %X: memref<2x8xf32>, %Y: memref<2x8xf32>, %Z: memref<2x8xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : memref<2x8xf32, #wg>
      %t = async.copy %X[%c0, %c0], %buf[%c0, %c0] shape [2, 8] : memref<2x8xf32> to memref<2x8xf32, #wg>
      %g = async.commit %t
      async.wait all
      %x = tile.load %buf[%c0, %c0] in_bounds : memref<2x8xf32, #wg> -> tensor<2x8xf32, #l>
      %y = tile.load %Y[%c0, %c0] in_bounds : memref<2x8xf32> -> tensor<2x8xf32, #l>
      %z = toy.axpy %a, %x, %y : f32, tensor<2x8xf32, #l>, tensor<2x8xf32, #l> -> tensor<2x8xf32, #l>
      tile.store %z, %Z[%c0, %c0] in_bounds : tensor<2x8xf32, #l> -> memref<2x8xf32>
      toy.fence
      gpu.return
    }
  }
}
