// A kernel that ends with a copy never waited for (committed, but the last wait keeps it
// pending), and one whose copy is never committed and only waited for with a count: both are
// reported at the copy, naming the workgroup.
// RUN: not tile-run %s --entry pending --arg A=rand:8x8xf32 2>&1 | FileCheck %s --check-prefix=PENDING
// RUN: not tile-run %s --entry uncommitted --arg A=rand:8x8xf32 2>&1 | FileCheck %s --check-prefix=UNCOMMITTED
// RUN: tile-run %s --entry waited --arg A=rand:8x8xf32 | FileCheck %s --check-prefix=WAITED
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @pending(%A: memref<8x8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : memref<2x8x8xf32, #gpu.address_space<workgroup>>
      %t0 = async.copy %A[%c0, %c0], %buf[%c0, %c0, %c0] shape [8, 8] : memref<8x8xf32> to memref<2x8x8xf32, #gpu.address_space<workgroup>>
      %g0 = async.commit %t0
      %c1 = arith.constant 1 : index
      // PENDING: race-unwaited.mlir:[[@LINE+1]]:13: error: async copy at {{.*}}race-unwaited.mlir:[[@LINE+1]]:13 has not been waited for at the end of workgroup (0, 0, 0) of @pending
      %t1 = async.copy %A[%c0, %c0], %buf[%c1, %c0, %c0] shape [8, 8] : memref<8x8xf32> to memref<2x8x8xf32, #gpu.address_space<workgroup>>
      %g1 = async.commit %t1
      async.wait 1
      gpu.return
    }
    gpu.func @uncommitted(%A: memref<8x8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : memref<8x8xf32, #gpu.address_space<workgroup>>
      // UNCOMMITTED: race-unwaited.mlir:[[@LINE+1]]:12: error: async copy at {{.*}}race-unwaited.mlir:[[@LINE+1]]:12 has not been waited for at the end of workgroup (0, 0, 0) of @uncommitted
      %t = async.copy %A[%c0, %c0], %buf[%c0, %c0] shape [8, 8] : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
      async.wait 0
      gpu.return
    }
    gpu.func @waited(%A: memref<8x8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc : memref<8x8xf32, #gpu.address_space<workgroup>>
      %t = async.copy %A[%c0, %c0], %buf[%c0, %c0] shape [8, 8] : memref<8x8xf32> to memref<8x8xf32, #gpu.address_space<workgroup>>
      async.wait all
      %v = tile.load %buf[%c0, %c0] : memref<8x8xf32, #gpu.address_space<workgroup>> -> tensor<8x8xf32>
      %two = arith.constant dense<2.0> : tensor<8x8xf32>
      %d = arith.mulf %v, %two : tensor<8x8xf32>
      tile.store %d, %A[%c0, %c0] : tensor<8x8xf32> -> memref<8x8xf32>
      gpu.return
    }
  }
  func.func @pending(%A: memref<8x8xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@pending blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%A : memref<8x8xf32>)
    return
  }
  func.func @uncommitted(%A: memref<8x8xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@uncommitted blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%A : memref<8x8xf32>)
    return
  }
  // WAITED: %A: memref<8x8xf32> shape=8x8 dtype=f32
  func.func @waited(%A: memref<8x8xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@waited blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%A : memref<8x8xf32>)
    return
  }
}
