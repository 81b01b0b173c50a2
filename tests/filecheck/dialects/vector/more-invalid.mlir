// RUN: tile-opt %s --split-input-file --verify-diagnostics
// The verifier messages of MLIR 19 for the vector ops of more-ops.mlir (this file also passes
// mlir-opt 19 --split-input-file --verify-diagnostics).

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
