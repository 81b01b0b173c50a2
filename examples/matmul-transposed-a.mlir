// Whole-problem matmul with A given transposed (K x M, "K-major"): C = Aᵀ·B, the problem the
// hand-written WGSL baseline (shared/gpu/baseline.mjs) solves. The tiled kernel copies A's tiles
// as they lie in memory and its dot reads them through the transpose, so A's global loads are
// contiguous along M.
//   tile-opt examples/matmul-transposed-a.mlir -p '@tile-wgsl{tile-sizes=128,128,16 num-warps=8 num-stages=1}' --emit=wgsl
//   tile-run examples/matmul-transposed-a.mlir --entry matmul_f32_transposed_a --arg A=rand:45x37xf32 --arg B=rand:45x29xf32 --arg C=zeros:37x29xf32
func.func @matmul_f32_transposed_a(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C transpose_a : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}

func.func @matmul_f16_transposed_a(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C transpose_a : memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>
  return
}
