// RUN: tile-opt %s --sccp | FileCheck %s
// SCCP replaces values known to be a func.constant with one func.constant at the start of the
// function (MLIR's FuncDialect::materializeConstant, through the OperationFolder).

func.func private @g(i32) -> i32
func.func private @h(i32) -> i32

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[A:.+]]: i32, %[[C:.+]]: i1)
// CHECK-NEXT:    %[[H:.+]] = constant @h : (i32) -> i32
// CHECK-NEXT:    %[[G:.+]] = constant @g : (i32) -> i32
// CHECK-NEXT:    %[[S:.+]] = arith.select %[[C]], %[[G]], %[[H]] : (i32) -> i32
// CHECK-NEXT:    %[[X:.+]] = call_indirect %[[S]](%[[A]]) : (i32) -> i32
// CHECK-NEXT:    %[[Y:.+]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      %[[T:.+]] = func.call_indirect %[[G]](%[[X]]) : (i32) -> i32
// CHECK-NEXT:      scf.yield %[[T]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[X]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[Y]] : i32
func.func @f(%a: i32, %c: i1) -> i32 {
  %g1 = func.constant @g : (i32) -> i32
  %g2 = func.constant @g : (i32) -> i32
  %h = func.constant @h : (i32) -> i32
  %s = arith.select %c, %g1, %h : (i32) -> i32
  %x = func.call_indirect %s(%a) : (i32) -> i32
  %y = scf.if %c -> (i32) {
    %g3 = func.constant @g : (i32) -> i32
    %t = func.call_indirect %g3(%x) : (i32) -> i32
    scf.yield %t : i32
  } else {
    scf.yield %x : i32
  }
  return %y : i32
}
