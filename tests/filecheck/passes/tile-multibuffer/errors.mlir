// RUN: tile-opt %s -p 'tile-multibuffer{num-buffers=1}' --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Locations in messages (LINE:COL) count lines within each split, as mlir-opt's --split-input-file.

#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @used_after_the_loop(%X: memref<?x?xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // expected-error@+1 {{cannot multibuffer: the buffer is used outside the loop (by 'tile.load' at 18:12)}}
      %buf = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c0 to %N step %c1 {
        %t = async.copy %X[%i, %c0], %buf[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #wg>
        async.wait all
        %x = tile.load %buf[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        "test.use"(%x) : (tensor<4x64xf32>) -> ()
      }
      %y = tile.load %buf[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
      "test.use"(%y) : (tensor<4x64xf32>) -> ()
      gpu.return
    }
  }
}

// -----

// Two loops sharing one buffer: it is used outside each of them.
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_loops(%v: tensor<4x64xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // expected-error@+1 {{cannot multibuffer: the buffer is used outside the loop (by 'tile.store' at 17:9)}}
      %buf = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c0 to %N step %c1 {
        tile.store %v, %buf[%c0, %c0] : tensor<4x64xf32> -> memref<4x64xf32, #wg>
        %x = tile.load %buf[%c0, %c0] : memref<4x64xf32, #wg> -> tensor<4x64xf32>
      }
      scf.for %i = %c0 to %N step %c1 {
        tile.store %v, %buf[%c0, %c0] : tensor<4x64xf32> -> memref<4x64xf32, #wg>
      }
      gpu.return
    }
  }
}

// -----

#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_indexable(%v: tensor<4x64xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // expected-error@+1 {{cannot multibuffer: the buffer is used by 'memref.dim' at 13:14, which cannot take a buffer index (only tile.load, tile.store, async.copy destinations, memref.load and memref.store can)}}
      %buf = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c0 to %N step %c1 {
        tile.store %v, %buf[%c0, %c0] : tensor<4x64xf32> -> memref<4x64xf32, #wg>
        %d = memref.dim %buf, %c0 : memref<4x64xf32, #wg>
        %x = tile.load %buf[%d, %c0] : memref<4x64xf32, #wg> -> tensor<4x64xf32>
      }
      gpu.return
    }
  }
}

// -----

// Copies in stage 0, loads in stage 1: two buffers needed, one given.
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @too_few(%X: memref<?x?xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // expected-error@+1 {{'tile-multibuffer' option 'num-buffers' is 1 but the schedule of the loop at 12:7 needs 2 buffers for this buffer (written in stage 0, read in stage 1)}}
      %buf = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c0 to %N step %c1 {
        %t = async.copy %X[%i, %c0], %buf[%c0, %c0] shape [4, 64] masked {tile.stage = 0} : memref<?x?xf32> to memref<4x64xf32, #wg>
        %g = async.commit %t {tile.stage = 0}
        async.wait 0 for %g {tile.stage = 1}
        %x = tile.load %buf[%c0, %c0] in_bounds {tile.stage = 1} : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        "test.use"(%x) {tile.stage = 1} : (tensor<4x64xf32>) -> ()
      }
      gpu.return
    }
  }
}

// -----

// A schedule that cannot be read is reported where it is wrong.
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bad_schedule(%X: memref<?x?xf32>, %N: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %buf = tile.alloc : memref<4x64xf32, #wg>
      scf.for %i = %c0 to %N step %c1 {
        %t = async.copy %X[%i, %c0], %buf[%c0, %c0] shape [4, 64] masked {tile.stage = 0} : memref<?x?xf32> to memref<4x64xf32, #wg>
        %g = async.commit %t {tile.stage = 0}
        async.wait 0 for %g {tile.stage = 0}
        // expected-error@+1 {{op 'tile.load' has no 'tile.stage' (every op of a scheduled loop needs one)}}
        %x = tile.load %buf[%c0, %c0] in_bounds : memref<4x64xf32, #wg> -> tensor<4x64xf32>
        "test.use"(%x) {tile.stage = 0} : (tensor<4x64xf32>) -> ()
      }
      gpu.return
    }
  }
}
