// RUN: tile-run %s --entry softmax_twice --arg X=rand:3x700xf32 --arg Y=zeros:3x700xf32 --compare-pipeline '@tile-tiled{tile-sizes=1,64}' --tolerance 1e-6 | FileCheck %s
// RUN: tile-run %s --entry softmax_twice --arg X=rand:3x50xf32 --arg Y=zeros:3x50xf32 --compare-pipeline '@tile-wgsl{tile-sizes=1,64}' --tolerance 1e-6 | FileCheck %s

// Rows longer than a block: softmax's sum of exponentials joins its maximum's pass (an online
// sum). A second sum of the same exponentials (found by the mutation fuzzer as a duplicated
// line; it overwrites the first) has no maximum left to pair with and gets a pass of its own.
// CHECK: compare %Y: max_abs=
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @softmax_twice(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %max = memref.alloc(%M) : memref<?xf32>
  %sum = memref.alloc(%M) : memref<?xf32>
  tile.reduction max ins(%X : memref<?x?xf32>) outs(%max : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [#rows, #row, #rows] ins(%X, %max : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %e = math.exp %d : f32
    tile.yield %e : f32
  }
  tile.reduction add ins(%Y : memref<?x?xf32>) outs(%sum : memref<?xf32>) dimensions = [1]
  tile.reduction add ins(%Y : memref<?x?xf32>) outs(%sum : memref<?xf32>) dimensions = [1]
  tile.map indexing_maps = [#rows, #row, #rows] ins(%Y, %sum : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%e: f32, %s: f32):
    %q = arith.divf %e, %s : f32
    tile.yield %q : f32
  }
  memref.dealloc %max : memref<?xf32>
  memref.dealloc %sum : memref<?xf32>
  return
}
