// RUN: tile-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tile-opt --allow-unregistered-dialect | FileCheck %s
// RUN: not tile-opt %s 2>&1 | FileCheck %s --check-prefix=NOFLAG

// Generic ops of unregistered dialects: regions, blocks, successors, multiple results.
// CHECK-LABEL: module {
// CHECK-NEXT:    %0:2 = "foo.bar"() ({
// CHECK-NEXT:    ^bb0(%arg0: i32):
// CHECK-NEXT:      "foo.br"(%arg0)[^bb1] : (i32) -> ()
// CHECK-NEXT:    ^bb1:  // pred: ^bb0
// CHECK-NEXT:      "foo.ret"(%arg0) : (i32) -> ()
// CHECK-NEXT:    }) {x = 1 : i32, y} : () -> (i32, f32)
// CHECK-NEXT:    "foo.use"(%0#1) : (f32) -> ()
// CHECK-NEXT:  }
// NOFLAG: unregistered.mlir:[[@LINE+1]]:17: error: operation being parsed with an unregistered dialect
%r:2 = "foo.bar"() ({
^bb0(%a: i32):
  "foo.br"(%a) [^bb1] : (i32) -> ()
^bb1:
  "foo.ret"(%a) : (i32) -> ()
}) {y, x = 1 : i32} : () -> (i32, f32)
"foo.use"(%r#1) : (f32) -> ()
