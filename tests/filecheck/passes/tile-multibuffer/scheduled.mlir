// Buffers of scheduled loops: num-buffers=0 (the default) gives what the schedule needs; a
// larger count is taken; fewer is an error (errors.mlir).
// RUN: tile-opt %s -p tile-multibuffer --allow-unregistered-dialect | FileCheck %s --check-prefix=SCHED
// RUN: tile-opt %s -p 'tile-multibuffer{num-buffers=3}' --allow-unregistered-dialect | FileCheck %s --check-prefix=N3

#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {

// A scheduled loop: copies in stage 0, loads in stage 2, so the copy of iteration i+2 is issued
// while iteration i's tiles are still to be read: 3 buffers (num-buffers=0). Each slot
// computation takes its user's stage, ordered right before it (later orders move up).
// SCHED-LABEL: gpu.func @scheduled(
// SCHED:         %[[C16:.*]] = arith.constant 16 : index
// SCHED-NEXT:    %[[BA:.*]] = tile.alloc : memref<3x32x16xf16, #gpu.address_space<workgroup>>
// SCHED-NEXT:    %[[BB:.*]] = tile.alloc : memref<3x16x32xf16, #gpu.address_space<workgroup>>
// SCHED-NEXT:    %[[N:.*]] = arith.constant 3 : index
// SCHED-NEXT:    scf.for %[[K:[^ ]*]] =
// SCHED-NEXT:      %[[Q0:.*]] = arith.divui %[[K]], %[[C16]] {tile.order = 0 : i64, tile.stage = 0 : i64} : index
// SCHED-NEXT:      %[[S0:.*]] = arith.remui %[[Q0]], %[[N]] {tile.order = 1 : i64, tile.stage = 0 : i64} : index
// SCHED-NEXT:      async.copy %{{.*}}, %[[BA]][%[[S0]], {{.*}} {tile.order = 2 : i64, tile.stage = 0 : i64}
// SCHED-NEXT:      arith.divui {{.*}} {tile.order = 3 : i64, tile.stage = 0 : i64}
// SCHED-NEXT:      arith.remui {{.*}} {tile.order = 4 : i64, tile.stage = 0 : i64}
// SCHED-NEXT:      async.copy %{{.*}}, %[[BB]][{{.*}} {tile.order = 5 : i64, tile.stage = 0 : i64}
// SCHED-NEXT:      async.commit {{.*}} {tile.order = 6 : i64, tile.stage = 0 : i64}
// SCHED-NEXT:      async.wait 0 for {{.*}} {tile.order = 7 : i64, tile.stage = 2 : i64}
// SCHED-NEXT:      arith.divui {{.*}} {tile.order = 8 : i64, tile.stage = 2 : i64}
// SCHED-NEXT:      arith.remui {{.*}} {tile.order = 9 : i64, tile.stage = 2 : i64}
// SCHED-NEXT:      tile.load %[[BA]]{{.*}} {tile.order = 10 : i64, tile.stage = 2 : i64}
// SCHED-NEXT:      arith.divui {{.*}} {tile.order = 11 : i64, tile.stage = 2 : i64}
// SCHED-NEXT:      arith.remui {{.*}} {tile.order = 12 : i64, tile.stage = 2 : i64}
// SCHED-NEXT:      tile.load %[[BB]]{{.*}} {tile.order = 13 : i64, tile.stage = 2 : i64}
// SCHED-NEXT:      tile.dot {{.*}} {tile.order = 14 : i64, tile.stage = 2 : i64}
// N3-LABEL:    gpu.func @scheduled(
// N3:            tile.alloc : memref<3x32x16xf16, #gpu.address_space<workgroup>>
// N3-NEXT:       tile.alloc : memref<3x16x32xf16, #gpu.address_space<workgroup>>
    gpu.func @scheduled(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %K: index, %m0: index, %n0: index, %init: tensor<32x32xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %bufA = tile.alloc : memref<32x16xf16, #wg>
      %bufB = tile.alloc : memref<16x32xf16, #wg>
      %r = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %init) -> (tensor<32x32xf32>) {
        %ta = async.copy %A[%m0, %k], %bufA[%c0, %c0] shape [32, 16] masked {tile.stage = 0, tile.order = 0} : memref<?x?xf16> to memref<32x16xf16, #wg>
        %tb = async.copy %B[%k, %n0], %bufB[%c0, %c0] shape [16, 32] masked {tile.stage = 0, tile.order = 1} : memref<?x?xf16> to memref<16x32xf16, #wg>
        %g = async.commit %ta, %tb {tile.stage = 0, tile.order = 2}
        async.wait 0 for %g {tile.stage = 2, tile.order = 3}
        %a = tile.load %bufA[%c0, %c0] in_bounds {tile.stage = 2, tile.order = 4} : memref<32x16xf16, #wg> -> tensor<32x16xf16>
        %b = tile.load %bufB[%c0, %c0] in_bounds {tile.stage = 2, tile.order = 5} : memref<16x32xf16, #wg> -> tensor<16x32xf16>
        %d = tile.dot %a, %b, %acc {tile.stage = 2, tile.order = 6} : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
        scf.yield %d : tensor<32x32xf32>
      }
      "test.use"(%r) : (tensor<32x32xf32>) -> ()
      gpu.return
    }

// Written after it is read in the same time slot (by tile.order), one stage later: the write of
// iteration i+1 comes after the read of iteration i, so one buffer is enough (and the buffer is left as it is).
// SCHED-LABEL: gpu.func @write_after_read(
// SCHED:         tile.alloc : memref<4x64xf32, #gpu.address_space<workgroup>>
// SCHED-NOT:     arith.constant 1 : index
// N3-LABEL:    gpu.func @write_after_read(
// N3:            tile.alloc : memref<3x4x64xf32, #gpu.address_space<workgroup>>
    gpu.func @write_after_read(%X: memref<?x?xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %buf = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c0 to %N step %c1 {
        %t = async.copy %X[%i, %c0], %buf[%c0, %c0] shape [4, 64] masked {tile.stage = 0, tile.order = 2} : memref<?x?xf32> to memref<4x64xf32, #wg>
        %g = async.commit %t {tile.stage = 0, tile.order = 3}
        async.wait 0 for %g {tile.stage = 1, tile.order = 0}
        %x = tile.load %buf[%c0, %c0] in_bounds {tile.stage = 1, tile.order = 1} : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        "test.use"(%x) {tile.stage = 1, tile.order = 4} : (tensor<4x64xf32>) -> ()
      }
      gpu.return
    }

  }
}
