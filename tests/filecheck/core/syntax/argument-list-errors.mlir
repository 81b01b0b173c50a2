// RUN: tile-opt %s --split-input-file --verify-diagnostics
// The same file passes `mlir-opt --split-input-file --verify-diagnostics` (LLVM 19).

// == Result numbers are not allowed where a value is defined: function and region arguments and
// assignment lists (MLIR's parseArgument), reported at the `#N`.

// expected-error @+1 {{result number not allowed in argument list}}
func.func @f(%x#1: i32) {
  return
}

// -----

// expected-error @+1 {{result number not allowed in argument list}}
func.func private @decl(%a#2: f32)

// -----

func.func @for_iter_args(%x: i32) {
  // expected-error @+1 {{result number not allowed in argument list}}
  %r = scf.for %i = %x to %x step %x iter_args(%a#0 = %x) -> (i32) : i32 {
    scf.yield %a : i32
  }
  return
}

// -----

func.func @while(%x: i32) {
  // expected-error @+1 {{result number not allowed in argument list}}
  %r = scf.while (%a#1 = %x) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// -----

gpu.module @m {
  // expected-error @+1 {{result number not allowed in argument list}}
  gpu.func @k(%a: f32) workgroup(%w#0: memref<4xf32, 3>) {
    gpu.return
  }
}

// -----

// == gpu.launch_func's `args(...)`: operands (result numbers allowed there), each with a type,
// in MLIR's parseCommaSeparatedList(Paren, " in argument list").

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a: f32, %b: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @h(%x: f32, %m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{expected ')' in argument list}}
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : f32 %m : memref<4xf32>)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a: f32) kernel {
      gpu.return
    }
  }
  func.func @h(%x: f32) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{expected '(' in argument list}}
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args %x : f32
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a: f32) kernel {
      gpu.return
    }
  }
  func.func @h(%x: f32) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{expected ':'}}
    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x f32)
    return
  }
}

// -----

// == gpu.func's workgroup/private attributions: MLIR's parseArgumentList (" in argument list").

gpu.module @m {
  // expected-error @+1 {{expected ')' in argument list}}
  gpu.func @k() workgroup(%w : memref<4xf32, 3> %v : memref<4xf32, 3>) {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{expected '(' in argument list}}
  gpu.func @k() workgroup %w : memref<4xf32, 3> {
    gpu.return
  }
}
