// The last chunk fails (on purpose); the others are printed all the same, as mlir-opt does.
// RUN: not tile-opt %s --split-input-file --mlir-print-debuginfo | FileCheck %s
// RUN: not tile-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: not tile-opt %s --split-input-file --mlir-print-debuginfo --allow-unregistered-dialect --mlir-print-op-generic 2>&1 | FileCheck %s --check-prefix=NOTE

// With --split-input-file each chunk is a buffer of its own, named as mlir-opt names it, and
// its lines count from the chunk's start (below: the second chunk's `module {` is its line 12).

// CHECK-LABEL: module @a {
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("within split at {{.*}}split-debuginfo.mlir:{{[0-9]+}} offset ":{{[0-9]+}}:1)
// GENERIC: "builtin.module"() <{sym_name = "a"}> ({
// GENERIC-NEXT: ^bb0:
// GENERIC-NEXT: }) : () -> ()
module @a {
}

// -----

// CHECK-LABEL: module @b {
// CHECK-NEXT: } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("within split at {{.*}}split-debuginfo.mlir:18 offset ":12:1)
// CHECK-NEXT: #loc1 = loc("within split at {{.*}}split-debuginfo.mlir:18 offset ":13:3)
// The empty body of a SingleBlock op still has its block (printed in generic form).
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "builtin.module"() <{sym_name = "b"}> ({
// GENERIC-NEXT: ^bb0:
module {
  module @b {
  }
}

// -----

// Ops in diagnostics are printed with their locations too.
// NOTE: within split at {{.*}}split-debuginfo.mlir:{{[0-9]+}} offset :{{[0-9]+}}:8: error: unregistered operation 'arith.nope' found in dialect ('arith') that does not allow unknown operations
// NOTE: note: see current operation: %0 = "arith.nope"() : () -> i32 loc("within split at {{.*}}split-debuginfo.mlir:{{[0-9]+}} offset ":{{[0-9]+}}:8)
func.func @c() {
  %0 = "arith.nope"() : () -> i32
  return
}
