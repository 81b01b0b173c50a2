// Elementwise add over row blocks: one workgroup (128 threads) per block of 4 rows, walking the
// columns 64 at a time; loads and stores are masked at the right and bottom edges.
//   tile-run examples/add-tiled.mlir --entry add --arg X=rand:130x77xf32 --arg Y=rand:130x77xf32 \
//     --arg Z=zeros:130x77xf32 --compare examples/add.mlir --tolerance 0
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_rows(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %N = memref.dim %X, %c1 : memref<?x?xf32>
      %bx = gpu.block_id x
      %r0 = arith.muli %bx, %c4 : index
      scf.for %j = %c0 to %N step %c64 {
        %x = tile.load %X[%r0, %j] : memref<?x?xf32> -> tensor<4x64xf32>
        %y = tile.load %Y[%r0, %j] : memref<?x?xf32> -> tensor<4x64xf32>
        %s = arith.addf %x, %y : tensor<4x64xf32>
        tile.store %s, %Z[%r0, %j] : tensor<4x64xf32> -> memref<?x?xf32>
      }
      gpu.return
    }
  }

  // Host function: ceil(M/4) workgroups.
  func.func @add(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %M = memref.dim %X, %c0 : memref<?x?xf32>
    %g = arith.ceildivui %M, %c4 : index
    gpu.launch_func @kernels::@add_rows blocks in (%g, %c1, %c1) threads in (%c128, %c1, %c1) args(%X : memref<?x?xf32>, %Y : memref<?x?xf32>, %Z : memref<?x?xf32>)
    return
  }
}
