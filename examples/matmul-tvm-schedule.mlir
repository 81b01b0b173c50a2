// A software-pipelining schedule written by hand, TVM style (software_pipeline_stage / _order
// as tile.stage / tile.order annotations), on a matmul K loop with asynchronous copies: the A
// tile of step k+2 is copied in stage 0 and the B tile of step k+1 in stage 1, each in its own
// commit group; stage 2 waits for both, reads and computes. tile-assign-stages keeps the
// annotations, tile-multibuffer sizes the buffers from them (2 slots each), tile-pipeline
// expands the loop; tile-view-schedule draws it:
//   tile-opt examples/matmul-tvm-schedule.mlir -p 'tile-view-schedule' -o /dev/null
//   tile-opt examples/matmul-tvm-schedule.mlir -p 'tile-assign-stages,tile-multibuffer,tile-pipeline,canonicalize,cse' | \
//     tile-run - --entry matmul_f16 --arg arg0=rand:37x45xf16 --arg arg1=rand:45x29xf16 --arg arg2=zeros:37x29xf32 \
//     --compare examples/matmul.mlir --tolerance 1e-5
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_tvm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %K = memref.dim %A, %c1 : memref<?x?xf16>
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m0 = arith.muli %by, %c32 : index
      %n0 = arith.muli %bx, %c32 : index
      %As = tile.alloc : memref<32x16xf16, #gpu.address_space<workgroup>>
      %Bs = tile.alloc : memref<16x32xf16, #gpu.address_space<workgroup>>
      %init = arith.constant dense<0.0> : tensor<32x32xf32>
      %r = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %init) -> (tensor<32x32xf32>) {
        %ta = async.copy %A[%m0, %k], %As[%c0, %c0] shape [32, 16] masked {tile.stage = 0, tile.order = 4} : memref<?x?xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
        %ga = async.commit %ta {tile.stage = 0, tile.order = 5}
        %tb = async.copy %B[%k, %n0], %Bs[%c0, %c0] shape [16, 32] masked {tile.stage = 1, tile.order = 2} : memref<?x?xf16> to memref<16x32xf16, #gpu.address_space<workgroup>>
        %gb = async.commit %tb {tile.stage = 1, tile.order = 3}
        async.wait 0 for %ga, %gb {tile.stage = 2, tile.order = 0}
        %a = tile.load %As[%c0, %c0] {tile.stage = 2, tile.order = 1} : memref<32x16xf16, #gpu.address_space<workgroup>> -> tensor<32x16xf16>
        %b = tile.load %Bs[%c0, %c0] {tile.stage = 2, tile.order = 6} : memref<16x32xf16, #gpu.address_space<workgroup>> -> tensor<16x32xf16>
        %d = tile.dot %a, %b, %acc {tile.stage = 2, tile.order = 7} : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
        scf.yield %d : tensor<32x32xf32>
      }
      tile.store %r, %C[%m0, %n0] : tensor<32x32xf32> -> memref<?x?xf32>
      gpu.return
    }
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
    gpu.launch_func @kernels::@matmul_tvm blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1) args(%A : memref<?x?xf16>, %B : memref<?x?xf16>, %C : memref<?x?xf32>)
    return
  }
}
