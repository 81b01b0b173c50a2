// RUN: tile-opt %s -p 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' | FileCheck %s

// Workgroup barriers where tile semantics need them, and no more (docs/lowering.md): a tile
// stored to a workgroup buffer and loaded back in another layout needs exactly one barrier
// between the stores and the loads.
// CHECK-LABEL: gpu.func @store_then_load
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<8x16xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: gpu.barrier
// CHECK-COUNT-4: memref.store %{{.*}}, %[[BUF]][
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[BUF]][
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// The user's barrier is already there: none added.
// CHECK-LABEL: gpu.func @user_barrier
// CHECK-COUNT-1: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// Reads only (after the barrier that follows the store): no barrier between the two loads.
// CHECK-LABEL: gpu.func @reads_only
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<8x16xf32, #gpu.address_space<workgroup>>)
// CHECK-COUNT-1: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// In the loop, the load at the top reads what the store at the end of the previous iteration
// wrote (a barrier at the top of the body), and the store overwrites what the load read (a
// barrier before it); nothing before the loop reads or writes the buffer.
// CHECK-LABEL: gpu.func @loop_carried
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<8x16xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: gpu.barrier
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[BUF]]
// CHECK-NOT: gpu.barrier
// CHECK: vector.load %X
// CHECK: gpu.barrier
// CHECK-NEXT: memref.store %{{.*}}, %[[BUF]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// A masked store after a load of the same buffer: the barrier goes before the scf.if of the
// mask (its condition may differ per thread), never inside it.
// CHECK-LABEL: gpu.func @masked_store
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<8x16xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.load %[[BUF]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.barrier
// CHECK-NEXT: scf.if
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// The same at the SIMT level: a store under a per-thread condition after a load of the buffer.
// CHECK-LABEL: gpu.func @per_thread_if
// CHECK: memref.load
// CHECK: %[[P:.*]] = arith.cmpi ult, %thread_id_x
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if %[[P]] {
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return

// @store_then_transpose: run by tests/unit/passes/conversion/workgroup-barriers.test.ts.
#rows = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [1, 1], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerGroup = [1, 1], order = [0, 1]>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @store_then_load(%X: memref<8x16xf32>, %Y: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : memref<8x16xf32, #gpu.address_space<workgroup>>
      %x = tile.load %X[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32, #rows>
      tile.store %x, %buf[%c0, %c0] in_bounds : tensor<8x16xf32, #rows> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      %y = tile.load %buf[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32, #cols>
      tile.store %y, %Y[%c0, %c0] in_bounds : tensor<8x16xf32, #cols> -> memref<8x16xf32>
      gpu.return
    }
    gpu.func @user_barrier(%X: memref<8x16xf32>, %Y: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : memref<8x16xf32, #gpu.address_space<workgroup>>
      %x = tile.load %X[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32, #rows>
      tile.store %x, %buf[%c0, %c0] in_bounds : tensor<8x16xf32, #rows> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = tile.load %buf[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32, #cols>
      tile.store %y, %Y[%c0, %c0] in_bounds : tensor<8x16xf32, #cols> -> memref<8x16xf32>
      gpu.return
    }
    gpu.func @reads_only(%X: memref<8x16xf32>, %Y: memref<8x16xf32>, %Z: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : memref<8x16xf32, #gpu.address_space<workgroup>>
      %x = tile.load %X[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32, #rows>
      tile.store %x, %buf[%c0, %c0] in_bounds : tensor<8x16xf32, #rows> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      %y = tile.load %buf[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32, #cols>
      %z = tile.load %buf[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32, #rows>
      tile.store %y, %Y[%c0, %c0] in_bounds : tensor<8x16xf32, #cols> -> memref<8x16xf32>
      tile.store %z, %Z[%c0, %c0] in_bounds : tensor<8x16xf32, #rows> -> memref<8x16xf32>
      gpu.return
    }
    gpu.func @loop_carried(%X: memref<8x16xf32>, %Y: memref<8x16xf32>, %n: index) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %buf = tile.alloc : memref<8x16xf32, #gpu.address_space<workgroup>>
      scf.for %i = %c0 to %n step %c1 {
        %y = tile.load %buf[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32, #cols>
        tile.store %y, %Y[%c0, %c0] in_bounds : tensor<8x16xf32, #cols> -> memref<8x16xf32>
        %x = tile.load %X[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32, #rows>
        tile.store %x, %buf[%c0, %c0] in_bounds : tensor<8x16xf32, #rows> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      }
      gpu.return
    }
    gpu.func @masked_store(%X: memref<8x16xf32>, %Y: memref<8x16xf32>, %off: index) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : memref<8x16xf32, #gpu.address_space<workgroup>>
      %y = tile.load %buf[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32, #cols>
      tile.store %y, %Y[%c0, %c0] in_bounds : tensor<8x16xf32, #cols> -> memref<8x16xf32>
      %x = tile.load %X[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32, #rows>
      tile.store %x, %buf[%off, %c0] : tensor<8x16xf32, #rows> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @per_thread_if() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %buf = tile.alloc : memref<32xf32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %v = memref.load %buf[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
      %p = arith.cmpi ult, %t, %c4 : index
      scf.if %p {
        memref.store %v, %buf[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      }
      gpu.return
    }
    gpu.func @store_then_transpose(%X: memref<8x16xf32>, %Y: memref<16x8xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : memref<8x16xf32, #gpu.address_space<workgroup>>
      %x = tile.load %X[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32, #rows>
      tile.store %x, %buf[%c0, %c0] in_bounds : tensor<8x16xf32, #rows> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      %y = tile.load %buf[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32>
      %t = tile.transpose %y : tensor<8x16xf32> -> tensor<16x8xf32>
      tile.store %t, %Y[%c0, %c0] in_bounds : tensor<16x8xf32> -> memref<16x8xf32>
      gpu.return
    }
  }
}
