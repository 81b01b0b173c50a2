// RUN: tile-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s

// MLIR 19's cf canonicalizations (a branch to a single-predecessor block merges it, pass-through
// branches collapse, constant conditions and identical successors become cf.br with arith.select for
// differing operands, asserts of true go) and region DCE of block arguments (a loop-carried value
// nothing reads goes, with the ops computing it). The expected text is mlir-opt 19 output for this input.

func.func @single_pred(%x: f32) -> f32 {
  cf.br ^next(%x : f32)
^next(%y: f32):
  return %y : f32
}

func.func @pass_through(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^t, ^f
^t:
  cf.br ^join(%a : i32)
^f:
  cf.br ^join(%b : i32)
^join(%r: i32):
  "test.sink"(%r) : (i32) -> ()
  return %r : i32
}

func.func @const_cond(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  cf.cond_br %true, ^t(%a : i32), ^f(%b : i32)
^t(%x: i32):
  return %x : i32
^f(%y: i32):
  return %y : i32
}

func.func @same_dest(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^d(%a, %a : i32, i32), ^d(%b, %a : i32, i32)
^d(%x: i32, %y: i32):
  "test.sink"(%x, %y) : (i32, i32) -> ()
  return
}

func.func @dead_loop_argument(%arg0: f32) {
  cf.br ^loop(%arg0 : f32)
^loop(%v: f32):
  %e = math.exp %v : f32
  cf.br ^loop(%e : f32)
}

func.func @asserts(%c: i1) {
  %true = arith.constant true
  cf.assert %true, "always"
  cf.assert %c, "maybe"
  return
}

// CHECK: module {
// CHECK-NEXT:   func.func @single_pred(%x: f32) -> f32 {
// CHECK-NEXT:     return %x : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @pass_through(%c: i1, %a: i32, %b: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.select %c, %a, %b : i32
// CHECK-NEXT:     "test.sink"(%0) : (i32) -> ()
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @const_cond(%a: i32, %b: i32) -> i32 {
// CHECK-NEXT:     return %a : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @same_dest(%c: i1, %a: i32, %b: i32) {
// CHECK-NEXT:     %0 = arith.select %c, %a, %b : i32
// CHECK-NEXT:     "test.sink"(%0, %a) : (i32, i32) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dead_loop_argument(%arg0: f32) {
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     cf.br ^bb1
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @asserts(%c: i1) {
// CHECK-NEXT:     cf.assert %c, "maybe"
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
