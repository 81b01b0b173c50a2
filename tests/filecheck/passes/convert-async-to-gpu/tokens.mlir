// RUN: tile-opt %s -p 'convert-async-to-gpu,canonicalize' | FileCheck %s

#wg = #gpu.address_space<workgroup>
module attributes {gpu.container_module} {
  gpu.module @k {
    // A select of tokens completes both copies where it chooses (either may be chosen; early
    // completion is allowed): one barrier pair with both stores in issue order, the second under
    // its predicate;
    // the wait for the chosen token then has nothing left to store.
    // CHECK-LABEL: gpu.func @select_tokens
    // CHECK-NOT: arith.select
    // CHECK: gpu.barrier
    // CHECK-NEXT: memref.store %{{.*}}, %[[B1:.*]][%{{.*}}] : memref<32xf32, #gpu.address_space<workgroup>>
    // CHECK-NEXT: scf.if %p {
    // CHECK-NEXT: memref.store
    // CHECK-NEXT: }
    // CHECK-NEXT: gpu.barrier
    // CHECK-NEXT: tile.load %[[B1]]
    gpu.func @select_tokens(%A: memref<?xf32>, %p: i1) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %b1 = tile.alloc : memref<32xf32, #wg>
      %b2 = tile.alloc : memref<32xf32, #wg>
      %t1 = async.copy %A[%c0], %b1[%c0] shape [32] masked : memref<?xf32> to memref<32xf32, #wg>
      %t2 = async.copy %A[%c0], %b2[%c0] shape [32] masked if %p : memref<?xf32> to memref<32xf32, #wg>
      %t = arith.select %p, %t2, %t1 : !async.token
      %g = async.commit %t
      async.wait 0 for %g
      %x = tile.load %b1[%c0] : memref<32xf32, #wg> -> tensor<32xf32>
      tile.store %x, %A[%c0] : tensor<32xf32> -> memref<?xf32>
      gpu.return
    }

    // A loop carries a group and, for the `after` chain, a token of a copy inside that group:
    // the copy's registers are carried once (predicate and value; its destination origin is the
    // same in every iteration, so the loop uses the init and canonicalize drops the iter_arg).
    // CHECK-LABEL: gpu.func @shared_copy
    // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}, %{{[^ ]*}} = %{{[^ ]*}}) -> (i1, f32)
    gpu.func @shared_copy(%A: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %b = tile.alloc : memref<32xf32, #wg>
      %t0 = async.copy %A[%c0], %b[%c0] shape [32] masked : memref<?xf32> to memref<32xf32, #wg>
      %g0 = async.commit %t0
      %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%g = %g0, %prev = %t0) -> (!async.group, !async.token) {
        async.wait 0 for %g
        %x = tile.load %b[%c0] : memref<32xf32, #wg> -> tensor<32xf32>
        tile.store %x, %A[%c0] : tensor<32xf32> -> memref<?xf32>
        %t = async.copy %A[%i], %b[%c0] shape [32] masked after %prev : memref<?xf32> to memref<32xf32, #wg>
        %gn = async.commit %t
        scf.yield %gn, %t : !async.group, !async.token
      }
      async.wait all
      gpu.return
    }

    // A copy left in flight at the end of an `scf.if` that no wait follows (a kernel guarded by
    // its block count, the last stage's copies past the end of a pipelined loop canonicalize
    // unrolled) is never observed: dropped, as at the end of the kernel. Only the first copy is
    // stored to workgroup memory.
    // CHECK-LABEL: gpu.func @unobserved_in_if
    // CHECK: scf.if
    // CHECK-COUNT-1: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<2x32xf32, #gpu.address_space<workgroup>>
    // CHECK-NOT: memref.store %{{.*}} : memref<2x32xf32, #gpu.address_space<workgroup>>
    // CHECK: gpu.return
    gpu.func @unobserved_in_if(%A: memref<?xf32>, %B: memref<?xf32>, %p: i1, %q: i1) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      scf.if %p {
        %b = tile.alloc : memref<2x32xf32, #wg>
        %t0 = async.copy %A[%c0], %b[%c0, %c0] shape [32] masked : memref<?xf32> to memref<2x32xf32, #wg>
        %g0 = async.commit %t0
        %t1 = async.copy %A[%c32], %b[%c1, %c0] shape [32] masked if %q : memref<?xf32> to memref<2x32xf32, #wg>
        %g1 = async.commit %t1
        async.wait 1 for %g0
        %x = tile.load %b[%c0, %c0] : memref<2x32xf32, #wg> -> tensor<32xf32>
        tile.store %x, %B[%c0] : tensor<32xf32> -> memref<?xf32>
      }
      gpu.return
    }
  }
}
