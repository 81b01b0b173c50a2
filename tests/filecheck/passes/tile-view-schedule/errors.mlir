// RUN: tile-opt %s -p 'tile-view-schedule' --split-input-file --verify-diagnostics
// A failing run leaves the output file as it was.
// RUN: echo old > %t.txt
// RUN: not tile-opt %s -p 'tile-view-schedule{output=%t.txt}' --split-input-file -o /dev/null 2>/dev/null
// RUN: grep -qx old %t.txt
// format=svg needs output=FILE: an error at the op the pass runs on (here the implicit module, at
// 0:0), before any schedule is read.
// RUN: not tile-opt %s -p 'tile-view-schedule{format=svg}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SVG
// SVG: errors.mlir:0:0: error: format=svg needs an output file: tile-view-schedule{format=svg output=FILE}
// RUN: not tile-opt %s -p 'tile-view-schedule{peel-prologue=false}' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRO
// PRO: errors.mlir:0:0: error: peel-prologue=false needs peel-epilogue=false, as in tile-pipeline

// Every op of a scheduled loop needs a stage.
func.func @missing_stage(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.addi %i, %i {tile.stage = 0} : index
    // expected-error @below {{op 'arith.muli' has no 'tile.stage' (every op of a scheduled loop needs one)}}
    %b = arith.muli %a, %a : index
  }
  return
}

// -----

// Orders are on every op or none.
func.func @missing_order(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.addi %i, %i {tile.stage = 0, tile.order = 0} : index
    // expected-error @below {{op 'arith.muli' has no 'tile.order' (give every op of the loop an order, or none)}}
    %b = arith.muli %a, %a {tile.stage = 0} : index
  }
  return
}

// -----

func.func @duplicate_order(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.addi %i, %i {tile.stage = 0, tile.order = 1} : index
    // expected-error @below {{'tile.order' 1 is given to two ops, 'arith.addi' and 'arith.muli'}}
    %b = arith.muli %a, %a {tile.stage = 1, tile.order = 1} : index
  }
  return
}

// -----

// In the same stage, a consumer ordered before its producer would run first in the time slot.
func.func @consumer_before_producer(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.addi %i, %i {tile.stage = 0, tile.order = 1} : index
    // expected-error @below {{op 'arith.muli' is ordered before 'arith.addi' in the same time slot but uses a value of it}}
    %b = arith.muli %a, %a {tile.stage = 0, tile.order = 0} : index
  }
  return
}

// -----

// A consumer in an earlier stage than its producer would run before it.
func.func @consumer_in_earlier_stage(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.addi %i, %i {tile.stage = 1} : index
    // expected-error @below {{op 'arith.muli' in stage 0 uses a value of 'arith.addi', which is in the later stage 1}}
    %b = arith.muli %a, %a {tile.stage = 0} : index
  }
  return
}

// -----

func.func @negative_stage(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @below {{'tile.stage' must be a non-negative integer, got -1 : i64}}
    %a = arith.addi %i, %i {tile.stage = -1} : index
  }
  return
}

// -----

// The first loop with an error stops the pass: the second one is not read.
func.func @first_error_only(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @below {{op 'arith.addi' has no 'tile.stage'}}
    %a = arith.addi %i, %i {tile.order = 0} : index
  }
  scf.for %i = %c0 to %n step %c1 {
    %a = arith.addi %i, %i {tile.order = 0} : index
  }
  return
}
