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

// -----

func.func @read_indices(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %m[%i], %f : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_padding(%m: memref<?x?xf32>, %i: index, %x: i32) {
  // expected-error @+1 {{'vector.transfer_read' op requires formal padding and source of the same elemental type}}
  %0 = "vector.transfer_read"(%m, %i, %i, %x) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, i32) -> vector<4xf32>
  return
}

// -----

func.func @read_map_rank(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map with result dims of the same rank as the vector type}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0, d1)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_map_inputs(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map with input dims of the same rank as the source type}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0) -> (d0)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_map_repeat(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : memref<?x?xf32>, vector<4x4xf32>
  return
}

// -----

func.func @read_map_projected(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0 + d1)>} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_broadcast_in_bounds(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires broadcast dimensions to be in-bounds}}
  %0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x?xf32>, vector<4x4xf32>
  return
}

// -----

func.func @read_in_bounds_rank(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2}}
  %0 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true, true]} : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @read_mask_type(%m: memref<?x?xf32>, %i: index, %f: f32, %mask: vector<8xi1>) {
  // expected-error @+1 {{'vector.transfer_read' op inferred mask type ('vector<4xi1>') and mask operand type ('vector<8xi1>') don't match}}
  %0 = "vector.transfer_read"(%m, %i, %i, %f, %mask) <{in_bounds = [false], operandSegmentSizes = array<i32: 1, 2, 1, 1>, permutation_map = affine_map<(d0, d1) -> (d1)>}> : (memref<?x?xf32>, index, index, f32, vector<8xi1>) -> vector<4xf32>
  return
}

// -----

func.func @read_types(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{requires two types}}
  %0 = vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>
  return
}

// -----

func.func @write_broadcast(%m: memref<?x?xf32>, %i: index, %v: vector<4x4xf32>) {
  // expected-error @+1 {{'vector.transfer_write' op should not have broadcast dimensions}}
  vector.transfer_write %v, %m[%i, %i] {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (0, d1)>} : vector<4x4xf32>, memref<?x?xf32>
  return
}

// -----

func.func @write_indices(%m: memref<?x?xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.transfer_write' op requires 2 indices}}
  vector.transfer_write %v, %m[%i] : vector<4xf32>, memref<?x?xf32>
  return
}
