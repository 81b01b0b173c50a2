// RUN: tile-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// MLIR 19's messages for gpu.all_reduce and gpu.launch (this file also passes mlir-opt 19
// --split-input-file --verify-diagnostics).

func.func @no_op_no_body(%x: f32) {
  // expected-error@+1 {{expected either an op attribute or a non-empty body}}
  %r = "gpu.all_reduce"(%x) ({}) : (f32) -> (f32)
  return
}

// -----

func.func @int_op_on_float(%x: f32) {
  // expected-error@+1 {{`xor` reduction operation is not compatible with type 'f32'}}
  %r = gpu.all_reduce xor %x {} : (f32) -> (f32)
  return
}

// -----

func.func @bad_kind(%x: f32) {
  // expected-error@+1 {{invalid op kind}}
  %r = gpu.all_reduce plus %x {} : (f32) -> (f32)
  return
}

// -----

func.func @region_args(%x: f32) {
  // expected-error@+1 {{expected two region arguments}}
  %r = gpu.all_reduce %x {
  ^bb(%lhs : f32):
    gpu.yield %lhs : f32
  } : (f32) -> (f32)
  return
}

// -----

func.func @yield_type(%x: f32) {
  // expected-error@+1 {{incorrect gpu.yield type}}
  %r = gpu.all_reduce %x {
  ^bb(%lhs : f32, %rhs : f32):
    %n = arith.constant 1 : i32
    gpu.yield %n : i32
  } : (f32) -> (f32)
  return
}

// -----

func.func @launch_terminator(%sz: index) {
  // expected-note@+1 {{in 'gpu.launch' body region}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) {
    // expected-error@+1 {{expected 'gpu.terminator' or a terminator with successors}}
    "test.end"() : () -> ()
  }
  return
}

// -----

func.func @launch_attribution(%sz: index) {
  // expected-error@+1 {{expected memory space workgroup in attribution}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) workgroup(%w : memref<4xf32, #gpu.address_space<private>>) {
    gpu.terminator
  }
  return
}
