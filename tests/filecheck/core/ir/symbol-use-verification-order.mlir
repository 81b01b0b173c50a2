// RUN: tile-opt %s --split-input-file --verify-diagnostics
// The same file passes `mlir-opt --split-input-file --verify-diagnostics` (LLVM 19).

// Symbol tables check their symbols once everything in them has verified (MLIR's verifySymbolTable
// as a region trait): duplicate names, then the uses of symbols (verifySymbolUses, func.call's
// callee checks), in walkSymbolTable's order; func.constant checks its callee in its own verifier.

func.func private @decl() -> i32
func.func @calls(%a: i32) {
  %0 = call @decl(%a) : (i32) -> i32
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %f = constant @decl : (i32) -> i32
  return
}

// -----

// The regions found in a block are walked last first.
func.func private @decl() -> i32
func.func @a(%a: i32) {
  %0 = call @decl(%a) : (i32) -> i32
  return
}
func.func @b(%a: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = call @decl(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @a(%x: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %x, %x : i32
  return
}
func.func @a() {
  return
}
