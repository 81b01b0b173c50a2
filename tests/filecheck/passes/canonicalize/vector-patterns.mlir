// RUN: tile-opt %s --canonicalize | FileCheck %s

// More of MLIR 19's vector canonicalization patterns (slices of constant masks, insert_strided_slice of
// splats and of its own extract, shuffles that are splats, interleaves or broadcasts, bitcast chains, 0-D
// extracts and reductions through extractelement, from_elements, shape_cast chains that stay valid); the expected text is mlir-opt 19
// --canonicalize output for this input.


func.func @slice_of_mask() -> (vector<2x2xi1>, vector<2x1xi1>) {
  %m = vector.constant_mask [3, 2] : vector<4x3xi1>
  %0 = vector.extract_strided_slice %m {offsets = [2, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x3xi1> to vector<2x2xi1>
  %1 = vector.extract_strided_slice %m {offsets = [0, 2], sizes = [2, 1], strides = [1, 1]} : vector<4x3xi1> to vector<2x1xi1>
  return %0, %1 : vector<2x2xi1>, vector<2x1xi1>
}

func.func @insert_slices(%f: f32, %v: vector<8x16xf32>) -> (vector<8x16xf32>, vector<8x16xf32>) {
  %a = vector.splat %f : vector<4x4xf32>
  %b = vector.splat %f : vector<8x16xf32>
  %0 = vector.insert_strided_slice %a, %b {offsets = [2, 2], strides = [1, 1]} : vector<4x4xf32> into vector<8x16xf32>
  %e = vector.extract_strided_slice %v {offsets = [0, 8], sizes = [2, 4], strides = [1, 1]} : vector<8x16xf32> to vector<2x4xf32>
  %1 = vector.insert_strided_slice %e, %v {offsets = [0, 8], strides = [1, 1]} : vector<2x4xf32> into vector<8x16xf32>
  return %0, %1 : vector<8x16xf32>, vector<8x16xf32>
}

func.func @shuffles(%x: i32, %a: vector<3xi32>, %b: vector<3xi32>, %s: vector<i32>, %t: vector<i32>) -> (vector<4xi32>, vector<6xi32>, vector<1xi32>) {
  %v0 = vector.splat %x : vector<4xi32>
  %v1 = vector.splat %x : vector<2xi32>
  %0 = vector.shuffle %v0, %v1 [2, 3, 4, 5] : vector<4xi32>, vector<2xi32>
  %1 = vector.shuffle %a, %b [0, 3, 1, 4, 2, 5] : vector<3xi32>, vector<3xi32>
  %2 = vector.shuffle %s, %t [1] : vector<i32>, vector<i32>
  return %0, %1, %2 : vector<4xi32>, vector<6xi32>, vector<1xi32>
}

func.func @bitcasts(%v: vector<4x8xf32>) -> vector<4x16xi16> {
  %0 = vector.bitcast %v : vector<4x8xf32> to vector<4x8xi32>
  %1 = vector.bitcast %0 : vector<4x8xi32> to vector<4x16xi16>
  return %1 : vector<4x16xi16>
}

func.func @zero_d(%b: vector<f32>) -> (f32, f32) {
  %0 = vector.broadcast %b : vector<f32> to vector<2x4xf32>
  %1 = vector.extract %0[1, 3] : f32 from vector<2x4xf32>
  %2 = vector.reduction <add>, %b : vector<f32> into f32
  return %1, %2 : f32, f32
}

func.func @from_elements(%a: f32, %b: f32) -> (f32, vector<3xf32>, vector<2xf32>) {
  %v = vector.from_elements %a, %a, %a, %b, %a, %b : vector<2x3xf32>
  %0 = vector.extract %v[1, 1] : f32 from vector<2x3xf32>
  %1 = vector.extract %v[0] : vector<3xf32> from vector<2x3xf32>
  %2 = vector.from_elements %b, %b : vector<2xf32>
  return %0, %1, %2 : f32, vector<3xf32>, vector<2xf32>
}

func.func @shape_cast_chain(%v: vector<1x1x64xf32>, %w: vector<2x3xf32>) -> (vector<8x8xf32>, vector<3x2xf32>) {
  %0 = vector.shape_cast %v : vector<1x1x64xf32> to vector<1x1x8x8xf32>
  %1 = vector.shape_cast %0 : vector<1x1x8x8xf32> to vector<8x8xf32>
  %2 = vector.shape_cast %w : vector<2x3xf32> to vector<6xf32>
  %3 = vector.shape_cast %2 : vector<6xf32> to vector<3x2xf32>
  return %1, %3 : vector<8x8xf32>, vector<3x2xf32>
}

// CHECK: module {
// CHECK-NEXT:   func.func @slice_of_mask() -> (vector<2x2xi1>, vector<2x1xi1>) {
// CHECK-NEXT:     %0 = vector.constant_mask [1, 2] : vector<2x2xi1>
// CHECK-NEXT:     %1 = vector.constant_mask [0, 0] : vector<2x1xi1>
// CHECK-NEXT:     return %0, %1 : vector<2x2xi1>, vector<2x1xi1>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @insert_slices(%f: f32, %v: vector<8x16xf32>) -> (vector<8x16xf32>, vector<8x16xf32>) {
// CHECK-NEXT:     %0 = vector.splat %f : vector<8x16xf32>
// CHECK-NEXT:     return %0, %v : vector<8x16xf32>, vector<8x16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @shuffles(%x: i32, %a: vector<3xi32>, %b: vector<3xi32>, %s: vector<i32>, %t: vector<i32>) -> (vector<4xi32>, vector<6xi32>, vector<1xi32>) {
// CHECK-NEXT:     %0 = vector.splat %x : vector<4xi32>
// CHECK-NEXT:     %1 = vector.interleave %a, %b : vector<3xi32> -> vector<6xi32>
// CHECK-NEXT:     %2 = vector.broadcast %t : vector<i32> to vector<1xi32>
// CHECK-NEXT:     return %0, %1, %2 : vector<4xi32>, vector<6xi32>, vector<1xi32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @bitcasts(%v: vector<4x8xf32>) -> vector<4x16xi16> {
// CHECK-NEXT:     %0 = vector.bitcast %v : vector<4x8xf32> to vector<4x16xi16>
// CHECK-NEXT:     return %0 : vector<4x16xi16>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @zero_d(%b: vector<f32>) -> (f32, f32) {
// CHECK-NEXT:     %0 = vector.extractelement %b[] : vector<f32>
// CHECK-NEXT:     %1 = vector.extractelement %b[] : vector<f32>
// CHECK-NEXT:     return %0, %1 : f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @from_elements(%a: f32, %b: f32) -> (f32, vector<3xf32>, vector<2xf32>) {
// CHECK-NEXT:     %0 = vector.splat %a : vector<3xf32>
// CHECK-NEXT:     %1 = vector.splat %b : vector<2xf32>
// CHECK-NEXT:     return %a, %0, %1 : f32, vector<3xf32>, vector<2xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @shape_cast_chain(%v: vector<1x1x64xf32>, %w: vector<2x3xf32>) -> (vector<8x8xf32>, vector<3x2xf32>) {
// CHECK-NEXT:     %0 = vector.shape_cast %v : vector<1x1x64xf32> to vector<1x1x8x8xf32>
// CHECK-NEXT:     %1 = vector.shape_cast %0 : vector<1x1x8x8xf32> to vector<8x8xf32>
// CHECK-NEXT:     %2 = vector.shape_cast %w : vector<2x3xf32> to vector<6xf32>
// CHECK-NEXT:     %3 = vector.shape_cast %2 : vector<6xf32> to vector<3x2xf32>
// CHECK-NEXT:     return %1, %3 : vector<8x8xf32>, vector<3x2xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
