// RUN: tile-opt %s --canonicalize | FileCheck %s

// Folders of the tile dialect under canonicalize.

#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerGroup = [4, 1], order = [1, 0]>

// transpose(transpose(x)) is x when the types match, encodings included.
// CHECK-LABEL: func.func @transpose_twice(
// CHECK-SAME:      %[[X:.*]]: tensor<16x32xf16>)
// CHECK-NEXT:    %[[T:.*]] = tile.transpose %[[X]] : tensor<16x32xf16> -> tensor<32x16xf16>
// CHECK-NEXT:    %[[R:.*]] = tile.transpose %[[T]] : tensor<32x16xf16> -> tensor<16x32xf16, #tile.blocked<{{.*}}>>
// CHECK-NEXT:    return %[[X]], %[[R]], %[[T]] : tensor<16x32xf16>, tensor<16x32xf16, #tile.blocked<{{.*}}>>, tensor<32x16xf16>
func.func @transpose_twice(%x: tensor<16x32xf16>) -> (tensor<16x32xf16>, tensor<16x32xf16, #blocked>, tensor<32x16xf16>) {
  %t = tile.transpose %x : tensor<16x32xf16> -> tensor<32x16xf16>
  %same = tile.transpose %t : tensor<32x16xf16> -> tensor<16x32xf16>
  %relaid = tile.transpose %t : tensor<32x16xf16> -> tensor<16x32xf16, #blocked>
  return %same, %relaid, %t : tensor<16x32xf16>, tensor<16x32xf16, #blocked>, tensor<32x16xf16>
}

// An unused transpose is pure: it goes.
// CHECK-LABEL: func.func @dead_transpose(
// CHECK-NEXT:    return
func.func @dead_transpose(%x: tensor<16x32xf16>) {
  %t = tile.transpose %x : tensor<16x32xf16> -> tensor<32x16xf16>
  return
}
