// Elementwise add over row blocks with triple-buffered asynchronous copies: one workgroup (128
// threads) per block of 4 rows, walking the columns 64 at a time, two steps in flight. The
// prologue issues steps 0 and 1; iteration j waits until only the group of step j+1 is pending
// (async.wait 1 for the group of step j, carried in the loop's iter_args with the group of step j+1),
// adds the tiles of buffer j mod 3, then issues step j+2 into buffer (j+2) mod 3.
// Masked copies zero-fill past the edges; the store is masked. Same entry and signature as add.mlir:
//   tile-run examples/add-async-3buf.mlir --entry add --arg X=rand:130x77xf32 --arg Y=rand:130x77xf32 \
//     --arg Z=zeros:130x77xf32 --compare examples/add.mlir --tolerance 0
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_3buf(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %N = memref.dim %X, %c1 : memref<?x?xf32>
      %steps = arith.ceildivui %N, %c64 : index
      %bx = gpu.block_id x
      %r0 = arith.muli %bx, %c4 : index
      %Xs = tile.alloc : memref<3x4x64xf32, #gpu.address_space<workgroup>>
      %Ys = tile.alloc : memref<3x4x64xf32, #gpu.address_space<workgroup>>
      %tx0 = async.copy %X[%r0, %c0], %Xs[%c0, %c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<3x4x64xf32, #gpu.address_space<workgroup>>
      %ty0 = async.copy %Y[%r0, %c0], %Ys[%c0, %c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<3x4x64xf32, #gpu.address_space<workgroup>>
      %g0 = async.commit %tx0, %ty0
      %tx1 = async.copy %X[%r0, %c64], %Xs[%c1, %c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<3x4x64xf32, #gpu.address_space<workgroup>>
      %ty1 = async.copy %Y[%r0, %c64], %Ys[%c1, %c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<3x4x64xf32, #gpu.address_space<workgroup>>
      %g1 = async.commit %tx1, %ty1
      %r:2 = scf.for %j = %c0 to %steps step %c1 iter_args(%gj = %g0, %gj1 = %g1) -> (!async.group, !async.group) {
        async.wait 1 for %gj
        %s = arith.remui %j, %c3 : index
        %x = tile.load %Xs[%s, %c0, %c0] : memref<3x4x64xf32, #gpu.address_space<workgroup>> -> tensor<4x64xf32>
        %y = tile.load %Ys[%s, %c0, %c0] : memref<3x4x64xf32, #gpu.address_space<workgroup>> -> tensor<4x64xf32>
        %sum = arith.addf %x, %y : tensor<4x64xf32>
        %col = arith.muli %j, %c64 : index
        tile.store %sum, %Z[%r0, %col] : tensor<4x64xf32> -> memref<?x?xf32>
        %j2 = arith.addi %j, %c2 : index
        %s2 = arith.remui %j2, %c3 : index
        %col2 = arith.muli %j2, %c64 : index
        %tx = async.copy %X[%r0, %col2], %Xs[%s2, %c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<3x4x64xf32, #gpu.address_space<workgroup>>
        %ty = async.copy %Y[%r0, %col2], %Ys[%s2, %c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<3x4x64xf32, #gpu.address_space<workgroup>>
        %g = async.commit %tx, %ty
        scf.yield %gj1, %g : !async.group, !async.group
      }
      async.wait all
      gpu.return
    }
  }

  func.func @add(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %M = memref.dim %X, %c0 : memref<?x?xf32>
    %g = arith.ceildivui %M, %c4 : index
    gpu.launch_func @kernels::@add_3buf blocks in (%g, %c1, %c1) threads in (%c128, %c1, %c1) args(%X : memref<?x?xf32>, %Y : memref<?x?xf32>, %Z : memref<?x?xf32>)
    return
  }
}
