// RUN: tile-opt %s -split-input-file -verify-diagnostics

// As MLIR 19 orders its checks: a block's ops are verified before the block is checked for a
// terminator (on leaving it), and an op's region traits (SingleBlockImplicitTerminator) after
// its regions' ops. (mlir-opt 19 passes this file too.)

func.func @op_error_first(f32) {
^bb0(%a : f32):
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like}}
  %sf = arith.addi %a, %a : f32
}

// -----

func.func @no_terminator(%a : i32) {
  // expected-error@+1 {{block with no terminator, has %0 = "arith.addi"(%a, %a)}}
  %s = arith.addi %a, %a : i32
}

// -----

func.func @nested(%a: f32) {
  scf.execute_region {
    // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like}}
    %s = arith.addi %a, %a : f32
  }
  return
}

// -----

"gpu.module"() <{sym_name = "m"}> ({
  // expected-error@+1 {{block with no terminator, has}}
  "gpu.func"() <{function_type = () -> ()}> ({
    "gpu.return"() : () -> ()
  }) {sym_name = "k"} : () -> ()
}) : () -> ()
