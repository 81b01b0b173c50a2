// RUN: tile-opt %s -p 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' | FileCheck %s

// A tile.dot operand that is `tile.transpose (tile.load %workgroupBuffer)` is read from that buffer
// with swapped coordinates: element (m, k) of Aᵀ is %wa[k, m]. No staging buffer, no barrier beyond
// the user's, and a thread's 4 consecutive rows m..m+3 at one k are 4 consecutive words of %wa: one
// vector.load per k. The row index of those loads is the one the thread stores its C rows at.
// CHECK-LABEL: gpu.func @lhs_read_through
// CHECK-SAME: workgroup(%[[WA:arg[0-9]+]] : memref<8x32xf32, #gpu.address_space<workgroup>>, %[[WB:arg[0-9]+]] : memref<8x16xf32, #gpu.address_space<workgroup>>) kernel
// CHECK-NOT: gpu.barrier
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK-NOT: memref.load %[[WA]]
// CHECK: vector.load %[[WA]][%c0, %[[ROW:[0-9]+]]] : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-COUNT-7: vector.load %[[WA]][%c{{[1-7]}}, %[[ROW]]] : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT: gpu.barrier
// CHECK-NOT: memref.load %[[WA]]
// CHECK: vector.store %{{.*}}, %C[%[[ROW]], %{{[0-9]+}}]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// The same transpose also stored to global memory: it is not only read by the dot, so it is lowered
// by staging (a relayout through a workgroup buffer the lowering adds, between barriers).
// CHECK-LABEL: gpu.func @lhs_also_stored
// CHECK-SAME: workgroup(%[[WA:arg[0-9]+]] : memref<8x32xf32, #gpu.address_space<workgroup>>, %[[WB:arg[0-9]+]] : memref<8x16xf32, #gpu.address_space<workgroup>>, %[[STAGE:arg[0-9]+]] : memref<{{8x32|32x8}}xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: store %{{.*}}, %[[STAGE]][
// CHECK: gpu.barrier
// CHECK: memref.load %[[STAGE]][
// CHECK: vector.store %{{.*}}, %T[
// CHECK: gpu.return

// Aᵀ's twin on the right: B given N x K, the dot's rhs is `tile.transpose (tile.load %wb)`, read as
// %wb[n, k]. No staging; the one barrier is the one the program needs between the stores and the
// loads (the user wrote none). A thread's column n at k..k+3 is 4 consecutive words of %wb: the
// scalar reads of 4 successive k steps are combined into one vector, indexed by the column the
// thread stores C at.
// CHECK-LABEL: gpu.func @rhs_read_through
// CHECK-SAME: workgroup(%[[WA:arg[0-9]+]] : memref<32x8xf32, #gpu.address_space<workgroup>>, %[[WB:arg[0-9]+]] : memref<16x8xf32, #gpu.address_space<workgroup>>) kernel
// CHECK-NOT: gpu.barrier
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK-NOT: memref.load %[[WB]]
// CHECK: vector.load %[[WB]][%[[COL:[0-9]+]], %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-COUNT-3: vector.load %[[WB]][%{{[0-9]+}}, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: vector.load %[[WB]][%[[COL]], %c4] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT: gpu.barrier
// CHECK-NOT: memref.load %[[WB]]
// CHECK: vector.store %{{.*}}, %C[%{{[0-9]+}}, %[[COL]]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
#acc = #tile.blocked<sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerGroup = [1, 1], order = [1, 0]>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @lhs_read_through(%A: memref<8x32xf32>, %B: memref<8x16xf32>, %C: memref<32x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %wa = tile.alloc : memref<8x32xf32, #gpu.address_space<workgroup>>
      %wb = tile.alloc : memref<8x16xf32, #gpu.address_space<workgroup>>
      %a = tile.load %A[%c0, %c0] in_bounds : memref<8x32xf32> -> tensor<8x32xf32>
      tile.store %a, %wa[%c0, %c0] in_bounds : tensor<8x32xf32> -> memref<8x32xf32, #gpu.address_space<workgroup>>
      %b = tile.load %B[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32>
      tile.store %b, %wb[%c0, %c0] in_bounds : tensor<8x16xf32> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ka = tile.load %wa[%c0, %c0] in_bounds : memref<8x32xf32, #gpu.address_space<workgroup>> -> tensor<8x32xf32>
      %at = tile.transpose %ka : tensor<8x32xf32> -> tensor<32x8xf32>
      %kb = tile.load %wb[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32>
      %acc = tile.splat %zero : tensor<32x16xf32, #acc>
      %d = tile.dot %at, %kb, %acc : tensor<32x8xf32>, tensor<8x16xf32> -> tensor<32x16xf32, #acc>
      tile.store %d, %C[%c0, %c0] in_bounds : tensor<32x16xf32, #acc> -> memref<32x16xf32>
      gpu.return
    }
    gpu.func @lhs_also_stored(%A: memref<8x32xf32>, %B: memref<8x16xf32>, %C: memref<32x16xf32>, %T: memref<32x8xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %wa = tile.alloc : memref<8x32xf32, #gpu.address_space<workgroup>>
      %wb = tile.alloc : memref<8x16xf32, #gpu.address_space<workgroup>>
      %a = tile.load %A[%c0, %c0] in_bounds : memref<8x32xf32> -> tensor<8x32xf32>
      tile.store %a, %wa[%c0, %c0] in_bounds : tensor<8x32xf32> -> memref<8x32xf32, #gpu.address_space<workgroup>>
      %b = tile.load %B[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32>
      tile.store %b, %wb[%c0, %c0] in_bounds : tensor<8x16xf32> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ka = tile.load %wa[%c0, %c0] in_bounds : memref<8x32xf32, #gpu.address_space<workgroup>> -> tensor<8x32xf32>
      %at = tile.transpose %ka : tensor<8x32xf32> -> tensor<32x8xf32>
      %kb = tile.load %wb[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32>
      %acc = tile.splat %zero : tensor<32x16xf32, #acc>
      %d = tile.dot %at, %kb, %acc : tensor<32x8xf32>, tensor<8x16xf32> -> tensor<32x16xf32, #acc>
      tile.store %d, %C[%c0, %c0] in_bounds : tensor<32x16xf32, #acc> -> memref<32x16xf32>
      tile.store %at, %T[%c0, %c0] in_bounds : tensor<32x8xf32> -> memref<32x8xf32>
      gpu.return
    }
    gpu.func @rhs_read_through(%A: memref<32x8xf32>, %B: memref<16x8xf32>, %C: memref<32x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %wa = tile.alloc : memref<32x8xf32, #gpu.address_space<workgroup>>
      %wb = tile.alloc : memref<16x8xf32, #gpu.address_space<workgroup>>
      %a = tile.load %A[%c0, %c0] in_bounds : memref<32x8xf32> -> tensor<32x8xf32>
      tile.store %a, %wa[%c0, %c0] in_bounds : tensor<32x8xf32> -> memref<32x8xf32, #gpu.address_space<workgroup>>
      %b = tile.load %B[%c0, %c0] in_bounds : memref<16x8xf32> -> tensor<16x8xf32>
      tile.store %b, %wb[%c0, %c0] in_bounds : tensor<16x8xf32> -> memref<16x8xf32, #gpu.address_space<workgroup>>
      %ka = tile.load %wa[%c0, %c0] in_bounds : memref<32x8xf32, #gpu.address_space<workgroup>> -> tensor<32x8xf32>
      %kb = tile.load %wb[%c0, %c0] in_bounds : memref<16x8xf32, #gpu.address_space<workgroup>> -> tensor<16x8xf32>
      %bt = tile.transpose %kb : tensor<16x8xf32> -> tensor<8x16xf32>
      %acc = tile.splat %zero : tensor<32x16xf32, #acc>
      %d = tile.dot %ka, %bt, %acc : tensor<32x8xf32>, tensor<8x16xf32> -> tensor<32x16xf32, #acc>
      tile.store %d, %C[%c0, %c0] in_bounds : tensor<32x16xf32, #acc> -> memref<32x16xf32>
      gpu.return
    }
  }
}
