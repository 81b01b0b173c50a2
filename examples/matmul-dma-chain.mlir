// Double-buffered matmul whose copies are chained with `after` (Croktile's DMA chains): the B
// tile of a K step is copied after its A tile, and the A tile after the previous step's B tile
// (a token carried by the loop; the first one is a copy switched off by its predicate, complete
// at once). Written unpipelined, one buffer per tile; two stages give the chained copies of step
// k+1 to overlap the compute of step k in two buffers per tile:
//   tile-opt examples/matmul-dma-chain.mlir -p 'tile-assign-stages{num-stages=2},tile-multibuffer{num-buffers=2},tile-pipeline,canonicalize,cse' | \
//     tile-run - --entry matmul_f32 --arg arg0=rand:37x45xf32 --arg arg1=rand:45x29xf32 --arg arg2=zeros:37x29xf32 \
//     --compare examples/matmul.mlir --tolerance 1e-5
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_chain(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %false = arith.constant false
      %K = memref.dim %A, %c1 : memref<?x?xf32>
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m0 = arith.muli %by, %c32 : index
      %n0 = arith.muli %bx, %c32 : index
      %As = tile.alloc : memref<32x16xf32, #gpu.address_space<workgroup>>
      %Bs = tile.alloc : memref<16x32xf32, #gpu.address_space<workgroup>>
      %unused = tile.alloc : memref<1xf32, #gpu.address_space<workgroup>>
      %done = async.copy %A[%m0, %c0], %unused[%c0] shape [1] masked if %false : memref<?x?xf32> to memref<1xf32, #gpu.address_space<workgroup>>
      %init = arith.constant dense<0.0> : tensor<32x32xf32>
      %r:2 = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %init, %prev = %done) -> (tensor<32x32xf32>, !async.token) {
        %ta = async.copy %A[%m0, %k], %As[%c0, %c0] shape [32, 16] masked after %prev : memref<?x?xf32> to memref<32x16xf32, #gpu.address_space<workgroup>>
        %tb = async.copy %B[%k, %n0], %Bs[%c0, %c0] shape [16, 32] masked after %ta : memref<?x?xf32> to memref<16x32xf32, #gpu.address_space<workgroup>>
        %g = async.commit %ta, %tb
        async.wait 0 for %g
        %a = tile.load %As[%c0, %c0] : memref<32x16xf32, #gpu.address_space<workgroup>> -> tensor<32x16xf32>
        %b = tile.load %Bs[%c0, %c0] : memref<16x32xf32, #gpu.address_space<workgroup>> -> tensor<16x32xf32>
        %d = tile.dot %a, %b, %acc : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
        scf.yield %d, %tb : tensor<32x32xf32>, !async.token
      }
      async.wait all
      tile.store %r#0, %C[%m0, %n0] : tensor<32x32xf32> -> memref<?x?xf32>
      gpu.return
    }
  }

  func.func @matmul_f32(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %M = memref.dim %C, %c0 : memref<?x?xf32>
    %N = memref.dim %C, %c1 : memref<?x?xf32>
    %gx = arith.ceildivui %N, %c32 : index
    %gy = arith.ceildivui %M, %c32 : index
    gpu.launch_func @kernels::@matmul_chain blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1) args(%A : memref<?x?xf32>, %B : memref<?x?xf32>, %C : memref<?x?xf32>)
    return
  }
}
