// Whole-problem matmul (the reference the tiled examples are compared with): C = A·B with f32
// inputs, and with f16 inputs accumulating in f32. Sizes are dynamic.
//   tile-run examples/matmul.mlir --entry matmul_f16 --arg A=rand:37x45xf16 --arg B=rand:45x29xf16 --arg C=zeros:37x29xf32
func.func @matmul_f32(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  return
}

func.func @matmul_f16(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B, %C : memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>
  return
}
