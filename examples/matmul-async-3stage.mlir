// Hand-written 3-stage software pipeline for matmul with f16 inputs and f32 accumulation: one
// workgroup (128 threads) per 32x32 tile of C, K in steps of 16. The A and B tiles of three
// consecutive K steps live in triple-buffered workgroup memory, filled by asynchronous copies.
// The prologue issues steps 0 and 1 (one commit group each). Iteration k waits until only the
// group of step k+1 is pending (async.wait 1: all but the newest group complete), computes on
// buffer k mod 3, then issues step k+2 into buffer (k+2) mod 3 (the one iteration k-1 read).
// Copies are masked: tiles past M, N or K are zero-filled, so the loop needs no epilogue and any
// size works. Same entry and signature as matmul.mlir's @matmul_f16:
//   tile-run examples/matmul-async-3stage.mlir --entry matmul_f16 --arg A=rand:37x45xf16 \
//     --arg B=rand:45x29xf16 --arg C=zeros:37x29xf32 --compare examples/matmul.mlir --tolerance 1e-5
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_3stage(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %K = memref.dim %A, %c1 : memref<?x?xf16>
      %steps = arith.ceildivui %K, %c16 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m0 = arith.muli %by, %c32 : index
      %n0 = arith.muli %bx, %c32 : index
      %As = tile.alloc : memref<3x32x16xf16, #gpu.address_space<workgroup>>
      %Bs = tile.alloc : memref<3x16x32xf16, #gpu.address_space<workgroup>>
      %ta0 = async.copy %A[%m0, %c0], %As[%c0, %c0, %c0] shape [32, 16] masked : memref<?x?xf16> to memref<3x32x16xf16, #gpu.address_space<workgroup>>
      %tb0 = async.copy %B[%c0, %n0], %Bs[%c0, %c0, %c0] shape [16, 32] masked : memref<?x?xf16> to memref<3x16x32xf16, #gpu.address_space<workgroup>>
      %g0 = async.commit %ta0, %tb0
      %ta1 = async.copy %A[%m0, %c16], %As[%c1, %c0, %c0] shape [32, 16] masked : memref<?x?xf16> to memref<3x32x16xf16, #gpu.address_space<workgroup>>
      %tb1 = async.copy %B[%c16, %n0], %Bs[%c1, %c0, %c0] shape [16, 32] masked : memref<?x?xf16> to memref<3x16x32xf16, #gpu.address_space<workgroup>>
      %g1 = async.commit %ta1, %tb1
      %init = arith.constant dense<0.0> : tensor<32x32xf32>
      %r:3 = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %init, %gk = %g0, %gk1 = %g1) -> (tensor<32x32xf32>, !async.group, !async.group) {
        async.wait 1 for %gk
        %s = arith.remui %k, %c3 : index
        %a = tile.load %As[%s, %c0, %c0] : memref<3x32x16xf16, #gpu.address_space<workgroup>> -> tensor<32x16xf16>
        %b = tile.load %Bs[%s, %c0, %c0] : memref<3x16x32xf16, #gpu.address_space<workgroup>> -> tensor<16x32xf16>
        %d = tile.dot %a, %b, %acc : tensor<32x16xf16>, tensor<16x32xf16> -> tensor<32x32xf32>
        %k2 = arith.addi %k, %c2 : index
        %s2 = arith.remui %k2, %c3 : index
        %kk = arith.muli %k2, %c16 : index
        %ta = async.copy %A[%m0, %kk], %As[%s2, %c0, %c0] shape [32, 16] masked : memref<?x?xf16> to memref<3x32x16xf16, #gpu.address_space<workgroup>>
        %tb = async.copy %B[%kk, %n0], %Bs[%s2, %c0, %c0] shape [16, 32] masked : memref<?x?xf16> to memref<3x16x32xf16, #gpu.address_space<workgroup>>
        %gk2 = async.commit %ta, %tb
        scf.yield %d, %gk1, %gk2 : tensor<32x32xf32>, !async.group, !async.group
      }
      async.wait all
      tile.store %r#0, %C[%m0, %n0] : tensor<32x32xf32> -> memref<?x?xf32>
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
    gpu.launch_func @kernels::@matmul_3stage blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1) args(%A : memref<?x?xf16>, %B : memref<?x?xf16>, %C : memref<?x?xf32>)
    return
  }
}
