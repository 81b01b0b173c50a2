// RUN: tile-opt %s -canonicalize=test-convergence -split-input-file -allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s -pass-pipeline='builtin.module(func.func(canonicalize{test-convergence}))' -split-input-file -allow-unregistered-dialect | FileCheck %s
// RUN: tile-opt %s -split-input-file -allow-unregistered-dialect -cse -canonicalize -mlir-disable-threading | FileCheck %s
// RUN: tile-opt %s -split-input-file -allow-unregistered-dialect -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: not tile-opt %s -no-such-option 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// Long options with one dash, as LLVM's option parser takes them (mlir-opt's RUN lines use
// them): tool options, pass flags with their options, -pass-pipeline. (FileCheck passes on
// mlir-opt 19's output too, but for UNKNOWN.)

// CHECK-LABEL: func.func @fold
// CHECK-NEXT: return %a : i32
// GENERIC: "func.func"() <{function_type = (i32) -> i32, sym_name = "fold"}>
// UNKNOWN: error: unknown option '-no-such-option'
func.func @fold(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}

// -----

// CHECK-LABEL: func.func @unregistered
// CHECK-NEXT: "foo.bar"() : () -> ()
// GENERIC: "foo.bar"() : () -> ()
func.func @unregistered() {
  "foo.bar"() : () -> ()
  return
}
