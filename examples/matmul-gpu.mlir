// A tiled matmul kernel at the SIMT level: each thread computes one element of C.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c16 = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %row0 = arith.muli %by, %c16 : index
      %row = arith.addi %row0, %ty : index
      %col0 = arith.muli %bx, %c16 : index
      %col = arith.addi %col0, %tx : index
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%row, %k] : memref<64x64xf32>
        %y = memref.load %b[%k, %col] : memref<64x64xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %c[%row, %col] : memref<64x64xf32>
      gpu.return
    }
  }
  func.func @main(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @kernels::@matmul blocks in (%c4, %c4, %c1) threads in (%c16, %c16, %c1) args(%a : memref<64x64xf32>, %b : memref<64x64xf32>, %c : memref<64x64xf32>)
    return
  }
}
