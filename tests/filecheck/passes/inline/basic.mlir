// RUN: tile-opt %s --inline='default-pipeline=' | FileCheck %s
// Output agrees with `mlir-opt --inline='default-pipeline='` (LLVM 19).

// A private callee is inlined and then erased; a public one is inlined and kept.
func.func private @add1(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = arith.addi %a, %c1 : i32
  return %r : i32
}
func.func @double(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %r = arith.muli %a, %c2 : i32
  return %r : i32
}
// A private function nothing calls is erased too, as mlir-opt's inliner does.
func.func private @unused(%a: i32) -> i32 {
  return %a : i32
}
// A declaration has no body to inline: the call stays.
func.func private @external(i32) -> i32

// CHECK-NOT: @add1
// CHECK-NOT: @unused
// CHECK-LABEL: func.func @double(
// CHECK-LABEL: func.func @caller(
// CHECK-SAME:      %[[X:.*]]: i32) -> i32 {
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %[[X]], %[[C1]] : i32
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[C2]] : i32
// CHECK-NEXT:    %[[C1B:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[B:.*]] = arith.addi %[[M]], %[[C1B]] : i32
// CHECK-NEXT:    %[[E:.*]] = call @external(%[[B]]) : (i32) -> i32
// CHECK-NEXT:    return %[[E]] : i32
func.func @caller(%x: i32) -> i32 {
  %0 = call @add1(%x) : (i32) -> i32
  %1 = call @double(%0) : (i32) -> i32
  %2 = call @add1(%1) : (i32) -> i32
  %3 = call @external(%2) : (i32) -> i32
  return %3 : i32
}

// Callees are inlined bottom-up: @mid has @leaf inlined before @mid is inlined into @top.
func.func private @leaf(%a: f32) -> f32 {
  %r = arith.mulf %a, %a : f32
  return %r : f32
}
func.func private @mid(%a: f32, %b: f32) -> (f32, f32) {
  %s = call @leaf(%a) : (f32) -> f32
  %t = arith.addf %s, %b : f32
  return %t, %s : f32, f32
}
// CHECK-LABEL: func.func @top(
// CHECK-SAME:      %[[P:.*]]: f32, %[[Q:.*]]: f32) -> f32 {
// CHECK-NEXT:    %[[S:.*]] = arith.mulf %[[P]], %[[P]] : f32
// CHECK-NEXT:    %[[T:.*]] = arith.addf %[[S]], %[[Q]] : f32
// CHECK-NEXT:    %[[R:.*]] = arith.subf %[[T]], %[[S]] : f32
// CHECK-NEXT:    return %[[R]] : f32
func.func @top(%p: f32, %q: f32) -> f32 {
  %0:2 = call @mid(%p, %q) : (f32, f32) -> (f32, f32)
  %1 = arith.subf %0#0, %0#1 : f32
  return %1 : f32
}
// CHECK-NOT: @leaf
// CHECK-NOT: @mid
