// RUN: tile-opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_decl(i32) -> i32

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @f(%a: i32 {foo}) {
  return
}

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @f() -> (i32 {bar})

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{function_type = i32, sym_name = "f"}> ({}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%arg0: f32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}

// -----

func.func @f(%a: i32) -> f32 {
  // expected-error@+1 {{type of return operand 0 ('i32') doesn't match function result type ('f32') in function @f}}
  return %a : i32
}

// -----

module {
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  call @nope() : () -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f() {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  call @g() : () -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: f32) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  call @g(%a) : (f32) -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  call @g(%a) : (i32) -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{op result types: 'f32'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %0 = call @g(%a) : (i32) -> f32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'nope'}}
  %0 = constant @nope : (i32) -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = constant @g : (f32) -> i32
  return
}

// -----

// expected-error@+1 {{'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func @f() attributes {sym_name = "g"} {
  return
}

// -----

// expected-error@+1 {{expected non-empty function body}}
func.func @f() {}

// -----

// expected-error@+1 {{expected SSA identifier}}
func.func @f(%a: i32, f32) {
  return
}

// -----

// expected-error@+1 {{expected type instead of SSA identifier}}
func.func private @f(i32, %a: f32)

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op requires attribute 'callee'}}
  "func.call"() : () -> ()
  return
}
