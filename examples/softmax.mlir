// Row softmax over the last dimension, numerically stable: Y[i, j] = exp(X[i, j] - max_k X[i, k]) /
// sum_k exp(X[i, k] - max_k X[i, k]). Whole-problem ops over dynamic shapes; the per-row maximum and
// sum are buffers the program allocates, which @tile-wgsl's tile-fuse keeps in registers (one
// kernel, one read of each row where it fits a block of columns, two passes more otherwise).
//   tile-run examples/softmax.mlir --entry softmax --arg X=rand:37x50xf32 --arg Y=zeros:37x50xf32 \
//     --compare-pipeline '@tile-wgsl' --tolerance 1e-6
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @softmax(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
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
  tile.map indexing_maps = [#rows, #row, #rows] ins(%Y, %sum : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%e: f32, %s: f32):
    %q = arith.divf %e, %s : f32
    tile.yield %q : f32
  }
  memref.dealloc %max : memref<?xf32>
  memref.dealloc %sum : memref<?xf32>
  return
}
