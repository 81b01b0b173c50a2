// The cf dialect: parsed and printed as mlir-opt 19 prints it (checked against its output),
// in the custom and the generic form.
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: cf.assert %c, "must hold"
// CHECK-NEXT: cf.cond_br %c, ^bb1(%x : i32), ^bb2
// CHECK-NEXT: ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT: cf.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: cf.br ^bb3(%c0_i32 : i32)
// CHECK-NEXT: ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return %1 : i32
// GENERIC: "cf.assert"([[C:%[a-z0-9]+]]) <{msg = "must hold"}> : (i1) -> ()
// GENERIC: "cf.cond_br"([[C]], %{{[a-z0-9]+}})[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
// GENERIC: "cf.br"(%0)[^bb3] : (i32) -> ()
func.func @f(%c: i1, %x: i32) -> i32 {
  cf.assert %c, "must hold"
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  cf.br ^bb3(%a : i32)
^bb2:
  %z = arith.constant 0 : i32
  cf.br ^bb3(%z : i32)
^bb3(%r: i32):
  return %r : i32
}

// Two edges from one block count as two predecessors, as in MLIR.
// CHECK-LABEL: func.func @g(
// CHECK-NEXT: cf.cond_br %c, ^bb1, ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb0
func.func @g(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}
