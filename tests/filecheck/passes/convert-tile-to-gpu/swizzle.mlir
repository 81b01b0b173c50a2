// RUN: tile-opt %s -p 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' | FileCheck %s

// A tile goes through a swizzled workgroup buffer: the store and the load of the buffer both
// place column c of row r at ((c div 2) xor (r mod 4)) * 2 + c mod 2, computed as
// c + (((c div 2) xor (r mod 4)) - c div 2) * 2; the global accesses are not swizzled (the global
// load is one aligned vector).
// CHECK-LABEL: gpu.func @through_swizzled
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<8x16xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: memref.cast
// CHECK: vector.load %X[
// CHECK: %[[R:[0-9]+]] = arith.remui %[[ROW:[0-9]+]], %c4 : index
// CHECK: %[[G:[0-9]+]] = arith.divui %[[COL:[0-9]+]], %c2 : index
// CHECK: %[[X:.*]] = arith.xori %[[G]], %[[R]] : index
// CHECK: %[[D:.*]] = arith.subi %[[X]], %[[G]] : index
// CHECK: %[[M:.*]] = arith.muli %[[D]], %c2 : index
// CHECK: %[[P:.*]] = arith.addi %[[COL]], %[[M]] : index
// CHECK: memref.store %{{.*}}, %[[BUF]][%[[ROW]], %[[P]]]
// CHECK: gpu.barrier
// CHECK: arith.xori
// CHECK: memref.load %[[BUF]]
// CHECK-NOT: memref.store %{{.*}}, %[[BUF]]
// CHECK: gpu.return
#rows = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [1, 1], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerGroup = [1, 1], order = [0, 1]>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @through_swizzled(%X: memref<8x16xf32>, %Y: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc layout #tile.shared<vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]> : memref<8x16xf32, #gpu.address_space<workgroup>>
      %x = tile.load %X[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32, #rows>
      tile.store %x, %buf[%c0, %c0] in_bounds : tensor<8x16xf32, #rows> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = tile.load %buf[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32, #cols>
      tile.store %y, %Y[%c0, %c0] in_bounds : tensor<8x16xf32, #cols> -> memref<8x16xf32>
      gpu.return
    }
  }
}
