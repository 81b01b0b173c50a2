// RUN: tile-opt %s -p 'tile-tiling{tile-sizes=32,32,16}' | FileCheck %s
// RUN: tile-opt %s -p 'tile-tiling{tile-sizes=64,16,8 num-warps=2 max-grid-dims=1}' | FileCheck %s --check-prefix=SIZES
// RUN: tile-opt %s -p 'tile-tiling{tile-sizes=32,32,16}' | tile-opt | FileCheck %s --check-prefix=ROUNDTRIP

// tile.matmul in every form becomes a kernel in gpu.module @kernels (one workgroup per BMxBN tile
// of C, a K loop in steps of BK) and a launch in place of the op. The functions keep their names
// and signatures; the kernels take their names.

// CHECK:       module attributes {gpu.container_module} {
// CHECK-NEXT:    gpu.module @kernels {

// The plain form, as examples/matmul-tiled.mlir: [BM, BN, BK] = [32, 32, 16], 4 warps.
// CHECK-LABEL:   gpu.func @plain(
// CHECK-SAME:        %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>) kernel {
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:      %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:      %[[K:.*]] = memref.dim %[[A]], %[[C1]] : memref<?x?xf32>
// CHECK-NEXT:      %[[BX:.*]] = gpu.block_id x
// The rows of tiles (a dynamic count) may outnumber what one grid axis takes (65535): they
// continue on z, row = z * grid_dim(y) + y, and the blocks past the last row do nothing.
// CHECK-NEXT:      %[[BY:.*]] = gpu.block_id y
// CHECK-NEXT:      %[[M:.*]] = memref.dim %[[C]], %[[C0]] : memref<?x?xf32>
// CHECK-NEXT:      %[[ROWS:.*]] = arith.ceildivui %[[M]], %[[C32]] : index
// CHECK-NEXT:      %[[BZ:.*]] = gpu.block_id z
// CHECK-NEXT:      %[[GY:.*]] = gpu.grid_dim y
// CHECK-NEXT:      %[[ZY:.*]] = arith.muli %[[BZ]], %[[GY]] : index
// CHECK-NEXT:      %[[ROW:.*]] = arith.addi %[[ZY]], %[[BY]] : index
// CHECK-NEXT:      %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %[[ROWS]] : index
// CHECK-NEXT:      scf.if %[[IN]] {
// CHECK-NEXT:        %[[M0:.*]] = arith.muli %[[ROW]], %[[C32]] : index
// CHECK-NEXT:        %[[N0:.*]] = arith.muli %[[BX]], %[[C32]] : index
// CHECK-NEXT:        %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:        %[[INIT:.*]] = tile.splat %[[ZERO]] : tensor<32x32xf32, [[ACC:#tile.blocked<sizePerThread = \[2, 4\], threadsPerWarp = \[4, 8\], warpsPerGroup = \[4, 1\], order = \[1, 0\]>]]>
// CHECK-NEXT:        %[[R:.*]] = scf.for %[[K0:.*]] = %[[C0]] to %[[K]] step %[[C16]] iter_args(%[[ACCV:.*]] = %[[INIT]]) -> (tensor<32x32xf32, [[ACC]]>) {
// CHECK-NEXT:          %[[TA:.*]] = tile.load %[[A]][%[[M0]], %[[K0]]] : memref<?x?xf32> -> tensor<32x16xf32>
// CHECK-NEXT:          %[[TB:.*]] = tile.load %[[B]][%[[K0]], %[[N0]]] : memref<?x?xf32> -> tensor<16x32xf32>
// CHECK-NEXT:          %[[D:.*]] = tile.dot %[[TA]], %[[TB]], %[[ACCV]] : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32, [[ACC]]>
// CHECK-NEXT:          scf.yield %[[D]] : tensor<32x32xf32, [[ACC]]>
// CHECK-NEXT:        }
// CHECK-NEXT:        tile.store %[[R]], %[[C]][%[[M0]], %[[N0]]] : tensor<32x32xf32, [[ACC]]> -> memref<?x?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.return
// CHECK-NEXT:    }

// SIZES-LABEL:   gpu.func @plain(
// SIZES-SAME:        %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>) kernel {
// SIZES-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// SIZES-NEXT:      %[[C1:.*]] = arith.constant 1 : index
// SIZES-NEXT:      %[[C8:.*]] = arith.constant 8 : index
// SIZES-NEXT:      %[[C16:.*]] = arith.constant 16 : index
// SIZES-NEXT:      %[[C64:.*]] = arith.constant 64 : index
// SIZES-NEXT:      %[[K:.*]] = memref.dim %[[A]], %[[C1]] : memref<?x?xf32>
// With one grid axis, x numbers the tiles of C row by row: tile (i, j) is i * ceil(N/16) + j.
// SIZES-NEXT:      %[[BX:.*]] = gpu.block_id x
// SIZES-NEXT:      %[[N:.*]] = memref.dim %[[C]], %[[C1]] : memref<?x?xf32>
// SIZES-NEXT:      %[[TN:.*]] = arith.ceildivui %[[N]], %[[C16]] : index
// SIZES-NEXT:      %[[J:.*]] = arith.remui %[[BX]], %[[TN]] : index
// SIZES-NEXT:      %[[I:.*]] = arith.divui %[[BX]], %[[TN]] : index
// SIZES-NEXT:      %[[M0:.*]] = arith.muli %[[I]], %[[C64]] : index
// SIZES-NEXT:      %[[N0:.*]] = arith.muli %[[J]], %[[C16]] : index
// SIZES-NEXT:      arith.constant 0.000000e+00 : f32
// SIZES-NEXT:      tile.splat %{{.*}} : tensor<64x16xf32, [[ACC:#tile.blocked<sizePerThread = \[4, 4\], threadsPerWarp = \[8, 4\], warpsPerGroup = \[2, 1\], order = \[1, 0\]>]]>
// SIZES-NEXT:      scf.for %[[K0:.*]] = %[[C0]] to %[[K]] step %[[C8]] iter_args(%{{.*}} = %{{.*}}) -> (tensor<64x16xf32, [[ACC]]>) {
// SIZES-NEXT:        tile.load %[[A]][%[[M0]], %[[K0]]] : memref<?x?xf32> -> tensor<64x8xf32>
// SIZES-NEXT:        tile.load %[[B]][%[[K0]], %[[N0]]] : memref<?x?xf32> -> tensor<8x16xf32>
// SIZES-NEXT:        tile.dot %{{.*}} : tensor<64x8xf32>, tensor<8x16xf32> -> tensor<64x16xf32, [[ACC]]>
// SIZES:           tile.store %{{.*}}, %[[C]][%[[M0]], %[[N0]]] : tensor<64x16xf32, [[ACC]]> -> memref<?x?xf32>

// transpose_a, transpose_b: K is A's dimension 0; each operand is loaded as stored (A[k, m0] is
// BKxBM, B[n0, k] is BNxBK) and transposed in registers. f16 inputs accumulate in f32.
// CHECK-LABEL:   gpu.func @transposed(
// CHECK-SAME:        %[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[C:.*]]: memref<?x?xf32>) kernel {
// CHECK:           %[[K:.*]] = memref.dim %[[A]], %[[C0:.*]] : memref<?x?xf16>
// CHECK:           scf.if
// CHECK-NEXT:        %[[M0:.*]] = arith.muli %[[ROW:.*]], %[[C32:.*]] : index
// CHECK-NEXT:        %[[N0:.*]] = arith.muli %[[BX:.*]], %[[C32]] : index
// CHECK:           scf.for %[[K0:.*]] = %[[C0]] to %[[K]] step
// CHECK-NEXT:        %[[SA:.*]] = tile.load %[[A]][%[[K0]], %[[M0]]] : memref<?x?xf16> -> tensor<16x32xf16>
// CHECK-NEXT:        %[[TA:.*]] = tile.transpose %[[SA]] : tensor<16x32xf16> -> tensor<32x16xf16>
// CHECK-NEXT:        %[[SB:.*]] = tile.load %[[B]][%[[N0]], %[[K0]]] : memref<?x?xf16> -> tensor<32x16xf16>
// CHECK-NEXT:        %[[TB:.*]] = tile.transpose %[[SB]] : tensor<32x16xf16> -> tensor<16x32xf16>
// CHECK-NEXT:        tile.dot %[[TA]], %[[TB]], %{{.*}} : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32, [[ACC]]>

// accumulate: the accumulator starts as C's tile (in the accumulator's layout); C in the inputs'
// element type (bf16) makes the accumulator bf16.
// CHECK-LABEL:   gpu.func @accumulate(
// CHECK-SAME:        %[[A:.*]]: memref<64x?xbf16>, %[[B:.*]]: memref<?x128xbf16>, %[[C:.*]]: memref<64x128xbf16>) kernel {
// CHECK:           %[[M0:.*]] = arith.muli
// CHECK-NEXT:      %[[N0:.*]] = arith.muli
// CHECK-NEXT:      %[[INIT:.*]] = tile.load %[[C]][%[[M0]], %[[N0]]] : memref<64x128xbf16> -> tensor<32x32xbf16, [[ACC]]>
// CHECK-NEXT:      %[[R:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (tensor<32x32xbf16, [[ACC]]>) {
// CHECK:             tile.dot {{.*}} : tensor<32x16xbf16>, tensor<16x32xbf16> -> tensor<32x32xbf16, [[ACC]]>
// CHECK:           tile.store %[[R]], %[[C]][%[[M0]], %[[N0]]] : tensor<32x32xbf16, [[ACC]]> -> memref<64x128xbf16>

// Host code: a grid of ceil(N/BN) x ceil(M/BM) workgroups of 128 threads, M and N from C; the
// rows of tiles R as ceil(R / Z) along y and Z = ceil(R / 65535) along z.
// CHECK-LABEL: func.func @plain(
// CHECK-SAME:      %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>) {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[C65535:.*]] = arith.constant 65535 : index
// CHECK-NEXT:    %[[M:.*]] = memref.dim %[[C]], %[[C0]] : memref<?x?xf32>
// CHECK-NEXT:    %[[N:.*]] = memref.dim %[[C]], %[[C1]] : memref<?x?xf32>
// CHECK-NEXT:    %[[GX:.*]] = arith.ceildivui %[[N]], %[[C32]] : index
// CHECK-NEXT:    %[[R:.*]] = arith.ceildivui %[[M]], %[[C32]] : index
// CHECK-NEXT:    %[[GZ:.*]] = arith.ceildivui %[[R]], %[[C65535]] : index
// CHECK-NEXT:    %[[ONE_OR_GZ:.*]] = arith.maxui %[[GZ]], %[[C1]] : index
// CHECK-NEXT:    %[[GY:.*]] = arith.ceildivui %[[R]], %[[ONE_OR_GZ]] : index
// CHECK-NEXT:    gpu.launch_func @kernels::@plain blocks in (%[[GX]], %[[GY]], %[[GZ]]) threads in (%[[C128]], %[[C1]], %[[C1]]) args(%[[A]] : memref<?x?xf32>, %[[B]] : memref<?x?xf32>, %[[C]] : memref<?x?xf32>)
// CHECK-NEXT:    return
// CHECK-NEXT:  }

// SIZES-LABEL: func.func @plain(
// SIZES:         %[[C1:.*]] = arith.constant 1 : index
// SIZES:         %[[C64T:.*]] = arith.constant 64 : index
// SIZES:         %[[M:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x?xf32>
// SIZES-NEXT:    %[[N:.*]] = memref.dim %{{.*}}, %[[C1]] : memref<?x?xf32>
// SIZES-NEXT:    %[[TN:.*]] = arith.ceildivui %[[N]], %{{.*}} : index
// SIZES-NEXT:    %[[TM:.*]] = arith.ceildivui %[[M]], %{{.*}} : index
// SIZES-NEXT:    %[[G:.*]] = arith.muli %[[TM]], %[[TN]] : index
// SIZES-NEXT:    gpu.launch_func @kernels::@plain blocks in (%[[G]], %[[C1]], %[[C1]]) threads in (%[[C64T]], %[[C1]], %[[C1]])

// CHECK-LABEL: func.func @transposed(
// CHECK:         gpu.launch_func @kernels::@transposed
// CHECK-LABEL: func.func @accumulate(
// CHECK:         gpu.launch_func @kernels::@accumulate {{.*}} args(%{{.*}} : memref<64x?xbf16>, %{{.*}} : memref<?x128xbf16>, %{{.*}} : memref<64x128xbf16>)

// ROUNDTRIP: gpu.func @accumulate(
// ROUNDTRIP: func.func @accumulate(

func.func @plain(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}

func.func @transposed(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C transpose_a transpose_b : memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>
  return
}

func.func @accumulate(%A: memref<64x?xbf16>, %B: memref<?x128xbf16>, %C: memref<64x128xbf16>) {
  tile.matmul %A, %B, %C accumulate : memref<64x?xbf16>, memref<?x128xbf16>, memref<64x128xbf16>
  return
}
