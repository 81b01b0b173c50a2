// RUN: tile-opt %s --split-input-file --verify-diagnostics
// Messages as mlir-opt (LLVM 19) reports them for the same input.

func.func @addi_float(%x: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @addi_mixed(%a: i32, %x: f32) {
  // expected-error@+1 {{'arith.addi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %x) : (i32, f32) -> i32
  return
}

// -----

func.func @addi_widths(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @addf_int_result(%x: f32) {
  // expected-error@+1 {{'arith.addf' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.addf"(%x, %x) : (f32, f32) -> i32
  return
}

// -----

func.func @addf_one_operand(%x: f32) {
  // expected-error@+1 {{'arith.addf' op expected 2 operands, but found 1}}
  %0 = "arith.addf"(%x) : (f32) -> f32
  return
}

// -----

func.func @divsi_signed(%a: si32) {
  // expected-error@+1 {{'arith.divsi' op operand #0 must be signless-integer-like, but got 'si32'}}
  %0 = "arith.divsi"(%a, %a) : (si32, si32) -> si32
  return
}

// -----

func.func @bad_overflow_attr(%a: i32) {
  // expected-error@+1 {{'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags}}
  %0 = "arith.addi"(%a, %a) {overflowFlags = 1 : i32} : (i32, i32) -> i32
  return
}

// -----

func.func @bad_fastmath_attr(%x: f32) {
  // expected-error@+1 {{'arith.mulf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.mulf"(%x, %x) {fastmath = #arith.overflow<nsw>} : (f32, f32) -> f32
  return
}

// -----

func.func @cmpi_bad_predicate(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi olt, %a, %a : i32
  return
}

// -----

func.func @cmpf_bad_predicate(%x: f32) {
  // expected-error@+1 {{custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf slt, %x, %x : f32
  return
}

// -----

func.func @cmpi_predicate_range(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 10 : i64} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpf_predicate_range(%x: f32) {
  // expected-error@+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %0 = "arith.cmpf"(%x, %x) {predicate = 16 : i64} : (f32, f32) -> i1
  return
}

// -----

func.func @cmpi_missing_predicate(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_result_type(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 1 : i64} : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_result_shape(%v: vector<4xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%v, %v) {predicate = 0 : i64} : (vector<4xi32>, vector<4xi32>) -> i1
  return
}

// -----

func.func @cmpi_operand_types(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) {predicate = 0 : i64} : (i32, i64) -> i1
  return
}

// -----

func.func @cmpf_int(%a: i32) {
  // expected-error@+1 {{'arith.cmpf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.cmpf"(%a, %a) {predicate = 1 : i64} : (i32, i32) -> i1
  return
}

// -----

func.func @select_cond_type(%a: i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%a, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @select_value_types(%c: i1, %a: i32, %b: i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @select_mask_shape(%m: vector<3xi1>, %v: vector<4xi32>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %m, %v, %v : vector<3xi1>, vector<4xi32>
  return
}

// -----

func.func @select_operand_count(%c: i1) {
  // expected-error@+1 {{custom op 'arith.select' expected 3 operands}}
  %0 = arith.select %c, %c : i1
  return
}

// -----

func.func @select_scalar_cond_use(%a: i32) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i1' vs 'i32'}}
  %0 = arith.select %a, %a, %a : i32
  return
}

// -----

func.func @extsi_narrowing(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = arith.extsi %a : i32 to i16
  return
}

// -----

func.func @extui_same_width(%a: i32) {
  // expected-error@+1 {{'arith.extui' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.extui %a : i32 to i32
  return
}

// -----

func.func @trunci_widening(%a: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %a : i32 to i64
  return
}

// -----

func.func @extsi_index(%i: index) {
  // expected-error@+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.extsi %i : index to i64
  return
}

// -----

func.func @extsi_to_float(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op result #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = "arith.extsi"(%a) : (i32) -> f32
  return
}

// -----

func.func @extf_int(%a: i32) {
  // expected-error@+1 {{'arith.extf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.extf %a : i32 to f64
  return
}

// -----

func.func @extf_narrowing(%x: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %x : f32 to f16
  return
}

// -----

func.func @truncf_widening(%x: f32) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.truncf %x : f32 to f64
  return
}

// -----

func.func @truncf_rounding_attr(%x: f32) {
  // expected-error@+1 {{'arith.truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.truncf"(%x) {roundingmode = 7 : i32} : (f32) -> f16
  return
}

// -----

func.func @cast_shape(%v: vector<4xf32>) {
  // expected-error@+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %v : vector<4xf32> to vector<2xf64>
  return
}

// -----

func.func @cast_vector_to_scalar(%v: vector<4xf32>) {
  // expected-error@+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %v : vector<4xf32> to f64
  return
}

// -----

func.func @cast_tensor_dims(%t: tensor<4xf32>) {
  // expected-error@+1 {{'arith.extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extf %t : tensor<4xf32> to tensor<?xf64>
  return
}

// -----

func.func @sitofp_int_result(%a: i32) {
  // expected-error@+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.sitofp"(%a) : (i32) -> i32
  return
}

// -----

func.func @fptosi_int_operand(%a: i32) {
  // expected-error@+1 {{'arith.fptosi' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.fptosi"(%a) : (i32) -> i32
  return
}

// -----

func.func @index_cast_ints(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %a : i32 to i64
  return
}

// -----

func.func @index_cast_float(%x: f32) {
  // expected-error@+1 {{'arith.index_cast' op operand #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = "arith.index_cast"(%x) : (f32) -> index
  return
}

// -----

func.func @bitcast_width(%x: f32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'f32' and result type 'i64' are cast incompatible}}
  %0 = arith.bitcast %x : f32 to i64
  return
}

// -----

func.func @bitcast_index(%i: index) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'index' and result type 'i64' are cast incompatible}}
  %0 = "arith.bitcast"(%i) : (index) -> i64
  return
}

// -----

func.func @bitcast_signed(%a: si32) {
  // expected-error@+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'si32'}}
  %0 = "arith.bitcast"(%a) : (si32) -> i32
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 3 : i64} : () -> i32
  return
}

// -----

func.func @constant_missing_value() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @constant_signed() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 1 : si32
  return
}

// -----

func.func @constant_string() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = "arith.constant"() {value = "foo" : i32} : () -> i32
  return
}

// -----

func.func @constant_scalable_non_splat() {
  // expected-error@+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>
  return
}

// -----

func.func @constant_int_for_float() {
  // expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note@+1 {{add a trailing dot to make the literal a float}}
  %0 = arith.constant 3 : f32
  return
}

// -----

func.func @constant_out_of_range() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 256 : i8
  return
}

// -----

func.func @addui_extended_results(%a: i32) {
  // expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i32, i1)
  return
}

// -----

func.func @mulsi_extended_types(%a: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %0:2 = "arith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @addui_extended_overflow_type(%a: i32) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %0:2 = "arith.addui_extended"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @cast_changes_encoding(%x: tensor<4xi16, "a">) {
  // expected-error @+1 {{'arith.extsi' op operand type 'tensor<4xi16, "a">' and result type 'tensor<4xi32, "b">' are cast incompatible}}
  %e = arith.extsi %x : tensor<4xi16, "a"> to tensor<4xi32, "b">
  return
}

// -----

func.func @select_condition_encoding(%c: tensor<4xi1>, %a: tensor<4xi32, "enc">) {
  // expected-error @+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<4xi1, "enc">', but got 'tensor<4xi1>'}}
  %s = arith.select %c, %a, %a : tensor<4xi1>, tensor<4xi32, "enc">
  return
}

// -----

func.func @extended_scalar_result(%a: vector<4xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %s, %o = arith.addui_extended %a, %a : vector<4xi32>, i1
  return
}

// -----

func.func @extended_mixed_kinds(%a: vector<4xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op all non-scalar operands/results must have the same shape and base type}}
  %s, %o = arith.addui_extended %a, %a : vector<4xi32>, tensor<4xi1>
  return
}
