// RUN: tile-opt %s --canonicalize | FileCheck %s
// MLIR 19's shift folders compute every element (a shift by the width or more gives 0, or the
// sign bits for shrsi) and keep the result only if the last element's shift amount was in range.

// CHECK-LABEL: func.func @last_in_range(
// CHECK-DAG:     %[[R:.+]] = arith.constant dense<[0, -1, 0, 0]> : vector<4xi32>
// CHECK-DAG:     %[[U:.+]] = arith.constant dense<0> : vector<4xi32>
// CHECK-DAG:     %[[L:.+]] = arith.constant dense<[8, 0, 2048, 896]> : vector<4xi32>
// CHECK:         return %[[R]], %[[U]], %[[L]]
func.func @last_in_range() -> (vector<4xi32>, vector<4xi32>, vector<4xi32>) {
  %a = arith.constant dense<[2, -1, 8, 7]> : vector<4xi32>
  %0 = arith.shrsi %a, %a : vector<4xi32>
  %1 = arith.shrui %a, %a : vector<4xi32>
  %2 = arith.shli %a, %a : vector<4xi32>
  return %0, %1, %2 : vector<4xi32>, vector<4xi32>, vector<4xi32>
}

// CHECK-LABEL: func.func @last_out_of_range(
// CHECK:         arith.shrsi
// CHECK:         arith.shli
// CHECK:         arith.shrui
// CHECK:         return
func.func @last_out_of_range(%x: i32) -> (vector<4xi32>, vector<4xi32>, i32) {
  %a = arith.constant dense<[1, 2, 3, 40]> : vector<4xi32>
  %0 = arith.shrsi %a, %a : vector<4xi32>
  %1 = arith.shli %a, %a : vector<4xi32>
  %c = arith.constant 5 : i32
  %s = arith.constant 33 : i32
  %2 = arith.shrui %c, %s : i32
  return %0, %1, %2 : vector<4xi32>, vector<4xi32>, i32
}
