// RUN: tile-opt %s --inline='default-pipeline=' --allow-unregistered-dialect | FileCheck %s
// What the inliner keeps. mlir-opt 19 agrees on everything but @multi, which it inlines (adding
// cf.br) and we do not (see the inline pass's description).

// A self-recursive function is never inlined, not even into its other callers.
// CHECK-LABEL: func.func @self(
// CHECK:         call @self(
func.func @self(%n: i32) -> i32 {
  %0 = call @self(%n) : (i32) -> i32
  return %0 : i32
}
// CHECK-LABEL: func.func @calls_self(
// CHECK:         call @self(
func.func @calls_self(%n: i32) -> i32 {
  %0 = call @self(%n) : (i32) -> i32
  return %0 : i32
}

// A cycle of two: the SCC is visited as [@odd, @even] (LLVM's scc_iterator order). @even is
// inlined into @odd, which then calls itself; @odd is inlined into @even and @even into @parity
// (the call graph built before inlining says neither calls itself). The copies of calls that
// inlining brings in are not inlined again with a callee they came from (the inline history).
// @even is inlined in place at its last call (in @parity), and erased.
// CHECK-NOT:   @even
// CHECK-LABEL: func.func private @odd(
// CHECK-NEXT:    call @odd(
func.func private @even(%n: i32) -> i32 {
  %0 = call @odd(%n) : (i32) -> i32
  return %0 : i32
}
func.func private @odd(%n: i32) -> i32 {
  %0 = call @even(%n) : (i32) -> i32
  return %0 : i32
}
// CHECK-LABEL: func.func @parity(
// CHECK-NEXT:    call @odd(
func.func @parity(%n: i32) -> i32 {
  %0 = call @even(%n) : (i32) -> i32
  return %0 : i32
}

// A callee with several blocks is not inlined (we have no cf dialect to branch between them).
// CHECK-LABEL: func.func private @multi(
func.func private @multi(%n: i32) -> i32 {
  "test.br"()[^bb1] : () -> ()
^bb1:
  return %n : i32
}
// CHECK-LABEL: func.func @calls_multi(
// CHECK:         call @multi(
func.func @calls_multi(%n: i32) -> i32 {
  %0 = call @multi(%n) : (i32) -> i32
  return %0 : i32
}

// A private callee still referenced by something other than a call is kept after inlining.
// CHECK-LABEL: func.func private @referenced(
func.func private @referenced(%n: i32) -> i32 {
  return %n : i32
}
// CHECK-LABEL: func.func @fnptr(
// CHECK-NEXT:    %[[F:.*]] = constant @referenced : (i32) -> i32
// CHECK-NEXT:    return %[[F]]
func.func @fnptr(%n: i32) -> ((i32) -> i32) {
  %0 = call @referenced(%n) : (i32) -> i32
  %f = func.constant @referenced : (i32) -> i32
  return %f : (i32) -> i32
}
