// RUN: tile-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: tile-opt %s --mlir-print-debuginfo | tile-opt --mlir-print-debuginfo | FileCheck %s

// A fused location is built as MLIR's FusedLoc::get builds it, when parsed too: nested fused
// locations with the same metadata are flattened, unknown locations and repeats dropped; a single
// location left without metadata stands alone, none at all is unknown.

// CHECK-LABEL: func.func @f
// CHECK-NEXT: arith.addi {{.*}} loc([[A:#loc[0-9]*]])
// CHECK-NEXT: arith.addi {{.*}} loc([[AB:#loc[0-9]*]])
// CHECK-NEXT: arith.addi {{.*}} loc([[ACB:#loc[0-9]*]])
// CHECK-NEXT: arith.addi {{.*}} loc([[UNKNOWN:#loc[0-9]*]])
// CHECK-NEXT: arith.addi {{.*}} loc([[M_AB:#loc[0-9]*]])
// CHECK-NEXT: arith.addi {{.*}} loc([[M_UNKNOWN:#loc[0-9]*]])
// CHECK-NEXT: arith.addi {{.*}} loc([[OUTER:#loc[0-9]*]])
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 loc(fused["a":1:1])
  %1 = arith.addi %0, %a : i32 loc(fused["a":1:1, unknown, "a":1:1, "b":2:2])
  %2 = arith.addi %1, %a : i32 loc(fused[fused["a":1:1, "c":3:3], "b":2:2])
  %3 = arith.addi %2, %a : i32 loc(fused[unknown])
  %4 = arith.addi %3, %a : i32 loc(fused<"m">[fused<"m">["a":1:1], "b":2:2])
  %5 = arith.addi %4, %a : i32 loc(fused<"m">[unknown])
  // Other metadata: the inner fused location stays whole.
  %6 = arith.addi %5, %a : i32 loc(fused[fused<"m">["a":1:1], "a":1:1])
  return %6 : i32
}

// CHECK-DAG: [[A]] = loc("a":1:1)
// CHECK-DAG: [[B:#loc[0-9]*]] = loc("b":2:2)
// CHECK-DAG: [[C:#loc[0-9]*]] = loc("c":3:3)
// CHECK-DAG: [[AB]] = loc(fused[[[A]], [[B]]])
// CHECK-DAG: [[ACB]] = loc(fused[[[A]], [[C]], [[B]]])
// CHECK-DAG: [[UNKNOWN]] = loc(unknown)
// CHECK-DAG: [[M_AB]] = loc(fused<"m">[[[A]], [[B]]])
// CHECK-DAG: [[M_UNKNOWN]] = loc(fused<"m">[[[UNKNOWN]]])
// CHECK-DAG: [[M_A:#loc[0-9]*]] = loc(fused<"m">[[[A]]])
// CHECK-DAG: [[OUTER]] = loc(fused[[[M_A]], [[A]]])
