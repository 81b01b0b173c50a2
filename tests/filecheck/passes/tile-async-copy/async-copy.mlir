// RUN: tile-opt %s -p tile-async-copy --allow-unregistered-dialect | FileCheck %s

#acc = #tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>
module attributes {gpu.container_module} {
  gpu.module @kernels {

// The K loop of a matmul: both loads have their indices before the first, so they are copied as
// one group, waited for at once, and read back from their buffers (the result keeps its
// encoding). A zero padding is what a masked copy fills with.
// CHECK-LABEL: gpu.func @matmul(
// CHECK-SAME:      %[[A:[^:]*]]: memref<?x?xf32>, %[[B:[^:]*]]: memref<?x?xf32>, %{{[^:]*}}: memref<?x?xf32>, %[[K:[^:]*]]: index, %[[M0:[^:]*]]: index, %[[N0:[^:]*]]: index)
// CHECK:         %[[INIT:.*]] = tile.splat
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BUFA:.*]] = tile.alloc : memref<32x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[BUFB:.*]] = tile.alloc : memref<16x32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    scf.for %[[KK:.*]] = %{{.*}} to %[[K]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]])
// CHECK-NEXT:      %[[TA:.*]] = async.copy %[[A]][%[[M0]], %[[KK]]], %[[BUFA]][%[[C0]], %[[C0]]] shape [32, 16] masked : memref<?x?xf32> to memref<32x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      %[[TB:.*]] = async.copy %[[B]][%[[KK]], %[[N0]]], %[[BUFB]][%[[C0]], %[[C0]]] shape [16, 32] masked : memref<?x?xf32> to memref<16x32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      %[[G:.*]] = async.commit %[[TA]], %[[TB]]
// CHECK-NEXT:      async.wait 0 for %[[G]]
// CHECK-NEXT:      %[[LA:.*]] = tile.load %[[BUFA]][%[[C0]], %[[C0]]] in_bounds : memref<32x16xf32, #gpu.address_space<workgroup>> -> tensor<32x16xf32>
// CHECK-NEXT:      %[[LB:.*]] = tile.load %[[BUFB]][%[[C0]], %[[C0]]] in_bounds : memref<16x32xf32, #gpu.address_space<workgroup>> -> tensor<16x32xf32, #tile.blocked<{{.*}}>>
// CHECK-NEXT:      %[[D:.*]] = tile.dot %[[LA]], %[[LB]], %[[ACC]]
// CHECK-NEXT:      scf.yield %[[D]]
// CHECK-NEXT:    }
    gpu.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %K: index, %m0: index, %n0: index) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<32x32xf32, #acc>
      %acc = scf.for %k = %c0 to %K step %c16 iter_args(%a = %init) -> (tensor<32x32xf32, #acc>) {
        %ta = tile.load %A[%m0, %k] : memref<?x?xf32> -> tensor<32x16xf32>
        %tb = tile.load %B[%k, %n0] padding(0.0 : f32) : memref<?x?xf32> -> tensor<16x32xf32, #acc>
        %d = tile.dot %ta, %tb, %a : tensor<32x16xf32>, tensor<16x32xf32, #acc> -> tensor<32x32xf32, #acc>
        scf.yield %d : tensor<32x32xf32, #acc>
      }
      tile.store %acc, %C[%m0, %n0] : tensor<32x32xf32, #acc> -> memref<?x?xf32>
      gpu.return
    }

// An in_bounds load gives an unmasked copy. Left alone: loads outside a loop, with a non-zero
// padding (-0.0 included), of workgroup memory, and not directly in the loop body.
// CHECK-LABEL: gpu.func @kept(
// CHECK-SAME:      %[[A:[^:]*]]: memref<?x?xf32>, %[[W:[^:]*]]: memref<8x64xf32, #gpu.address_space<workgroup>>
// CHECK:         tile.load %[[A]][%{{.*}}] : memref<?x?xf32> -> tensor<8x64xf32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BUF:.*]] = tile.alloc : memref<8x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    scf.for %[[J:[^ ]*]] =
// CHECK-NEXT:      %[[T:.*]] = async.copy %[[A]][%{{.*}}, %[[J]]], %[[BUF]][%[[C0]], %[[C0]]] shape [8, 64] : memref<?x?xf32> to memref<8x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      %[[G:.*]] = async.commit %[[T]]
// CHECK-NEXT:      async.wait 0 for %[[G]]
// CHECK-NEXT:      tile.load %[[BUF]][%[[C0]], %[[C0]]] in_bounds
// CHECK-NEXT:      tile.load %[[A]][%{{.*}}, %[[J]]] padding(1.000000e+00 : f32)
// CHECK-NEXT:      tile.load %[[A]][%{{.*}}, %[[J]]] padding(-0.000000e+00 : f32)
// CHECK-NEXT:      tile.load %[[W]]
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        tile.load %[[A]][%{{.*}}, %[[J]]] : memref<?x?xf32> -> tensor<8x64xf32>
// CHECK-NOT:     async.copy
// CHECK:         gpu.return
    gpu.func @kept(%A: memref<?x?xf32>, %W: memref<8x64xf32, #gpu.address_space<workgroup>>, %N: index, %p: i1) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %outside = tile.load %A[%c0, %c0] : memref<?x?xf32> -> tensor<8x64xf32>
      scf.for %j = %c0 to %N step %c64 {
        %a = tile.load %A[%c0, %j] in_bounds : memref<?x?xf32> -> tensor<8x64xf32>
        %b = tile.load %A[%c0, %j] padding(1.0 : f32) : memref<?x?xf32> -> tensor<8x64xf32>
        %c = tile.load %A[%c0, %j] padding(-0.0 : f32) : memref<?x?xf32> -> tensor<8x64xf32>
        %w = tile.load %W[%c0, %c0] : memref<8x64xf32, #gpu.address_space<workgroup>> -> tensor<8x64xf32>
        scf.if %p {
          %n = tile.load %A[%c0, %j] : memref<?x?xf32> -> tensor<8x64xf32>
          tile.store %n, %A[%c0, %j] : tensor<8x64xf32> -> memref<?x?xf32>
        }
        %s = arith.addf %a, %b : tensor<8x64xf32>
        %t = arith.addf %c, %w : tensor<8x64xf32>
        %u = arith.addf %s, %t : tensor<8x64xf32>
        tile.store %u, %A[%c0, %j] : tensor<8x64xf32> -> memref<?x?xf32>
      }
      %v = arith.addf %outside, %outside : tensor<8x64xf32>
      tile.store %v, %A[%c0, %c0] : tensor<8x64xf32> -> memref<?x?xf32>
      gpu.return
    }

// A load whose index is made after the first load starts a new group (the next load joins it);
// so does a load after a store, which the copy must not overtake.
// CHECK-LABEL: gpu.func @groups(
// CHECK-SAME:      %[[X:[^:]*]]: memref<?x?xf32>, %[[Y:[^:]*]]: memref<?x?xf32>, %[[Z:[^:]*]]: memref<?x?xf32>
// CHECK:         arith.constant 64 : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BX:.*]] = tile.alloc
// CHECK-NEXT:    %[[BY:.*]] = tile.alloc
// CHECK-NEXT:    %[[BX2:.*]] = tile.alloc
// CHECK-NEXT:    %[[BZ:.*]] = tile.alloc
// CHECK-NEXT:    scf.for %[[J:[^ ]*]] =
// CHECK-NEXT:      %[[T0:.*]] = async.copy %[[X]][%{{.*}}, %[[J]]], %[[BX]]
// CHECK-NEXT:      %[[G0:.*]] = async.commit %[[T0]]
// CHECK-NEXT:      async.wait 0 for %[[G0]]
// CHECK-NEXT:      %[[LX:.*]] = tile.load %[[BX]]
// CHECK-NEXT:      %[[J2:.*]] = arith.addi %[[J]]
// CHECK-NEXT:      %[[T1:.*]] = async.copy %[[Y]][%{{.*}}, %[[J2]]], %[[BY]]
// CHECK-NEXT:      %[[T2:.*]] = async.copy %[[X]][%{{.*}}, %[[J2]]], %[[BX2]]
// CHECK-NEXT:      %[[G1:.*]] = async.commit %[[T1]], %[[T2]]
// CHECK-NEXT:      async.wait 0 for %[[G1]]
// CHECK-NEXT:      %[[LY:.*]] = tile.load %[[BY]]
// CHECK-NEXT:      %[[LX2:.*]] = tile.load %[[BX2]]
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[LX]], %[[LY]]
// CHECK-NEXT:      tile.store %[[S]], %[[Z]][%{{.*}}, %[[J]]]
// CHECK-NEXT:      %[[T3:.*]] = async.copy %[[Z]][%{{.*}}, %[[J]]], %[[BZ]]
// CHECK-NEXT:      %[[G2:.*]] = async.commit %[[T3]]
// CHECK-NEXT:      async.wait 0 for %[[G2]]
// CHECK-NEXT:      %[[LZ:.*]] = tile.load %[[BZ]]
// CHECK-NEXT:      arith.addf %[[LZ]], %[[LX2]]
    gpu.func @groups(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      scf.for %j = %c0 to %N step %c64 {
        %x = tile.load %X[%c0, %j] : memref<?x?xf32> -> tensor<4x64xf32>
        %j2 = arith.addi %j, %c64 : index
        %y = tile.load %Y[%c0, %j2] : memref<?x?xf32> -> tensor<4x64xf32>
        %x2 = tile.load %X[%c0, %j2] : memref<?x?xf32> -> tensor<4x64xf32>
        %s = arith.addf %x, %y : tensor<4x64xf32>
        tile.store %s, %Z[%c0, %j] : tensor<4x64xf32> -> memref<?x?xf32>
        %z = tile.load %Z[%c0, %j] : memref<?x?xf32> -> tensor<4x64xf32>
        %t = arith.addf %z, %x2 : tensor<4x64xf32>
        tile.store %t, %Z[%c0, %j] : tensor<4x64xf32> -> memref<?x?xf32>
      }
      gpu.return
    }

// A tile of lower rank than the memref: the leading indices pick the slice, the buffer has the
// tile's shape.
// CHECK-LABEL: gpu.func @rank_reduced(
// CHECK-SAME:      %[[A:[^:]*]]: memref<?x?x?xf16>
// CHECK:         arith.constant 1 : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BUF:.*]] = tile.alloc : memref<32xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    scf.for %[[I:[^ ]*]] =
// CHECK-NEXT:      %[[T:.*]] = async.copy %[[A]][%[[I]], %{{.*}}, %{{.*}}], %[[BUF]][%[[C0]]] shape [32] masked : memref<?x?x?xf16> to memref<32xf16, #gpu.address_space<workgroup>>
// CHECK:           tile.load %[[BUF]][%[[C0]]] in_bounds : memref<32xf16, #gpu.address_space<workgroup>> -> tensor<32xf16>
    gpu.func @rank_reduced(%A: memref<?x?x?xf16>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %r = scf.for %i = %c0 to %N step %c1 iter_args(%acc = %c0) -> (index) {
        %row = tile.load %A[%i, %c0, %c0] : memref<?x?x?xf16> -> tensor<32xf16>
        "test.use"(%row) : (tensor<32xf16>) -> ()
        scf.yield %acc : index
      }
      gpu.return
    }

// A scheduled loop: the copies, commit and wait take the first load's stage, ordered before it
// (later orders move up); each load of a buffer takes the place of the load it replaces.
// CHECK-LABEL: gpu.func @scheduled(
// CHECK:         scf.for
// CHECK-NEXT:      async.copy {{.*}} masked {tile.order = 0 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      async.copy {{.*}} masked {tile.order = 1 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      async.commit {{.*}} {tile.order = 2 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      async.wait 0 for {{.*}} {tile.order = 3 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      tile.load {{.*}} in_bounds {tile.order = 4 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      tile.load {{.*}} in_bounds {tile.order = 5 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      tile.dot {{.*}} {tile.order = 6 : i64, tile.stage = 1 : i64}
    gpu.func @scheduled(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %K: index, %m0: index, %n0: index, %init: tensor<32x32xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %r = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %init) -> (tensor<32x32xf32>) {
        %a = tile.load %A[%m0, %k] {tile.stage = 0, tile.order = 0} : memref<?x?xf16> -> tensor<32x16xf16>
        %b = tile.load %B[%k, %n0] {tile.stage = 0, tile.order = 1} : memref<?x?xf16> -> tensor<16x32xf16>
        %d = tile.dot %a, %b, %acc {tile.stage = 1, tile.order = 2} : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
        scf.yield %d : tensor<32x32xf32>
      }
      "test.use"(%r) : (tensor<32x32xf32>) -> ()
      gpu.return
    }

// Loads in different stages are copied in different groups, each in its load's stage.
// CHECK-LABEL: gpu.func @stages(
// CHECK:         scf.for
// CHECK-NEXT:      async.copy {{.*}} {tile.stage = 0 : i64}
// CHECK-NEXT:      async.commit {{.*}} {tile.stage = 0 : i64}
// CHECK-NEXT:      async.wait 0 for {{.*}} {tile.stage = 0 : i64}
// CHECK-NEXT:      tile.load {{.*}} {tile.stage = 0 : i64}
// CHECK-NEXT:      async.copy {{.*}} {tile.stage = 1 : i64}
// CHECK-NEXT:      async.commit {{.*}} {tile.stage = 1 : i64}
// CHECK-NEXT:      async.wait 0 for {{.*}} {tile.stage = 1 : i64}
// CHECK-NEXT:      tile.load {{.*}} {tile.stage = 1 : i64}
// CHECK-NEXT:      tile.dot {{.*}} {tile.stage = 2 : i64}
    gpu.func @stages(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %K: index, %m0: index, %n0: index, %init: tensor<32x32xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %r = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %init) -> (tensor<32x32xf32>) {
        %a = tile.load %A[%m0, %k] {tile.stage = 0} : memref<?x?xf16> -> tensor<32x16xf16>
        %b = tile.load %B[%k, %n0] {tile.stage = 1} : memref<?x?xf16> -> tensor<16x32xf16>
        %d = tile.dot %a, %b, %acc {tile.stage = 2} : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
        scf.yield %d : tensor<32x32xf32>
      }
      "test.use"(%r) : (tensor<32x32xf32>) -> ()
      gpu.return
    }

// A load emitted before the first one (by tile.order) is not copied with it: each group is
// emitted before its loads.
// CHECK-LABEL: gpu.func @reordered(
// CHECK-SAME:      %[[A:[^:]*]]: memref<?x?xf16>, %[[B:[^:]*]]: memref<?x?xf16>
// CHECK:         scf.for
// CHECK-NEXT:      async.copy %[[A]]{{.*}} {tile.order = 4 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      async.commit {{.*}} {tile.order = 5 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      async.wait 0 for {{.*}} {tile.order = 6 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      tile.load {{.*}} {tile.order = 7 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      async.copy %[[B]]{{.*}} {tile.order = 0 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      async.commit {{.*}} {tile.order = 1 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      async.wait 0 for {{.*}} {tile.order = 2 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      tile.load {{.*}} {tile.order = 3 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      tile.dot {{.*}} {tile.order = 8 : i64, tile.stage = 1 : i64}
    gpu.func @reordered(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %K: index, %m0: index, %n0: index, %init: tensor<32x32xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %r = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %init) -> (tensor<32x32xf32>) {
        %a = tile.load %A[%m0, %k] {tile.stage = 0, tile.order = 1} : memref<?x?xf16> -> tensor<32x16xf16>
        %b = tile.load %B[%k, %n0] {tile.stage = 0, tile.order = 0} : memref<?x?xf16> -> tensor<16x32xf16>
        %d = tile.dot %a, %b, %acc {tile.stage = 1, tile.order = 2} : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
        scf.yield %d : tensor<32x32xf32>
      }
      "test.use"(%r) : (tensor<32x32xf32>) -> ()
      gpu.return
    }

// Nested loops: each loop's own loads get buffers before it. The inner loop's buffer and index
// constant go into the (scheduled) outer body, in the inner loop's stage.
// CHECK-LABEL: gpu.func @nested(
// CHECK-SAME:      %[[X:[^:]*]]: memref<?x?xf32>
// CHECK:         arith.constant 64 : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BROW:.*]] = tile.alloc : memref<4x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    scf.for %[[I:[^ ]*]] =
// CHECK-NEXT:      %[[T:.*]] = async.copy %[[X]][%[[I]], %{{.*}}], %[[BROW]][%[[C0]], %[[C0]]] {{.*}} {tile.order = 0 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      %[[G:.*]] = async.commit %[[T]] {tile.order = 1 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      async.wait 0 for %[[G]] {tile.order = 2 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      %[[ROW:.*]] = tile.load %[[BROW]]{{.*}} {tile.order = 3 : i64, tile.stage = 0 : i64}
// CHECK-NEXT:      %[[C0I:.*]] = arith.constant {tile.order = 4 : i64, tile.stage = 1 : i64} 0 : index
// CHECK-NEXT:      %[[BX:.*]] = tile.alloc {tile.order = 5 : i64, tile.stage = 1 : i64} : memref<4x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      scf.for %[[J:[^ ]*]] =
// CHECK-NEXT:        %[[TX:.*]] = async.copy %[[X]][%[[I]], %[[J]]], %[[BX]][%[[C0I]], %[[C0I]]] shape [4, 64] masked :
// CHECK-NEXT:        %[[GX:.*]] = async.commit %[[TX]]{{$}}
// CHECK-NEXT:        async.wait 0 for %[[GX]]{{$}}
// CHECK-NEXT:        %[[LX:.*]] = tile.load %[[BX]][%[[C0I]], %[[C0I]]] in_bounds :
// CHECK-NEXT:        arith.addf %[[LX]], %[[ROW]]
// CHECK-NEXT:        tile.store
// CHECK-NEXT:      } {tile.order = 6 : i64, tile.stage = 1 : i64}
    gpu.func @nested(%X: memref<?x?xf32>, %M: index, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      scf.for %i = %c0 to %M step %c4 {
        %row = tile.load %X[%i, %c0] {tile.stage = 0, tile.order = 0} : memref<?x?xf32> -> tensor<4x64xf32>
        scf.for %j = %c0 to %N step %c64 {
          %x = tile.load %X[%i, %j] : memref<?x?xf32> -> tensor<4x64xf32>
          %s = arith.addf %x, %row : tensor<4x64xf32>
          tile.store %s, %X[%i, %j] : tensor<4x64xf32> -> memref<?x?xf32>
        } {tile.stage = 1, tile.order = 1}
      }
      gpu.return
    }
  }

// Loops outside kernels are left alone.
// CHECK-LABEL: func.func @host(
// CHECK-NOT:     async.copy
// CHECK:         return
  func.func @host(%A: memref<?x?xf32>, %N: index) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    scf.for %j = %c0 to %N step %c64 {
      %a = tile.load %A[%c0, %j] : memref<?x?xf32> -> tensor<8x64xf32>
      tile.store %a, %A[%c0, %j] : tensor<8x64xf32> -> memref<?x?xf32>
    }
    return
  }
}
