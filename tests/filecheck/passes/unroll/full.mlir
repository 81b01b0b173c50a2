// RUN: tile-opt %s --scf-unroll='full' --allow-unregistered-dialect | FileCheck %s
// Full unrolling (mlir-opt 19 has no such option: its `--test-loop-unrolling='unroll-factor=N'`
// with N the trip count gives the same code, plus an unused step constant we do not leave).

// CHECK-LABEL: func.func @sum3() -> i32 {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[X0:.*]] = arith.index_cast %[[C0]] : index to i32
// CHECK-NEXT:    %[[A0:.*]] = arith.addi %[[Z]], %[[X0]] : i32
// CHECK-NEXT:    %[[K1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[D1:.*]] = arith.muli %[[C1]], %[[K1]] : index
// CHECK-NEXT:    %[[I1:.*]] = arith.addi %[[C0]], %[[D1]] : index
// CHECK-NEXT:    %[[X1:.*]] = arith.index_cast %[[I1]] : index to i32
// CHECK-NEXT:    %[[A1:.*]] = arith.addi %[[A0]], %[[X1]] : i32
// CHECK-NEXT:    %[[K2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[D2:.*]] = arith.muli %[[C1]], %[[K2]] : index
// CHECK-NEXT:    %[[I2:.*]] = arith.addi %[[C0]], %[[D2]] : index
// CHECK-NEXT:    %[[X2:.*]] = arith.index_cast %[[I2]] : index to i32
// CHECK-NEXT:    %[[A2:.*]] = arith.addi %[[A1]], %[[X2]] : i32
// CHECK-NEXT:    return %[[A2]] : i32
func.func @sum3() -> i32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (i32) {
    %v = arith.index_cast %i : index to i32
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  return %r : i32
}

// A loop that never runs is replaced by its inits.
// CHECK-LABEL: func.func @never(
// CHECK-SAME:      %[[X:.*]]: f32) -> f32 {
// CHECK-NOT:     scf.for
// CHECK:         return %[[X]] : f32
func.func @never(%x: f32) -> f32 {
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c2 step %c1 iter_args(%a = %x) -> (f32) {
    %s = arith.addf %a, %a : f32
    scf.yield %s : f32
  }
  return %r : f32
}

// Loops with dynamic bounds are left alone; the constant inner loops are unrolled. Typed (i32)
// bounds get i32 offsets (mlir-opt 19 emits index constants there and fails to verify).
// CHECK-LABEL: func.func @mixed(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT:      "test.use"(%{{.*}}) : (i32) -> ()
// CHECK-NEXT:      %[[K:.*]] = arith.constant 1 : i32
// CHECK-NEXT:      %[[D:.*]] = arith.muli %{{.*}}, %[[K]] : i32
// CHECK-NEXT:      %[[J:.*]] = arith.addi %{{.*}}, %[[D]] : i32
// CHECK-NEXT:      "test.use"(%[[J]]) : (i32) -> ()
// CHECK-NEXT:    }
func.func @mixed(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %c2 step %c1 : i32 {
      "test.use"(%j) : (i32) -> ()
    }
  }
  return
}
