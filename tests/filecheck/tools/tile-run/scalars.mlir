// RUN: node %S/../../../../build/tools/tile-run.js %s --entry f --arg a=100 --arg x=0.1 | FileCheck %s
// RUN: node %S/../../../../build/tools/tile-run.js %s --entry f --arg arg0=-28 --arg arg1=65504 | FileCheck %s --check-prefix=EDGE

// i8 arithmetic wraps; f16 results are rounded after each operation.
// CHECK: result#0: i8 = -56
// CHECK-NEXT: result#1: f16 = 0.199951
// EDGE: result#0: i8 = -56
// EDGE-NEXT: result#1: f16 = inf
func.func @f(%a: i8, %x: f16) -> (i8, f16) {
  %r = arith.addi %a, %a : i8
  %y = arith.addf %x, %x : f16
  return %r, %y : i8, f16
}
