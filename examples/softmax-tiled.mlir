// Row softmax, hand-tiled: one workgroup (64 threads) per block of 4 rows; each row of at most 64
// columns (the host asserts it) is loaded once (masked, -inf padding), reduced to its maximum and
// to its sum of exponentials (tile.reduce), and normalized with the row values broadcast back
// (tile.broadcast).
//   tile-run examples/softmax-tiled.mlir --entry softmax --arg X=rand:37x50xf32 --arg Y=zeros:37x50xf32 \
//     --compare-pipeline '@tile-wgsl' --tolerance 1e-6
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @softmax_rows(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %bx = gpu.block_id x
      %r0 = arith.muli %bx, %c4 : index
      %x = tile.load %X[%r0, %c0] padding(0xFF800000 : f32) : memref<?x?xf32> -> tensor<4x64xf32>
      %m = tile.reduce max %x axis 1 : tensor<4x64xf32> -> tensor<4xf32>
      %mb = tile.broadcast %m dims [1] : tensor<4xf32> -> tensor<4x64xf32>
      %d = arith.subf %x, %mb : tensor<4x64xf32>
      %e = math.exp %d : tensor<4x64xf32>
      %s = tile.reduce add %e axis 1 : tensor<4x64xf32> -> tensor<4xf32>
      %sb = tile.broadcast %s dims [1] : tensor<4xf32> -> tensor<4x64xf32>
      %y = arith.divf %e, %sb : tensor<4x64xf32>
      tile.store %y, %Y[%r0, %c0] : tensor<4x64xf32> -> memref<?x?xf32>
      gpu.return
    }
  }

  // Host function: ceil(M/4) workgroups of 64 threads; N must be at most 64.
  func.func @softmax(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %M = memref.dim %X, %c0 : memref<?x?xf32>
    // The kernel trusts these sizes: a call outside them stops here rather than computing garbage.
    %N = memref.dim %X, %c1 : memref<?x?xf32>
    %fits = arith.cmpi ule, %N, %c64 : index
    cf.assert %fits, "rows of X are longer than 64, the columns the kernel's tiles span"
    %My = memref.dim %Y, %c0 : memref<?x?xf32>
    %Ny = memref.dim %Y, %c1 : memref<?x?xf32>
    %rows = arith.cmpi eq, %My, %M : index
    %cols = arith.cmpi eq, %Ny, %N : index
    %same = arith.andi %rows, %cols : i1
    cf.assert %same, "the shapes of X and Y differ"
    %g = arith.ceildivui %M, %c4 : index
    gpu.launch_func @kernels::@softmax_rows blocks in (%g, %c1, %c1) threads in (%c64, %c1, %c1) args(%X : memref<?x?xf32>, %Y : memref<?x?xf32>)
    return
  }
}
