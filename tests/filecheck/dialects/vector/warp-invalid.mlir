// RUN: tile-opt %s --split-input-file --verify-diagnostics

// vector.warp_execute_on_lane_0's verifier: MLIR 19's messages (MLIR's own spelling "multipler" kept).

func.func @warp_results(%lane: index) {
  // expected-error@+1 {{'vector.warp_execute_on_lane_0' op expected same number of yield operands and return values.}}
  %0 = vector.warp_execute_on_lane_0(%lane)[8] -> (vector<1xf32>) {
  }
  return
}

// -----

func.func @warp_args(%lane: index, %v: vector<1xf32>) {
  // expected-error@+1 {{'vector.warp_execute_on_lane_0' op expected same number op arguments and block arguments.}}
  vector.warp_execute_on_lane_0(%lane)[8] args(%v : vector<1xf32>) {
  }
  return
}

// -----

func.func @warp_arg_scale(%lane: index, %v: vector<2xf32>) {
  // expected-error@+1 {{'vector.warp_execute_on_lane_0' op incompatible distribution dimensions from 'vector<8xf32>' to 'vector<2xf32>' with warp size = 8}}
  vector.warp_execute_on_lane_0(%lane)[8] args(%v : vector<2xf32>) {
  ^bb0(%x: vector<8xf32>):
  }
  return
}

// -----

func.func @warp_not_multiple(%lane: index) {
  // expected-error@+1 {{'vector.warp_execute_on_lane_0' op expected expanded vector dimension #0 (6) to be a multipler of the distributed vector dimension (4)}}
  %0 = vector.warp_execute_on_lane_0(%lane)[8] -> (vector<4x1xf32>) {
    %c = arith.constant dense<0.0> : vector<6x8xf32>
    vector.yield %c : vector<6x8xf32>
  }
  return
}

// -----

func.func @warp_rank(%lane: index) {
  // expected-error@+1 {{'vector.warp_execute_on_lane_0' op expected distributed vectors to have same rank and element type.}}
  %0 = vector.warp_execute_on_lane_0(%lane)[8] -> (vector<1xi32>) {
    %c = arith.constant dense<0.0> : vector<8xf32>
    vector.yield %c : vector<8xf32>
  }
  return
}

// -----

func.func @warp_scalar(%lane: index) {
  // expected-error@+1 {{'vector.warp_execute_on_lane_0' op expected vector type for distributed operands.}}
  %0 = vector.warp_execute_on_lane_0(%lane)[8] -> (f32) {
    %c = arith.constant dense<0.0> : vector<8xf32>
    vector.yield %c : vector<8xf32>
  }
  return
}
