// The same pipeline written four ways: pipeline text, pass flags, a YAML pipeline, and the
// pipeline --dump-pass-pipeline printed for the flags (which must run the same).
// RUN: tile-opt %s -p 'builtin.module(func.func(canonicalize,cse),symbol-dce)' | FileCheck %s
// RUN: tile-opt %s --canonicalize --cse --symbol-dce | FileCheck %s
// RUN: tile-opt %s -p @cleanup | FileCheck %s
// RUN: tile-opt %s -p @cleanup{max-iterations=2} --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: tile-opt %s -p "$(tile-opt %s -p @cleanup --dump-pass-pipeline -o /dev/null 2>&1 | sed -n 2p)" | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-NEXT:    %[[SUM:.*]] = arith.addi %a, %a : i32
// CHECK-NEXT:    %[[PROD:.*]] = arith.muli %[[SUM]], %[[SUM]] : i32
// CHECK-NEXT:    return %[[PROD]] : i32
// CHECK-NOT:   @unused
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func private @unused() {
  return
}

// DUMP:      Pass Manager with 2 passes:
// DUMP-NEXT: builtin.module(func.func(canonicalize{{{.*}}max-iterations=2 {{.*}}},cse),symbol-dce)
