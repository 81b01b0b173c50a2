// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// tile.fusion (whole-problem ops run as one kernel; its terminator is implicit in the custom
// form) and tile.iota (element indices), round-tripped through the custom and generic forms.

// CHECK-LABEL: func.func @fused(
// CHECK:      tile.fusion attributes {tile.note = "kept"} {
// CHECK-NEXT:   %[[T:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT:   tile.reduction max ins(%{{.*}} : memref<?x?xf32>) outs(%[[T]] : memref<?xf32>) dimensions = [1]
// CHECK-NEXT:   memref.dealloc %[[T]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
// GENERIC: "tile.fusion"() ({
// GENERIC:   "tile.yield"() : () -> ()
// GENERIC-NEXT: }) {tile.note = "kept"} : () -> ()
func.func @fused(%X: memref<?x?xf32>, %M: index) {
  tile.fusion attributes {tile.note = "kept"} {
    %t = memref.alloc(%M) : memref<?xf32>
    tile.reduction max ins(%X : memref<?x?xf32>) outs(%t : memref<?xf32>) dimensions = [1]
    memref.dealloc %t : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func.func @iota(
// CHECK-NEXT: %{{.*}} = tile.iota 1 : tensor<4x64xi32>
// CHECK-NEXT: %{{.*}} = tile.iota 0 : tensor<8xi8, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerGroup = [1], order = [0]>>
func.func @iota() -> (tensor<4x64xi32>, tensor<8xi8, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerGroup = [1], order = [0]>>) {
  %i = tile.iota 1 : tensor<4x64xi32>
  %j = tile.iota 0 : tensor<8xi8, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerGroup = [1], order = [0]>>
  return %i, %j : tensor<4x64xi32>, tensor<8xi8, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerGroup = [1], order = [0]>>
}
