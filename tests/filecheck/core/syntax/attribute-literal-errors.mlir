// RUN: tile-opt %s --split-input-file --verify-diagnostics
// The same file passes `mlir-opt --split-input-file --verify-diagnostics` (LLVM 19).

// == Bool attributes take no type: `true : i1` is an unexpected ':' in the dictionary.

// expected-error @+1 {{expected '}' in attribute dictionary}}
func.func @f() attributes {a = true : i1} {
  return
}

// -----

// == A dense elements literal needs its type after ':' where the context gives none.

// expected-error @+1 {{expected ':'}}
func.func @f() attributes {a = dense<1>} {
  return
}

// -----

// expected-error @+1 {{expected ':'}}
func.func @f() attributes {a = dense<>} {
  return
}

// -----

// expected-error @+1 {{elements literal must be a shaped type}}
func.func @f() attributes {a = dense<1> : i32} {
  return
}

// -----

// == Dense arrays of floats want number literals.

// expected-error @+1 {{expected integer or floating point literal}}
func.func @f() attributes {a = array<f32: true>} {
  return
}

// -----

// expected-error @+1 {{expected i1 type for 'true' or 'false' values}}
func.func @f() attributes {a = array<i32: true>} {
  return
}

// -----

// == Other malformed literals, reported as mlir-opt 19 reports them.

// expected-error @+1 {{integer constant out of range for attribute}}
func.func @f() attributes {a = 99999999999999999999999 : i8} {
  return
}

// -----

// expected-error @+1 {{floating point value not valid for specified type}}
func.func @f() attributes {a = 1.5 : i32} {
  return
}

// -----

// expected-error @+1 {{expected attribute name}}
func.func @f() attributes {a = {b = 1, = 2}} {
  return
}

// -----

// expected-error @+1 {{expected ',' or ']'}}
func.func @f() attributes {a = [1, 2} {
  return
}

// -----

// == Dense literals of a float type: an integer (or bool) element is reported after the type,
// a missing element at the token where it should be.

// expected-error @+1 {{expected floating-point elements, but parsed integer}}
func.func @f() attributes {a = dense<[1.0, -2]> : tensor<2xf32>} {
  return
}

// -----

// (After the type: at the next token, here on the next line.)
func.func @f() attributes {
  a = dense<[0, 1.0]> : tensor<2xf32>
// expected-error @+1 {{expected floating-point elements, but parsed integer}}
} {
  return
}

// -----

// expected-error @+1 {{expected floating-point elements, but parsed integer}}
func.func @f() attributes {a = dense<true> : tensor<2xf32>} {
  return
}

// -----

// expected-error @+1 {{expected element literal of primitive type}}
func.func @f() attributes {a = dense<[1.0, > : tensor<2xf32>} {
  return
}

// -----

// == FileLineColLoc line and column numbers are 32-bit unsigned integers.

func.func @f(%a: i32) {
  // expected-error @+1 {{expected integer line number in FileLineColLoc}}
  %0 = arith.addi %a, %a : i32 loc("x.py":4294967296:4)
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{expected integer column number in FileLineColLoc}}
  %0 = arith.addi %a, %a : i32 loc("x.py":3:-4)
  return
}

// -----

// == A dialect attribute takes an optional trailing `: type` (MLIR's parseExtendedAttr): what
// follows it is what the dictionary sees.

func.func @f(%a: i64, %b: i64) -> i64 {
  %0 = arith.muli %a, %b {overflowFlags = #arith.overflow<nuw> : i64} : i64
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i64'}}
  %1 = arith.addf %0, %b : i64
  return %1 : i64
}

// -----

func.func @f(%a: i64, %b: i64) -> i64 {
  // expected-error @+1 {{expected '}' in attribute dictionary}}
  %0 = arith.muli %a, %b {overflowFlags = #arith.overflow<nuw> : i64 x} : i64
  return %0 : i64
}
