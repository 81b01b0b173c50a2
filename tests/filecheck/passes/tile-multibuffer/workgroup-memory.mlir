// RUN: tile-opt %s -p 'tile-multibuffer{num-buffers=3 max-workgroup-memory=3072}' --split-input-file --verify-diagnostics
// RUN: not tile-opt %s -p 'tile-multibuffer{num-buffers=3 max-workgroup-memory=3072}' --split-input-file 2>/dev/null | FileCheck %s
// The workgroup memory limit is checked once the buffers have their slots: 3 x 4x64 f32 = 3072
// bytes fit, a second buffer does not (the check comes before tile-pipeline copies the loop).

// CHECK-LABEL: gpu.func @fits
// CHECK: tile.alloc : memref<3x4x64xf32, #gpu.address_space<workgroup>>
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fits(%X: memref<?x?xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %buf = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c0 to %N step %c1 {
        %t = async.copy %X[%i, %c0], %buf[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
        async.wait all
        %x = tile.load %buf[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        tile.store %x, %X[%i, %c0] : tensor<4x64xf32> -> memref<?x?xf32>
      }
      gpu.return
    }
  }
}

// -----

#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error@+1 {{this kernel uses 6144 bytes of workgroup memory, more than the 3072 allowed (max-workgroup-memory); use smaller tile sizes or fewer stages, or raise the limit for an adapter that allows more}}
    gpu.func @too_big(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = tile.alloc : memref<4x64xf32, #wg>
      %b = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c0 to %N step %c1 {
        %t = async.copy %X[%i, %c0], %a[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
        %u = async.copy %Y[%i, %c0], %b[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
        async.wait all
        %x = tile.load %a[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        %y = tile.load %b[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        %s = arith.addf %x, %y : tensor<4x64xf32>
        tile.store %s, %X[%i, %c0] : tensor<4x64xf32> -> memref<?x?xf32>
      }
      gpu.return
    }
  }
}
