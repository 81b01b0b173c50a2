// RUN: tile-opt %s -p 'tile-multibuffer{num-buffers=2}' --allow-unregistered-dialect | FileCheck %s
// Without a schedule, the default (num-buffers=0: what the schedule needs) leaves buffers alone.
// RUN: tile-opt %s -p tile-multibuffer --allow-unregistered-dialect | FileCheck %s --check-prefix=DEFAULT
// RUN: tile-opt %s -p 'tile-multibuffer{num-buffers=3}' --allow-unregistered-dialect | FileCheck %s --check-prefix=N3

#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {

// A buffer written (async.copy) and read (tile.load) in each iteration gets a leading dimension
// of N slots (2 here); each access uses slot iv mod N when lb = 0 and step = 1,
// computed right before it.
// DEFAULT-LABEL: gpu.func @unit_step(
// DEFAULT: tile.alloc : memref<4x64xf32, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @unit_step(
// CHECK-SAME:      %[[X:[^:]*]]: memref<?x?xf32>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[BUF:.*]] = tile.alloc : memref<2x4x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[N:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %{{.*}} step %[[C1]] {
// CHECK-NEXT:      %[[S0:.*]] = arith.remui %[[I]], %[[N]] : index
// CHECK-NEXT:      %[[T:.*]] = async.copy %[[X]][%[[I]], %[[C0]]], %[[BUF]][%[[S0]], %[[C0]], %[[C0]]] shape [4, 64] masked : memref<?x?xf32> to memref<2x4x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      %[[G:.*]] = async.commit %[[T]]
// CHECK-NEXT:      async.wait 0 for %[[G]]
// CHECK-NEXT:      %[[S1:.*]] = arith.remui %[[I]], %[[N]] : index
// CHECK-NEXT:      %[[V:.*]] = tile.load %[[BUF]][%[[S1]], %[[C0]], %[[C0]]] in_bounds : memref<2x4x64xf32, #gpu.address_space<workgroup>> -> tensor<4x64xf32>
// CHECK-NEXT:      tile.store %[[V]]
// CHECK-NEXT:    }
// N3-LABEL:    gpu.func @unit_step(
// N3:            %[[BUF:.*]] = tile.alloc : memref<3x4x64xf32, #gpu.address_space<workgroup>>
// N3-NEXT:       %[[N:.*]] = arith.constant 3 : index
// N3-NEXT:       scf.for %[[I:[^ ]*]] =
// N3-NEXT:         %[[S0:.*]] = arith.remui %[[I]], %[[N]] : index
// N3-NEXT:         async.copy %{{.*}}, %[[BUF]][%[[S0]], %{{.*}}, %{{.*}}] shape [4, 64] masked : memref<?x?xf32> to memref<3x4x64xf32, #gpu.address_space<workgroup>>
    gpu.func @unit_step(%X: memref<?x?xf32>, %Z: memref<?x?xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %buf = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c0 to %N step %c1 {
        %t = async.copy %X[%i, %c0], %buf[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
        %g = async.commit %t
        async.wait 0 for %g
        %x = tile.load %buf[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        tile.store %x, %Z[%i, %c0] : tensor<4x64xf32> -> memref<?x?xf32>
      }
      gpu.return
    }

// Other bounds: the slot is ((iv - lb) divui step) remui N, with constant or dynamic lb and step.
// CHECK-LABEL: gpu.func @bounds(
// CHECK-SAME:      %{{[^:]*}}: memref<?x?xf32>, %{{[^:]*}}: memref<?x?xf32>, %[[LB:[^:]*]]: index, %{{[^:]*}}: index, %[[STEP:[^:]*]]: index)
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[BUF:.*]] = tile.alloc : memref<2x4x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[N:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C4]] to %{{.*}} step %[[C3]] {
// CHECK-NEXT:      %[[D:.*]] = arith.subi %[[I]], %[[C4]] : index
// CHECK-NEXT:      %[[Q:.*]] = arith.divui %[[D]], %[[C3]] : index
// CHECK-NEXT:      %[[S:.*]] = arith.remui %[[Q]], %[[N]] : index
// CHECK-NEXT:      async.copy %{{.*}}, %[[BUF]][%[[S]], %{{.*}}, %{{.*}}]
// CHECK:           arith.subi %[[I]], %[[C4]] : index
// CHECK-NEXT:      arith.divui
// CHECK-NEXT:      %[[S1:.*]] = arith.remui
// CHECK-NEXT:      tile.load %[[BUF]][%[[S1]],
// CHECK:         %[[BUF2:.*]] = tile.alloc : memref<2x4x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[N2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[J:.*]] = %[[LB]] to %{{.*}} step %[[STEP]] {
// CHECK-NEXT:      %[[D:.*]] = arith.subi %[[J]], %[[LB]] : index
// CHECK-NEXT:      %[[Q:.*]] = arith.divui %[[D]], %[[STEP]] : index
// CHECK-NEXT:      %[[S:.*]] = arith.remui %[[Q]], %[[N2]] : index
// CHECK-NEXT:      async.copy %{{.*}}, %[[BUF2]][%[[S]], %{{.*}}, %{{.*}}]
    gpu.func @bounds(%X: memref<?x?xf32>, %Z: memref<?x?xf32>, %lb: index, %N: index, %step: index) kernel {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %buf = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c4 to %N step %c3 {
        %t = async.copy %X[%i, %c0], %buf[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
        %g = async.commit %t
        async.wait 0 for %g
        %x = tile.load %buf[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        tile.store %x, %Z[%i, %c0] : tensor<4x64xf32> -> memref<?x?xf32>
      }
      %buf2 = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %lb to %N step %step {
        %t = async.copy %X[%i, %c0], %buf2[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
        %g = async.commit %t
        async.wait 0 for %g
        %x = tile.load %buf2[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        tile.store %x, %Z[%i, %c0] : tensor<4x64xf32> -> memref<?x?xf32>
      }
      gpu.return
    }

// A #tile.shared layout stays on the buffer (it now applies to the trailing dimensions); stores
// count as writes, and memref.load/store accesses are indexed too. Two buffers of one loop share
// the constant N.
// CHECK-LABEL: gpu.func @layout_and_scalars(
// CHECK-SAME:      %{{[^:]*}}: memref<?x?xf32>, %{{[^:]*}}: index, %[[V:[^:]*]]: tensor<32x16xf16>)
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[BUF:.*]] = tile.alloc layout #tile.shared<vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]> : memref<2x32x16xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[SBUF:.*]] = tile.alloc : memref<2x8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[N:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:[^ ]*]] =
// CHECK-NEXT:      %[[S0:.*]] = arith.remui %[[I]], %[[N]] : index
// CHECK-NEXT:      tile.store %[[V]], %[[BUF]][%[[S0]], %{{.*}}, %{{.*}}] : tensor<32x16xf16> -> memref<2x32x16xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:      %[[S1:.*]] = arith.remui %[[I]], %[[N]] : index
// CHECK-NEXT:      tile.load %[[BUF]][%[[S1]], %{{.*}}, %{{.*}}] : memref<2x32x16xf16, #gpu.address_space<workgroup>> -> tensor<32x16xf16>
// CHECK-NEXT:      %[[F:.*]] = arith.constant 1.0
// CHECK-NEXT:      %[[S2:.*]] = arith.remui %[[I]], %[[N]] : index
// CHECK-NEXT:      memref.store %[[F]], %[[SBUF]][%[[S2]], %[[C1]]] : memref<2x8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      %[[S3:.*]] = arith.remui %[[I]], %[[N]] : index
// CHECK-NEXT:      memref.load %[[SBUF]][%[[S3]], %[[C1]]] : memref<2x8xf32, #gpu.address_space<workgroup>>
    gpu.func @layout_and_scalars(%Z: memref<?x?xf32>, %N: index, %v: tensor<32x16xf16>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %buf = tile.alloc layout #tile.shared<vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]> : memref<32x16xf16, #wg>
      %sbuf = tile.alloc : memref<8xf32, #wg>
      scf.for %i = %c0 to %N step %c1 {
        tile.store %v, %buf[%c0, %c0] : tensor<32x16xf16> -> memref<32x16xf16, #wg>
        %x = tile.load %buf[%c0, %c0] : memref<32x16xf16, #wg> -> tensor<32x16xf16>
        %f = arith.constant 1.0 : f32
        memref.store %f, %sbuf[%c1] : memref<8xf32, #wg>
        %s = memref.load %sbuf[%c1] : memref<8xf32, #wg>
        "test.use"(%x, %s) : (tensor<32x16xf16>, f32) -> ()
      }
      gpu.return
    }

// A loop over i32: the slot is computed in i32 and cast to index.
// CHECK-LABEL: gpu.func @i32_loop(
// CHECK-SAME:      %{{[^:]*}}: memref<?x?xf32>, %[[LB:[^:]*]]: i32, %{{[^:]*}}: i32, %[[STEP:[^:]*]]: i32)
// CHECK:         %[[BUF:.*]] = tile.alloc : memref<2x4x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[N:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[LB]] to %{{.*}} step %[[STEP]] {{ *}}: i32 {
// CHECK-NEXT:      %[[D:.*]] = arith.subi %[[I]], %[[LB]] : i32
// CHECK-NEXT:      %[[Q:.*]] = arith.divui %[[D]], %[[STEP]] : i32
// CHECK-NEXT:      %[[R:.*]] = arith.remui %[[Q]], %[[N]] : i32
// CHECK-NEXT:      %[[S:.*]] = arith.index_cast %[[R]] : i32 to index
// CHECK-NEXT:      async.copy %{{.*}}, %[[BUF]][%[[S]], %{{.*}}, %{{.*}}]
    gpu.func @i32_loop(%X: memref<?x?xf32>, %lb: i32, %ub: i32, %step: i32) kernel {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %lb to %ub step %step : i32 {
        %t = async.copy %X[%c0, %c0], %buf[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
        %g = async.commit %t
        async.wait 0 for %g
        %x = tile.load %buf[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        "test.use"(%x) : (tensor<4x64xf32>) -> ()
      }
      gpu.return
    }

// Nested loops: each buffer is multibuffered over the innermost loop holding all its uses
// (uses nested deeper, here in an scf.if, compute the slot where they are).
// CHECK-LABEL: gpu.func @nested(
// CHECK:         %[[INNER:.*]] = tile.alloc : memref<2x4x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[OUTER:.*]] = tile.alloc : memref<2x4x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[N:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[I:[^ ]*]] =
// CHECK-NEXT:      %[[SO:.*]] = arith.remui %[[I]], %[[N]] : index
// CHECK-NEXT:      async.copy %{{.*}}, %[[OUTER]][%[[SO]],
// CHECK-NEXT:      async.commit
// CHECK-NEXT:      async.wait 0
// CHECK-NEXT:      %[[NI:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[J:[^ ]*]] =
// CHECK-NEXT:        %[[SI:.*]] = arith.remui %[[J]], %[[NI]] : index
// CHECK-NEXT:        async.copy %{{.*}}, %[[INNER]][%[[SI]],
// CHECK-NEXT:        async.commit
// CHECK-NEXT:        async.wait 0
// CHECK-NEXT:        scf.if
// CHECK-NEXT:          %[[SI2:.*]] = arith.remui %[[J]], %[[NI]] : index
// CHECK-NEXT:          tile.load %[[INNER]][%[[SI2]],
// CHECK-NEXT:          %[[SO2:.*]] = arith.remui %[[I]], %[[N]] : index
// CHECK-NEXT:          tile.load %[[OUTER]][%[[SO2]],
    gpu.func @nested(%X: memref<?x?xf32>, %M: index, %N: index, %p: i1) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %inner = tile.alloc : memref<4x64xf32, #wg>
      %outer = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c0 to %M step %c1 {
        %t = async.copy %X[%i, %c0], %outer[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
        %g = async.commit %t
        async.wait 0 for %g
        scf.for %j = %c0 to %N step %c1 {
          %u = async.copy %X[%i, %j], %inner[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
          %h = async.commit %u
          async.wait 0 for %h
          scf.if %p {
            %x = tile.load %inner[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
            %y = tile.load %outer[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
            "test.use"(%x, %y) : (tensor<4x64xf32>, tensor<4x64xf32>) -> ()
          }
        }
      }
      gpu.return
    }

// Left alone: a buffer only read in the loop, one used by no loop, one allocated inside the loop.
// CHECK-LABEL: gpu.func @skipped(
// CHECK-NOT:     arith.remui
// CHECK:         gpu.return
    gpu.func @skipped(%X: memref<?x?xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %read_only = tile.alloc : memref<4x64xf32, #wg>
      %no_loop = tile.alloc : memref<4x64xf32, #wg>
      %t = async.copy %X[%c0, %c0], %no_loop[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
      async.wait all
      %x = tile.load %no_loop[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
      scf.for %i = %c0 to %N step %c1 {
        %in_loop = tile.alloc : memref<4x64xf32, #wg>
        tile.store %x, %in_loop[%c0, %c0] : tensor<4x64xf32> -> memref<4x64xf32, #wg>
        %y = tile.load %in_loop[%c0, %c0] : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        %z = tile.load %read_only[%c0, %c0] : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        "test.use"(%y, %z) : (tensor<4x64xf32>, tensor<4x64xf32>) -> ()
      }
      gpu.return
    }
  }
}
