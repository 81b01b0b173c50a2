// Nested pass managers follow mlir-opt (LLVM 19): the expected output and errors below are what
// `mlir-opt --pass-pipeline=...` prints for this file.
//
// A named nested manager on an op that is not IsolatedFromAbove is an error at that op:
// RUN: not tile-opt %s -p 'builtin.module(func.func(scf.for(cse)))' 2>&1 | FileCheck %s --check-prefix=ISOLATED
// ISOLATED: nesting.mlir:[[@LINE+26]]:8: error: 'scf.for' op trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'
// ISOLATED-NEXT: scf.for
// ISOLATED-NEXT: ^
//
// `any(...)` takes only the children it can run on (isolated from above), silently: here none
// inside the function, so the loop keeps its duplicate; on the module's children, CSE runs.
// RUN: tile-opt %s -p 'builtin.module(func.func(any(cse)))' | FileCheck %s --check-prefix=ANY-IN-FUNC
// ANY-IN-FUNC: arith.addi
// ANY-IN-FUNC-NEXT: arith.addi
// ANY-IN-FUNC-NEXT: arith.addi
// RUN: tile-opt %s -p 'builtin.module(any(cse))' | FileCheck %s --check-prefix=ANY-IN-MODULE
// ANY-IN-MODULE: scf.for
// ANY-IN-MODULE-NEXT: [[X:%.*]] = arith.addi
// ANY-IN-MODULE-NEXT: arith.addi [[X]], [[X]]
// ANY-IN-MODULE-NEXT: scf.yield
//
// A top-level builtin.module(...) beside other elements would run nested, on nested modules only:
// mlir-opt rejects more than one top-level anchor, and so do we (with our own message).
// RUN: not tile-opt %s -p 'builtin.module(cse),func.func(cse)' 2>&1 | FileCheck %s --check-prefix=SIBLING
// SIBLING: MLIR Textual PassPipeline Parser:1:1: error: 'builtin.module(...)' must be the whole pipeline, not one of 2 top-level elements
// RUN: not tile-opt %s -p 'func.func(cse),builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=SIBLING2
// SIBLING2: MLIR Textual PassPipeline Parser:1:16: error: 'builtin.module(...)' must be the whole pipeline

func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %x = arith.addi %i, %i : index
    %y = arith.addi %i, %i : index
    %s = arith.addi %x, %y : index
    scf.yield %s : index
  }
  return %r : index
}
