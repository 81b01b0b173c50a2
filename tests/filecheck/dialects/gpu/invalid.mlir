// RUN: tile-opt %s --split-input-file --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error@+1 {{'gpu.func' op expected void return type for kernel function}}
    gpu.func @k(%a: i32) -> i32 kernel {
      gpu.return %a : i32
    }
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @k(%a: i32) workgroup(%w : memref<4xf32, #gpu.address_space<private>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @k() private(%w : memref<4xf32, #gpu.address_space<global>>) {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @k() workgroup(%w : f32) {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op attribute 'known_block_size' failed to satisfy constraint: i32 dense array attribute with 3 elements (if present)}}
  gpu.func @k() kernel attributes {known_block_size = array<i32: 1, 2>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-note@+1 {{return type declared here}}
  gpu.func @k(%a: i32) -> i32 {
    // expected-error@+1 {{'gpu.return' op expected 1 result operands}}
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: i32) -> f32 {
    // expected-error@+1 {{'gpu.return' op unexpected type `'i32'' for operand #0}}
    gpu.return %a : i32
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{gpu.func requires named arguments}}
  gpu.func @k(i32) {
    gpu.return
  }
}

// -----

func.func @f() {
  // expected-error@+1 {{'gpu.func' op expects parent op 'gpu.module'}}
  "gpu.func"() <{function_type = () -> ()}> ({
    "gpu.return"() : () -> ()
  }) {sym_name = "k"} : () -> ()
  return
}

// -----

// expected-error@+1 {{unknown gpu type: foo}}
func.func private @f(!gpu.foo)

// -----

module {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op expected the closest surrounding module to have the 'gpu.container_module' attribute}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel container 'nope' is undefined}}
    gpu.launch_func @nope::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func private @notmod()
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel module 'notmod' is undefined}}
    gpu.launch_func @notmod::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function '@kernels::@k' is undefined}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() {
      gpu.return
    }
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel {
      gpu.return
    }
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op got 0 kernel operands but expected 1}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: f32) kernel {
      gpu.return
    }
  }
  func.func @f(%c1: index) {
    // expected-error@+1 {{'gpu.launch_func' op type of function argument 0 does not match}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%c1 : index)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @f(%c1: index, %i: i32) {
    // expected-error@+1 {{'gpu.launch_func' op expects types of the cluster dimensions must be the same}}
    "gpu.launch_func"(%c1, %c1, %c1, %c1, %c1, %c1, %c1, %i, %c1) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0>}> : (index, index, index, index, index, index, index, i32, index) -> ()
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @f(%c1: index, %f: f32) {
    // expected-error@+1 {{'gpu.launch_func' op operand #1 must be index or 32-bit signless integer or 64-bit signless integer, but got 'f32'}}
    "gpu.launch_func"(%c1, %f, %c1, %c1, %c1, %c1) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>}> : (index, f32, index, index, index, index) -> ()
    return
  }
}

// -----

func.func @f(%c1: index) {
  // expected-error@+1 {{needs to be named when marked 'async'}}
  gpu.launch_func async @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
  return
}

// -----

"gpu.module"() <{sym_name = "m"}> ({
  // expected-error@+1 {{block with no terminator, has}}
  "gpu.func"() <{function_type = () -> ()}> ({
    "gpu.return"() : () -> ()
  }) {sym_name = "k"} : () -> ()
}) : () -> ()

// -----

func.func @alloc_dynamic_count(%n: index) {
  // expected-error @+1 {{'gpu.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %0 = gpu.alloc (%n) : memref<4xf32>
  return
}

// -----

func.func @alloc_symbol_count(%n: index) {
  // expected-error @+1 {{'gpu.alloc' op symbol operand count does not equal memref symbol count}}
  %0 = gpu.alloc (%n) : memref<?x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>>
  return
}

// -----

func.func @alloc_async_unnamed(%n: index) {
  // expected-error @+1 {{custom op 'gpu.alloc' needs to be named when marked 'async'}}
  gpu.alloc async (%n) : memref<?xf32>
  return
}

// -----

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

func.func @launch_attribution(%sz: index) {
  // expected-error@+1 {{expected memory space workgroup in attribution}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) workgroup(%w : memref<4xf32, #gpu.address_space<private>>) {
    gpu.terminator
  }
  return
}

// -----

func.func @launch_terminator(%sz: index) {
  // expected-note@+1 {{in 'gpu.launch' body region}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %sz, %gy = %sz, %gz = %sz) threads(%tx, %ty, %tz) in (%sx = %sz, %sy = %sz, %sz2 = %sz) {
    // expected-error@+1 {{expected 'gpu.terminator' or a terminator with successors}}
    gpu.yield
  }
  return
}

// -----

func.func @wait_async_unnamed(%t: !gpu.async.token) {
  // expected-error @+1 {{custom op 'gpu.wait' needs to be named when marked 'async'}}
  gpu.wait async [%t]
}

// -----

func.func @memcpy_shapes(%a: memref<4x?xf16>, %b: memref<5x?xf16>) {
  // expected-error @+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %a, %b : memref<4x?xf16>, memref<5x?xf16>
}

// -----

func.func @memset_type(%a: memref<2x2xi8>, %v: i16) {
  // expected-error @+1 {{'gpu.memset' op failed to verify that all of {dst, value} have same element type}}
  gpu.memset %a, %v : memref<2x2xi8>, i16
}
