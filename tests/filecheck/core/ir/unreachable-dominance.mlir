// RUN: not tile-opt %s -allow-unregistered-dialect -split-input-file 2>/dev/null | FileCheck %s
// RUN: not tile-opt %s -allow-unregistered-dialect -split-input-file 2>/dev/null | tile-opt -allow-unregistered-dialect -split-input-file | FileCheck %s
// RUN: not tile-opt %s -allow-unregistered-dialect -split-input-file --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=ERR

// As in MLIR 19, dominance is vacuous in a block that its region's entry does not reach: an op
// there may use its own result, or a value defined after it; ops nested in such a block are
// checked as usual. (FileCheck passes on mlir-opt 19's output too.)

// CHECK-LABEL: func.func @self_use
// CHECK: ^bb1:  // no predecessors
// CHECK-NEXT: %0 = arith.addi %0, %0 : i32
// CHECK-NEXT: %1 = "foo.op"(%2) : (i32) -> i32
// CHECK-NEXT: %2 = "foo.op"(%1) : (i32) -> i32
func.func @self_use() {
  return
^bb1:
  %0 = arith.addi %0, %0 : i32
  %1 = "foo.op"(%2) : (i32) -> i32
  %2 = "foo.op"(%1) : (i32) -> i32
  return
}

// -----

// A reachable block keeps the rule.
// ERR: error: operand #0 does not dominate this use
// ERR-NEXT: {{^}}  %0 = arith.addi %0, %0 : i32
func.func @reachable_self_use() {
  "foo.br"()[^bb1] : () -> ()
^bb1:
  %0 = arith.addi %0, %0 : i32
  return
}

// -----

// ERR: error: operand #0 does not dominate this use
// ERR-NEXT: {{^}}    %1 = "foo.op"(%2) : (i32) -> i32
func.func @nested() {
  return
^bb1:
  scf.execute_region {
    %1 = "foo.op"(%2) : (i32) -> i32
    %2 = "foo.op"(%1) : (i32) -> i32
    scf.yield
  }
  return
}
