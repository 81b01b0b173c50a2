// RUN: tile-opt %s -p 'builtin.module(func.func(cse),symbol-dce)' --mlir-print-ir-before=cse --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s
// RUN: tile-opt %s -p 'func.func(cse,canonicalize)' --mlir-print-ir-after-all --mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE

// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func @f(%a: i32) -> i32 {
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f(%a: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.addi %a, %a : i32
// CHECK-NEXT:   %1 = arith.muli %0, %0 : i32
// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: func.func @g() {
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @g() {
// CHECK:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHECK-NEXT: module {

// Only CSE changes @f; nothing changes @g.
// CHANGE:     // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: func.func @f(
// CHANGE-NOT: IR Dump
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g() {
  return
}
