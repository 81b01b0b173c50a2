// RUN: tile-opt %s --split-input-file --verify-diagnostics
// Messages as mlir-opt (LLVM 19) reports them for the same input.

func.func @sqrt_int(%t: tensor<2xi32>) {
  // expected-error@+1 {{'math.sqrt' op operand #0 must be floating-point-like, but got 'tensor<2xi32>'}}
  %0 = "math.sqrt"(%t) : (tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @exp_result_type(%x: f32) {
  // expected-error@+1 {{'math.exp' op requires the same type for all operands and results}}
  %0 = "math.exp"(%x) : (f32) -> f64
  return
}

// -----

func.func @absi_float_result(%a: i32) {
  // expected-error@+1 {{'math.absi' op result #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.absi"(%a) : (i32) -> f32
  return
}

// -----

func.func @absi_float(%x: f32) {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.absi"(%x) : (f32) -> f32
  return
}

// -----

func.func @ctpop_signed(%a: ui8) {
  // expected-error@+1 {{'math.ctpop' op operand #0 must be signless-integer-like, but got 'ui8'}}
  %0 = "math.ctpop"(%a) : (ui8) -> ui8
  return
}

// -----

func.func @sqrt_bad_fastmath_attr(%x: f32) {
  // expected-error@+1 {{'math.sqrt' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "math.sqrt"(%x) {fastmath = 3 : i32} : (f32) -> f32
  return
}

// -----

func.func @powf_mixed(%x: f32, %d: f64) {
  // expected-error@+1 {{'math.powf' op requires the same type for all operands and results}}
  %0 = "math.powf"(%x, %d) : (f32, f64) -> f32
  return
}

// -----

func.func @fma_two_operands(%x: f32) {
  // expected-error@+1 {{'math.fma' op expected 3 operands, but found 2}}
  %0 = "math.fma"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @fpowi_int_base(%a: i32) {
  // expected-error@+1 {{'math.fpowi' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.fpowi"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @fpowi_float_power(%x: f32) {
  // expected-error@+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = "math.fpowi"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @fpowi_shape(%v: vector<4xf32>, %n: vector<2xi32>) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %v, %n : vector<4xf32>, vector<2xi32>
  return
}

// -----

func.func @fpowi_result(%x: f32, %n: i32) {
  // expected-error@+1 {{'math.fpowi' op failed to verify that all of {lhs, result} have same type}}
  %0 = "math.fpowi"(%x, %n) : (f32, i32) -> f64
  return
}

// -----

func.func @ipowi_float(%x: f32) {
  // expected-error@+1 {{'math.ipowi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.ipowi"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @unknown_op(%x: f32) {
  // expected-error@+1 {{custom op 'math.erfc' is unknown}}
  %0 = math.erfc %x : f32
  return
}
