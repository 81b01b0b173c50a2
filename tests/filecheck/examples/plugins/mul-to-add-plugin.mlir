// The pattern pass of docs/plugins.md: x * 2.0 becomes x + x, other products stay; the result
// fields of the pattern driver give the statistic.
// RUN: tile-opt %s --load-plugin %S/../../../../examples/plugins/mul-to-add-plugin.mjs --mul-to-add --mlir-pass-statistics 2>%t | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t

// CHECK-LABEL: func.func @double(
// CHECK-NEXT:    %[[S:.*]] = arith.addf %x, %x : f32
// CHECK-NEXT:    return %[[S]] : f32
func.func @double(%x: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %y = arith.mulf %x, %two : f32
  return %y : f32
}

// CHECK-LABEL: func.func @triple(
// CHECK:         arith.mulf %x, %{{.*}} : f32
func.func @triple(%x: f32) -> f32 {
  %three = arith.constant 3.0 : f32
  %y = arith.mulf %x, %three : f32
  return %y : f32
}

// STATS: (S) 1 num-rewrites - Multiplications rewritten
