// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// vector.warp_execute_on_lane_0 (MLIR 19): the custom form round-trips; the expected text is
// mlir-opt 19 output for this input (the empty yield of a region without results is left out, block
// arguments are printed, attributes other than warp_size follow the region).

func.func @warp(%lane: index, %a: vector<2xf32>, %b: f32) -> (vector<1x2xf32>, f32) {
  vector.warp_execute_on_lane_0(%lane)[16] {
  }
  %r:2 = vector.warp_execute_on_lane_0(%lane)[16] args(%a, %b : vector<2xf32>, f32) -> (vector<1x2xf32>, f32) {
  ^bb0(%x: vector<32xf32>, %y: f32):
    %c = arith.constant dense<1.0> : vector<4x8xf32>
    vector.yield %c, %y : vector<4x8xf32>, f32
  } {tag}
  return %r#0, %r#1 : vector<1x2xf32>, f32
}

// CHECK-LABEL: func.func @warp(%lane: index, %a: vector<2xf32>, %b: f32) -> (vector<1x2xf32>, f32) {
// CHECK-NEXT: vector.warp_execute_on_lane_0(%lane)[16] {
// CHECK-NEXT: }
// CHECK-NEXT: %0:2 = vector.warp_execute_on_lane_0(%lane)[16] args(%a, %b : vector<2xf32>, f32) -> (vector<1x2xf32>, f32) {
// CHECK-NEXT: ^bb0(%arg3: vector<32xf32>, %arg4: f32):
// CHECK-NEXT: %cst = arith.constant dense<1.000000e+00> : vector<4x8xf32>
// CHECK-NEXT: vector.yield %cst, %arg4 : vector<4x8xf32>, f32
// CHECK-NEXT: } {tag}
// CHECK-NEXT: return %0#0, %0#1 : vector<1x2xf32>, f32
// CHECK-NEXT: }
