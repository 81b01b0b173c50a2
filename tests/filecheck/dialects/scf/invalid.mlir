// RUN: tile-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %0 = scf.if %c -> (f32) {
    scf.yield %f : f32
  }
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.while'}}
  scf.yield
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
  %0 = "scf.for"(%i, %i, %i, %f) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (index, index, index, f32) -> f32
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  scf.while : () -> () {
    // expected-note @+1 {{terminator here}}
    scf.yield
  } do {
    scf.yield
  }
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{custom op 'scf.while' expected as many input types as operands (expected 1 got 2)}}
  %0 = scf.while (%a = %f) : (f32, i32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
  "scf.execute_region"() ({
  ^bb0(%x: i32):
    "scf.yield"() : () -> ()
  }) : () -> ()
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'f32'}}
  "scf.if"(%f) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (f32) -> ()
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'}}
  %0 = scf.for %iv = %i to %i step %i iter_args(%a = %f) -> (f32) {
    scf.yield %j : i32
  }
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.if' op  region control flow edge from Region #0 to parent results: source has 2 operands, but target successor needs 1}}
  %0 = scf.if %c -> (f32) {
    scf.yield %f, %f : f32, f32
  } else {
    scf.yield %f : f32
  }
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.if' op  along control flow edge from Region #0 to parent results: source type #0 'i32' should match input type #0 'f32'}}
  %0 = scf.if %c -> (f32) {
    scf.yield %j : i32
  } else {
    scf.yield %f : f32
  }
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.while' op  along control flow edge from Region #0 to parent results: source type #0 'i32' should match input type #0 'f32'}}
  %0 = scf.while (%a = %f) : (f32) -> f32 {
    scf.condition(%c) %j : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %f : f32
  }
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() ({
^bb0(%c: i1, %f: f32, %i: index, %j: i32):
// expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
}) : () -> ()
