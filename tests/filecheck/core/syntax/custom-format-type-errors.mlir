// RUN: tile-opt %s --split-input-file --verify-diagnostics
// The same file passes `mlir-opt --split-input-file --verify-diagnostics` (LLVM 19).

// == A declarative format's type($x) of an operand whose constraint has a type class (memref,
// vector, function type) parses a type of that class, and functional-type a function type:
// "invalid kind of type specified" where the type starts.

func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{custom op 'memref.load' invalid kind of type specified}}
  %0 = memref.load %m[%i] : f32
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error @+1 {{custom op 'vector.reduction' invalid kind of type specified}}
  %0 = vector.reduction <add>, %v : f32 into f32
  return
}

// -----

func.func @f(%fn: (f32) -> f32, %x: f32) {
  // expected-error @+1 {{custom op 'func.call_indirect' invalid kind of type specified}}
  %0 = func.call_indirect %fn(%x) : i32
  return
}

// -----

func.func private @g(f32) -> f32
func.func @f(%x: f32) {
  // expected-error @+1 {{custom op 'func.call' invalid kind of type specified}}
  %0 = func.call @g(%x) : i32
  return
}

// -----

func.func @f(%m: memref<4xf32>) {
  // expected-error @+1 {{custom op 'memref.cast' invalid kind of type specified}}
  %0 = memref.cast %m : f32 to memref<?xf32>
  return
}

// -----

// memref.dim's source constraint has no type class: the type is checked when the operand resolves.
// expected-note @+1 {{prior use here}}
func.func @f(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'f32' vs 'memref<4xf32>'}}
  %0 = memref.dim %m, %i : f32
  return
}

// -----

// == A type that another is derived from (TypesMatchWith with a transform) must satisfy its
// constraint first: reported at the op name, before operands are resolved.

func.func @f(%i: index) {
  // expected-error @+1 {{custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'si8'}}
  %0 = arith.cmpi slt, %i, %i : si8
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error @+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'complex<f32>'}}
  %0 = arith.cmpf olt, %x, %x : complex<f32>
  return
}
