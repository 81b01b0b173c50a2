// RUN: tile-opt %s --canonicalize | FileCheck %s

// extract of create_mask (MLIR 19's ExtractOpFromCreateMask); the expected text is mlir-opt 19 --canonicalize
// output for this input: the trailing sizes; all false past a constant size or with a zero size; left
// alone with a non-constant leading size; a dynamic position into an all-true dimension.

func.func @extract_create_mask(%n: index, %i: index) -> (vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<[4]xi1>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %m = vector.create_mask %c2, %n : vector<4x8xi1>
  %a = vector.extract %m[1] : vector<8xi1> from vector<4x8xi1>
  %b = vector.extract %m[3] : vector<8xi1> from vector<4x8xi1>
  %z = vector.create_mask %c4, %c0, %n : vector<4x2x8xi1>
  %c = vector.extract %z[%i, 1] : vector<8xi1> from vector<4x2x8xi1>
  %u = vector.create_mask %n, %n : vector<4x8xi1>
  %d = vector.extract %u[1] : vector<8xi1> from vector<4x8xi1>
  %s = vector.create_mask %c2, %n : vector<2x[4]xi1>
  %e = vector.extract %s[%i] : vector<[4]xi1> from vector<2x[4]xi1>
  return %a, %b, %c, %d, %e : vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<[4]xi1>
}

// CHECK-LABEL: func.func @extract_create_mask(%n: index, %i: index) -> (vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<[4]xi1>) {
// CHECK-NEXT: %cst = arith.constant dense<false> : vector<8xi1>
// CHECK-NEXT: %0 = vector.create_mask %n : vector<8xi1>
// CHECK-NEXT: %1 = vector.create_mask %n, %n : vector<4x8xi1>
// CHECK-NEXT: %2 = vector.extract %1[1] : vector<8xi1> from vector<4x8xi1>
// CHECK-NEXT: %3 = vector.create_mask %n : vector<[4]xi1>
// CHECK-NEXT: return %0, %cst, %cst, %2, %3 : vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<8xi1>, vector<[4]xi1>
// CHECK-NEXT: }
