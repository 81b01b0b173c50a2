// RUN: tile-opt %s -p 'tile-fuse{remarks=true}' 2>&1 >/dev/null | FileCheck %s
// RUN: tile-opt %s -p '@tile-tiled' | FileCheck %s --check-prefix=TILED

// A map that reads a buffer allocated for the run but written by no op before it (softmax with
// its maximum's reduction deleted, a case the mutation fuzzer found) does not fuse: the kernel
// would have nothing to read. Tiled unfused, it reads the buffer.

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK: remark: 'tile.map' op not fused with the ops before it: 'tile.map' reads input #1, an intermediate that holds nothing yet
// TILED-LABEL: func.func @softmax(
// TILED-COUNT-3: gpu.launch_func
func.func @softmax(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %max = memref.alloc(%M) : memref<?xf32>
  %sum = memref.alloc(%M) : memref<?xf32>
  tile.reduction add ins(%X : memref<?x?xf32>) outs(%sum : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [#rows, #row, #rows] ins(%X, %max : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    tile.yield %d : f32
  }
  tile.map indexing_maps = [#rows, #row, #rows] ins(%Y, %sum : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%e: f32, %s: f32):
    %q = arith.divf %e, %s : f32
    tile.yield %q : f32
  }
  memref.dealloc %max : memref<?xf32>
  memref.dealloc %sum : memref<?xf32>
  return
}
