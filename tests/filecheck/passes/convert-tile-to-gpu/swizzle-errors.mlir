// RUN: tile-opt %s -p 'tile-assign-layouts,convert-tile-to-gpu' --verify-diagnostics -o /dev/null

// A swizzle that would move elements out of their row is refused at the allocation.

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @too_narrow(%X: memref<8x16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      // expected-error@+1 {{'tile.alloc' op cannot be lowered: its swizzle (#tile.shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>) needs the contiguous dimension (size 16) to be a multiple of vec * maxPhase rounded up to a power of two (32); use a smaller vec or maxPhase}}
      %buf = tile.alloc layout #tile.shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]> : memref<8x16xf32, #gpu.address_space<workgroup>>
      %x = tile.load %X[%c0, %c0] in_bounds : memref<8x16xf32> -> tensor<8x16xf32>
      tile.store %x, %buf[%c0, %c0] in_bounds : tensor<8x16xf32> -> memref<8x16xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
