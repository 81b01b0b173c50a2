// RUN: not node %S/../../../../build/tools/tile-run.js %s --entry div --arg a=1 --arg b=0 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not node %S/../../../../build/tools/tile-run.js %s --entry oob --arg m=zeros:4xf32 --arg i=4 2>&1 | FileCheck %s --check-prefix=OOB

func.func @div(%a: i32, %b: i32) -> i32 {
  // DIV: runtime-errors.mlir:[[@LINE+1]]:8: error: 'arith.divsi' op division by zero
  %r = arith.divsi %a, %b : i32
  return %r : i32
}

func.func @oob(%m: memref<4xf32>, %i: index) -> f32 {
  // OOB: runtime-errors.mlir:[[@LINE+1]]:8: error: 'memref.load' op index 4 is out of bounds for dimension 0 of size 4 (indices [4] into memref<4xf32>)
  %v = memref.load %m[%i] : memref<4xf32>
  return %v : f32
}
