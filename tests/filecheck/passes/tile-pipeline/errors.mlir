// RUN: tile-opt %s -p tile-pipeline --split-input-file --verify-diagnostics
// Schedules the pipeliner refuses, each with the op and the reason.

func.func @missing_stage(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] {tile.stage = 0} : memref<?xf32>
    // expected-error @+1 {{invalid pipeline schedule: op 'arith.addf' has no 'tile.stage' (every op of a scheduled loop needs one)}}
    %y = arith.addf %x, %x : f32
    memref.store %y, %m[%i] {tile.stage = 1} : memref<?xf32>
  }
  return
}

// -----

func.func @duplicate_order(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] {tile.stage = 0, tile.order = 0} : memref<?xf32>
    // expected-error @+1 {{invalid pipeline schedule: 'tile.order' 0 is given to two ops, 'memref.load' and 'arith.addf'}}
    %y = arith.addf %x, %x {tile.stage = 1, tile.order = 0} : f32
    memref.store %y, %m[%i] {tile.stage = 1, tile.order = 1} : memref<?xf32>
  }
  return
}

// -----

func.func @missing_order(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] {tile.stage = 0, tile.order = 0} : memref<?xf32>
    // expected-error @+1 {{invalid pipeline schedule: op 'arith.addf' has no 'tile.order' (give every op of the loop an order, or none)}}
    %y = arith.addf %x, %x {tile.stage = 1} : f32
    memref.store %y, %m[%i] {tile.stage = 1, tile.order = 1} : memref<?xf32>
  }
  return
}

// -----

func.func @consumer_in_earlier_stage(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] {tile.stage = 1} : memref<?xf32>
    // expected-error @+1 {{invalid pipeline schedule: op 'arith.addf' in stage 0 uses a value of 'memref.load', which is in the later stage 1}}
    %y = arith.addf %x, %x {tile.stage = 0} : f32
    memref.store %y, %m[%i] {tile.stage = 1} : memref<?xf32>
  }
  return
}

// -----

func.func @consumer_ordered_first(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] {tile.stage = 0, tile.order = 1} : memref<?xf32>
    // expected-error @+1 {{invalid pipeline schedule: op 'arith.addf' is ordered before 'memref.load' in the same time slot but uses a value of it}}
    %y = arith.addf %x, %x {tile.stage = 0, tile.order = 0} : f32
    memref.store %y, %m[%i] {tile.stage = 1, tile.order = 2} : memref<?xf32>
  }
  return
}

// -----

func.func @loop_carried_too_early(%m: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    // expected-error @+1 {{invalid pipeline schedule: op 'arith.mulf' in stage 0 uses the previous iteration's value of 'arith.addf' (stage 2): a loop-carried value must be used in stage 1 or later}}
    %y = arith.mulf %acc, %acc {tile.stage = 0} : f32
    %x = memref.load %m[%i] {tile.stage = 1} : memref<?xf32>
    %s = arith.addf %x, %y {tile.stage = 2} : f32
    scf.yield %s : f32
  }
  return %r : f32
}

// -----

func.func @negative_stage(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{invalid pipeline schedule: 'tile.stage' must be a non-negative integer, got -1 : i64}}
    %x = memref.load %m[%i] {tile.stage = -1} : memref<?xf32>
    memref.store %x, %m[%i] {tile.stage = 1} : memref<?xf32>
  }
  return
}

// -----

func.func @string_order(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] {tile.stage = 0, tile.order = 0} : memref<?xf32>
    // expected-error @+1 {{invalid pipeline schedule: 'tile.order' must be a non-negative integer, got "one"}}
    memref.store %x, %m[%i] {tile.stage = 1, tile.order = "one"} : memref<?xf32>
  }
  return
}

// -----

func.func @yields_iter_arg(%m: memref<?xf32>, %n: index, %a: f32, %b: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{invalid pipeline schedule: cannot pipeline: the loop yields a value (#0) that no op of its body makes (an iter_arg or a value from outside the loop)}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (f32, f32) {
    %s = arith.addf %x, %y {tile.stage = 0} : f32
    memref.store %s, %m[%i] {tile.stage = 1} : memref<?xf32>
    scf.yield %y, %s : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}

// -----

func.func @zero_step(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{cannot pipeline this loop: cannot pipeline a loop whose step (0) is not positive}}
  scf.for %i = %c0 to %n step %c0 {
    %x = memref.load %m[%i] {tile.stage = 0} : memref<?xf32>
    memref.store %x, %m[%i] {tile.stage = 1} : memref<?xf32>
  }
  return
}
