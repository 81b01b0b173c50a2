// RUN: tile-opt %s --canonicalize | FileCheck %s

// reduction of one element under vector.mask (MLIR 19's ElideSingleElementReduction as a
// MaskableOpRewritePattern); the expected text is mlir-opt 19 --canonicalize output for this input: the
// mask op is replaced, the mask's element selects between the combined value and the accumulator;
// without accumulator the element alone.

func.func @masked_single(%v: vector<1xi32>, %acc: i32, %m: vector<1xi1>) -> (i32, i32) {
  %0 = vector.mask %m { vector.reduction <maxui>, %v, %acc : vector<1xi32> into i32 } : vector<1xi1> -> i32
  %1 = vector.mask %m { vector.reduction <or>, %v : vector<1xi32> into i32 } : vector<1xi1> -> i32
  return %0, %1 : i32, i32
}

// CHECK-LABEL: func.func @masked_single(%v: vector<1xi32>, %acc: i32, %m: vector<1xi1>) -> (i32, i32) {
// CHECK-NEXT: %0 = vector.extract %m[0] : i1 from vector<1xi1>
// CHECK-NEXT: %1 = vector.extract %v[0] : i32 from vector<1xi32>
// CHECK-NEXT: %2 = arith.maxui %1, %acc : i32
// CHECK-NEXT: %3 = arith.select %0, %2, %acc : i32
// CHECK-NEXT: %4 = vector.extract %v[0] : i32 from vector<1xi32>
// CHECK-NEXT: return %3, %4 : i32, i32
// CHECK-NEXT: }
