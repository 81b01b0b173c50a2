// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Terminators that a custom form may leave out are left out as mlir-opt 19 leaves them out: scf.if
// and scf.for show their scf.yield only with results or iter_args, and gpu.module never shows its
// gpu.module_end, even where the terminator carries attributes (hand-written printers: only a
// declarative format's region keeps a terminator with attributes). The generic form keeps them.
// (FileCheck passes on mlir-opt 19's output too.)

// CHECK-LABEL: func.func @if_no_results(
// CHECK-NEXT:    scf.if %{{.*}} {
// CHECK-NEXT:    } else {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "if_no_results"
// GENERIC:       "scf.yield"() {foo} : () -> ()
// GENERIC:       "scf.yield"() {bar = 2 : i32} : () -> ()
func.func @if_no_results(%c: i1) {
  scf.if %c {
    "scf.yield"() {foo} : () -> ()
  } else {
    scf.yield {bar = 2 : i32}
  }
  return
}

// CHECK-LABEL: func.func @if_results(
// CHECK:         scf.yield {x = 1 : i64} %{{.*}} : i32
// CHECK-NEXT:  } else {
// CHECK-NEXT:    scf.yield %{{.*}} : i32
func.func @if_results(%c: i1, %v: i32) -> i32 {
  %r = scf.if %c -> i32 {
    scf.yield {x = 1} %v : i32
  } else {
    scf.yield %v : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @for_no_iter_args(
// CHECK-NEXT:    scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "for_no_iter_args"
// GENERIC:       "scf.yield"() {x} : () -> ()
func.func @for_no_iter_args(%n: index) {
  scf.for %i = %n to %n step %n {
    scf.yield {x}
  }
  return
}

// CHECK-LABEL: gpu.module @m {
// CHECK-NEXT:  }
// GENERIC:     "gpu.module_end"() {foo} : () -> ()
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.module_end {foo}
  }
}
