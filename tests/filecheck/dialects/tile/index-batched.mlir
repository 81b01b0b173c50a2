// RUN: tile-opt %s | tile-opt | FileCheck %s

// tile.index (the element's index along a dimension of the enclosing tile.map) and batched
// tile.matmul (leading dimensions are batches) round-trip.

// CHECK-LABEL: func.func @mask(
// CHECK:      tile.map ins(%{{.*}} : memref<?x?xf32>) outs(%{{.*}} : memref<?x?xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT:   %[[I:.*]] = tile.index 0 : index
// CHECK-NEXT:   %[[J:.*]] = tile.index 1 : index
// CHECK-NEXT:   %{{.*}} = arith.cmpi sgt, %[[J]], %[[I]] : index
func.func @mask(%X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  tile.map ins(%X : memref<?x?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%x: f32):
    %i = tile.index 0 : index
    %j = tile.index 1 : index
    %upper = arith.cmpi sgt, %j, %i : index
    %y = arith.select %upper, %zero, %x : f32
    tile.yield %y : f32
  }
  return
}

// CHECK-LABEL: func.func @batched(
// CHECK: tile.matmul %{{.*}}, %{{.*}}, %{{.*}} transpose_b : memref<4x?x?x64xf16>, memref<4x?x?x64xf16>, memref<4x?x?x?xf32>
func.func @batched(%Q: memref<4x?x?x64xf16>, %K: memref<4x?x?x64xf16>, %S: memref<4x?x?x?xf32>) {
  tile.matmul %Q, %K, %S transpose_b : memref<4x?x?x64xf16>, memref<4x?x?x64xf16>, memref<4x?x?x?xf32>
  return
}
