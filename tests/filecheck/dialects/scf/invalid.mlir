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
// expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
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

// -----

func.func @parallel_no_dims() {
  // expected-error @+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    "scf.reduce"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @parallel_step_zero(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%n) to (%n) step (%c0) {
  }
  return
}

// -----

func.func @parallel_ivs(%n: index) {
  // expected-error @+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index, %j: index):
    "scf.reduce"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_iv_type(%n: index) {
  // expected-error @+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: i32):
    "scf.reduce"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_num_reductions(%n: index, %f: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f) -> f32 {
  }
  return
}

// -----

func.func @parallel_num_inits(%n: index, %f: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of initial values: 0}}
  %r = "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    "scf.reduce"(%f) ({
    ^bb0(%a: f32, %b: f32):
      "scf.reduce.return"(%a) : (f32) -> ()
    }) : (f32) -> ()
  }) : (index, index, index) -> f32
  return
}

// -----

func.func @parallel_reduce_type(%n: index, %f: f32, %x: i32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%x : i32) {
    ^bb0(%a: i32, %b: i32):
      scf.reduce.return %a : i32
    }
  }
  return
}

// -----

func.func @reduce_block_args(%n: index, %f: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%a: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @reduce_terminator(%n: index, %f: f32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f) -> f32 {
    // expected-error @+1 {{'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op}}
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      "test.terminator"() : () -> ()
    }
  }
  return
}

// -----

func.func @reduce_return_type(%n: index, %f: f32, %x: i32) {
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %x : i32
    }
  }
  return
}

// -----

func.func @reduce_parent(%f: f32) {
  // expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
  scf.reduce(%f : f32) {
  ^bb0(%a: f32, %b: f32):
    scf.reduce.return %a : f32
  }
}

// -----

func.func @forall_results(%n: index, %f: f32) {
  // expected-error @+1 {{'scf.forall' op produces 1 results, but has only 0 outputs}}
  %r = "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> f32
  return
}

// -----

func.func @forall_args(%n: index) {
  // expected-error @+1 {{'scf.forall' op region expects 1 arguments}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index, %j: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @forall_iv_type(%n: index) {
  // expected-error @+1 {{'scf.forall' op expects 0-th block argument to be an index}}
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: i32):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @forall_mapping_size(%n: index) {
  // expected-error @+1 {{'scf.forall' op mapping attribute size must match op rank}}
  scf.forall (%i) in (%n) {
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  return
}

// -----

func.func @forall_mapping_kind(%n: index) {
  // expected-error @+1 {{'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i) in (%n) {
  } {mapping = [1 : i64]}
  return
}

// -----

func.func @forall_dynamic_count(%n: index) {
  // expected-error @+1 {{expected 1 dynamic upper bound values}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @in_parallel_ops(%n: index, %m: memref<4xf32>, %f: f32) {
  scf.forall (%i) in (%n) {
    // expected-error @+1 {{'scf.forall.in_parallel' op expected only tensor.parallel_insert_slice ops}}
    scf.forall.in_parallel {
      "test.op"() : () -> ()
    }
  }
  return
}

// -----

func.func @switch_counts(%a: index) {
  // expected-error @+1 {{'scf.index_switch' op has 0 case regions but 1 case values}}
  "scf.index_switch"(%a) <{cases = array<i64: 1>}> ({
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}

// -----

func.func @switch_duplicate(%a: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 1}}
  scf.index_switch %a
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @switch_yield_count(%a: index, %f: f32) -> f32 {
  // expected-error @+1 {{'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 0}}
  %0 = scf.index_switch %a -> f32
  case 1 {
    // expected-note @+1 {{see yield operation here}}
    scf.yield
  }
  default {
    scf.yield %f : f32
  }
  return %0 : f32
}

// -----

func.func @switch_yield_type(%a: index, %f: f32, %x: i32) -> f32 {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'f32'}}
  %0 = scf.index_switch %a -> f32
  case 1 {
    scf.yield %f : f32
  }
  default {
    // expected-note @+1 {{default region returns 'i32' here}}
    scf.yield %x : i32
  }
  return %0 : f32
}

// -----

func.func @switch_terminator(%a: index) {
  // expected-error @+1 {{'scf.index_switch' op expected region to end with scf.yield, but got test.op}}
  scf.index_switch %a
  case 1 {
    "test.op"() : () -> ()
  }
  default {
  }
  return
}

// -----

func.func @parallel_bound_count(%a: index) {
  // expected-error @+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%a) to (%a, %a) step (%a, %a) {
  }
  return
}

// -----

func.func @if_three_regions(%c: i1) {
  // expected-error @+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({}, {}, {}) : (i1) -> ()
  return
}

// -----

func.func @if_region_arguments(%c: i1) {
  // expected-error @+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%x: i32):
    scf.yield
  }, {}) : (i1) -> ()
  return
}

// -----

func.func @parallel_results_without_inits(%a: index) {
  // expected-error @+1 {{custom op 'scf.parallel' 0 operands present, but expected 1}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) -> index {
    scf.reduce(%a : index) {
    ^bb0(%x: index, %y: index):
      scf.reduce.return %x : index
    }
  }
  return
}

// -----

func.func @reduce_outside_parallel(%x: f32) {
  // expected-error @+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
  scf.reduce(%x : f32) {
  ^bb0(%a: f32, %b: f32):
    scf.reduce.return %a : f32
  }
  return
}

// -----

func.func @parallel_wrong_terminator(%a: index) {
  // expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    // expected-note @+1 {{terminator here}}
    %c = arith.constant 0 : index
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @while_empty_regions() {
  // expected-error @+1 {{'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks}}
  "scf.while"() ({}, {}) : () -> ()
  return
}

// -----

// ForOp::verify's count check comes before LoopLikeOpInterface's, which is verified with the regions.
func.func @for_result_count(%a: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %it: f32):
    scf.yield %it : f32
  }) : (index, index, index, f32) -> ()
  return
}

// -----

func.func @for_result_type(%a: index, %x: i32, %y: i32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'f32'}}
  %r:2 = "scf.for"(%a, %a, %a, %x, %y) ({
  ^bb0(%i: index, %it: i32, %it2: i32):
    scf.yield %it, %it2 : i32, i32
  }) : (index, index, index, i32, i32) -> (i32, f32)
  return
}
