// RUN: tile-opt %s -p 'convert-tile-to-gpu,canonicalize,cse' | FileCheck %s --check-prefix=MEM
// RUN: tile-opt %s -p 'convert-tile-to-gpu{subgroups=true subgroup-size=8},canonicalize,cse' | FileCheck %s --check-prefix=SG
// RUN: tile-opt %s -p 'convert-tile-to-gpu{subgroups=true subgroup-size=2},canonicalize,cse' | FileCheck %s --check-prefix=SG2

// A 2x8 tile over 8 threads, each holding 2 contiguous elements of a row and 4 lanes per row:
// the row sum combines a thread's 2 elements in registers, then the 4 lanes along the row
// (shuffles with lane masks 1 and 2 when subgroups may be used, else 4 partials through
// workgroup memory), then every thread reads its element of the result.
#in = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [2, 4], warpsPerGroup = [1, 1], order = [1, 0]>
#out = #tile.blocked<sizePerThread = [1], threadsPerWarp = [8], warpsPerGroup = [1], order = [0]>
#wide = #tile.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerGroup = [2], order = [0]>
module attributes {gpu.container_module} {
  gpu.module @k {
    // MEM-LABEL: gpu.func @row_sum
    // MEM-SAME: workgroup(%[[P:.*]] : memref<4x2xf32, #gpu.address_space<workgroup>>)
    // MEM-NOT: gpu.shuffle
    // MEM: %[[X0:.*]] = memref.load
    // MEM: %[[X1:.*]] = memref.load
    // MEM: %[[S:.*]] = arith.addf %[[X0]], %[[X1]] : f32
    // MEM-NEXT: memref.store %[[S]], %[[P]][
    // MEM-NEXT: gpu.barrier
    // MEM-COUNT-4: memref.load %[[P]][
    // MEM-NOT: gpu.barrier
    // MEM: gpu.return
    // SG-LABEL: gpu.func @row_sum
    // SG-SAME: workgroup(%[[P:.*]] : memref<1x2xf32, #gpu.address_space<workgroup>>)
    // SG: %[[S:.*]] = arith.addf
    // SG: %[[R1:.*]], %{{.*}} = gpu.shuffle  xor %[[S]], %c1_i32, %c8_i32 : f32
    // SG: %[[S1:.*]] = arith.addf %[[S]], %[[R1]] : f32
    // SG: %[[R2:.*]], %{{.*}} = gpu.shuffle  xor %[[S1]], %c2_i32, %c8_i32 : f32
    // SG: %[[S2:.*]] = arith.addf %[[S1]], %[[R2]] : f32
    // SG-NEXT: memref.store %[[S2]], %[[P]][%c0, %{{.*}}]
    // SG-NEXT: gpu.barrier
    // SG-NEXT: memref.load %[[P]][%c0, %{{.*}}]
    // SG-NOT: memref.load %[[P]]
    // SG2-LABEL: gpu.func @row_sum
    // SG2-SAME: workgroup(%{{.*}} : memref<2x2xf32, #gpu.address_space<workgroup>>)
    // SG2-COUNT-1: gpu.shuffle  xor %{{.*}}, %c1_i32, %c2_i32
    // SG2-NOT: gpu.shuffle
    gpu.func @row_sum(%X: memref<2x8xf32>, %Y: memref<2xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %x = tile.load %X[%c0, %c0] in_bounds : memref<2x8xf32> -> tensor<2x8xf32, #in>
      %s = tile.reduce add %x axis 1 : tensor<2x8xf32, #in> -> tensor<2xf32, #out>
      tile.store %s, %Y[%c0] in_bounds : tensor<2xf32, #out> -> memref<2xf32>
      gpu.return
    }

    // In a loop, the partials of one iteration may still be read when the next one writes them:
    // a barrier before the writes too.
    // SG2-LABEL: gpu.func @row_sums_in_loop
    // MEM-LABEL: gpu.func @row_sums_in_loop
    // MEM: scf.for
    // MEM: gpu.barrier
    // MEM-NEXT: memref.store
    // MEM-NEXT: gpu.barrier
    gpu.func @row_sums_in_loop(%X: memref<2x8xf32>, %Y: memref<2xf32>, %n: index) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.for %i = %c0 to %n step %c1 {
        %x = tile.load %X[%c0, %c0] in_bounds : memref<2x8xf32> -> tensor<2x8xf32, #in>
        %s = tile.reduce add %x axis 1 : tensor<2x8xf32, #in> -> tensor<2xf32, #out>
        tile.store %s, %Y[%c0] in_bounds : tensor<2xf32, #out> -> memref<2xf32>
      }
      gpu.return
    }

    // A reduction that every use broadcasts back to the reduced tile's own layout: each thread
    // combines the partials of its own row and repeats the result along it. With 8-lane
    // subgroups the shuffles leave nothing to combine across threads: no workgroup memory, no
    // barrier. Without subgroups: one round through the partials (one barrier), not a second one
    // through a staged copy of the reduced tile.
    // MEM-LABEL: gpu.func @row_max_back
    // MEM-SAME: workgroup(%[[P:.*]] : memref<4x2xf32, #gpu.address_space<workgroup>>)
    // MEM-COUNT-1: gpu.barrier
    // MEM-COUNT-4: memref.load %[[P]][
    // MEM-NOT: gpu.barrier
    // MEM: gpu.return
    // SG-LABEL: gpu.func @row_max_back
    // SG-SAME: %Y: memref<2x8xf32>) kernel
    // SG-COUNT-2: gpu.shuffle  xor
    // SG-NOT: gpu.barrier
    // SG: gpu.return
    gpu.func @row_max_back(%X: memref<2x8xf32>, %Y: memref<2x8xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %x = tile.load %X[%c0, %c0] in_bounds : memref<2x8xf32> -> tensor<2x8xf32, #in>
      %m = tile.reduce max %x axis 1 : tensor<2x8xf32, #in> -> tensor<2xf32, #out>
      %b = tile.broadcast %m dims [1] : tensor<2xf32, #out> -> tensor<2x8xf32, #in>
      %d = arith.subf %x, %b : tensor<2x8xf32, #in>
      tile.store %d, %Y[%c0, %c0] in_bounds : tensor<2x8xf32, #in> -> memref<2x8xf32>
      gpu.return
    }

    // 64 partials a row (64 threads along it, no subgroups) are combined in two rounds: the first
    // 8 threads each combine 8 of them into a second buffer, then every thread reads those 8
    // (16 loads a thread, not 64; one barrier more).
    // MEM-LABEL: gpu.func @wide_row_sum
    // MEM-SAME: workgroup(%[[P:.*]] : memref<64xf32, #gpu.address_space<workgroup>>, %[[Q:.*]] : memref<8xf32, #gpu.address_space<workgroup>>)
    // MEM: memref.store %{{.*}}, %[[P]][%[[G:.*]]]
    // MEM-NEXT: gpu.barrier
    // MEM: %[[FIRST:.*]] = arith.cmpi ult, %[[G]], %c8
    // MEM-NEXT: scf.if %[[FIRST]] {
    // MEM-COUNT-2: vector.load %[[P]][
    // MEM: memref.store %{{.*}}, %[[Q]][%[[G]]]
    // MEM-NEXT: }
    // MEM-NEXT: gpu.barrier
    // MEM-COUNT-2: vector.load %[[Q]][
    // MEM-NOT: load
    // MEM: gpu.return
    // SG-LABEL: gpu.func @wide_row_sum
    // SG-NOT: scf.if
    // SG: gpu.return
    gpu.func @wide_row_sum(%X: memref<128xf32>, %Y: memref<1xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %x = tile.load %X[%c0] in_bounds : memref<128xf32> -> tensor<128xf32, #wide>
      %s = tile.reduce add %x axis 0 : tensor<128xf32, #wide> -> f32
      memref.store %s, %Y[%c0] : memref<1xf32>
      gpu.return
    }
  }
}
