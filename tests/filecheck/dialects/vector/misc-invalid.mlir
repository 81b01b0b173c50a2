// RUN: tile-opt %s --split-input-file --verify-diagnostics

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
