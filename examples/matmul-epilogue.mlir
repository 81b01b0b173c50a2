// Matmuls with a bias broadcast along the rows and an activation: C = gelu(A·B + bias), GELU's tanh
// approximation 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))), and C = relu(A·B + bias). The product
// goes to a buffer the program allocates; @tile-wgsl's tile-fuse computes the bias and the
// activation on the matmul's accumulator tile in registers and stores C once (one kernel).
//   tile-run examples/matmul-epilogue.mlir --entry matmul_bias_gelu --arg A=rand:37x45xf32 \
//     --arg B=rand:45x29xf32 --arg bias=rand:29xf32 --arg C=zeros:37x29xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-5
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @matmul_bias_gelu(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %bias: memref<?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k0 = arith.constant 0.797884583 : f32
  %k1 = arith.constant 0.044715 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %AB = memref.alloc(%M, %N) : memref<?x?xf32>
  tile.matmul %A, %B, %AB : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  tile.map indexing_maps = [#id, #col, #id] ins(%AB, %bias : memref<?x?xf32>, memref<?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%p: f32, %b: f32):
    %x = arith.addf %p, %b : f32
    %x2 = arith.mulf %x, %x : f32
    %x3 = arith.mulf %x2, %x : f32
    %inner = math.fma %k1, %x3, %x : f32
    %t = arith.mulf %k0, %inner : f32
    %th = math.tanh %t : f32
    %onep = arith.addf %one, %th : f32
    %hx = arith.mulf %half, %x : f32
    %y = arith.mulf %hx, %onep : f32
    tile.yield %y : f32
  }
  memref.dealloc %AB : memref<?x?xf32>
  return
}

func.func @matmul_bias_relu(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %bias: memref<?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %M = memref.dim %A, %c0 : memref<?x?xf32>
  %N = memref.dim %B, %c1 : memref<?x?xf32>
  %AB = memref.alloc(%M, %N) : memref<?x?xf32>
  tile.matmul %A, %B, %AB : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  tile.map indexing_maps = [#id, #col, #id] ins(%AB, %bias : memref<?x?xf32>, memref<?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%p: f32, %b: f32):
    %x = arith.addf %p, %b : f32
    %y = arith.maximumf %x, %zero : f32
    tile.yield %y : f32
  }
  memref.dealloc %AB : memref<?x?xf32>
  return
}
