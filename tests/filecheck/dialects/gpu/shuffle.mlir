// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @shuffles(
// CHECK: %[[R:.*]], %{{.*}} = gpu.shuffle  xor %v, %o, %w : f32
// CHECK: gpu.shuffle  down %{{.*}}, %o, %w : i32
// CHECK: gpu.shuffle  idx
// CHECK: gpu.shuffle  up
// GENERIC: "gpu.shuffle"(%v, %o, %w) <{mode = #gpu<shuffle_mode xor>}> : (f32, i32, i32) -> (f32, i1)
func.func @shuffles(%v: f32, %o: i32, %w: i32, %i: i32) -> (f32, i1) {
  %r, %ok = gpu.shuffle xor %v, %o, %w : f32
  %a, %b = gpu.shuffle down %i, %o, %w : i32
  %c, %d = gpu.shuffle idx %v, %o, %w : f32
  %e, %f = gpu.shuffle up %v, %o, %w : f32
  return %r, %ok : f32, i1
}
