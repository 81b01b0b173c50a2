// A loop's own stage count (`tile.num_stages`, written by tile-tiling's automatic matmul
// configuration) is used when num-stages is 0 (the default); a loop without one takes 3; an
// explicit num-stages wins over the loop's.
// RUN: tile-opt %s -p 'tile-assign-stages' | FileCheck %s
// RUN: tile-opt %s -p 'tile-assign-stages{num-stages=4}' | FileCheck %s --check-prefix=FOUR

// CHECK-LABEL: func.func @two_stages(
// CHECK: async.copy {{.*}} {tile.order = 3 : i64, tile.stage = 0 : i64}
// CHECK: async.wait 0 for {{.*}} {tile.order = 0 : i64, tile.stage = 1 : i64}
// CHECK: } {tile.num_stages = 2 : i64}
// CHECK-LABEL: func.func @unannotated(
// CHECK: async.wait 0 for {{.*}} {tile.order = 0 : i64, tile.stage = 2 : i64}
// FOUR-LABEL: func.func @two_stages(
// FOUR: async.wait 0 for {{.*}} {tile.order = 0 : i64, tile.stage = 3 : i64}
// FOUR-LABEL: func.func @unannotated(
// FOUR: async.wait 0 for {{.*}} {tile.order = 0 : i64, tile.stage = 3 : i64}
func.func @two_stages(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %n: index, %row: index) {
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
    tile.store %x, %Y[%row, %col] : tensor<4x64xf32> -> memref<?x?xf32>
  } {tile.num_stages = 2 : i64}
  return
}

func.func @unannotated(%X: memref<?x?xf32>, %Y: memref<?x?xf32>, %n: index, %row: index) {
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
    tile.store %x, %Y[%row, %col] : tensor<4x64xf32> -> memref<?x?xf32>
  }
  return
}
