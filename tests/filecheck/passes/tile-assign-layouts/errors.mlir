// RUN: tile-opt %s -p tile-assign-layouts --split-input-file --verify-diagnostics
// Kernels the layouts cannot be chosen for: a layout written for another workgroup size, a
// workgroup size that is not a power of two, a workgroup size that is not known.

#l64 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerGroup = [2, 1], order = [1, 0]>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%C: memref<?x?xf32>, %v: f32) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{tile-assign-layouts: the layout #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerGroup = [2, 1], order = [1, 0]> spreads the tile over 64 threads but the kernel has 128}}
      %t = tile.splat %v : tensor<8x32xf32, #l64>
      tile.store %t, %C[%c0, %c0] : tensor<8x32xf32, #l64> -> memref<?x?xf32>
      gpu.return
    }
  }
  func.func @host(%C: memref<?x?xf32>, %v: f32) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%C : memref<?x?xf32>, %v : f32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{tile-assign-layouts: the workgroup size 96 of this kernel is not a power of two; #tile.blocked layouts spread tiles over a power-of-two number of threads}}
    gpu.func @k(%C: memref<?x?xf32>, %v: f32) kernel attributes {known_block_size = array<i32: 96, 1, 1>} {
      %c0 = arith.constant 0 : index
      %t = tile.splat %v : tensor<8x32xf32>
      tile.store %t, %C[%c0, %c0] : tensor<8x32xf32> -> memref<?x?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @+1 {{has no known_block_size and no gpu.launch_func with constant block sizes; tile-assign-layouts needs the workgroup size at compile time}}
    gpu.func @k(%C: memref<?x?xf32>, %v: f32) kernel {
      %c0 = arith.constant 0 : index
      %t = tile.splat %v : tensor<8x32xf32>
      tile.store %t, %C[%c0, %c0] : tensor<8x32xf32> -> memref<?x?xf32>
      gpu.return
    }
  }
}

// -----

// A tile without elements (found by the mutation run: assign-layouts threw an internal error).
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%X: memref<?x?xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      // expected-error@+1 {{tile-assign-layouts: a tile of type 'tensor<4x0xf32>' has no elements to spread over the threads (a zero-size or dynamic dimension)}}
      %z = arith.constant dense<> : tensor<4x0xf32>
      %w = arith.addf %z, %z : tensor<4x0xf32>
      gpu.return
    }
  }
}
