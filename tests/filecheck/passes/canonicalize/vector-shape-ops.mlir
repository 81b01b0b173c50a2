// RUN: tile-opt %s --canonicalize | FileCheck %s

// Folds and canonicalization patterns of MLIR 19 for the vector ops of tests/filecheck/dialects/vector/more-ops.mlir; the expected
// text is mlir-opt 19 --canonicalize output for this input.

func.func @create_mask() -> vector<4x3xi1> {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %0 = vector.create_mask %c5, %c2 : vector<4x3xi1>
  return %0 : vector<4x3xi1>
}

func.func @create_mask_zero(%i: index) -> vector<4x3xi1> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %0 = vector.create_mask %c2, %c0 : vector<4x3xi1>
  return %0 : vector<4x3xi1>
}

func.func @transposes(%v: vector<2x3x4xf32>, %f: f32) -> (vector<2x3x4xf32>, vector<4x2x3xf32>, vector<3x2xf32>) {
  %0 = vector.transpose %v, [1, 2, 0] : vector<2x3x4xf32> to vector<3x4x2xf32>
  %1 = vector.transpose %0, [2, 0, 1] : vector<3x4x2xf32> to vector<2x3x4xf32>
  %2 = vector.transpose %v, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>
  %3 = vector.transpose %2, [0, 1, 2] : vector<4x2x3xf32> to vector<4x2x3xf32>
  %b = vector.broadcast %f : f32 to vector<2x3xf32>
  %4 = vector.transpose %b, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  return %1, %3, %4 : vector<2x3x4xf32>, vector<4x2x3xf32>, vector<3x2xf32>
}

func.func @transpose_mask() -> vector<3x4xi1> {
  %m = vector.constant_mask [2, 3] : vector<4x3xi1>
  %0 = vector.transpose %m, [1, 0] : vector<4x3xi1> to vector<3x4xi1>
  return %0 : vector<3x4xi1>
}

func.func @slices(%v: vector<4xf32>, %f: f32) -> (vector<2x2xi32>, vector<2x4xf32>, vector<2x2xf32>, vector<2x3xf32>) {
  %c = arith.constant dense<[[0, 1, 2], [3, 4, 5], [6, 7, 8]]> : vector<3x3xi32>
  %0 = vector.extract_strided_slice %c {offsets = [1, 1], sizes = [2, 2], strides = [1, 1]} : vector<3x3xi32> to vector<2x2xi32>
  %b = vector.broadcast %v : vector<4xf32> to vector<8x4xf32>
  %1 = vector.extract_strided_slice %b {offsets = [3], sizes = [2], strides = [1]} : vector<8x4xf32> to vector<2x4xf32>
  %2 = vector.extract_strided_slice %b {offsets = [3, 1], sizes = [2, 2], strides = [1, 1]} : vector<8x4xf32> to vector<2x2xf32>
  %s = vector.splat %f : vector<4x4xf32>
  %3 = vector.extract_strided_slice %s {offsets = [1, 1], sizes = [2, 3], strides = [1, 1]} : vector<4x4xf32> to vector<2x3xf32>
  return %0, %1, %2, %3 : vector<2x2xi32>, vector<2x4xf32>, vector<2x2xf32>, vector<2x3xf32>
}

func.func @casts(%v: vector<2x3xf32>) -> (vector<6xf32>, vector<2x3xf32>) {
  %0 = vector.shape_cast %v : vector<2x3xf32> to vector<3x2xf32>
  %1 = vector.shape_cast %0 : vector<3x2xf32> to vector<6xf32>
  %2 = vector.shape_cast %1 : vector<6xf32> to vector<2x3xf32>
  return %1, %2 : vector<6xf32>, vector<2x3xf32>
}

func.func @elements(%a: vector<4xf32>, %b: vector<4xf32>) -> (vector<4xf32>, i32, vector<3xi32>) {
  %0 = vector.shuffle %a, %b [4, 5, 6, 7] : vector<4xf32>, vector<4xf32>
  %c = arith.constant dense<[10, 11, 12]> : vector<3xi32>
  %c1 = arith.constant 1 : i32
  %c9 = arith.constant 9 : i32
  %1 = vector.extractelement %c[%c1 : i32] : vector<3xi32>
  %2 = vector.insertelement %c9, %c[%c1 : i32] : vector<3xi32>
  return %0, %1, %2 : vector<4xf32>, i32, vector<3xi32>
}

func.func @masks(%v: vector<4xf32>, %w: vector<4xf32>) -> (f32, vector<4xf32>, vector<4xf32>) {
  %all = vector.constant_mask [4] : vector<4xi1>
  %0 = vector.mask %all { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<4xi1> -> f32
  %some = vector.constant_mask [2] : vector<4xi1>
  %1 = vector.mask %some { vector.yield %w : vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  %acc = arith.constant dense<0.0> : vector<4xf32>
  %2 = vector.multi_reduction <add>, %v, %acc [] : vector<4xf32> to vector<4xf32>
  return %0, %1, %2 : f32, vector<4xf32>, vector<4xf32>
}

// CHECK: module {
// CHECK-NEXT:   func.func @create_mask() -> vector<4x3xi1> {
// CHECK-NEXT:     %0 = vector.constant_mask [4, 2] : vector<4x3xi1>
// CHECK-NEXT:     return %0 : vector<4x3xi1>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @create_mask_zero(%i: index) -> vector<4x3xi1> {
// CHECK-NEXT:     %0 = vector.constant_mask [0, 0] : vector<4x3xi1>
// CHECK-NEXT:     return %0 : vector<4x3xi1>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @transposes(%v: vector<2x3x4xf32>, %f: f32) -> (vector<2x3x4xf32>, vector<4x2x3xf32>, vector<3x2xf32>) {
// CHECK-NEXT:     %0 = vector.transpose %v, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>
// CHECK-NEXT:     %1 = vector.broadcast %f : f32 to vector<3x2xf32>
// CHECK-NEXT:     return %v, %0, %1 : vector<2x3x4xf32>, vector<4x2x3xf32>, vector<3x2xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @transpose_mask() -> vector<3x4xi1> {
// CHECK-NEXT:     %0 = vector.constant_mask [3, 2] : vector<3x4xi1>
// CHECK-NEXT:     return %0 : vector<3x4xi1>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @slices(%v: vector<4xf32>, %f: f32) -> (vector<2x2xi32>, vector<2x4xf32>, vector<2x2xf32>, vector<2x3xf32>) {
// CHECK-NEXT:     %cst = arith.constant dense<{{\[\[}}4, 5], [7, 8]]> : vector<2x2xi32>
// CHECK-NEXT:     %0 = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
// CHECK-NEXT:     %1 = vector.extract_strided_slice %v {offsets = [1], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
// CHECK-NEXT:     %2 = vector.broadcast %1 : vector<2xf32> to vector<2x2xf32>
// CHECK-NEXT:     %3 = vector.splat %f : vector<2x3xf32>
// CHECK-NEXT:     return %cst, %0, %2, %3 : vector<2x2xi32>, vector<2x4xf32>, vector<2x2xf32>, vector<2x3xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @casts(%v: vector<2x3xf32>) -> (vector<6xf32>, vector<2x3xf32>) {
// CHECK-NEXT:     %0 = vector.shape_cast %v : vector<2x3xf32> to vector<6xf32>
// CHECK-NEXT:     return %0, %v : vector<6xf32>, vector<2x3xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @elements(%a: vector<4xf32>, %b: vector<4xf32>) -> (vector<4xf32>, i32, vector<3xi32>) {
// CHECK-NEXT:     %c11_i32 = arith.constant 11 : i32
// CHECK-NEXT:     %cst = arith.constant dense<[10, 9, 12]> : vector<3xi32>
// CHECK-NEXT:     return %b, %c11_i32, %cst : vector<4xf32>, i32, vector<3xi32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @masks(%v: vector<4xf32>, %w: vector<4xf32>) -> (f32, vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT:     %0 = vector.reduction <add>, %v : vector<4xf32> into f32
// CHECK-NEXT:     return %0, %w, %v : f32, vector<4xf32>, vector<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
