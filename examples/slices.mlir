// Whole-problem ops over slices of larger matrices (memref.subview with dynamic offsets, sizes and
// strides): the tiling rebuilds each view inside its kernel from the memref it views, so kernel
// arguments stay plain memrefs the WGSL target can bind.
//   @matmul_slice: C = A[1:1+M, 2:2+K] · B[0:K, 3:3+N], M x N from C, K = cols(A) - 2
//   @add_slice:    Z[1:1+M, 2:2+N] = X + Y[0:M, 0:N] (every other column of Y), M x N from X
//   tile-run examples/slices.mlir --entry matmul_slice --arg A=rand:40x30xf32 --arg B=rand:28x50xf32 \
//     --arg C=zeros:33x45xf32 --compare-pipeline '@tile-wgsl' --tolerance 1e-4
func.func @matmul_slice(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %M = memref.dim %C, %c0 : memref<?x?xf32>
  %N = memref.dim %C, %c1 : memref<?x?xf32>
  %cols = memref.dim %A, %c1 : memref<?x?xf32>
  %K = arith.subi %cols, %c2 : index
  %a = memref.subview %A[1, 2] [%M, %K] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %b = memref.subview %B[0, 3] [%K, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: 3>>
  tile.matmul %a, %b, %C : memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: 3>>, memref<?x?xf32>
  return
}

func.func @add_slice(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %X, %c0 : memref<?x?xf32>
  %N = memref.dim %X, %c1 : memref<?x?xf32>
  %y = memref.subview %Y[0, 0] [%M, %N] [1, 2] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2]>>
  %z = memref.subview %Z[1, 2] [%M, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  tile.map ins(%X, %y : memref<?x?xf32>, memref<?x?xf32, strided<[?, 2]>>) outs(%z : memref<?x?xf32, strided<[?, 1], offset: ?>>) {
  ^bb0(%u: f32, %v: f32):
    %s = arith.addf %u, %v : f32
    tile.yield %s : f32
  }
  return
}
