// RUN: tile-opt %s --split-input-file --sink-selects-into-if | FileCheck %s

// The shape of a peeled pipeline epilogue: the load is guarded, the compute on it speculated and
// selected; the compute moves into the scf.if, which yields it (else: the previous value).
// CHECK-LABEL: func.func @guarded_compute(
// CHECK-SAME: %[[C:.+]]: i1, %[[M:.+]]: memref<4xf32>, %[[PREV:.+]]: f32, %[[S:.+]]: f32)
// CHECK: %[[IF:.+]]:2 = scf.if %[[C]] -> (f32, f32) {
// CHECK-NEXT: %[[L:.+]] = memref.load %[[M]]
// CHECK-NEXT: %[[MUL:.+]] = arith.mulf %[[L]], %[[S]]
// CHECK-NEXT: %[[ADD:.+]] = arith.addf %[[MUL]], %[[PREV]]
// CHECK-NEXT: scf.yield %[[L]], %[[ADD]] : f32, f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %{{.+}}, %[[PREV]] : f32, f32
// CHECK-NEXT: }
// CHECK-NOT: arith.select
// CHECK: return %[[IF]]#1
func.func @guarded_compute(%c: i1, %m: memref<4xf32>, %prev: f32, %s: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %x = scf.if %c -> (f32) {
    %l = memref.load %m[%c0] : memref<4xf32>
    scf.yield %l : f32
  } else {
    scf.yield %zero : f32
  }
  %mul = arith.mulf %x, %s : f32
  %add = arith.addf %mul, %prev : f32
  %r = arith.select %c, %add, %prev : f32
  return %r : f32
}

// -----

// Two selects on the same condition: both computations join the one scf.if.
// CHECK-LABEL: func.func @two_selects(
// CHECK: scf.if %{{.+}} -> (f32, f32, f32) {
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: scf.yield
// CHECK: } else {
// CHECK-NOT: arith.select
// CHECK: return
func.func @two_selects(%c: i1, %m: memref<4xf32>, %p: f32, %q: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %x = scf.if %c -> (f32) {
    %l = memref.load %m[%c0] : memref<4xf32>
    scf.yield %l : f32
  } else {
    scf.yield %zero : f32
  }
  %mul = arith.mulf %x, %p : f32
  %add = arith.addf %x, %q : f32
  %r0 = arith.select %c, %mul, %p : f32
  %r1 = arith.select %c, %add, %q : f32
  return %r0, %r1 : f32, f32
}

// -----

// Nothing moves: the computed value has a user besides the select.
// CHECK-LABEL: func.func @other_user(
// CHECK: scf.if %{{.+}} -> (f32) {
// CHECK: arith.mulf
// CHECK-NEXT: arith.select
func.func @other_user(%c: i1, %m: memref<4xf32>, %prev: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %x = scf.if %c -> (f32) {
    %l = memref.load %m[%c0] : memref<4xf32>
    scf.yield %l : f32
  } else {
    scf.yield %zero : f32
  }
  %mul = arith.mulf %x, %x : f32
  %r = arith.select %c, %mul, %prev : f32
  return %r, %mul : f32, f32
}

// -----

// Nothing moves: the computation reads memory (it may not run under the guard's condition
// only), the select is on another condition, or its false value is defined after the scf.if.
// CHECK-LABEL: func.func @not_movable(
// CHECK: scf.if %{{.+}} -> (f32) {
// CHECK: } else {
// CHECK: }
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.addf
// CHECK-NEXT: arith.select %c
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.select %d
// CHECK-NEXT: arith.negf
// CHECK-NEXT: arith.subf
// CHECK-NEXT: arith.select %c
func.func @not_movable(%c: i1, %m: memref<4xf32>, %prev: f32, %d: i1) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %x = scf.if %c -> (f32) {
    %l = memref.load %m[%c0] : memref<4xf32>
    scf.yield %l : f32
  } else {
    scf.yield %zero : f32
  }
  %l2 = memref.load %m[%c0] : memref<4xf32>
  %a = arith.addf %x, %l2 : f32
  %r0 = arith.select %c, %a, %prev : f32
  %b = arith.mulf %x, %x : f32
  %r1 = arith.select %d, %b, %prev : f32
  %late = arith.negf %prev : f32
  %s = arith.subf %x, %prev : f32
  %r2 = arith.select %c, %s, %late : f32
  return %r0, %r1, %r2 : f32, f32, f32
}
