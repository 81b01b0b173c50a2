// Two pipelines nested (CuTe/MoYe style): the K loop copies the A and B tiles of each 32-wide K
// step asynchronously into workgroup memory, and inside a step a loop over 8-wide k-slices loads
// the slices into registers and multiplies them. tile-assign-stages gives the K loop 3 stages
// (copies two steps ahead) and, with register-stages=2, the slice loop 2 stages: the slices of
// k+8 are loaded while those of k are multiplied (register double buffering, values carried in
// iter_args). tile-pipeline expands the K loop, then the slice loops it copied:
//   tile-opt examples/matmul-register-pipeline.mlir -p 'tile-assign-stages{num-stages=3 register-stages=2},tile-multibuffer,tile-pipeline,canonicalize,cse' | \
//     tile-run - --entry matmul_f32 --arg arg0=rand:37x45xf32 --arg arg1=rand:45x29xf32 --arg arg2=zeros:37x29xf32 \
//     --compare examples/matmul.mlir --tolerance 1e-5
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_regs(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %K = memref.dim %A, %c1 : memref<?x?xf32>
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m0 = arith.muli %by, %c32 : index
      %n0 = arith.muli %bx, %c32 : index
      %As = tile.alloc : memref<32x32xf32, #gpu.address_space<workgroup>>
      %Bs = tile.alloc : memref<32x32xf32, #gpu.address_space<workgroup>>
      %init = arith.constant dense<0.0> : tensor<32x32xf32>
      %r = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %init) -> (tensor<32x32xf32>) {
        %ta = async.copy %A[%m0, %k], %As[%c0, %c0] shape [32, 32] masked : memref<?x?xf32> to memref<32x32xf32, #gpu.address_space<workgroup>>
        %tb = async.copy %B[%k, %n0], %Bs[%c0, %c0] shape [32, 32] masked : memref<?x?xf32> to memref<32x32xf32, #gpu.address_space<workgroup>>
        %g = async.commit %ta, %tb
        async.wait 0 for %g
        %step = scf.for %kk = %c0 to %c32 step %c8 iter_args(%acc2 = %acc) -> (tensor<32x32xf32>) {
          %a = tile.load %As[%c0, %kk] : memref<32x32xf32, #gpu.address_space<workgroup>> -> tensor<32x8xf32>
          %b = tile.load %Bs[%kk, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>> -> tensor<8x32xf32>
          %d = tile.dot %a, %b, %acc2 : tensor<32x8xf32>, tensor<8x32xf32> -> tensor<32x32xf32>
          scf.yield %d : tensor<32x32xf32>
        }
        scf.yield %step : tensor<32x32xf32>
      }
      tile.store %r, %C[%m0, %n0] : tensor<32x32xf32> -> memref<?x?xf32>
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
    gpu.launch_func @kernels::@matmul_regs blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1) args(%A : memref<?x?xf32>, %B : memref<?x?xf32>, %C : memref<?x?xf32>)
    return
  }
}
