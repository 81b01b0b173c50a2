// RUN: tile-opt %s --canonicalize | FileCheck %s
// MLIR's SimplifyIndirectCallWithKnownCallee: func.call_indirect of a func.constant becomes
// func.call (its discardable attributes are dropped); an unknown callee stays indirect.

func.func private @g(i32) -> (i32, f32)
func.func private @h(i32) -> (i32, f32)

// CHECK-LABEL: func.func @known(
// CHECK-SAME:    %[[A:.+]]: i32, %[[C:.+]]: i1)
// CHECK-NOT:     constant @
// CHECK:         %[[R:.+]]:2 = call @g(%[[A]]) : (i32) -> (i32, f32)
// CHECK-NEXT:    %[[Q:.+]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:      %[[T:.+]]:2 = func.call @h(%[[A]]) : (i32) -> (i32, f32)
// CHECK-NEXT:      scf.yield %[[T]]#1 : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %{{.+}} : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[Q]] : i32, f32
func.func @known(%a: i32, %c: i1) -> (i32, f32) {
  %fn = func.constant @g : (i32) -> (i32, f32)
  %r:2 = func.call_indirect %fn(%a) {foo} : (i32) -> (i32, f32)
  %q = scf.if %c -> (f32) {
    %fh = func.constant @h : (i32) -> (i32, f32)
    %t:2 = func.call_indirect %fh(%a) : (i32) -> (i32, f32)
    scf.yield %t#1 : f32
  } else {
    scf.yield %r#1 : f32
  }
  return %r#0, %q : i32, f32
}

// CHECK-LABEL: func.func @unknown(
// CHECK-SAME:    %[[F:.+]]: (i32) -> (i32, f32), %[[A:.+]]: i32)
// CHECK-NEXT:    %[[R:.+]]:2 = call_indirect %[[F]](%[[A]]) : (i32) -> (i32, f32)
// CHECK-NEXT:    return %[[R]]#0
func.func @unknown(%f: (i32) -> (i32, f32), %a: i32) -> i32 {
  %r:2 = func.call_indirect %f(%a) : (i32) -> (i32, f32)
  return %r#0 : i32
}
