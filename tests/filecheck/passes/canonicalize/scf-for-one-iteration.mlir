// RUN: tile-opt %s --canonicalize | FileCheck %s
// A loop of one iteration is replaced by its body with the induction variable bound to the lower
// bound and each iter_arg to its init; what the yield passes on (an iter_arg at another position,
// the induction variable) is read after that binding. mlir-opt 19 prints the same.

// CHECK-LABEL: func.func @swap(
// CHECK-SAME: [[X:%[-A-Za-z0-9_$.]+]]: i32, [[Y:%[-A-Za-z0-9_$.]+]]: i32) -> (i32, i32) {
// CHECK-NEXT: return [[Y]], [[X]] : i32, i32
// CHECK-NEXT: }
func.func @swap(%x: i32, %y: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x, %b = %y) -> (i32, i32) {
    scf.yield %b, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// CHECK-LABEL: func.func @rotate(
// CHECK-SAME: [[X:%[-A-Za-z0-9_$.]+]]: i32, [[Y:%[-A-Za-z0-9_$.]+]]: i32, [[Z:%[-A-Za-z0-9_$.]+]]: i32) -> (i32, i32, i32) {
// CHECK-NEXT: return [[Y]], [[Z]], [[X]] : i32, i32, i32
// CHECK-NEXT: }
func.func @rotate(%x: i32, %y: i32, %z: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x, %b = %y, %c = %z) -> (i32, i32, i32) {
    scf.yield %b, %c, %a : i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}

// CHECK-LABEL: func.func @index_yield(
// CHECK-SAME: [[X:%[-A-Za-z0-9_$.]+]]: index) -> (index, index) {
// CHECK-NEXT: [[C3:%[-A-Za-z0-9_$.]+]] = arith.constant 3 : index
// CHECK-NEXT: return [[C3]], [[X]] : index, index
// CHECK-NEXT: }
func.func @index_yield(%x: index) -> (index, index) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %r:2 = scf.for %i = %c3 to %c4 step %c5 iter_args(%a = %x, %b = %x) -> (index, index) {
    scf.yield %i, %a : index, index
  }
  return %r#0, %r#1 : index, index
}

// CHECK-LABEL: func.func @swap_computed(
// CHECK-SAME: [[X:%[-A-Za-z0-9_$.]+]]: i32, [[Y:%[-A-Za-z0-9_$.]+]]: i32) -> (i32, i32) {
// CHECK-NEXT: [[S:%[-A-Za-z0-9_$.]+]] = arith.addi [[X]], [[Y]] : i32
// CHECK-NEXT: return [[S]], [[X]] : i32, i32
// CHECK-NEXT: }
func.func @swap_computed(%x: i32, %y: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x, %b = %y) -> (i32, i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
