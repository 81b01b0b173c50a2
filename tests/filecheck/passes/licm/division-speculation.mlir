// RUN: tile-opt %s --loop-invariant-code-motion | FileCheck %s
// Divisions are hoisted when their divisor is a constant that rules out UB, as MLIR's
// getDivUISpeculatability/getDivSISpeculatability decide with m_ConstantInt: splat vector
// constants count, a non-splat one does not; "all ones" (-1, and true for i1) is not safe for
// signed divisions.

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[A:[^:]+]]: vector<4xi32>, %[[X:[^:]+]]: i1, %[[S:[^:]+]]: i32
// CHECK:         arith.ceildivsi %[[A]], %{{.+}} : vector<4xi32>
// CHECK-NEXT:    arith.divui %[[A]], %{{.+}} : vector<4xi32>
// CHECK-NEXT:    arith.divsi %[[S]], %{{.+}} : i32
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      arith.divsi %[[A]], %{{.+}} : vector<4xi32>
// CHECK-NEXT:      arith.divui %[[A]], %{{.+}} : vector<4xi32>
// CHECK-NEXT:      arith.divsi %[[X]], %{{.+}} : i1
// CHECK-NEXT:      arith.ceildivui %[[A]], %{{.+}} : vector<4xi32>
// CHECK-NEXT:      scf.yield
func.func @f(%a: vector<4xi32>, %x: i1, %s: i32, %n: index) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, i1, vector<4xi32>, vector<4xi32>, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %three = arith.constant dense<3> : vector<4xi32>
  %m1 = arith.constant dense<-1> : vector<4xi32>
  %nonsplat = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %t = arith.constant true
  %z = arith.constant dense<0> : vector<4xi32>
  %seven = arith.constant 7 : i32
  %r:7 = scf.for %i = %c0 to %n step %c1 iter_args(%p0 = %a, %p1 = %a, %p2 = %a, %p3 = %x, %p4 = %a, %p5 = %a, %p6 = %s) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, i1, vector<4xi32>, vector<4xi32>, i32) {
    %d0 = arith.ceildivsi %a, %three : vector<4xi32>
    %d1 = arith.divsi %a, %m1 : vector<4xi32>
    %d2 = arith.divui %a, %nonsplat : vector<4xi32>
    %d3 = arith.divsi %x, %t : i1
    %d4 = arith.divui %a, %three : vector<4xi32>
    %d5 = arith.ceildivui %a, %z : vector<4xi32>
    %d6 = arith.divsi %s, %seven : i32
    scf.yield %d0, %d1, %d2, %d3, %d4, %d5, %d6 : vector<4xi32>, vector<4xi32>, vector<4xi32>, i1, vector<4xi32>, vector<4xi32>, i32
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : vector<4xi32>, vector<4xi32>, vector<4xi32>, i1, vector<4xi32>, vector<4xi32>, i32
}
