// RUN: tile-opt %S/../../../../examples/softmax.mlir -p '@tile-tiled' | FileCheck %s
// RUN: tile-opt %s -p '@tile-tiled' | FileCheck %s --check-prefix=STATIC
// RUN: tile-opt %S/../../../../examples/softmax.mlir -p '@tile-tiled{tile-sizes=1,256}' | FileCheck %s --check-prefix=GIVEN
// tile-tiling's automatic configuration of a row program without tile sizes: a kernel per row
// length it reads at once (4 x 256 on 2 warps, 2 x 1024 on 4, 1 x 2048 on 4, 1 x 4096 on 8, which
// walks longer rows in blocks of 4096), launched by the row length at run time; a static row length
// gets its kernel alone.

// CHECK-LABEL: gpu.func @softmax_4x256(
// CHECK:         tile.load %{{.*}} : memref<?x?xf32> -> tensor<4x256xf32>
// CHECK-LABEL: gpu.func @softmax_2x1024(
// CHECK:         tile.load %{{.*}} : memref<?x?xf32> -> tensor<2x1024xf32>
// CHECK-LABEL: gpu.func @softmax_1x2048(
// CHECK:         tile.load %{{.*}} : memref<?x?xf32> -> tensor<1x2048xf32>
// CHECK-LABEL: gpu.func @softmax_1x4096(
// CHECK:         tile.load %{{.*}} : memref<?x?xf32> -> tensor<1x4096xf32>
// CHECK-LABEL: func.func @softmax(
// CHECK:         %[[N:.*]] = memref.dim %X, %c1
// CHECK:         %[[SHORT:.*]] = arith.cmpi ule, %[[N]], %c256
// CHECK-NEXT:    scf.if %[[SHORT]] {
// CHECK:           gpu.launch_func @kernels::@softmax_4x256 blocks in ({{.*}}) threads in (%c64, %c1, %c1)
// CHECK-NEXT:    } else {
// CHECK:           %[[FITS:.*]] = arith.cmpi ule, %[[N]], %c1024
// CHECK-NEXT:      scf.if %[[FITS]] {
// CHECK:             gpu.launch_func @kernels::@softmax_2x1024 blocks in ({{.*}}) threads in (%c128, %c1, %c1)
// CHECK-NEXT:      } else {
// CHECK:             %[[HALF:.*]] = arith.cmpi ule, %[[N]], %c2048
// CHECK-NEXT:        scf.if %[[HALF]] {
// CHECK:               gpu.launch_func @kernels::@softmax_1x2048 blocks in ({{.*}}) threads in (%c128, %c1, %c1)
// CHECK-NEXT:        } else {
// CHECK:               gpu.launch_func @kernels::@softmax_1x4096 blocks in ({{.*}}) threads in (%c256, %c1, %c1)
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     gpu.launch_func

// STATIC-LABEL: gpu.func @short_rows(
// STATIC:         tile.load %{{.*}} -> tensor<2x1024xf32>
// STATIC-LABEL: gpu.func @shortest_rows(
// STATIC:         tile.load %{{.*}} -> tensor<4x256xf32>
// STATIC-LABEL: gpu.func @long_rows(
// STATIC:         tile.load %{{.*}} -> tensor<1x4096xf32>
// STATIC-LABEL: func.func @short_rows(
// STATIC-NOT:     scf.if
// STATIC:         gpu.launch_func @kernels::@short_rows blocks
// STATIC-LABEL: func.func @shortest_rows(
// STATIC-NOT:     scf.if
// STATIC:         gpu.launch_func @kernels::@shortest_rows blocks
// STATIC-LABEL: func.func @long_rows(
// STATIC-NOT:     scf.if
// STATIC:         gpu.launch_func @kernels::@long_rows blocks

// Tile sizes given: that kernel alone.
// GIVEN-LABEL: gpu.func @softmax(
// GIVEN:         tile.load %{{.*}} -> tensor<1x256xf32>
// GIVEN-NOT:   gpu.func
// GIVEN-LABEL: func.func @softmax(
// GIVEN-NOT:     scf.if %{{.*}} {
// GIVEN:         gpu.launch_func @kernels::@softmax blocks

func.func @short_rows(%X: memref<?x700xf32>, %S: memref<?xf32>) {
  tile.reduction add ins(%X : memref<?x700xf32>) outs(%S : memref<?xf32>) dimensions = [1]
  return
}

func.func @shortest_rows(%X: memref<?x100xf32>, %S: memref<?xf32>) {
  tile.reduction min ins(%X : memref<?x100xf32>) outs(%S : memref<?xf32>) dimensions = [1]
  return
}

func.func @long_rows(%X: memref<?x5000xf32>, %S: memref<?xf32>) {
  tile.reduction max ins(%X : memref<?x5000xf32>) outs(%S : memref<?xf32>) dimensions = [1]
  return
}
