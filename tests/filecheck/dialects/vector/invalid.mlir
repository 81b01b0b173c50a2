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

// -----

// Messages of MLIR 19 for the ops of more-ops.mlir.

func.func @transpose_rank(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.transpose' op transposition length mismatch: 1}}
  %0 = vector.transpose %v, [0] : vector<2x3xf32> to vector<2x3xf32>
  return
}

// -----

func.func @transpose_dup(%v: vector<2x2xf32>) {
  // expected-error@+1 {{'vector.transpose' op duplicate position index: 1}}
  %0 = vector.transpose %v, [1, 1] : vector<2x2xf32> to vector<2x2xf32>
  return
}

// -----

func.func @transpose_size(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.transpose' op dimension size mismatch at: 1}}
  %0 = vector.transpose %v, [1, 0] : vector<2x3xf32> to vector<2x3xf32>
  return
}

// -----

func.func @shape_cast_elements(%v: vector<2x3xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op source/result number of elements must match}}
  %0 = vector.shape_cast %v : vector<2x3xf32> to vector<7xf32>
  return
}

// -----

func.func @shape_cast_invalid(%v: vector<2x3x4xf32>) {
  // expected-error@+1 {{'vector.shape_cast' op invalid shape cast}}
  %0 = vector.shape_cast %v : vector<2x3x4xf32> to vector<3x8xf32>
  return
}

// -----

func.func @bitcast_width(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.bitcast' op source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %v : vector<4xf32> to vector<4xf16>
  return
}

// -----

func.func @slice_offsets(%v: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected offsets dimension 1 to be confined to [0, 8)}}
  %0 = vector.extract_strided_slice %v {offsets = [0, 8], sizes = [1, 1], strides = [1, 1]} : vector<4x8xf32> to vector<1x1xf32>
  return
}

// -----

func.func @slice_sum(%v: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected sum(offsets, sizes) dimension 0 to be confined to [1, 5)}}
  %0 = vector.extract_strided_slice %v {offsets = [3], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x8xf32>
  return
}

// -----

func.func @slice_type(%v: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.extract_strided_slice' op expected result type to be 'vector<2x8xf32>'}}
  %0 = vector.extract_strided_slice %v {offsets = [1], sizes = [2], strides = [1]} : vector<4x8xf32> to vector<2x4xf32>
  return
}

// -----

func.func @insert_slice_strides(%a: vector<2xf32>, %b: vector<4x8xf32>) {
  // expected-error@+1 {{'vector.insert_strided_slice' op expected strides to be confined to [1, 2)}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, 0], strides = [2]} : vector<2xf32> into vector<4x8xf32>
  return
}

// -----

func.func @shuffle_index(%a: vector<2xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #2 out of range}}
  %0 = vector.shuffle %a, %a [0, 4] : vector<2xf32>, vector<2xf32>
  return
}

// -----

func.func @deinterleave_odd(%a: vector<3xf32>) {
  // expected-error@+1 {{'vector.deinterleave' op failed to verify that the trailing dimension of the source vector has an even number of elements}}
  %0, %1 = vector.deinterleave %a : vector<3xf32> -> vector<1xf32>
  return
}

// -----

func.func @extractelement_rank(%a: vector<2x2xf32>, %i: index) {
  // expected-error@+1 {{'vector.extractelement' op unexpected >1 vector rank}}
  %0 = vector.extractelement %a[%i : index] : vector<2x2xf32>
  return
}

// -----

func.func @constant_mask_zero() {
  // expected-error@+1 {{'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %0 = vector.constant_mask [0, 2] : vector<4x3xi1>
  return
}

// -----

func.func @constant_mask_0d() {
  // expected-error@+1 {{mask dim size must be either 0 or 1 for 0-D vectors}}
  %0 = vector.constant_mask [2] : vector<i1>
  return
}

// -----

func.func @create_mask_operands(%i: index) {
  // expected-error@+1 {{'vector.create_mask' op must specify an operand for each result vector dimension}}
  %0 = vector.create_mask %i : vector<4x3xi1>
  return
}

// -----

func.func @gather_mask(%m: memref<?xf32>, %i: index, %iv: vector<4xi32>, %mask: vector<2xi1>, %p: vector<4xf32>) {
  // expected-error@+1 {{'vector.gather' op expected result dim to match mask dim}}
  %0 = vector.gather %m[%i] [%iv], %mask, %p : memref<?xf32>, vector<4xi32>, vector<2xi1>, vector<4xf32> into vector<4xf32>
  return
}

// -----

func.func @maskedload_indices(%m: memref<?x?xf32>, %i: index, %mask: vector<4xi1>, %p: vector<4xf32>) {
  // expected-error@+1 {{'vector.maskedload' op requires 2 indices}}
  %0 = vector.maskedload %m[%i], %mask, %p : memref<?x?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return
}

// -----

func.func @multi_reduction_type(%v: vector<4x8xf32>, %acc: vector<4xf32>) {
  // expected-error@+1 {{'vector.multi_reduction' op destination type 'vector<4xf32>' is incompatible with source type 'vector<4x8xf32>'}}
  %0 = vector.multi_reduction <add>, %v, %acc [0] : vector<4x8xf32> to vector<4xf32>
  return
}

// -----

func.func @outerproduct_rank(%a: vector<4x2xf32>, %b: vector<8xf32>) {
  // expected-error@+1 {{'vector.outerproduct' op expected 1-d vector for operand #1}}
  %0 = vector.outerproduct %a, %b : vector<4x2xf32>, vector<8xf32>
  return
}

// -----

#trait = {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @contract_shape(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x5xf32>) {
  // expected-error@+1 {{'vector.contract' op invalid accumulator/result vector shape, expected: 'vector<2x4xf32>'}}
  %0 = vector.contract #trait %a, %b, %c : vector<2x3xf32>, vector<3x4xf32> into vector<2x5xf32>
  return
}

// -----

func.func @scan_dim(%v: vector<2x4xf32>, %init: vector<4xf32>) {
  // expected-error@+1 {{'vector.scan' op reduction dimension 2 has to be less than 2}}
  %0, %1 = vector.scan <add>, %v, %init {inclusive = true, reduction_dim = 2} : vector<2x4xf32>, vector<4xf32>
  return
}

// -----

func.func @mask_type(%m: vector<8xi1>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.mask' op expects a 'vector<4xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<8xi1> -> f32
  return
}

// -----

func.func @from_elements_count(%f: f32) {
  // expected-error@+1 {{'vector.from_elements' 1 operands present, but expected 2}}
  %0 = vector.from_elements %f : vector<2xf32>
  return
}

// -----

// Verifier messages of vector.print, reshape, flat_transpose, type_cast, scalable.insert/extract: MLIR 19's
// text (reshape's without the op prefix; scalable vectors' constraint without its summary).

func.func @print_tensor(%t: tensor<4xi32>) {
  // expected-error@+1 {{'vector.print' op operand #0 must be , but got 'tensor<4xi32>'}}
  vector.print %t : tensor<4xi32>
  return
}

// -----

func.func @print_str_and_punctuation() {
  // expected-error@+1 {{'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings}}
  vector.print str "x" punctuation <close>
  return
}

// -----

func.func @print_str_and_source(%i: i64) {
  // expected-error@+1 {{'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings}}
  vector.print %i : i64 str "x"
  return
}

// -----

func.func @reshape_input_rank(%v: vector<2x6xf32>, %c: index) {
  // expected-error@+1 {{invalid input shape for vector type 'vector<2x6xf32>'}}
  %0 = vector.reshape %v, [%c, %c], [%c], [6] : vector<2x6xf32> to vector<2x6xf32>
  return
}

// -----

func.func @reshape_output_rank(%v: vector<2x6xf32>, %c: index) {
  // expected-error@+1 {{invalid output shape for vector type 'vector<2x6xf32>'}}
  %0 = vector.reshape %v, [%c], [%c, %c], [6] : vector<2x6xf32> to vector<2x6xf32>
  return
}

// -----

func.func @reshape_fixed_input(%v: vector<2x5xf32>, %c: index) {
  // expected-error@+1 {{fixed vector size must match input vector for dim 0}}
  %0 = vector.reshape %v, [%c], [%c], [6] : vector<2x5xf32> to vector<2x6xf32>
  return
}

// -----

func.func @reshape_fixed_output(%v: vector<2x6xf32>, %c: index) {
  // expected-error@+1 {{fixed vector size must match output vector for dim 0}}
  %0 = vector.reshape %v, [%c], [%c], [6] : vector<2x6xf32> to vector<2x7xf32>
  return
}

// -----

func.func @reshape_product(%v: vector<2x6xf32>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  // expected-error@+1 {{product of input and output shape sizes must match}}
  %0 = vector.reshape %v, [%c2], [%c4], [6] : vector<2x6xf32> to vector<2x6xf32>
  return
}

// -----

func.func @flat_transpose_element(%v: vector<6xi32>) {
  // expected-error@+1 {{'vector.flat_transpose' op failed to verify that source operand and result have same element type}}
  %0 = vector.flat_transpose %v {rows = 2 : i32, columns = 3 : i32} : vector<6xi32> -> vector<6xi64>
  return
}

// -----

func.func @type_cast_strided(%m: memref<2x3xf32, strided<[1, 2]>>) {
  // expected-error@+1 {{'vector.type_cast' op expects operand to be a memref with identity layout}}
  %0 = vector.type_cast %m : memref<2x3xf32, strided<[1, 2]>> to memref<vector<2x3xf32>>
  return
}

// -----

func.func @type_cast_shape(%m: memref<2x3xf32>) {
  // expected-error@+1 {{'vector.type_cast' op expects concatenated result and operand shapes to be equal: 'memref<vector<3x2xf32>>'}}
  %0 = vector.type_cast %m : memref<2x3xf32> to memref<vector<3x2xf32>>
  return
}

// -----

func.func @type_cast_scalar(%m: memref<2x3xf32>) {
  // expected-error@+1 {{'vector.type_cast' op expects result and operand with same underlying scalar type: 'memref<vector<2x3xi32>>'}}
  %0 = vector.type_cast %m : memref<2x3xf32> to memref<vector<2x3xi32>>
  return
}

// -----

func.func @scalable_insert_position(%s: vector<[8]xf32>, %sub: vector<4xf32>) {
  // expected-error@+1 {{'vector.scalable.insert' op failed to verify that position is a multiple of the source length.}}
  %0 = vector.scalable.insert %sub, %s[6] : vector<4xf32> into vector<[8]xf32>
  return
}

// -----

func.func @scalable_extract_position(%s: vector<[8]xf32>) {
  // expected-error@+1 {{'vector.scalable.extract' op failed to verify that position is a multiple of the result length.}}
  %0 = vector.scalable.extract %s[2] : vector<4xf32> from vector<[8]xf32>
  return
}

// -----

func.func @scalable_extract_fixed_source(%s: vector<8xf32>) {
  // expected-error@+1 {{'vector.scalable.extract' op operand #0 must be  of ranks 1, but got 'vector<8xf32>'}}
  %0 = vector.scalable.extract %s[0] : vector<4xf32> from vector<8xf32>
  return
}

// -----

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
