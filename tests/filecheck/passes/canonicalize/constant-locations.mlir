// RUN: tile-opt %s --canonicalize --mlir-print-debuginfo | FileCheck %s
// Locations of the constants the greedy driver uniques, as MLIR's OperationFolder leaves them: a
// constant already at the start of its scope keeps its location; one hoisted there, or one that
// stands in for an equal constant from elsewhere, gets loc(unknown) (MLIR's erasedFoldedLocation).

// CHECK-LABEL: func.func @in_place
// CHECK-NEXT: arith.constant 7 : i32 loc([[IN_PLACE:#loc[0-9]*]])
func.func @in_place(%a: i32) -> i32 {
  %c7 = arith.constant 7 : i32 loc("in":1:1)
  %y = arith.addi %a, %c7 : i32 loc("in":2:1)
  return %y : i32 loc("in":3:1)
}

// CHECK-LABEL: func.func @hoisted
// CHECK-NEXT: arith.constant 7 : i32 loc([[UNKNOWN:#loc[0-9]*]])
// CHECK-NEXT: arith.addi {{.*}} loc([[HOISTED_ADD:#loc[0-9]*]])
func.func @hoisted(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32 loc("in":4:1)
  %c7 = arith.constant 7 : i32 loc("in":5:1)
  %y = arith.addi %x, %c7 : i32 loc("in":6:1)
  return %y : i32 loc("in":7:1)
}

// CHECK-LABEL: func.func @deduplicated
// CHECK-NEXT: arith.constant 7 : i32 loc([[UNKNOWN]])
// CHECK-NEXT: arith.addi {{.*}} loc([[DEDUP_ADD:#loc[0-9]*]])
// CHECK-NEXT: arith.muli {{.*}} loc([[DEDUP_MUL:#loc[0-9]*]])
func.func @deduplicated(%a: i32) -> i32 {
  %c7 = arith.constant 7 : i32 loc("in":8:1)
  %c7b = arith.constant 7 : i32 loc("in":9:1)
  %x = arith.addi %a, %c7 : i32 loc("in":10:1)
  %y = arith.muli %x, %c7b : i32 loc("in":11:1)
  return %y : i32 loc("in":12:1)
}

// CHECK-DAG: [[IN_PLACE]] = loc("in":1:1)
// CHECK-DAG: [[UNKNOWN]] = loc(unknown)
// CHECK-DAG: [[HOISTED_ADD]] = loc("in":4:1)
// CHECK-DAG: [[DEDUP_ADD]] = loc("in":10:1)
// CHECK-DAG: [[DEDUP_MUL]] = loc("in":11:1)
