// LayerNorm over the last dimension with biased variance and eps = 1e-5:
// Y[i, j] = (X[i, j] - mean_i) * rsqrt(var_i + eps) * gamma[j] + beta[j], where mean_i = sum_j X[i, j] / N
// and var_i = sum_j (X[i, j] - mean_i)^2 / N. Whole-problem ops over dynamic shapes; the per-row
// statistics are buffers the program allocates, which @tile-wgsl's tile-fuse keeps in registers.
//   tile-run examples/layernorm.mlir --entry layernorm --arg X=rand:37x50xf32 --arg gamma=rand:50xf32 \
//     --arg beta=rand:50xf32 --arg Y=zeros:37x50xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-5
#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @layernorm(%X: memref<?x?xf32>, %gamma: memref<?xf32>, %beta: memref<?xf32>, %Y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %eps = arith.constant 1.0e-05 : f32
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %Ni = arith.index_cast %N : index to i32
  %n = arith.sitofp %Ni : i32 to f32
  %sum = memref.alloc(%M) : memref<?xf32>
  %mean = memref.alloc(%M) : memref<?xf32>
  %sq = memref.alloc(%M) : memref<?xf32>
  %rstd = memref.alloc(%M) : memref<?xf32>
  tile.reduction add ins(%X : memref<?x?xf32>) outs(%sum : memref<?xf32>) dimensions = [1]
  tile.map ins(%sum : memref<?xf32>) outs(%mean : memref<?xf32>) {
  ^bb0(%s: f32):
    %m = arith.divf %s, %n : f32
    tile.yield %m : f32
  }
  // (X - mean)^2, written to Y (overwritten below), summed per row.
  tile.map indexing_maps = [#rows, #row, #rows] ins(%X, %mean : memref<?x?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32):
    %d = arith.subf %x, %m : f32
    %d2 = arith.mulf %d, %d : f32
    tile.yield %d2 : f32
  }
  tile.reduction add ins(%Y : memref<?x?xf32>) outs(%sq : memref<?xf32>) dimensions = [1]
  tile.map ins(%sq : memref<?xf32>) outs(%rstd : memref<?xf32>) {
  ^bb0(%s: f32):
    %v = arith.divf %s, %n : f32
    %ve = arith.addf %v, %eps : f32
    %r = math.rsqrt %ve : f32
    tile.yield %r : f32
  }
  tile.map indexing_maps = [#rows, #row, #row, #col, #col, #rows]
      ins(%X, %mean, %rstd, %gamma, %beta : memref<?x?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32, %m: f32, %r: f32, %g: f32, %b: f32):
    %d = arith.subf %x, %m : f32
    %xn = arith.mulf %d, %r : f32
    %y = math.fma %xn, %g, %b : f32
    tile.yield %y : f32
  }
  memref.dealloc %sum : memref<?xf32>
  memref.dealloc %mean : memref<?xf32>
  memref.dealloc %sq : memref<?xf32>
  memref.dealloc %rstd : memref<?xf32>
  return
}
