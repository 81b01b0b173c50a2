// RUN: tile-opt %s --canonicalize | FileCheck %s

// multi_reduction over unit dims only (MLIR 19's ElideUnitDimsInMultiDimReduction); the expected text is
// mlir-opt 19 --canonicalize output for this input: a shape_cast (or an extract when every dim is reduced)
// combined with the accumulator by the kind's arith op; under vector.mask, the reshaped mask selects
// between that and the source; a reduced dim of size 2 keeps the op.

func.func @unit_dims(%v: vector<3x1x2xi32>, %acc: vector<3x2xi32>, %s: vector<1x1xf32>, %f: f32, %m: vector<3x1x2xi1>, %ms: vector<1x1xi1>, %w: vector<3x2xf32>, %wacc: vector<3xf32>) -> (vector<3x2xi32>, f32, vector<3x2xi32>, f32, vector<3xf32>) {
  %0 = vector.multi_reduction <maxsi>, %v, %acc [1] : vector<3x1x2xi32> to vector<3x2xi32>
  %1 = vector.multi_reduction <minimumf>, %s, %f [0, 1] : vector<1x1xf32> to f32
  %2 = vector.mask %m { vector.multi_reduction <xor>, %v, %acc [1] : vector<3x1x2xi32> to vector<3x2xi32> } : vector<3x1x2xi1> -> vector<3x2xi32>
  %3 = vector.mask %ms { vector.multi_reduction <add>, %s, %f [0, 1] : vector<1x1xf32> to f32 } : vector<1x1xi1> -> f32
  %4 = vector.multi_reduction <add>, %w, %wacc [1] : vector<3x2xf32> to vector<3xf32>
  return %0, %1, %2, %3, %4 : vector<3x2xi32>, f32, vector<3x2xi32>, f32, vector<3xf32>
}

// CHECK-LABEL: func.func @unit_dims(%v: vector<3x1x2xi32>, %acc: vector<3x2xi32>, %s: vector<1x1xf32>, %f: f32, %m: vector<3x1x2xi1>, %ms: vector<1x1xi1>, %w: vector<3x2xf32>, %wacc: vector<3xf32>) -> (vector<3x2xi32>, f32, vector<3x2xi32>, f32, vector<3xf32>) {
// CHECK-NEXT: %0 = vector.shape_cast %v : vector<3x1x2xi32> to vector<3x2xi32>
// CHECK-NEXT: %1 = arith.maxsi %acc, %0 : vector<3x2xi32>
// CHECK-NEXT: %2 = vector.extract %s[0, 0] : f32 from vector<1x1xf32>
// CHECK-NEXT: %3 = arith.minimumf %f, %2 : f32
// CHECK-NEXT: %4 = vector.shape_cast %m : vector<3x1x2xi1> to vector<3x2xi1>
// CHECK-NEXT: %5 = vector.shape_cast %v : vector<3x1x2xi32> to vector<3x2xi32>
// CHECK-NEXT: %6 = arith.xori %acc, %5 : vector<3x2xi32>
// CHECK-NEXT: %7 = arith.select %4, %6, %5 : vector<3x2xi1>, vector<3x2xi32>
// CHECK-NEXT: %8 = vector.extract %ms[0, 0] : i1 from vector<1x1xi1>
// CHECK-NEXT: %9 = vector.extract %s[0, 0] : f32 from vector<1x1xf32>
// CHECK-NEXT: %10 = arith.addf %f, %9 : f32
// CHECK-NEXT: %11 = arith.select %8, %10, %9 : f32
// CHECK-NEXT: %12 = vector.multi_reduction <add>, %w, %wacc [1] : vector<3x2xf32> to vector<3xf32>
// CHECK-NEXT: return %1, %3, %7, %11, %12 : vector<3x2xi32>, f32, vector<3x2xi32>, f32, vector<3xf32>
// CHECK-NEXT: }
