// RMSNorm over the last dimension with eps = 1e-6: Y[i, j] = X[i, j] * rsqrt(sum_k X[i, k]^2 / N + eps) * gamma[j].
// Whole-problem ops over dynamic shapes; the squares and the per-row factor are buffers the program
// allocates, which @tile-wgsl's tile-fuse keeps in registers.
//   tile-run examples/rmsnorm.mlir --entry rmsnorm --arg X=rand:37x50xf32 --arg gamma=rand:50xf32 \
//     --arg Y=zeros:37x50xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-5
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @rmsnorm(%X: memref<?x?xf32>, %gamma: memref<?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %eps = arith.constant 1.0e-06 : f32
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %Ni = arith.index_cast %N : index to i32
  %n = arith.sitofp %Ni : i32 to f32
  %squares = memref.alloc(%M, %N) : memref<?x?xf32>
  %sq = memref.alloc(%M) : memref<?xf32>
  %rms = memref.alloc(%M) : memref<?xf32>
  tile.map ins(%X : memref<?x?xf32>) outs(%squares : memref<?x?xf32>) {
  ^bb0(%x: f32):
    %x2 = arith.mulf %x, %x : f32
    tile.yield %x2 : f32
  }
  tile.reduction add ins(%squares : memref<?x?xf32>) outs(%sq : memref<?xf32>) dimensions = [1]
  tile.map ins(%sq : memref<?xf32>) outs(%rms : memref<?xf32>) {
  ^bb0(%s: f32):
    %ms = arith.divf %s, %n : f32
    %mse = arith.addf %ms, %eps : f32
    %r = math.rsqrt %mse : f32
    tile.yield %r : f32
  }
  tile.map indexing_maps = [#rows, #row, #col, #rows] ins(%X, %rms, %gamma : memref<?x?xf32>, memref<?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %r: f32, %g: f32):
    %xr = arith.mulf %x, %r : f32
    %y = arith.mulf %xr, %g : f32
    tile.yield %y : f32
  }
  memref.dealloc %squares : memref<?x?xf32>
  memref.dealloc %sq : memref<?xf32>
  memref.dealloc %rms : memref<?xf32>
  return
}
