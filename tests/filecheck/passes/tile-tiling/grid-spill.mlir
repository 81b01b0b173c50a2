// RUN: tile-opt %s -p '@tile-tiled' | FileCheck %s
// RUN: tile-opt %s -p '@tile-tiled{max-workgroups-per-dimension=1000}' | FileCheck %s --check-prefix=LIMIT
// RUN: tile-opt %s -p '@tile-tiled{max-grid-dims=1}' | FileCheck %s --check-prefix=ONE-AXIS
// RUN: tile-run %S/../../../../examples/softmax.mlir --entry softmax --arg X=rand:37x300xf32 --arg Y=zeros:37x300xf32 --compare-pipeline '@tile-tiled{max-workgroups-per-dimension=3}' --tolerance 1e-6 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %S/../../../../examples/add.mlir --entry add --arg X=rand:11x5xf32 --arg Y=rand:11x5xf32 --arg Z=zeros:11x5xf32 --compare-pipeline '@tile-tiled{max-workgroups-per-dimension=2}' --tolerance 0 | FileCheck %s --check-prefix=SAME

// A launch may have at most max-workgroups-per-dimension (WebGPU's default: 65535) workgroups
// along one grid axis. Where the highest axis used has a free one above it and its block count is
// not known to fit (dynamic, or static and larger), the blocks continue on the next axis: the host
// launches ceil(n / Y) x Y blocks, Y = ceil(n / limit), and the kernel takes
// y * grid_dim(x) + x as its block id, doing nothing past the last block. A static count that
// fits keeps the plain grid. (Dynamic shapes: tests/filecheck/passes/tile-tiling/map.mlir,
// matmul.mlir.) The tile-run lines keep the meaning where the blocks do spill (37 rows in blocks
// of 2 with a limit of 3: 19 blocks on a 3 x 7 grid).

// 1000 rows of one workgroup each fit one axis: no guard.
// CHECK-LABEL: gpu.func @fits(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT:    tile.load %{{.*}}[%[[BX]], %[[C0]]]
// CHECK-NOT:     scf.if
// CHECK:         gpu.return

// 70000 rows do not: 35000 x 2 blocks, every one in range.
// CHECK-LABEL: gpu.func @too_many(
// CHECK:         %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT:    %[[BY:.*]] = gpu.block_id y
// CHECK-NEXT:    %[[GX:.*]] = gpu.grid_dim x
// CHECK-NEXT:    %[[YX:.*]] = arith.muli %[[BY]], %[[GX]] : index
// CHECK-NEXT:    %[[ROW:.*]] = arith.addi %[[YX]], %[[BX]] : index
// CHECK-NEXT:    %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %c70000 : index
// CHECK-NEXT:    scf.if %[[IN]] {
// CHECK-NEXT:      tile.load %{{.*}}[%[[ROW]], %{{.*}}]

// CHECK-LABEL: func.func @fits(
// CHECK:         gpu.launch_func @kernels::@fits blocks in (%c1000, %c1, %c1)
// CHECK-LABEL: func.func @too_many(
// CHECK:         gpu.launch_func @kernels::@too_many blocks in (%c35000, %c2, %c1)

// With a limit of 1000 (an adapter's, or a test's), 1000 rows still fit; 70000 take 70 x 1000.
// LIMIT-LABEL: gpu.func @fits(
// LIMIT-NOT:     gpu.grid_dim
// LIMIT:         gpu.return
// LIMIT-LABEL: func.func @fits(
// LIMIT:         gpu.launch_func @kernels::@fits blocks in (%c1000, %c1, %c1)
// LIMIT-LABEL: func.func @too_many(
// LIMIT:         gpu.launch_func @kernels::@too_many blocks in (%c1000, %c70, %c1)

// With one grid axis there is no axis to continue on: the launch keeps its count (and fails on
// WebGPU past the adapter's limit).
// ONE-AXIS-LABEL: gpu.func @too_many(
// ONE-AXIS-NOT:     gpu.grid_dim
// ONE-AXIS:         gpu.return
// ONE-AXIS-LABEL: func.func @too_many(
// ONE-AXIS:         gpu.launch_func @kernels::@too_many blocks in (%c70000, %c1, %c1)

// SAME: compare %{{.*}}: max_abs=

func.func @fits(%X: memref<1000x8xf32>, %Z: memref<1000x8xf32>) {
  tile.map ins(%X : memref<1000x8xf32>) outs(%Z : memref<1000x8xf32>) {
  ^bb0(%x: f32):
    %s = arith.addf %x, %x : f32
    tile.yield %s : f32
  }
  return
}

func.func @too_many(%X: memref<70000x8xf32>, %Z: memref<70000x8xf32>) {
  tile.map ins(%X : memref<70000x8xf32>) outs(%Z : memref<70000x8xf32>) {
  ^bb0(%x: f32):
    %s = arith.addf %x, %x : f32
    tile.yield %s : f32
  }
  return
}
