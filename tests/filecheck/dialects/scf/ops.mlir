// RUN: tile-opt %s --allow-unregistered-dialect | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Expected text is mlir-opt 19 output (--allow-unregistered-dialect; unregistered "test.*" ops supply values,
// so that the test does not depend on other dialects).
"test.func"() ({
^bb0(%lb: index, %ub: index, %st: index, %c: i1, %f: f32, %i: i32, %j: i32):
  scf.for %iv = %lb to %ub step %st {
    "test.use"(%iv) : (index) -> ()
  }
  %r = scf.for %iv = %lb to %ub step %st iter_args(%a = %f) -> (f32) {
    scf.yield %a : f32
  }
  %r2:2 = scf.for %iv = %i to %j step %j iter_args(%a = %f, %b = %i) -> (f32, i32) : i32 {
    scf.yield %a, %b : f32, i32
  }
  scf.for %iv = %i to %j step %j : i32 {
  }
  scf.if %c {
    "test.use"(%f) : (f32) -> ()
  }
  scf.if %c {
  } else {
    "test.use"(%f) : (f32) -> ()
  }
  %x = scf.if %c -> (f32) {
    scf.yield %f : f32
  } else {
    scf.yield %f : f32
  }
  %w = scf.while (%arg1 = %i) : (i32) -> i32 {
    scf.condition(%c) %arg1 : i32
  } do {
  ^bb0(%arg2: i32):
    scf.yield %arg2 : i32
  }
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %e = scf.execute_region -> f32 {
    scf.yield %f : f32
  }
  scf.execute_region {
    "test.use"(%f) : (f32) -> ()
    scf.yield
  }
  %e2:2 = scf.execute_region -> (f32, i32) {
    scf.yield %f, %i : f32, i32
  } {attr = 1 : i32}
  scf.for %iv = %lb to %ub step %st {
  } {some.attr}
  %w3:2 = scf.while (%a1 = %i, %a2 = %f) : (i32, f32) -> (i32, f32) {
    scf.condition(%c) %a1, %a2 : i32, f32
  } do {
  ^bb0(%b1: i32, %b2: f32):
    scf.yield %b1, %b2 : i32, f32
  } attributes {tag}
  scf.if %c {
  } {x.y}
  "test.return"() : () -> ()
}) : () -> ()

// CHECK:      module {
// CHECK-NEXT:   "test.func"() ({
// CHECK-NEXT:   ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f32, %arg5: i32, %arg6: i32):
// CHECK-NEXT:     scf.for %arg7 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:       "test.use"(%arg7) : (index) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = scf.for %arg7 = %arg0 to %arg1 step %arg2 iter_args(%arg8 = %arg4) -> (f32) {
// CHECK-NEXT:       scf.yield %arg8 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %1:2 = scf.for %arg7 = %arg5 to %arg6 step %arg6 iter_args(%arg8 = %arg4, %arg9 = %arg5) -> (f32, i32)  : i32 {
// CHECK-NEXT:       scf.yield %arg8, %arg9 : f32, i32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %arg7 = %arg5 to %arg6 step %arg6  : i32 {
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.if %arg3 {
// CHECK-NEXT:       "test.use"(%arg4) : (f32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.if %arg3 {
// CHECK-NEXT:     } else {
// CHECK-NEXT:       "test.use"(%arg4) : (f32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     %2 = scf.if %arg3 -> (f32) {
// CHECK-NEXT:       scf.yield %arg4 : f32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg4 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = scf.while (%arg7 = %arg5) : (i32) -> i32 {
// CHECK-NEXT:       scf.condition(%arg3) %arg7 : i32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg7: i32):
// CHECK-NEXT:       scf.yield %arg7 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.while : () -> () {
// CHECK-NEXT:       scf.condition(%arg3)
// CHECK-NEXT:     } do {
// CHECK-NEXT:       scf.yield
// CHECK-NEXT:     }
// CHECK-NEXT:     %4 = scf.execute_region -> f32 {
// CHECK-NEXT:       scf.yield %arg4 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.execute_region {
// CHECK-NEXT:       "test.use"(%arg4) : (f32) -> ()
// CHECK-NEXT:       scf.yield
// CHECK-NEXT:     }
// CHECK-NEXT:     %5:2 = scf.execute_region -> (f32, i32) {
// CHECK-NEXT:       scf.yield %arg4, %arg5 : f32, i32
// CHECK-NEXT:     } {attr = 1 : i32}
// CHECK-NEXT:     scf.for %arg7 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:     } {some.attr}
// CHECK-NEXT:     %6:2 = scf.while (%arg7 = %arg5, %arg8 = %arg4) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT:       scf.condition(%arg3) %arg7, %arg8 : i32, f32
// CHECK-NEXT:     } do {
// CHECK-NEXT:     ^bb0(%arg7: i32, %arg8: f32):
// CHECK-NEXT:       scf.yield %arg7, %arg8 : i32, f32
// CHECK-NEXT:     } attributes {tag}
// CHECK-NEXT:     scf.if %arg3 {
// CHECK-NEXT:     } {x.y}
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }

// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT:   "test.func"() ({
// GENERIC-NEXT:   ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f32, %arg5: i32, %arg6: i32):
// GENERIC-NEXT:     "scf.for"(%arg0, %arg1, %arg2) ({
// GENERIC-NEXT:     ^bb0(%arg20: index):
// GENERIC-NEXT:       "test.use"(%arg20) : (index) -> ()
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }) : (index, index, index) -> ()
// GENERIC-NEXT:     %0 = "scf.for"(%arg0, %arg1, %arg2, %arg4) ({
// GENERIC-NEXT:     ^bb0(%arg18: index, %arg19: f32):
// GENERIC-NEXT:       "scf.yield"(%arg19) : (f32) -> ()
// GENERIC-NEXT:     }) : (index, index, index, f32) -> f32
// GENERIC-NEXT:     %1:2 = "scf.for"(%arg5, %arg6, %arg6, %arg4, %arg5) ({
// GENERIC-NEXT:     ^bb0(%arg15: i32, %arg16: f32, %arg17: i32):
// GENERIC-NEXT:       "scf.yield"(%arg16, %arg17) : (f32, i32) -> ()
// GENERIC-NEXT:     }) : (i32, i32, i32, f32, i32) -> (f32, i32)
// GENERIC-NEXT:     "scf.for"(%arg5, %arg6, %arg6) ({
// GENERIC-NEXT:     ^bb0(%arg14: i32):
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }) : (i32, i32, i32) -> ()
// GENERIC-NEXT:     "scf.if"(%arg3) ({
// GENERIC-NEXT:       "test.use"(%arg4) : (f32) -> ()
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:     }) : (i1) -> ()
// GENERIC-NEXT:     "scf.if"(%arg3) ({
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       "test.use"(%arg4) : (f32) -> ()
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }) : (i1) -> ()
// GENERIC-NEXT:     %2 = "scf.if"(%arg3) ({
// GENERIC-NEXT:       "scf.yield"(%arg4) : (f32) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       "scf.yield"(%arg4) : (f32) -> ()
// GENERIC-NEXT:     }) : (i1) -> f32
// GENERIC-NEXT:     %3 = "scf.while"(%arg5) ({
// GENERIC-NEXT:     ^bb0(%arg13: i32):
// GENERIC-NEXT:       "scf.condition"(%arg3, %arg13) : (i1, i32) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:     ^bb0(%arg12: i32):
// GENERIC-NEXT:       "scf.yield"(%arg12) : (i32) -> ()
// GENERIC-NEXT:     }) : (i32) -> i32
// GENERIC-NEXT:     "scf.while"() ({
// GENERIC-NEXT:       "scf.condition"(%arg3) : (i1) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:     %4 = "scf.execute_region"() ({
// GENERIC-NEXT:       "scf.yield"(%arg4) : (f32) -> ()
// GENERIC-NEXT:     }) : () -> f32
// GENERIC-NEXT:     "scf.execute_region"() ({
// GENERIC-NEXT:       "test.use"(%arg4) : (f32) -> ()
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:     %5:2 = "scf.execute_region"() ({
// GENERIC-NEXT:       "scf.yield"(%arg4, %arg5) : (f32, i32) -> ()
// GENERIC-NEXT:     }) {attr = 1 : i32} : () -> (f32, i32)
// GENERIC-NEXT:     "scf.for"(%arg0, %arg1, %arg2) ({
// GENERIC-NEXT:     ^bb0(%arg11: index):
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }) {some.attr} : (index, index, index) -> ()
// GENERIC-NEXT:     %6:2 = "scf.while"(%arg5, %arg4) ({
// GENERIC-NEXT:     ^bb0(%arg9: i32, %arg10: f32):
// GENERIC-NEXT:       "scf.condition"(%arg3, %arg9, %arg10) : (i1, i32, f32) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:     ^bb0(%arg7: i32, %arg8: f32):
// GENERIC-NEXT:       "scf.yield"(%arg7, %arg8) : (i32, f32) -> ()
// GENERIC-NEXT:     }) {tag} : (i32, f32) -> (i32, f32)
// GENERIC-NEXT:     "scf.if"(%arg3) ({
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:     }) {x.y} : (i1) -> ()
// GENERIC-NEXT:     "test.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
