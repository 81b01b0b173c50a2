// RUN: tile-opt %s --split-input-file --pack-carried-vectors | FileCheck %s
// RUN: tile-opt %s --split-input-file --pack-carried-vectors --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: tile-run %s --entry accumulate --arg M=rand:8x4xf32 --arg N=4 --compare-pipeline 'builtin.module(pack-carried-vectors,canonicalize)' --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %s --entry guarded --arg M=rand:4xf32 --arg C=1 --compare-pipeline 'builtin.module(pack-carried-vectors,canonicalize)' --tolerance 0 | FileCheck %s --check-prefix=SAME
// RUN: tile-run %s --entry guarded --arg M=rand:4xf32 --arg C=0 --compare-pipeline 'builtin.module(pack-carried-vectors,canonicalize)' --tolerance 0 | FileCheck %s --check-prefix=SAME

// SAME: compare {{.+}}: max_abs=0 max_rel=0

// Four iter_args used only as the lanes of one vector (an accumulator the loop rebuilds, FMAs and
// takes apart again) are carried as that vector: the init is packed, the yield is the vector the
// scalars were extracted from, and the results still used are extracted after the loop.
// CHECK-LABEL: func.func @accumulate(
// CHECK: %[[INIT:.+]] = vector.from_elements %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : vector<4xf32>
// CHECK: %[[R:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[INIT]]) -> (vector<4xf32>) {
// CHECK-NOT: vector.from_elements
// CHECK: %[[F:.+]] = math.fma %{{.+}}, %[[ROW:.+]], %[[ACC]] : vector<4xf32>
// CHECK: scf.yield %[[F]] : vector<4xf32>
// CHECK: vector.extract %[[R]][0] : f32 from vector<4xf32>
// CHECK: vector.extract %[[R]][3] : f32 from vector<4xf32>
// CANON-LABEL: func.func @accumulate(
// CANON: %[[Z:.+]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CANON: scf.for {{.+}} iter_args(%{{.+}} = %[[Z]]) -> (vector<4xf32>)
// CANON-NOT: vector.from_elements
// CANON: return
func.func @accumulate(%M: memref<8x4xf32>, %N: index) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r:4 = scf.for %i = %c0 to %N step %c1 iter_args(%a = %zero, %b = %zero, %c = %zero, %d = %zero) -> (f32, f32, f32, f32) {
    %acc = vector.from_elements %a, %b, %c, %d : vector<4xf32>
    %row = vector.load %M[%i, %c0] : memref<8x4xf32>, vector<4xf32>
    %f = math.fma %row, %row, %acc : vector<4xf32>
    %e0 = vector.extract %f[0] : f32 from vector<4xf32>
    %e1 = vector.extract %f[1] : f32 from vector<4xf32>
    %e2 = vector.extract %f[2] : f32 from vector<4xf32>
    %e3 = vector.extract %f[3] : f32 from vector<4xf32>
    scf.yield %e0, %e1, %e2, %e3 : f32, f32, f32, f32
  }
  return %r#0, %r#3 : f32, f32
}

// -----

// An if whose results only make one vector yields the vector: a branch that loaded it yields the
// load; a branch of scalars packs them.
// CHECK-LABEL: func.func @guarded(
// CHECK: %[[IF:.+]] = scf.if %{{.+}} -> (vector<4xf32>) {
// CHECK-NEXT: %[[V:.+]] = vector.load
// CHECK-COUNT-4: vector.extract %[[V]]
// CHECK-NEXT: scf.yield %[[V]] : vector<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[P:.+]] = vector.from_elements
// CHECK-NEXT: scf.yield %[[P]] : vector<4xf32>
// CHECK: arith.addf %[[IF]], %[[IF]] : vector<4xf32>
func.func @guarded(%M: memref<4xf32>, %C: i1) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %r:4 = scf.if %C -> (f32, f32, f32, f32) {
    %v = vector.load %M[%c0] : memref<4xf32>, vector<4xf32>
    %e0 = vector.extract %v[0] : f32 from vector<4xf32>
    %e1 = vector.extract %v[1] : f32 from vector<4xf32>
    %e2 = vector.extract %v[2] : f32 from vector<4xf32>
    %e3 = vector.extract %v[3] : f32 from vector<4xf32>
    scf.yield %e0, %e1, %e2, %e3 : f32, f32, f32, f32
  } else {
    scf.yield %one, %two, %one, %two : f32, f32, f32, f32
  }
  %u = vector.from_elements %r#0, %r#1, %r#2, %r#3 : vector<4xf32>
  %s = arith.addf %u, %u : vector<4xf32>
  vector.store %s, %M[%c0] : memref<4xf32>, vector<4xf32>
  return
}

// -----

// Not packed: a lane also used on its own, lanes in another order, values of different types.
// CHECK-LABEL: func.func @kept(
// CHECK: scf.for {{.+}} -> (f32, f32, f32, f32) {
// CHECK: scf.for {{.+}} -> (f32, f32) {
// CHECK-NOT: -> (vector<2xf32>)
func.func @kept(%N: index, %x: f32) -> (vector<4xf32>, f32, vector<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:4 = scf.for %i = %c0 to %N step %c1 iter_args(%a = %x, %b = %x, %c = %x, %d = %x) -> (f32, f32, f32, f32) {
    %v = vector.from_elements %a, %b, %c, %d : vector<4xf32>
    %s = arith.addf %a, %x : f32
    %w = arith.addf %v, %v : vector<4xf32>
    %e0 = vector.extract %w[0] : f32 from vector<4xf32>
    scf.yield %s, %e0, %e0, %e0 : f32, f32, f32, f32
  }
  %t:2 = scf.for %i = %c0 to %N step %c1 iter_args(%a = %x, %b = %x) -> (f32, f32) {
    %v = vector.from_elements %b, %a : vector<2xf32>
    %e0 = vector.extract %v[0] : f32 from vector<2xf32>
    %e1 = vector.extract %v[1] : f32 from vector<2xf32>
    scf.yield %e0, %e1 : f32, f32
  }
  %v = vector.from_elements %r#0, %r#1, %r#2, %r#3 : vector<4xf32>
  %u = vector.from_elements %t#0, %t#1 : vector<2xf32>
  return %v, %r#0, %u : vector<4xf32>, f32, vector<2xf32>
}
