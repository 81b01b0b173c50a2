// RUN: tile-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// The same file passes `mlir-opt --split-input-file --verify-diagnostics --allow-unregistered-dialect`
// (LLVM 19): messages and lines as mlir-opt reports them.

// == SSA name scopes: IsolatedFromAbove does not scope names while parsing (only a custom
// parser's enableNameShadowing would), so nested regions see the names around them.

func.func @outer() {
  // expected-note @+1 {{previously defined here}}
  %0 = "x.def"() : () -> i32
  "x.wrap"() ({
    func.func @inner() {
      // expected-error @+1 {{redefinition of SSA value '%0'}}
      %0 = "x.def"() : () -> i32
      return
    }
    "x.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// expected-note @+1 {{previously referenced here}}
func.func @a(%x: i32) {
  "x.wrap"() ({
    // expected-error @+1 {{region entry argument '%x' is already in use}}
    func.func @b(%x: i32) {
      return
    }
    "x.end"() : () -> ()
  }) : () -> ()
  return
}

// -----

// A forward reference is resolved by a later definition in another function; the verifier then
// reports the use across the isolation boundary.
// expected-note @+1 {{required by region isolation constraints}}
func.func @a() {
  // expected-error @+1 {{'x.use' op using value defined outside the region}}
  "x.use"(%v) : (i32) -> ()
  return
}
func.func @b() {
  %v = "x.def"() : () -> i32
  return
}

// -----

// == Custom op names: the default dialect is builtin at the top level, 'func' inside func.func,
// and none inside other custom ops.

// expected-error @+1 {{custom op 'foo' is unknown (tried 'builtin.foo' as well)}}
foo

// -----

// expected-error @+2 {{Dialect `x' not found for custom op 'x.y' }}
// expected-note @+1 {{Registered dialects: }}
x.y

// -----

// expected-error @+1 {{custom op 'arith.foo' is unknown}}
arith.foo

// -----

func.func @f() {
  // expected-error @+1 {{custom op 'module' is unknown (tried 'func.module' as well)}}
  module {
  }
  return
}

// -----

func.func @f() {
  scf.execute_region {
    // expected-error @+2 {{Dialect `' not found for custom op 'bar'  (tried '.bar' as well)}}
    // expected-note @+1 {{Registered dialects: }}
    bar
  }
  return
}

// -----

// expected-error @+1 {{custom op 'func.' is unknown (tried 'builtin.func.' as well)}}
func. @f() {
}

// -----

// An integer type is no op name.
func.func @f(%a: i32) {
  %0 = arith.addi %a, %a : i32 // expected-error {{expected operation name in quotes}}
  i1
}

// -----

// An unknown op of a loaded dialect is the verifier's error, even with --allow-unregistered-dialect.
func.func @f() {
  // expected-error @+1 {{unregistered operation 'arith.constant2' found in dialect ('arith') that does not allow unknown operations}}
  %0 = "arith.constant2"() <{value = 3 : i32}> : () -> i32
  return
}

// -----

// expected-error @+1 {{'builtin.module' op visibility expected to be one of ["public", "private", "nested"], but got "bad"}}
module @m attributes {sym_visibility = "bad"} {
}

// -----

// == Errors of an op's own parser carry MLIR's `custom op 'NAME'` prefix; the type and
// token errors beneath it do not.

func.func @f(%a: index) {
  // expected-error @+1 {{custom op 'scf.for' expected 'to'}}
  scf.for %i = %a  step %a {
  }
  return
}

// -----

// expected-error @+1 {{custom op 'func.func' expected valid '@'-identifier for symbol name}}
func.func private private @f()

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{expected non-function type}}
  return %a : i
}

// -----

func.func @f(%a: index) {
  // expected-error @+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r = scf.for %i = %a to %a step %a iter_args(%x = %a, %y = %a) -> (index) {
    scf.yield %x : index
  }
  return
}

// -----

// == memref types: the parser's checks at the token after the attribute, the type's own at
// `memref`.

// expected-error @+1 {{multiple memory spaces specified in memref type}}
func.func @f(%a: memref<4xf32, 1, 2>) { return }

// -----

// expected-error @+1 {{cannot have affine map for unranked memref type}}
func.func @f(%a: memref<*xf32, strided<[1]>>) { return }

// -----

// expected-error @+1 {{expected memory space to be last in memref type}}
func.func @f(%a: memref<4xf32, 1, strided<[1]>>) { return }

// -----

// expected-error @+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func @f(%a: memref<4xf32, affine_map<(d0, d1) -> (d0)>>) { return }

// -----

// expected-error @+1 {{expected the number of strides to match the rank}}
func.func @f(%a: memref<4xf32, strided<[1, 1]>>) { return }

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
func.func @f(%a: memref<4xf32, [1]>) { return }

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
func.func @f(%a: memref<4xf32, #x.space<private>>) { return }

// -----

// expected-error @+1 {{expected ',' or '>' in memref type}}
func.func @f(%a: memref<4xf32 f32>) { return }

// -----

// == Lists, types, attributes and locations: MLIR's wording of each missing token.

// expected-error @+1 {{expected ')' to end operand list}}
"x.a"(1.5) : () -> ()

// -----

func.func @f() {
  // expected-error @+1 {{expected ',' or ']'}}
  "x.a"()[^bb1 : () -> ()
^bb1:
  return
}

// -----

// expected-error @+1 {{expected ')' to end region list}}
"x.a"() ({ "x.b"() : () -> () } : () -> ()

// -----

func.func @f() {
// expected-error @+1 {{expected ')'}}
^bb0(%x: i32 :
  return
}

// -----

func.func @f() {
// expected-error @+1 {{expected ':' and type for SSA operand}}
^bb0(%x):
  return
}

// -----

// expected-error @+1 {{expected ')'}}
func.func @f(%a: i32 i32) {
  return
}

// -----

// expected-error @+1 {{expected ',' or ']'}}
"x.a"() {a = [1 2]} : () -> ()

// -----

// expected-error @+1 {{expected ']'}}
"x.a"() {a = dense<[1 2]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected '>' in tuple type}}
"x.a"() {a = tuple<i32 i32>} : () -> ()

// -----

// expected-error @+1 {{expected '>' in complex type}}
"x.a"() {a = complex<f32 f32>} : () -> ()

// -----

// expected-error @+1 {{expected '>' in tensor type}}
"x.a"() {a = tensor<4xf32 f32>} : () -> ()

// -----

// expected-error @+1 {{expected '>' in vector type}}
"x.a"() {a = vector<4xf32 f32>} : () -> ()

// -----

// expected-error @+1 {{expected '->' in function type}}
"x.a"() {a = (i32) i32} : () -> ()

// -----

// expected-error @+1 {{expected '>' to close an array attribute}}
"x.a"() {a = array<i32: 1 2>} : () -> ()

// -----

// expected-error @+1 {{expected '<' after 'strided'}}
"x.a"() {a = strided]<[1]>} : () -> ()

// -----

// expected-error @+1 {{expected ':' after 'offset'}}
"x.a"() {a = strided<[1], offset 0>} : () -> ()

// -----

// expected-error @+1 {{expected ']' in fused location}}
"x.a"() : () -> () loc(fused[unknown unknown])

// -----

// expected-error @+1 {{expected 'at' in callsite location}}
"x.a"() : () -> () loc(callsite(unknown unknown))

// -----

// expected-error @+1 {{expected integer column number in FileLineColLoc}}
"x.a"() : () -> () loc("a":1:x)

// -----

// expected-error @+1 {{expected ')' in location}}
"x.a"() : () -> () loc("a"(unknown)

// -----

// expected-error @+1 {{undefined symbol alias id 'arit'}}
"x.a"() {a = #arit} : () -> ()

// -----

// expected-error @+1 {{expected valid ssa identifier}}
%a, = "x.a"() : () -> (i32, i32)

// -----

// expected-error @+1 {{invalid attribute name}}
# "x.a"() : () -> ()

// -----

// expected-error @+1 {{expected three consecutive dots for an ellipsis}}
.func @f()

// -----

// expected-error @+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"x.a"() {a = dense<[[1.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> ()

// -----

// expected-error @+1 {{inferred shape of elements literal ([1, 2]) does not match type ([2, 2])}}
"x.a"() {a = dense<[[1.0, 2.0]]> : tensor<2x2xf32>} : () -> ()

// -----

// expected-error @+1 {{expected ':' after dense array type}}
"x.a"() {a = array<i32 1>} : () -> ()

// -----

// expected-error @+1 {{element type bitwidth must be a multiple of 8}}
"x.a"() {a = array<i7>} : () -> ()

// -----

// expected-error @+1 {{expected integer or float type, got: 'vector<4xi32>'}}
"x.a"() {a = array<vector<4xi32>>} : () -> ()
