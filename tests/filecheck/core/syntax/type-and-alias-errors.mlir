// RUN: tile-opt %s --split-input-file --verify-diagnostics
// The same file passes `mlir-opt --split-input-file --verify-diagnostics` (LLVM 19).

// == Undefined aliases are reported as a wrong token (emitWrongTokenError): right after the alias,
// on its line, even when what follows is on a later line.

// expected-error @+1 {{undefined symbol alias id 'undefined_alias'}}
func.func private @f() -> !undefined_alias

// -----

// expected-error @+1 {{undefined symbol alias id 'foo'}}
func.func @f() attributes {a = #foo
  } {
  return
}

// -----

// == Vector dimensions: scalable dimensions hold an integer ("invalid dimension" otherwise, or
// when it exceeds int64), closed by ']'; sizes are positive and elements int/index/float, both
// reported where the element type starts.

// expected-error @+1 {{invalid dimension}}
func.func private @f() -> vector<[?]xf32>

// -----

// expected-error @+1 {{invalid dimension}}
func.func private @f() -> vector<4x[4]x[f32>

// -----

// expected-error @+1 {{invalid dimension}}
func.func private @f() -> vector<9999999999999999999xf32>

// -----

// expected-error @+1 {{missing ']' closing scalable dimension}}
func.func private @f() -> vector<[4 >

// -----

// expected-error @+1 {{vector types must have positive constant sizes}}
func.func private @f() -> vector<[4]x0xf32>

// -----

// expected-error @+1 {{vector elements must be int/index/float type}}
func.func private @f() -> vector<4xtuple<>>

// -----

// == Strided layouts (MLIR's parseStridedLayoutAttr): strides and offset are `?` or integers that
// fit in int64, reported where they start; strides must not be zero (at the keyword).

// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f() -> memref<4xf32, strided<[1], offset: x>>

// -----

// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f() -> memref<4xf32, strided<[9223372036854775808]>>

// -----

// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f() -> memref<4xf32, strided<[1], offset: -?>>

// -----

// expected-error @+1 {{strides must not be zero}}
func.func private @f() -> memref<4x4xf32, strided<[1, 0]>>

// -----

// expected-error @+1 {{expected ','}}
func.func private @f() -> memref<4xf32, strided<[1] offset: 2>>

// -----

// == vector.reduction: its traits' checks in their order, then its own.

func.func @f(%v: vector<4xf32>) -> i32 {
  // expected-error @+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<4xf32> into i32
  return %0 : i32
}

// -----

func.func @f(%v: vector<4xf32>) -> f32 {
  // expected-error @+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'maxsi'}}
  %0 = vector.reduction <maxsi>, %v : vector<4xf32> into f32
  return %0 : f32
}

// -----

// == A dialect attribute's or type's `<...>` body must nest its brackets before the dialect parses
// it: the innermost open bracket is reported, at the '<'.

func.func @f(%a: i64, %b: i64) -> i64 {
  // expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
  %0 = arith.muli %a, %b {overflowFlags = #arith.overflow<nuw} : i64
  return %0 : i64
}

// -----

// expected-error @+1 {{unbalanced '(' character in pretty dialect name}}
func.func @f() attributes {a = #gpu.address_space<(workgroup>} {
  return
}
