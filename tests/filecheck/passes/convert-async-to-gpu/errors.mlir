// RUN: tile-opt %s -p 'convert-async-to-gpu' --split-input-file --verify-diagnostics -o /dev/null

// A copy issued in a loop and waited for only after the loop (its group is not carried):
// registers cannot stay in flight across iterations without being carried.
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @uncarried(%A: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %b = tile.alloc : memref<32xf32, #wg>
      scf.for %i = %c0 to %n step %c1 {
        // expected-error@+1 {{'async.copy' op is still in flight at the end of the body of the 'scf.for' around it, and its group is not carried: wait for it in the body, or pass its group (or token) through iter_args and name it in the wait that completes it (`async.wait N for %g`, as tile-pipeline does), so that its registers can be carried to the next iteration}}
        %t = async.copy %A[%i], %b[%c0] shape [32] masked : memref<?xf32> to memref<32xf32, #wg>
        %g = async.commit %t
      }
      async.wait all
      gpu.return
    }
  }
}

// -----

#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @in_nested_region(%A: memref<?xf32>, %n: index, %p: i1) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %b = tile.alloc : memref<32xf32, #wg>
      %t0 = async.copy %A[%c0], %b[%c0] shape [32] masked : memref<?xf32> to memref<32xf32, #wg>
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %t0) -> (!async.token) {
        async.wait all
        // expected-error@+1 {{'scf.execute_region' op cannot be lowered: makes an async value a loop carries, which convert-async-to-gpu cannot follow through 'scf.execute_region'; yield tokens or groups of copies issued directly in the loop body}}
        %t = scf.execute_region -> !async.token {
          %c = async.copy %A[%i], %b[%c0] shape [32] masked : memref<?xf32> to memref<32xf32, #wg>
          scf.yield %c : !async.token
        }
        scf.yield %t : !async.token
      }
      async.wait all
      gpu.return
    }
  }
}

// -----

// A wait after the `scf.if` may complete its copy: the registers would have to leave the region.
#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @waited_after_if(%A: memref<?xf32>, %p: i1) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %b = tile.alloc : memref<32xf32, #wg>
      scf.if %p {
        // expected-error@+1 {{'async.copy' op is still in flight at the end of the body of the 'scf.if' around it, and a wait after it may complete it: wait for it in the body (copies are carried out of loops only)}}
        %t = async.copy %A[%c0], %b[%c0] shape [32] masked : memref<?xf32> to memref<32xf32, #wg>
        %g = async.commit %t
      }
      async.wait all
      gpu.return
    }
  }
}
