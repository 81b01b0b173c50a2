// RUN: tile-opt %s -p 'tile-assign-layouts,convert-tile-to-gpu,canonicalize,cse' | FileCheck %s
// RUN: tile-opt %S/../../../../examples/matmul.mlir -p '@tile-wgsl{tile-sizes=32,32,8 num-warps=1 num-stages=1 transpose-lhs=true}' | FileCheck %s --check-prefix=DOT

// A column-major buffer (order = [0, 1]) becomes an attribution with its two sizes swapped, and
// every access swaps its indices: [r, c] is stored at [c, r]. The tile is 8x16; the buffer 16x8.
// The reload in #cols (4 consecutive rows of one column per thread) reads consecutive words: the
// four loads are combined into one vector.
// CHECK-LABEL: gpu.func @through_column_major
// CHECK-SAME: workgroup(%[[BUF:.*]] : memref<16x8xf32, #gpu.address_space<workgroup>>)
// CHECK: vector.load %X[%[[ROW:[0-9]+]], %[[COL:[0-9]+]]]
// CHECK: memref.store %{{.*}}, %[[BUF]][%[[COL]], %[[ROW]]]
// CHECK-NOT: vector.store %{{.*}}, %[[BUF]]
// CHECK: gpu.barrier
// CHECK-NOT: memref.load %[[BUF]]
// CHECK: vector.load %[[BUF]][%{{.*}}, %{{.*}}] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT: memref.load %[[BUF]]
// CHECK: gpu.return
#rows = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [1, 1], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerGroup = [1, 1], order = [0, 1]>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @through_column_major(%X: memref<8x16xf32>, %Y: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc layout #tile.shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]> : memref<8x16xf32, #gpu.address_space<workgroup>>
      %x = tile.load %X[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32, #rows>
      tile.store %x, %buf[%c0, %c0] in_bounds : tensor<8x16xf32, #rows> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = tile.load %buf[%c0, %c0] in_bounds : memref<8x16xf32, #gpu.address_space<workgroup>> -> tensor<8x16xf32, #cols>
      tile.store %y, %Y[%c0, %c0] in_bounds : tensor<8x16xf32, #cols> -> memref<8x16xf32>
      gpu.return
    }
  }
}

// transpose-lhs: the A tile (32x8) is copied into a column-major buffer (8x32), element by element;
// the dot then reads the 4 consecutive rows of a thread at each k as one vector.
// DOT-LABEL: gpu.func @matmul_f32
// DOT-SAME: workgroup(%[[A:.*]] : memref<8x32xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<8x32xf32, #gpu.address_space<workgroup>>)
// DOT: memref.store %{{.*}}, %[[A]][
// DOT: gpu.barrier
// DOT: vector.load %[[A]][%c0, %{{.*}}] : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// DOT: vector.load %[[B]][%c0, %{{.*}}] : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// DOT: vector.load %[[A]][%c1, %{{.*}}] : memref<8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>

// Loads are combined only when the four words are consecutive from a multiple of 4, in one block,
// with nothing that may write memory between them.
// RUN: tile-opt %s -p 'convert-tile-to-gpu' | FileCheck %s --check-prefix=COMBINE
// COMBINE-LABEL: gpu.func @combine
// COMBINE: %[[V:.*]] = vector.load %[[W:.*]][%{{.*}}, %[[I:.*]]] : memref<4x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// COMBINE: vector.extract %[[V]][0]
// COMBINE: vector.extract %[[V]][3]
// Rows i+1..i+4 straddle a vector: four scalar loads stay.
// COMBINE-COUNT-4: memref.load %[[W]][%{{.*}}, %{{.*}}]
// A store between the loads: they stay scalar.
// COMBINE: memref.load %[[W]]
// COMBINE: memref.store
// COMBINE-COUNT-3: memref.load %[[W]]
// COMBINE-NOT: vector.load
// COMBINE: gpu.return
module attributes {gpu.container_module} {
  gpu.module @c {
    gpu.func @combine(%out: memref<12xf32>) workgroup(%w : memref<4x16xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %t = gpu.thread_id x
      %i = arith.muli %t, %c4 : index
      %i1 = arith.addi %i, %c1 : index
      %i2 = arith.addi %i, %c2 : index
      %i3 = arith.addi %i, %c3 : index
      %i4 = arith.addi %i, %c4 : index
      %a0 = memref.load %w[%c0, %i] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %a1 = memref.load %w[%c0, %i1] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %a2 = memref.load %w[%c0, %i2] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %a3 = memref.load %w[%c0, %i3] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %b1 = memref.load %w[%c1, %i1] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %b2 = memref.load %w[%c1, %i2] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %b3 = memref.load %w[%c1, %i3] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %b4 = memref.load %w[%c1, %i4] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %d0 = memref.load %w[%c2, %i] : memref<4x16xf32, #gpu.address_space<workgroup>>
      memref.store %d0, %w[%c3, %i] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %d1 = memref.load %w[%c2, %i1] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %d2 = memref.load %w[%c2, %i2] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %d3 = memref.load %w[%c2, %i3] : memref<4x16xf32, #gpu.address_space<workgroup>>
      %s0 = arith.addf %a0, %a3 : f32
      %s1 = arith.addf %b1, %b4 : f32
      %s2 = arith.addf %d1, %d3 : f32
      %s3 = arith.addf %s0, %a1 : f32
      %s4 = arith.addf %s3, %a2 : f32
      %s5 = arith.addf %s1, %b2 : f32
      %s6 = arith.addf %s5, %b3 : f32
      %s7 = arith.addf %s2, %d2 : f32
      memref.store %s4, %out[%c0] : memref<12xf32>
      memref.store %s6, %out[%c1] : memref<12xf32>
      memref.store %s7, %out[%c2] : memref<12xf32>
      gpu.return
    }
  }
}
