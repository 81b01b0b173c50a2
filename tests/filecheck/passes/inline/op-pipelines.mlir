// RUN: tile-opt %s -inline='op-pipelines=func.func(canonicalize,cse)' | FileCheck %s
// RUN: tile-opt %s -inline | FileCheck %s --check-prefix=DEFAULT

// op-pipelines picks the pipeline run on callables of an op kind instead of default-pipeline (MLIR 19's
// inliner option): with cse, both callee and caller lose their duplicate addi. The expected text is
// mlir-opt 19 output for this input.

func.func @callee(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

func.func @caller(%a: i32) -> (i32, i32) {
  %x = arith.addi %a, %a : i32
  %y = arith.addi %a, %a : i32
  %0 = call @callee(%x) : (i32) -> i32
  return %0, %y : i32, i32
}

// CHECK: module {
// CHECK-NEXT:   func.func @callee(%a: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %a, %a : i32
// CHECK-NEXT:     %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @caller(%a: i32) -> (i32, i32) {
// CHECK-NEXT:     %0 = arith.addi %a, %a : i32
// CHECK-NEXT:     %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:     %2 = arith.muli %1, %1 : i32
// CHECK-NEXT:     return %2, %0 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:

// DEFAULT: module {
// DEFAULT-NEXT:   func.func @callee(%a: i32) -> i32 {
// DEFAULT-NEXT:     %0 = arith.addi %a, %a : i32
// DEFAULT-NEXT:     %1 = arith.addi %a, %a : i32
// DEFAULT-NEXT:     %2 = arith.muli %0, %1 : i32
// DEFAULT-NEXT:     return %2 : i32
// DEFAULT-NEXT:   }
// DEFAULT-NEXT:   func.func @caller(%a: i32) -> (i32, i32) {
// DEFAULT-NEXT:     %0 = arith.addi %a, %a : i32
// DEFAULT-NEXT:     %1 = arith.addi %a, %a : i32
// DEFAULT-NEXT:     %2 = arith.addi %0, %0 : i32
// DEFAULT-NEXT:     %3 = arith.addi %0, %0 : i32
// DEFAULT-NEXT:     %4 = arith.muli %2, %3 : i32
// DEFAULT-NEXT:     return %4, %1 : i32, i32
// DEFAULT-NEXT:   }
// DEFAULT-NEXT: }
// DEFAULT-EMPTY:
