// RUN: tile-opt %s --split-input-file --verify-diagnostics

func.func @results() {
  // expected-error @+1 {{'ub.poison' op requires one result}}
  "ub.poison"() : () -> ()
  return
}

// -----

func.func @bad_attr() -> i32 {
  // expected-error @+1 {{unknown attribute `poisson` in dialect `ub`}}
  %0 = ub.poison <#ub.poisson> : i32
  return %0 : i32
}
