// RUN: tile-opt %s --inline='default-pipeline=' | FileCheck %s
// Output agrees with `mlir-opt --inline='default-pipeline='` (LLVM 19).

func.func private @body(%i: index, %acc: f32, %buf: memref<?xf32>) -> f32 {
  %v = memref.load %buf[%i] : memref<?xf32>
  %s = arith.addf %acc, %v : f32
  return %s : f32
}
func.func private @pick(%c: i1, %a: f32, %b: f32) -> f32 {
  %r = scf.if %c -> (f32) {
    scf.yield %a : f32
  } else {
    scf.yield %b : f32
  }
  return %r : f32
}

// Calls nested in regions are inlined where they are; callee regions are copied along.
// CHECK-LABEL: func.func @sum(
// CHECK-SAME:      %[[BUF:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[C:.*]]: i1) -> f32 {
// CHECK:         %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[BUF]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK-NEXT:      scf.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[P:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:      scf.yield %[[R]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %{{.*}} : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[P]] : f32
// CHECK-NOT: call
func.func @sum(%buf: memref<?xf32>, %n: index, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %s = func.call @body(%i, %acc, %buf) : (index, f32, memref<?xf32>) -> f32
    scf.yield %s : f32
  }
  %p = call @pick(%c, %r, %z) : (i1, f32, f32) -> f32
  return %p : f32
}

// Symbols resolve in the nearest symbol table: each module inlines its own @f.
// CHECK-LABEL: module @inner {
// CHECK-NOT:     @f
// CHECK-LABEL:   func.func @g(
// CHECK-NEXT:      %[[K:.*]] = arith.constant 7 : i32
// CHECK-NEXT:      return %[[K]] : i32
module @inner {
  func.func private @f() -> i32 {
    %c = arith.constant 7 : i32
    return %c : i32
  }
  func.func @g() -> i32 {
    %0 = call @f() : () -> i32
    return %0 : i32
  }
}
