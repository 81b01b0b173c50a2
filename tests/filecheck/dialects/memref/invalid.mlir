// RUN: tile-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

"test.func"() ({
^bb0(%i: index, %f: f32):
// expected-error @+1 {{'memref.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %a = memref.alloc(%i) : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4xf32>
// expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 2}}
  %v = memref.load %a[%i, %i] : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4xf32>
// expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %f, %a[%i, %i] : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4xf32>
// expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %c = memref.cast %a : memref<4xf32> to memref<5xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
// expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %c = memref.get_global @nope : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

memref.global @g : memref<2xf32> = dense<1.0>
"test.func"() ({
^bb0(%i: index, %f: f32):
// expected-error @+1 {{'memref.get_global' op result type 'memref<4xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
  %c = memref.get_global @g : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global @g : memref<?xf32> = uninitialized

// -----

// expected-error @+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<?xf32>, initial_value}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value expected to be of type 'tensor<2xf32>', but was of type 'tensor<3xf32>'}}
"memref.global"() <{sym_name = "g", type = memref<2xf32>, initial_value = dense<1.0> : tensor<3xf32>}> : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4x4xf32>
// expected-error @+1 {{expected result type to be 'memref<2x2xf32, strided<[4, 1]>>' or a rank-reduced version. (mismatch of result layout) }}
  %s = memref.subview %a[0, 0][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4x4xf32>
// expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %s = memref.subview %a[0][2, 2][1, 1] : memref<4x4xf32> to memref<2x2xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4x4xf32>
  %b = memref.alloc() : memref<4x4xi32>
// expected-error @+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %a, %b : memref<4x4xf32> to memref<4x4xi32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
// expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %a = memref.alloc()[%i] : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
  %a = memref.alloc() : memref<4xf32>
// expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %v = "memref.load"(%a, %i) : (memref<4xf32>, index) -> i32
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
// As mlir-opt 19: the custom form checks the op's attributes in its dictionary as it parses it
// (MLIR's verifyInherentAttrs, hence the doubled prefix); the generic form leaves it to the verifier.
// expected-error @+1 {{custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %a = memref.alloc() {alignment = -1 : i64} : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%i: index, %f: f32):
// expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
  %a = "memref.alloc"() <{alignment = -1 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %a = memref.alloca() : memref<4xf32>
  "test.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{alignment attribute value 3 is not a power of 2}}
memref.global @g : memref<2xf32> = dense<1.0> {alignment = 3}

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<8x8xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
// expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes) }}
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x3xf32, strided<[8, 1]>>
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%v: vector<4xf32>, %f: f32, %m: memref<8x8xf32>, %i: index, %vi: vector<4xi32>, %v2: vector<2x4xf32>):
  %0 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
// expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout) }}
  %1 = memref.subview %m[0, 0][4, 4][1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 1>>
  "test.return"() : () -> ()
}) : () -> ()

// -----

func.func @expand_rank(%m: memref<2x3xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op has source rank 2 and result rank 1. This is not an expansion (2 > 1).}}
  %e = memref.expand_shape %m [[0, 1]] output_shape [6] : memref<2x3xf32> into memref<6xf32>
  return
}

// -----

func.func @expand_group_size(%m: memref<6xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op collapsed dim size (6) must equal reassociation group size (8)}}
  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 4] : memref<6xf32> into memref<2x4xf32>
  return
}

// -----

func.func @expand_contiguous(%m: memref<6x2xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op reassociation indices must be contiguous}}
  %e = memref.expand_shape %m [[0, 2], [1]] output_shape [2, 2, 3] : memref<6x2xf32> into memref<2x2x3xf32>
  return
}

// -----

func.func @expand_layout(%m: memref<6xf32, strided<[2]>>) {
  // expected-error @+1 {{'memref.expand_shape' op expected expanded type to be 'memref<2x3xf32, strided<[6, 2]>>' but found 'memref<2x3xf32>'}}
  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xf32, strided<[2]>> into memref<2x3xf32>
  return
}

// -----

func.func @expand_output_shape(%m: memref<6xf32>) {
  // expected-error @+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 4] : memref<6xf32> into memref<2x3xf32>
  return
}

// -----

func.func @collapse_rank(%m: memref<6xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op has source rank 1 and result rank 2. This is not a collapse (1 < 2).}}
  %c = memref.collapse_shape %m [[0, 1]] : memref<6xf32> into memref<2x3xf32>
  return
}

// -----

func.func @collapse_groups(%m: memref<2x3x4xf32>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid number of reassociation groups: found 1, expected 2}}
  %c = memref.collapse_shape %m [[0, 1, 2]] : memref<2x3x4xf32> into memref<6x4xf32>
  return
}

// -----

func.func @collapse_noncontiguous(%m: memref<2x3xf32, strided<[4, 1]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %c = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32, strided<[4, 1]>> into memref<6xf32>
  return
}

// -----

func.func @collapse_layout(%m: memref<2x3xf32, strided<[3, 1], offset: 5>>) {
  // expected-error @+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<6xf32, strided<[1], offset: 5>>' but found 'memref<6xf32>'}}
  %c = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32, strided<[3, 1], offset: 5>> into memref<6xf32>
  return
}

// -----

func.func @reinterpret_element(%m: memref<4xf32>) {
  // expected-error @+1 {{different element types specified for source type 'memref<4xf32>' and result memref type 'memref<4xi32>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1] : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @reinterpret_size(%m: memref<4xf32>) {
  // expected-error @+1 {{expected result type with size = 5 instead of 4 in dim = 0}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [5], strides: [1] : memref<4xf32> to memref<4xf32>
  return
}

// -----

func.func @reinterpret_offset(%m: memref<4xf32>) {
  // expected-error @+1 {{expected result type with offset = 2 instead of 0}}
  %r = memref.reinterpret_cast %m to offset: [2], sizes: [4], strides: [1] : memref<4xf32> to memref<4xf32>
  return
}

// -----

func.func @reinterpret_stride(%m: memref<4xf32>) {
  // expected-error @+1 {{expected result type with stride = 2 instead of 1 in dim = 0}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [2] : memref<4xf32> to memref<4xf32>
  return
}

// -----

func.func @reshape_element(%m: memref<4xf32>, %s: memref<1xindex>) {
  // expected-error @+1 {{'memref.reshape' op element types of source and destination memref types should be the same}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<1xindex>) -> memref<4xi32>
  return
}

// -----

func.func @reshape_length(%m: memref<4xf32>, %s: memref<1xindex>) {
  // expected-error @+1 {{'memref.reshape' op length of shape operand differs from the result's memref rank}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<1xindex>) -> memref<2x2xf32>
  return
}

// -----

func.func @reshape_dynamic_length(%m: memref<4xf32>, %s: memref<?xindex>) {
  // expected-error @+1 {{'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type}}
  %r = memref.reshape %m(%s) : (memref<4xf32>, memref<?xindex>) -> memref<2x2xf32>
  return
}

// -----

func.func @view_sizes(%b: memref<64xi8>, %o: index) {
  // expected-error @+1 {{incorrect number of size operands for type 'memref<?x4xf32>'}}
  %v = memref.view %b[%o][] : memref<64xi8> to memref<?x4xf32>
  return
}

// -----

func.func @view_source(%b: memref<64xi16>, %o: index) {
  // expected-error @+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<64xi16>'}}
  %v = memref.view %b[%o][] : memref<64xi16> to memref<4xf32>
  return
}

// -----

func.func @realloc_rank(%m: memref<2x2xf32>) {
  // expected-error @+1 {{'memref.realloc' op operand #0 must be 1D memref of any type values, but got 'memref<2x2xf32>'}}
  %r = memref.realloc %m : memref<2x2xf32> to memref<8xf32>
  return
}

// -----

func.func @realloc_missing_size(%m: memref<2xf32>) {
  // expected-error @+1 {{missing dimension operand for result type 'memref<?xf32>'}}
  %r = memref.realloc %m : memref<2xf32> to memref<?xf32>
  return
}

// -----

func.func @realloc_element(%m: memref<2xf32>) {
  // expected-error @+1 {{different element types specified for source memref type 'memref<2xf32>' and result memref type 'memref<4xi32>'}}
  %r = memref.realloc %m : memref<2xf32> to memref<4xi32>
  return
}

// -----

func.func @atomic_subscripts(%m: memref<4x4xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op expects the number of subscripts to be equal to memref rank}}
  %r = memref.atomic_rmw addf %f, %m[%i] : (f32, memref<4x4xf32>) -> f32
  return
}

// -----

func.func @atomic_float_kind(%m: memref<4xi32>, %x: i32, %i: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
  %r = memref.atomic_rmw addf %x, %m[%i] : (i32, memref<4xi32>) -> i32
  return
}

// -----

func.func @atomic_int_kind(%m: memref<4xf32>, %f: f32, %i: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'maxs' expects an integer type}}
  %r = memref.atomic_rmw maxs %f, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @atomic_element(%m: memref<4xf32>, %x: i32, %i: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op failed to verify that value type matches element type of memref}}
  %r = "memref.atomic_rmw"(%x, %m, %i) <{kind = 1 : i64}> : (i32, memref<4xf32>, index) -> i32
  return
}


// -----

// LLVM 19 does not skip unit dimensions when it checks that collapsed dimensions are contiguous.
func.func @collapse_unit_dims(%m: memref<1x1x1024xi8, strided<[40960, 4096, 1]>>) {
  // expected-error @+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %c = memref.collapse_shape %m [[0, 1, 2]] : memref<1x1x1024xi8, strided<[40960, 4096, 1]>> into memref<1024xi8, strided<[1]>>
  return
}


// -----

func.func @dma_few_operands() {
  // expected-error @+1 {{'memref.dma_start' op expected at least 4 operands}}
  "memref.dma_start"() : () -> ()
  return
}

// -----

func.func @dma_source_not_memref(%f: f32, %i: index) {
  // expected-error @+1 {{'memref.dma_start' op expected source to be of memref type}}
  memref.dma_start %f[%i], %f[%i], %i, %f[%i] : f32, f32, f32
  return
}

// -----

func.func @dma_operands_for_dst(%s: memref<4x4xf32>, %d: memref<8xf32, 1>, %i: index) {
  // expected-error @+1 {{'memref.dma_start' op expected at least 7 operands}}
  "memref.dma_start"(%s, %i, %i, %d, %i, %i) : (memref<4x4xf32>, index, index, memref<8xf32, 1>, index, index) -> ()
  return
}

// -----

func.func @dma_num_elements(%s: memref<4xf32>, %d: memref<8xf32, 1>, %t: memref<i32>, %i: index, %f: f32) {
  // expected-error @+1 {{'memref.dma_start' op expected num elements to be of index type}}
  "memref.dma_start"(%s, %i, %d, %i, %f, %t) : (memref<4xf32>, index, memref<8xf32, 1>, index, f32, memref<i32>) -> ()
  return
}

// -----

func.func @dma_one_stride_operand(%s: memref<4xf32>, %d: memref<8xf32, 1>, %t: memref<i32>, %i: index) {
  // expected-error @+1 {{'memref.dma_start' op incorrect number of operands}}
  "memref.dma_start"(%s, %i, %d, %i, %i, %t, %i) : (memref<4xf32>, index, memref<8xf32, 1>, index, index, memref<i32>, index) -> ()
  return
}

// -----

func.func @dma_stride_type(%s: memref<4xf32>, %d: memref<8xf32, 1>, %t: memref<i32>, %i: index, %f: f32) {
  // expected-error @+1 {{'memref.dma_start' op expected stride and num elements per stride to be of type index}}
  "memref.dma_start"(%s, %i, %d, %i, %i, %t, %f, %i) : (memref<4xf32>, index, memref<8xf32, 1>, index, index, memref<i32>, f32, index) -> ()
  return
}

// -----

func.func @dma_wait_rank(%t: memref<4x4xi32>, %i: index) {
  // expected-error @+1 {{'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 2, but got 1}}
  "memref.dma_wait"(%t, %i, %i) : (memref<4x4xi32>, index, index) -> ()
  return
}

// -----

func.func @prefetch_rw(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], load, locality<1>, data : memref<4xf32>
  return
}

// -----

func.func @prefetch_locality(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i], read, locality<4>, data : memref<4xf32>
  return
}

// -----

func.func @prefetch_indices(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.prefetch' op too few indices}}
  "memref.prefetch"(%m, %i) <{isDataCache = true, isWrite = false, localityHint = 1 : i32}> : (memref<4x4xf32>, index) -> ()
  return
}

// -----

func.func @alignment_power_of_two(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op alignment must be power of 2}}
  memref.assume_alignment %m, 24 : memref<4xf32>
  return
}

// -----

func.func @alignment_positive(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.assume_alignment' op attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  memref.assume_alignment %m, 0 : memref<4xf32>
  return
}

// -----

func.func @memory_space_cast_shape(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.memory_space_cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32, 1>' are cast incompatible}}
  %c = memref.memory_space_cast %m : memref<4xf32> to memref<8xf32, 1>
  return
}

// -----

func.func @transpose_repeated_dim(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map}}
  %t = memref.transpose %m (i, j) -> (j, j) : memref<4x8xf32> to memref<8x8xf32>
  return
}

// -----

func.func @transpose_rank(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.transpose' op expected a permutation map of same rank as the input}}
  %t = memref.transpose %m (i, j, k) -> (k, j, i) : memref<4x8xf32> to memref<8x4xf32>
  return
}

// -----

func.func @transpose_result_type(%m: memref<4x8xf32>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<8x4xf32>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>'}}
  %t = memref.transpose %m (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32>
  return
}

// -----

func.func @generic_atomic_arguments(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.generic_atomic_rmw' op expected single number of entry block arguments}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32, %b: f32):
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @generic_atomic_argument_type(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.generic_atomic_rmw' op expected block argument of the same type result type}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: i32):
    %c = arith.constant 1.0 : f32
    memref.atomic_yield %c : f32
  }
  return
}

// -----

func.func @generic_atomic_side_effect(%m: memref<4xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
    // expected-error @+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    %v = memref.load %m[%i] : memref<4xf32>
    memref.atomic_yield %v : f32
  }
  return
}

// -----

func.func @atomic_yield_type(%m: memref<4xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%a: f32):
    %c = arith.constant 1 : i32
    // expected-error @+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %c : i32
  }
  return
}

// -----

func.func @alloca_scope_return_parent(%x: f32) {
  // expected-error @+1 {{'memref.alloca_scope.return' op expects parent op 'memref.alloca_scope'}}
  memref.alloca_scope.return %x : f32
}

// -----

func.func @subview_negative_offset(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -2}}
  %s = memref.subview %m[-2, 0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1], offset: -16>>
  return
}

// -----

func.func @subview_negative_size(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected sizes to be non-negative, but got -3}}
  %s = memref.subview %m[0, 0] [2, -3] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_strides_rank(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %s = memref.subview %m[0, 0] [2, 2] [1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_element_type(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result element type to be 'f32'}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xi32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_rank_before_element_type(%m: memref<8x8xf32>) {
  // expected-error @+1 {{expected result rank to be smaller or equal to the source rank.}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2x1xi32>
  return
}

// -----

func.func @subview_memory_space(%m: memref<8x8xf32, 1>) {
  // expected-error @+1 {{different memory spaces specified for base memref type 'memref<8x8xf32, 1>' and subview memref type 'memref<2x2xf32, strided<[8, 1]>>'}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32, 1> to memref<2x2xf32, strided<[8, 1]>>
  return
}

// -----

func.func @subview_not_strided(%m: memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) {
  // expected-error @+1 {{base type 'memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>' is not strided}}
  %s = memref.subview %m[0, 0] [2, 2] [1, 1] : memref<8x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>> to memref<2x2xf32>
  return
}

// -----

// Of the two unit dimensions, the strides of the result must tell which one is dropped.
func.func @subview_drops_by_stride(%m: memref<1x1x8xf32, strided<[64, 8, 1]>>) {
  // expected-error @+1 {{expected result type to be 'memref<1x1x8xf32, strided<[64, 8, 1]>>' or a rank-reduced version. (mismatch of result layout)}}
  %s = memref.subview %m[0, 0, 0] [1, 1, 8] [1, 1, 1] : memref<1x1x8xf32, strided<[64, 8, 1]>> to memref<1x8xf32, strided<[4, 1]>>
  return
}

// -----

func.func @dim_of_rank_0(%m: memref<f32>, %i: index) {
  // expected-error @+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %d = memref.dim %m, %i : memref<f32>
  return
}

// -----

// An affine layout whose stride is 0 in a dimension is not strided.
func.func @reinterpret_cast_zero_stride_layout(%m: memref<?xf32>) {
  // expected-error @+1 {{expected result type to have strided layout but found 'memref<4x4xf32, affine_map<(d0, d1) -> (d1)>>'}}
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : memref<?xf32> to memref<4x4xf32, affine_map<(d0, d1) -> (d1)>>
  return
}

// -----

func.func @alloc_strided_symbols(%n: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 2, got 1}}
  %a = memref.alloc(%n)[%n] : memref<?xf32, strided<[?], offset: ?>>
  return
}

// -----

// The shape of a dense literal whose type is given by the op is checked at `dense`.
// expected-error @+1 {{inferred shape of elements literal ([3]) does not match type ([3, 1])}}
memref.global @g : memref<3x1xi32> = dense<[1, 2, 3]>
