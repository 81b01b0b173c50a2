// RUN: tile-opt %s --split-input-file --verify-diagnostics
// The messages are mlir-opt 19's for the same input.

func.func @f(%x: i32) {
  // expected-error @+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%x : i32)
^bb1:
  return
}

// -----

func.func @g(%c: i32) {
  // expected-error @+1 {{operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @h(%x: i32) {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%x : i32)
^bb1(%y: f32):
  return
}

// -----

func.func @k(%c: i1, %x: i32) {
  // expected-error @+1 {{branch has 0 operands for successor #1, but target block has 1}}
  cf.cond_br %c, ^bb1(%x : i32), ^bb1
^bb1(%y: i32):
  return
}
