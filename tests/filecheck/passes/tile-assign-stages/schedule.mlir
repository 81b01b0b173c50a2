// The automatic schedule: copies, their commit and the index arithmetic they need in stage 0,
// the rest in the last stage; ordered: the last stage's wait and buffer loads, then the copies
// (for a later step, issued once this step's buffers are read), then the compute.
// RUN: tile-opt %s -p 'tile-assign-stages{num-stages=3}' | FileCheck %s
// RUN: tile-opt %s -p 'tile-assign-stages{num-stages=4}' | FileCheck %s --check-prefix=FOUR
// RUN: tile-opt %s -p 'tile-assign-stages{num-stages=1}' | FileCheck %s --check-prefix=NONE
// RUN: tile-opt %s -p 'tile-assign-stages{num-stages=3 register-stages=2}' | FileCheck %s --check-prefix=REG

// CHECK-LABEL: func.func @copies(
// CHECK: scf.for
// CHECK-NEXT: arith.muli {{.*}} {tile.order = 2 : i64, tile.stage = 0 : i64}
// CHECK-NEXT: async.copy {{.*}} {tile.order = 3 : i64, tile.stage = 0 : i64}
// CHECK-NEXT: async.commit {{.*}} {tile.order = 4 : i64, tile.stage = 0 : i64}
// CHECK-NEXT: async.wait 0 for {{.*}} {tile.order = 0 : i64, tile.stage = 2 : i64}
// CHECK-NEXT: tile.load {{.*}} {tile.order = 1 : i64, tile.stage = 2 : i64}
// CHECK-NEXT: arith.addf {{.*}} {tile.order = 5 : i64, tile.stage = 2 : i64}
// CHECK-NEXT: tile.store {{.*}} {tile.order = 6 : i64, tile.stage = 2 : i64}
// CHECK-NEXT: arith.addi {{.*}} {tile.order = 7 : i64, tile.stage = 2 : i64}
// FOUR-LABEL: func.func @copies(
// FOUR: async.copy {{.*}} {tile.order = 3 : i64, tile.stage = 0 : i64}
// FOUR: async.wait 0 for {{.*}} {tile.order = 0 : i64, tile.stage = 3 : i64}
// NONE-LABEL: func.func @copies(
// NONE-NOT: tile.stage
// NONE-LABEL: func.func @user_schedule(
func.func @copies(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %n: index, %row: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %buf = tile.alloc : memref<4x64xf32, #gpu.address_space<workgroup>>
  scf.for %j = %c0 to %n step %c1 {
    %col = arith.muli %j, %c64 : index
    %t = async.copy %X[%row, %col], %buf[%c0, %c0] shape [4, 64] masked : memref<?x?xf32> to memref<4x64xf32, #gpu.address_space<workgroup>>
    %g = async.commit %t
    async.wait 0 for %g
    %x = tile.load %buf[%c0, %c0] : memref<4x64xf32, #gpu.address_space<workgroup>> -> tensor<4x64xf32>
    %s = arith.addf %x, %x : tensor<4x64xf32>
    tile.store %s, %Y[%row, %col] : tensor<4x64xf32> -> memref<?x?xf32>
    // Not needed by a copy: last stage.
    %unused = arith.addi %col, %c1 : index
  }
  return
}

// A schedule written by hand (TVM's software_pipeline_stage/order) is kept as it is.
// CHECK-LABEL: func.func @user_schedule(
// CHECK: memref.load {{.*}} {tile.order = 1 : i64, tile.stage = 0 : i64}
// CHECK: arith.mulf {{.*}} {tile.order = 0 : i64, tile.stage = 1 : i64}
// CHECK: memref.store {{.*}} {tile.order = 2 : i64, tile.stage = 1 : i64}
func.func @user_schedule(%A: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] {tile.stage = 0, tile.order = 1} : memref<?xf32>
    %y = arith.mulf %x, %x {tile.stage = 1, tile.order = 0} : f32
    memref.store %y, %A[%i] {tile.stage = 1, tile.order = 2} : memref<?xf32>
  }
  return
}

// Stages given for some ops only: the others are completed (ops using a later stage's value
// move to that stage), orders computed.
// CHECK-LABEL: func.func @partial_schedule(
// CHECK: memref.load {{.*}} {tile.order = 0 : i64, tile.stage = 0 : i64}
// CHECK: arith.mulf {{.*}} {tile.order = 1 : i64, tile.stage = 1 : i64}
// CHECK: memref.store {{.*}} {tile.order = 2 : i64, tile.stage = 1 : i64}
func.func @partial_schedule(%A: memref<?xf32>, %B: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %A[%i] {tile.stage = 0} : memref<?xf32>
    %y = arith.mulf %x, %x : f32
    memref.store %y, %B[%i] {tile.stage = 1} : memref<?xf32>
  }
  return
}

// Register double buffering (CuTe style): a K step's loop over k-slices of workgroup tiles
// gets its loads in stage 0 and its dot in stage 1 with register-stages=2; left alone otherwise.
// REG-LABEL: func.func @register_stages(
// REG: tile.load {{.*}} {tile.order = 0 : i64, tile.stage = 0 : i64}
// REG: tile.load {{.*}} {tile.order = 1 : i64, tile.stage = 0 : i64}
// REG: tile.dot {{.*}} {tile.order = 2 : i64, tile.stage = 1 : i64}
// CHECK-LABEL: func.func @register_stages(
// CHECK-NOT: tile.stage
// CHECK: return
func.func @register_stages(%As: memref<32x16xf32, #gpu.address_space<workgroup>>, %Bs: memref<16x32xf32, #gpu.address_space<workgroup>>, %init: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %kk = %c0 to %c16 step %c4 iter_args(%acc = %init) -> (tensor<32x32xf32>) {
    %a = tile.load %As[%c0, %kk] : memref<32x16xf32, #gpu.address_space<workgroup>> -> tensor<32x4xf32>
    %b = tile.load %Bs[%kk, %c0] : memref<16x32xf32, #gpu.address_space<workgroup>> -> tensor<4x32xf32>
    %d = tile.dot %a, %b, %acc : tensor<32x4xf32>, tensor<4x32xf32> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  return %r : tensor<32x32xf32>
}
