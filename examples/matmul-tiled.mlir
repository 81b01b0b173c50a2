// Tile-level matmul: one workgroup (128 threads) per 32x32 tile of C, K in steps of 16. The
// accumulator is a register tile with a blocked layout; tile.load masks the edges (zero padding),
// so M, N and K need not be multiples of the tile. @matmul_f16 takes f16 inputs and accumulates
// in f32. Same entries and signatures as matmul.mlir:
//   tile-run examples/matmul-tiled.mlir --entry matmul_f32 --arg A=rand:37x45xf32 --arg B=rand:45x29xf32 \
//     --arg C=zeros:37x29xf32 --compare examples/matmul.mlir --tolerance 1e-5
#acc = #tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_f32(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %K = memref.dim %A, %c1 : memref<?x?xf32>
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m0 = arith.muli %by, %c32 : index
      %n0 = arith.muli %bx, %c32 : index
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<32x32xf32, #acc>
      %acc = scf.for %k = %c0 to %K step %c16 iter_args(%a = %init) -> (tensor<32x32xf32, #acc>) {
        %ta = tile.load %A[%m0, %k] : memref<?x?xf32> -> tensor<32x16xf32>
        %tb = tile.load %B[%k, %n0] : memref<?x?xf32> -> tensor<16x32xf32>
        %d = tile.dot %ta, %tb, %a : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32, #acc>
        scf.yield %d : tensor<32x32xf32, #acc>
      }
      tile.store %acc, %C[%m0, %n0] : tensor<32x32xf32, #acc> -> memref<?x?xf32>
      gpu.return
    }

    gpu.func @matmul_f16(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %K = memref.dim %A, %c1 : memref<?x?xf16>
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m0 = arith.muli %by, %c32 : index
      %n0 = arith.muli %bx, %c32 : index
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<32x32xf32, #acc>
      %acc = scf.for %k = %c0 to %K step %c16 iter_args(%a = %init) -> (tensor<32x32xf32, #acc>) {
        %ta = tile.load %A[%m0, %k] : memref<?x?xf16> -> tensor<32x16xf16>
        %tb = tile.load %B[%k, %n0] : memref<?x?xf16> -> tensor<16x32xf16>
        %d = tile.dot %ta, %tb, %a : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32, #acc>
        scf.yield %d : tensor<32x32xf32, #acc>
      }
      tile.store %acc, %C[%m0, %n0] : tensor<32x32xf32, #acc> -> memref<?x?xf32>
      gpu.return
    }
  }

  // Host functions: a grid of ceil(N/32) x ceil(M/32) workgroups.
  func.func @matmul_f32(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %M = memref.dim %C, %c0 : memref<?x?xf32>
    %N = memref.dim %C, %c1 : memref<?x?xf32>
    %gx = arith.ceildivui %N, %c32 : index
    %gy = arith.ceildivui %M, %c32 : index
    gpu.launch_func @kernels::@matmul_f32 blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1) args(%A : memref<?x?xf32>, %B : memref<?x?xf32>, %C : memref<?x?xf32>)
    return
  }

  func.func @matmul_f16(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %M = memref.dim %C, %c0 : memref<?x?xf32>
    %N = memref.dim %C, %c1 : memref<?x?xf32>
    %gx = arith.ceildivui %N, %c32 : index
    %gy = arith.ceildivui %M, %c32 : index
    gpu.launch_func @kernels::@matmul_f16 blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1) args(%A : memref<?x?xf16>, %B : memref<?x?xf16>, %C : memref<?x?xf32>)
    return
  }
}
