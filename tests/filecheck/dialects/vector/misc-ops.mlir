// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// vector.print, reshape, flat_transpose, type_cast, scalable.insert/extract (MLIR 19): each custom
// form round-trips; the expected text is mlir-opt 19 output for this input (print leaves out the
// default newline punctuation, flat_transpose sorts its attributes).

func.func @misc(%v: vector<2x3x4xf32>, %i: i32, %idx: index, %f: vector<6xf32>, %m: memref<2x3xf32>, %s: vector<[8]xi32>, %sub: vector<4xi32>, %ssub: vector<[4]xi32>) -> (vector<3x2x4xf32>, vector<6xf32>, memref<vector<2x3xf32>>, vector<[8]xi32>, vector<4xi32>, vector<[4]xi32>) {
  vector.print %v : vector<2x3x4xf32>
  vector.print %i : i32 punctuation <comma>
  vector.print punctuation <open>
  vector.print str "done"
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = vector.reshape %v, [%c2, %c3], [%c3, %c2], [4] : vector<2x3x4xf32> to vector<3x2x4xf32>
  %1 = vector.flat_transpose %f {rows = 2 : i32, columns = 3 : i32} : vector<6xf32> -> vector<6xf32>
  %2 = vector.type_cast %m : memref<2x3xf32> to memref<vector<2x3xf32>>
  %3 = vector.scalable.insert %sub, %s[4] : vector<4xi32> into vector<[8]xi32>
  %4 = vector.scalable.extract %s[8] : vector<4xi32> from vector<[8]xi32>
  %5 = vector.scalable.extract %s[0] : vector<[4]xi32> from vector<[8]xi32>
  vector.print
  return %0, %1, %2, %3, %4, %5 : vector<3x2x4xf32>, vector<6xf32>, memref<vector<2x3xf32>>, vector<[8]xi32>, vector<4xi32>, vector<[4]xi32>
}

// CHECK-LABEL: func.func @misc(%v: vector<2x3x4xf32>, %i: i32, %idx: index, %f: vector<6xf32>, %m: memref<2x3xf32>, %s: vector<[8]xi32>, %sub: vector<4xi32>, %ssub: vector<[4]xi32>) -> (vector<3x2x4xf32>, vector<6xf32>, memref<vector<2x3xf32>>, vector<[8]xi32>, vector<4xi32>, vector<[4]xi32>) {
// CHECK-NEXT: vector.print %v : vector<2x3x4xf32>
// CHECK-NEXT: vector.print %i : i32 punctuation <comma>
// CHECK-NEXT: vector.print punctuation <open>
// CHECK-NEXT: vector.print str "done"
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %0 = vector.reshape %v, [%c2, %c3], [%c3, %c2], [4] : vector<2x3x4xf32> to vector<3x2x4xf32>
// CHECK-NEXT: %1 = vector.flat_transpose %f {columns = 3 : i32, rows = 2 : i32} : vector<6xf32> -> vector<6xf32>
// CHECK-NEXT: %2 = vector.type_cast %m : memref<2x3xf32> to memref<vector<2x3xf32>>
// CHECK-NEXT: %3 = vector.scalable.insert %sub, %s[4] : vector<4xi32> into vector<[8]xi32>
// CHECK-NEXT: %4 = vector.scalable.extract %s[8] : vector<4xi32> from vector<[8]xi32>
// CHECK-NEXT: %5 = vector.scalable.extract %s[0] : vector<[4]xi32> from vector<[8]xi32>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5 : vector<3x2x4xf32>, vector<6xf32>, memref<vector<2x3xf32>>, vector<[8]xi32>, vector<4xi32>, vector<[4]xi32>
// CHECK-NEXT: }
