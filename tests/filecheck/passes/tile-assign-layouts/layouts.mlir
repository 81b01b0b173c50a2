// tile-assign-layouts on hand-written tile-level kernels: the layouts follow the workgroup size
// (128 threads here), values that must share a type share one, encodings written by hand stay.
// RUN: tile-opt %s -p tile-assign-layouts | FileCheck %s

#acc = #tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerGroup = [1, 4], order = [1, 0]>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Loads, the elementwise op and the store share one coalesced layout: 4x64 over 128
    // threads is 2 contiguous elements per thread, a warp along a row, a warp per row.
    // CHECK-LABEL: gpu.func @add(
    // CHECK: scf.for
    // CHECK: tile.load {{.*}} -> tensor<4x64xf32, #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerGroup = [4, 1], order = [1, 0]>>
    // CHECK: arith.addf {{.*}} : tensor<4x64xf32, #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerGroup = [4, 1], order = [1, 0]>>
    // CHECK-NOT: tile.cast
    // CHECK: tile.store
    gpu.func @add(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>) kernel {
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

    // The accumulator's layout was written by hand: it stays, and the loop-carried splat and
    // the loop's result take it; the operands get access layouts. No accumulator layout was
    // given in @dot_free: a register-blocked one is chosen (2x4 per thread for 32x32).
    // CHECK-LABEL: gpu.func @dot_written(
    // CHECK: tile.splat {{.*}} : tensor<32x32xf32, #tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>>
    // CHECK: tile.load {{.*}} -> tensor<32x16xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [4, 1], order = [1, 0]>>
    // CHECK: tile.load {{.*}} -> tensor<16x32xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>>
    // CHECK-LABEL: gpu.func @dot_free(
    // CHECK: arith.constant dense<0.000000e+00> : tensor<32x32xf32, #tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>>
    // CHECK: tile.dot {{.*}} -> tensor<32x32xf32, #tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>>
    gpu.func @dot_written(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %K: index) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<32x32xf32, #acc>
      %r = scf.for %k = %c0 to %K step %c16 iter_args(%a = %init) -> (tensor<32x32xf32, #acc>) {
        %ta = tile.load %A[%c0, %k] : memref<?x?xf32> -> tensor<32x16xf32>
        %tb = tile.load %B[%k, %c0] : memref<?x?xf32> -> tensor<16x32xf32>
        %d = tile.dot %ta, %tb, %a : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32, #acc>
        scf.yield %d : tensor<32x32xf32, #acc>
      }
      tile.store %r, %C[%c0, %c0] : tensor<32x32xf32, #acc> -> memref<?x?xf32>
      gpu.return
    }
    gpu.func @dot_free(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %K: index) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %init = arith.constant dense<0.0> : tensor<32x32xf32>
      %r = scf.for %k = %c0 to %K step %c16 iter_args(%a = %init) -> (tensor<32x32xf32>) {
        %ta = tile.load %A[%c0, %k] : memref<?x?xf32> -> tensor<32x16xf32>
        %tb = tile.load %B[%k, %c0] : memref<?x?xf32> -> tensor<16x32xf32>
        %d = tile.dot %ta, %tb, %a : tensor<32x16xf32>, tensor<16x32xf32> -> tensor<32x32xf32>
        scf.yield %d : tensor<32x32xf32>
      }
      tile.store %r, %C[%c0, %c0] : tensor<32x32xf32> -> memref<?x?xf32>
      gpu.return
    }

    // A tile laid out in columns (written by hand) is stored through a relayout to the
    // coalesced, vectorized layout of its row-major destination.
    // CHECK-LABEL: gpu.func @store_columns(
    // CHECK: %[[T:.*]] = tile.cast %{{.*}} : tensor<32x32xf32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerGroup = [1, 4], order = [1, 0]>> to tensor<32x32xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerGroup = [4, 1], order = [1, 0]>>
    // CHECK-NEXT: tile.store %[[T]]
    gpu.func @store_columns(%C: memref<?x?xf32>, %v: f32) kernel {
      %c0 = arith.constant 0 : index
      %t = tile.splat %v : tensor<32x32xf32, #cols>
      tile.store %t, %C[%c0, %c0] : tensor<32x32xf32, #cols> -> memref<?x?xf32>
      gpu.return
    }

    // Reduction results take the slice of the reduced tile's layout along the axis, and so do the
    // values that must share their type: the running maximum the loop carries, its initial value
    // and the elementwise ops on it (as in online softmax). The broadcast back is then to the
    // reduced tile's own layout.
    // CHECK-LABEL: gpu.func @running_max(
    // CHECK: arith.constant dense<0xFF800000> : tensor<32xf32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerGroup = [4, 1], order = [1, 0]>>>
    // CHECK: scf.for {{.*}} -> (tensor<32xf32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerGroup = [4, 1], order = [1, 0]>>>)
    // CHECK: tile.load {{.*}} -> tensor<32x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerGroup = [4, 1], order = [1, 0]>>
    // CHECK: tile.reduce max {{.*}} -> tensor<32xf32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerGroup = [4, 1], order = [1, 0]>>>
    // CHECK: arith.maximumf {{.*}} : tensor<32xf32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerGroup = [4, 1], order = [1, 0]>>>
    // CHECK: tile.broadcast {{.*}} -> tensor<32x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerGroup = [4, 1], order = [1, 0]>>
    gpu.func @running_max(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %init = arith.constant dense<0xFF800000> : tensor<32xf32>
      %m = scf.for %j = %c0 to %N step %c64 iter_args(%acc = %init) -> (tensor<32xf32>) {
        %x = tile.load %X[%c0, %j] : memref<?x?xf32> -> tensor<32x64xf32>
        %r = tile.reduce max %x axis 1 : tensor<32x64xf32> -> tensor<32xf32>
        %n = arith.maximumf %acc, %r : tensor<32xf32>
        %b = tile.broadcast %n dims [1] : tensor<32xf32> -> tensor<32x64xf32>
        %d = arith.subf %x, %b : tensor<32x64xf32>
        tile.store %d, %Y[%c0, %j] : tensor<32x64xf32> -> memref<?x?xf32>
        scf.yield %n : tensor<32xf32>
      }
      gpu.return
    }
  }

  func.func @host(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %Z: memref<?x?xf32>, %K: index, %v: f32) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@add blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%X : memref<?x?xf32>, %Y : memref<?x?xf32>, %Z : memref<?x?xf32>)
    gpu.launch_func @kernels::@dot_written blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%X : memref<?x?xf32>, %Y : memref<?x?xf32>, %Z : memref<?x?xf32>, %K : index)
    gpu.launch_func @kernels::@dot_free blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%X : memref<?x?xf32>, %Y : memref<?x?xf32>, %Z : memref<?x?xf32>, %K : index)
    gpu.launch_func @kernels::@store_columns blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%Z : memref<?x?xf32>, %v : f32)
    gpu.launch_func @kernels::@running_max blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%X : memref<?x?xf32>, %Y : memref<?x?xf32>, %K : index)
    return
  }
}
