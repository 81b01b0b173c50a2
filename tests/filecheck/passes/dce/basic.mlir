// RUN: tile-opt %s --allow-unregistered-dialect --dce | FileCheck %s

// Chains of unused pure ops go, and so does an unused load; ops with effects and their operands stay.
// CHECK-LABEL: func.func @chains(
// CHECK-SAME: %[[A:.*]]: i32, %[[M:.*]]: memref<4xi32>)
// CHECK-NEXT: %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[D:.*]] = arith.addi %[[A]], %[[C]] : i32
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %[[A]] : i32 to index
// CHECK-NEXT: memref.store %[[D]], %[[M]][%[[I]]]
// CHECK-NEXT: "x.effect"() : () -> ()
// CHECK-NEXT: return
func.func @chains(%a: i32, %m: memref<4xi32>) {
  %c = arith.constant 3 : i32
  %d = arith.addi %a, %c : i32
  %e = arith.muli %d, %d : i32
  %f = arith.subi %e, %a : i32
  %i = arith.index_cast %a : i32 to index
  %l = memref.load %m[%i] : memref<4xi32>
  memref.store %d, %m[%i] : memref<4xi32>
  "x.effect"() : () -> ()
  return
}

// An scf.if whose results are unused and whose body is pure goes with its body; one that
// writes memory stays, with its dead pure ops removed.
// CHECK-LABEL: func.func @regions(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32, %[[M:.*]]: memref<4xi32>)
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: memref.store %[[A]], %[[M]][%[[Z]]]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @regions(%c: i1, %a: i32, %m: memref<4xi32>) {
  %z = arith.constant 0 : index
  %r = scf.if %c -> i32 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  scf.if %c {
    %y = arith.muli %a, %a : i32
    memref.store %a, %m[%z] : memref<4xi32>
  }
  return
}

// Blocks that the entry cannot reach are erased with everything in them.
// CHECK-LABEL: func.func @blocks(
// CHECK: "x.region"() ({
// CHECK-NEXT: "x.br"()[^bb1] : () -> ()
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "x.end"() : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NOT: x.dead
func.func @blocks(%a: i32) {
  "x.region"() ({
    "x.br"()[^bb1] : () -> ()
  ^bb1:
    "x.end"() : () -> ()
  ^bb2:
    %u = arith.addi %a, %a : i32
    "x.dead"(%u)[^bb3] : (i32) -> ()
  ^bb3:
    "x.dead"()[^bb2] : () -> ()
  }) : () -> ()
  return
}
