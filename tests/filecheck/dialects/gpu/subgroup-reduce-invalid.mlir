// RUN: tile-opt %s --split-input-file --verify-diagnostics

// The verifier messages of gpu.subgroup_reduce, as mlir-opt 19 gives them.

func.func @rank2(%v: vector<4x4xi32>) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op operand #0 must be Integer or Float or vector of Integer or Float values of ranks 1, but got 'vector<4x4xi32>'}}
  %r = gpu.subgroup_reduce add %v : (vector<4x4xi32>) -> vector<4x4xi32>
  return
}

// -----

func.func @scalable(%v: vector<[4]xi32>) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op is not compatible with scalable vector types}}
  %r = gpu.subgroup_reduce add %v : (vector<[4]xi32>) -> vector<[4]xi32>
  return
}

// -----

func.func @or_on_float(%v: vector<2xf16>) {
  // expected-error@+1 {{`or` reduction operation is not compatible with type 'vector<2xf16>'}}
  %r = gpu.subgroup_reduce or %v : (vector<2xf16>) -> vector<2xf16>
  return
}

// -----

func.func @minimumf_on_int(%v: i64) {
  // expected-error@+1 {{`minimumf` reduction operation is not compatible with type 'i64'}}
  %r = gpu.subgroup_reduce minimumf %v : (i64) -> i64
  return
}

// -----

func.func @no_operation(%v: f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op requires attribute 'op'}}
  %r = gpu.subgroup_reduce %v : (f32) -> f32
  return
}

// -----

func.func @types_differ(%v: f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op requires the same type for all operands and results}}
  %r = gpu.subgroup_reduce add %v : (f32) -> f64
  return
}

// -----

func.func @shuffle_types_differ(%v: f32, %o: i32, %w: i32) {
  // expected-error@+1 {{'gpu.shuffle' op failed to verify that all of {value, shuffleResult} have same type}}
  %r, %ok = "gpu.shuffle"(%v, %o, %w) {mode = #gpu<shuffle_mode up>} : (f32, i32, i32) -> (f64, i1)
  return
}
