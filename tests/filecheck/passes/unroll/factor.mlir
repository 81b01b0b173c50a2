// RUN: tile-opt %s --scf-unroll='factor=3 loop-depth=0' --allow-unregistered-dialect | FileCheck %s
// Output agrees with `mlir-opt --test-loop-unrolling='unroll-factor=3'` (LLVM 19), except that the
// dynamic trip count divides signed (arith.divsi) where mlir-opt 19 divides unsigned.

// Constant bounds: 10 iterations = 3 unrolled steps of 3, and the last one, promoted out of its loop.
// CHECK-LABEL: func.func @constant_trip(
// CHECK-SAME:      %[[BUF:.*]]: memref<?xf32>) -> f32 {
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[C9:.*]] = arith.constant 9 : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[C9]] step %[[C3]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:      %[[V0:.*]] = memref.load %[[BUF]][%[[I]]]
// CHECK-NEXT:      %[[S0:.*]] = arith.addf %[[ACC]], %[[V0]] : f32
// CHECK-NEXT:      %[[K1:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[D1:.*]] = arith.muli %[[C1]], %[[K1]] : index
// CHECK-NEXT:      %[[I1:.*]] = arith.addi %[[I]], %[[D1]] : index
// CHECK-NEXT:      %[[V1:.*]] = memref.load %[[BUF]][%[[I1]]]
// CHECK-NEXT:      %[[S1:.*]] = arith.addf %[[S0]], %[[V1]] : f32
// CHECK-NEXT:      %[[K2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[D2:.*]] = arith.muli %[[C1]], %[[K2]] : index
// CHECK-NEXT:      %[[I2:.*]] = arith.addi %[[I]], %[[D2]] : index
// CHECK-NEXT:      %[[V2:.*]] = memref.load %[[BUF]][%[[I2]]]
// CHECK-NEXT:      %[[S2:.*]] = arith.addf %[[S1]], %[[V2]] : f32
// CHECK-NEXT:      scf.yield %[[S2]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[V9:.*]] = memref.load %[[BUF]][%[[C9]]]
// CHECK-NEXT:    %[[T:.*]] = arith.addf %[[R]], %[[V9]] : f32
// CHECK-NEXT:    return %[[T]] : f32
func.func @constant_trip(%buf: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %z) -> (f32) {
    %v = memref.load %buf[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}

// Dynamic bounds: the unrolled loop stops at lb + (tripCount - tripCount mod 3) * step; an
// epilogue loop runs the rest.
// CHECK-LABEL: func.func @dynamic_trip(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index) {
// CHECK-NEXT:    %[[DIFF:.*]] = arith.subi %[[UB]], %[[LB]] : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[SM1:.*]] = arith.subi %[[STEP]], %[[ONE]] : index
// CHECK-NEXT:    %[[NUM:.*]] = arith.addi %[[DIFF]], %[[SM1]] : index
// CHECK-NEXT:    %[[TRIPS:.*]] = arith.divsi %[[NUM]], %[[STEP]] : index
// CHECK-NEXT:    %[[F:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[REM:.*]] = arith.remsi %[[TRIPS]], %[[F]] : index
// CHECK-NEXT:    %[[EVEN:.*]] = arith.subi %[[TRIPS]], %[[REM]] : index
// CHECK-NEXT:    %[[SPAN:.*]] = arith.muli %[[EVEN]], %[[STEP]] : index
// CHECK-NEXT:    %[[SPLIT:.*]] = arith.addi %[[LB]], %[[SPAN]] : index
// CHECK-NEXT:    %[[STEP3:.*]] = arith.muli %[[STEP]], %[[F]] : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[LB]] to %[[SPLIT]] step %[[STEP3]] {
// CHECK-NEXT:      "test.use"(%[[I]]) : (index) -> ()
// CHECK-COUNT-2:   "test.use"
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for %[[J:.*]] = %[[SPLIT]] to %[[UB]] step %[[STEP]] {
// CHECK-NEXT:      "test.use"(%[[J]]) : (index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @dynamic_trip(%lb: index, %ub: index, %step: index) {
  scf.for %i = %lb to %ub step %step {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// loop-depth=0 selects the outer loop only: the inner one is copied, not unrolled.
// CHECK-LABEL: func.func @nested(
// CHECK:         scf.for
// CHECK-COUNT-3:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT:     scf.for
// CHECK:         return
func.func @nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}
