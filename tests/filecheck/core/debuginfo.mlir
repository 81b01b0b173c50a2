// RUN: tile-opt %s --mlir-print-debuginfo | FileCheck %s
// RUN: tile-opt %s --mlir-print-debuginfo | tile-opt --mlir-print-debuginfo | FileCheck %s --check-prefix=REPARSE
// RUN: tile-opt %s --mlir-print-debuginfo --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Locations print as mlir-opt prints them: op locations by alias, defined after the module;
// block argument locations inline (their aliases defined first); nested locations by alias.

// CHECK:      #loc2 = loc("{{.*}}debuginfo.mlir":[[@LINE+10]]:14)
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%a: i32 loc("{{.*}}debuginfo.mlir":[[@LINE+8]]:14)) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %a, %a : i32 loc(#loc3)
// CHECK-NEXT:     %1 = arith.addi %0, %a : i32 loc(#loc4)
// CHECK-NEXT:     %2 = arith.addi %1, %a : i32 loc(#loc8)
// CHECK-NEXT:     return %2 : i32 loc(#loc7)
// CHECK-NEXT:   } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}debuginfo.mlir":0:0)
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("x.py":3:4)
  %1 = arith.addi %0, %a : i32 loc(unknown)
  %2 = arith.addi %1, %a : i32 loc(fused["a":1:2, "b":3:4])
  return %2 : i32
}
// CHECK-NEXT: #loc1 = loc("{{.*}}debuginfo.mlir":[[@LINE-6]]:1)
// CHECK-NEXT: #loc3 = loc("x.py":3:4)
// CHECK-NEXT: #loc4 = loc(unknown)
// CHECK-NEXT: #loc5 = loc("a":1:2)
// CHECK-NEXT: #loc6 = loc("b":3:4)
// CHECK-NEXT: #loc7 = loc("{{.*}}debuginfo.mlir":[[@LINE-7]]:3)
// CHECK-NEXT: #loc8 = loc(fused[#loc5, #loc6])

// Reading the output back keeps every location (aliases used before their definition).
// REPARSE: %2 = arith.addi %1, %a : i32 loc(#loc8)
// REPARSE: #loc3 = loc("x.py":3:4)
// REPARSE: #loc8 = loc(fused[#loc5, #loc6])

// GENERIC: ^bb0(%a: i32 loc("{{.*}}debuginfo.mlir":{{[0-9]+}}:14)):
// GENERIC: "arith.addi"(%a, %a) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc(#loc3)
