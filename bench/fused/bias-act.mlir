// The epilogue of the unfused matmul + bias + activation that bench/fused-kernels.ts times: a
// separate elementwise kernel after the plain matmul (examples/matmul.mlir's @matmul_f32) wrote
// T = A·B; it reads T and the bias (broadcast along the rows) and writes C.
//   C = gelu_tanh(T + bias) = 0.5 v (1 + tanh(sqrt(2/pi) (v + 0.044715 v^3))),  v = T + bias
//   C = relu(T + bias)
//   tile-run bench/fused/bias-act.mlir --entry bias_gelu --arg T=rand:37x50xf32 --arg bias=rand:50xf32 --arg C=zeros:37x50xf32
func.func @bias_gelu(%T: memref<?x?xf32>, %bias: memref<?xf32>, %C: memref<?x?xf32>) {
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%T, %bias : memref<?x?xf32>, memref<?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%t: f32, %b: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %k0 = arith.constant 0.797884583 : f32
    %k1 = arith.constant 0.044715 : f32
    %v = arith.addf %t, %b : f32
    %v2 = arith.mulf %v, %v : f32
    %v3 = arith.mulf %v2, %v : f32
    %w = arith.mulf %v3, %k1 : f32
    %u = arith.addf %v, %w : f32
    %z = arith.mulf %u, %k0 : f32
    %th = math.tanh %z : f32
    %p = arith.addf %th, %one : f32
    %h = arith.mulf %v, %half : f32
    %y = arith.mulf %h, %p : f32
    tile.yield %y : f32
  }
  return
}

func.func @bias_relu(%T: memref<?x?xf32>, %bias: memref<?xf32>, %C: memref<?x?xf32>) {
  tile.map indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%T, %bias : memref<?x?xf32>, memref<?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%t: f32, %b: f32):
    %zero = arith.constant 0.0 : f32
    %v = arith.addf %t, %b : f32
    %y = arith.maximumf %v, %zero : f32
    tile.yield %y : f32
  }
  return
}
