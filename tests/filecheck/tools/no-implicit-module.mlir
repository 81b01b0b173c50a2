// --no-implicit-module: the one top-level op is the root, printed without a module around it,
// and a pipeline anchored on it runs on it (as mlir-opt 19 does).
// RUN: tile-opt %s --no-implicit-module -p 'func.func(cse)' | FileCheck %s
// RUN: tile-opt %s --no-implicit-module --cse | FileCheck %s
// RUN: not tile-opt %s --no-implicit-module -p 'builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// CHECK-NOT: module
// CHECK: func.func @f(%a: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %a, %a : i32
// CHECK-NEXT: return %0 : i32
// ANCHOR: error: can't run 'builtin.module' pass manager on 'func.func' op
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  return %1 : i32
}
