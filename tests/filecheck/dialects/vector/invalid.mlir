// RUN: tile-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension}}
  %0 = vector.extract %v[4] : f32 from vector<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.insert' op expected position attribute rank to match the dest vector rank}}
  %0 = vector.insert %f, %v2[0] : f32 into vector<2x4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.broadcast' op dimension mismatch (4 vs. 3)}}
  %0 = vector.broadcast %v : vector<4xf32> to vector<3xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %0 = vector.broadcast %v2 : vector<2x4xf32> to vector<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = vector.reduction <xor>, %v : vector<4xf32> into f32
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %0 = vector.reduction <add>, %v2 : vector<2x4xf32> into f32
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.load' op base and result element types should match}}
  %0 = vector.load %m[%i] : memref<4xf32>, vector<4xi32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.store' op requires 1 indices}}
  vector.store %v, %m[%i, %i] : memref<4xf32>, vector<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'}}
  %0 = vector.fma %vi, %vi, %vi : vector<4xi32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.insert' op expected position attribute #1 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %f, %v[7] : f32 into vector<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %0 = vector.broadcast %vi : vector<4xi32> to vector<2x4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<4xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{'vector.splat' op failed to verify that operand type matches element type of result}}
  %0 = "vector.splat"(%i) : (index) -> vector<4xf32>
  "test.return"() : () -> ()
}) : () -> ()
