// RUN: tile-opt %s --canonicalize | FileCheck %s
// A bitcast is exact: int -> float -> int gives back the integer, also when the float is a NaN
// with a payload, and a folded bitcast to float keeps the payload (MLIR's BitcastOp::fold).

// CHECK-LABEL: func.func @round_trip(
// CHECK-DAG:     %[[S:.+]] = arith.constant -1 : i32
// CHECK-DAG:     %[[P:.+]] = arith.constant 2143289345 : i32
// CHECK-DAG:     %[[V:.+]] = arith.constant dense<-4194304> : vector<2xi32>
// CHECK-DAG:     %[[Q:.+]] = arith.constant 2143289344 : i32
// CHECK:         return %[[S]], %[[P]], %[[V]], %[[Q]] : i32, i32, vector<2xi32>, i32
func.func @round_trip() -> (i32, i32, vector<2xi32>, i32) {
  %m = arith.constant -1 : i32
  %mf = arith.bitcast %m : i32 to f32
  %mi = arith.bitcast %mf : f32 to i32
  %p = arith.constant 2143289345 : i32
  %pf = arith.bitcast %p : i32 to f32
  %pi = arith.bitcast %pf : f32 to i32
  %v = arith.constant dense<-4194304> : vector<2xi32>
  %vf = arith.bitcast %v : vector<2xi32> to vector<2xf32>
  %vi = arith.bitcast %vf : vector<2xf32> to vector<2xi32>
  %q = arith.constant 2143289344 : i32
  %qf = arith.bitcast %q : i32 to f32
  %qi = arith.bitcast %qf : f32 to i32
  return %mi, %pi, %vi, %qi : i32, i32, vector<2xi32>, i32
}

// CHECK-LABEL: func.func @nan_constants(
// CHECK-DAG:     %[[Q:.+]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG:     %[[P:.+]] = arith.constant 0xFFFFFFFF : f32
// CHECK:         return %[[Q]], %[[P]] : f32, f32
func.func @nan_constants() -> (f32, f32) {
  %q = arith.constant 2143289344 : i32
  %qf = arith.bitcast %q : i32 to f32
  %p = arith.constant -1 : i32
  %pf = arith.bitcast %p : i32 to f32
  return %qf, %pf : f32, f32
}
