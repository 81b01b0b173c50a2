// RUN: not tile-opt %s --split-input-file 2>&1 | FileCheck %s
// The verifier checks ops and operand dominance in one walk but, as mlir-opt, reports a failing
// op check before any dominance failure, even one earlier in the file.

// CHECK: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
// CHECK-NEXT: %z = arith.addf %a, %a : i32
// CHECK-NOT: error
func.func @op_check_first(%a: i32) -> i32 {
  %x = arith.addi %y, %a : i32
  %y = arith.addi %a, %a : i32
  %z = arith.addf %a, %a : i32
  return %x : i32
}

// -----

// When every op check passes: the first dominance failure in walk order.
// CHECK: error: operand #0 does not dominate this use
// CHECK-NEXT: %x = arith.addi %y, %a : i32
// CHECK-NOT: error
func.func @first_dominance_failure(%a: i32) -> i32 {
  %x = arith.addi %y, %a : i32
  %y = arith.addi %z, %a : i32
  %z = arith.addi %a, %a : i32
  return %x : i32
}

// -----

// A terminator before the end of its block fails its own check (the Terminator trait's), in walk
// order: as mlir-opt 19, an earlier op's failure is the one reported.
// CHECK: error: 'arith.addi' op expected 2 operands, but found 1
// CHECK-NEXT: %0 = "arith.addi"(%a) : (i32) -> i32
// CHECK-NOT: error
func.func @terminator_not_last_after_a_failing_op(%a: i32) -> i32 {
  %0 = "arith.addi"(%a) : (i32) -> i32
  func.return %a : i32
  %1 = arith.addi %a, %a : i32
  func.return %1 : i32
}

// -----

// CHECK: error: 'func.return' op must be the last operation in the parent block
// CHECK-NEXT: func.return %a : i32
// CHECK-NOT: error
func.func @terminator_not_last(%a: i32) -> i32 {
  func.return %a : i32
  %1 = arith.addi %a, %a : i32
  func.return %1 : i32
}
