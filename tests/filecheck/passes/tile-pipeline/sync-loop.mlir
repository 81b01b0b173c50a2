// A synchronous 3-stage schedule with a dynamic trip count (load in stage 0, square in stage 1,
// accumulate and store in stage 2, ordered accumulate first): prologue, kernel loop carrying the
// values that cross time slots, and a peeled epilogue, or (peel-epilogue=false) a kernel loop
// running every slot with the ops of iterations past the end predicated off.
// RUN: tile-opt %s -p tile-pipeline | FileCheck %s
// RUN: tile-opt %s -p 'tile-pipeline{peel-epilogue=false}' | FileCheck %s --check-prefix=PRED
// Meaning, for trip counts 0, 1, 2 (fewer than the stages), 3, and 6 with lb 2 and step 3:
// RUN: tile-opt %s -p tile-pipeline -o %t.peeled.mlir
// RUN: tile-opt %s -p 'tile-pipeline{peel-epilogue=false}' -o %t.pred.mlir
// RUN: tile-run %t.peeled.mlir --entry sum_squares --arg arg0=rand:40xf32 --arg arg1=zeros:40xf32 --arg arg2=0 --arg arg3=0 --arg arg4=1 --compare %s | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.peeled.mlir --entry sum_squares --arg arg0=rand:40xf32 --arg arg1=zeros:40xf32 --arg arg2=0 --arg arg3=1 --arg arg4=1 --compare %s | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.peeled.mlir --entry sum_squares --arg arg0=rand:40xf32 --arg arg1=zeros:40xf32 --arg arg2=0 --arg arg3=2 --arg arg4=1 --compare %s | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.peeled.mlir --entry sum_squares --arg arg0=rand:40xf32 --arg arg1=zeros:40xf32 --arg arg2=5 --arg arg3=8 --arg arg4=1 --compare %s | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.peeled.mlir --entry sum_squares --arg arg0=rand:40xf32 --arg arg1=zeros:40xf32 --arg arg2=2 --arg arg3=19 --arg arg4=3 --compare %s | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.pred.mlir --entry sum_squares --arg arg0=rand:40xf32 --arg arg1=zeros:40xf32 --arg arg2=0 --arg arg3=0 --arg arg4=1 --compare %s | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.pred.mlir --entry sum_squares --arg arg0=rand:40xf32 --arg arg1=zeros:40xf32 --arg arg2=0 --arg arg3=1 --arg arg4=1 --compare %s | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.pred.mlir --entry sum_squares --arg arg0=rand:40xf32 --arg arg1=zeros:40xf32 --arg arg2=0 --arg arg3=2 --arg arg4=1 --compare %s | FileCheck %s --check-prefix=SAME
// RUN: tile-run %t.pred.mlir --entry sum_squares --arg arg0=rand:40xf32 --arg arg1=zeros:40xf32 --arg arg2=2 --arg arg3=19 --arg arg4=3 --compare %s | FileCheck %s --check-prefix=SAME

func.func @sum_squares(%A: memref<?xf32>, %B: memref<?xf32>, %lb: index, %ub: index, %step: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %A[%i] {tile.stage = 0, tile.order = 2} : memref<?xf32>
    %y = arith.mulf %x, %x {tile.stage = 1, tile.order = 1} : f32
    %s = arith.addf %acc, %y {tile.stage = 2, tile.order = 0} : f32
    memref.store %s, %B[%i] {tile.stage = 2, tile.order = 3} : memref<?xf32>
    scf.yield %s : f32
  }
  return %r : f32
}

// (tile-run compares the memrefs written, then the results.)
// SAME-NOT: max_abs={{[1-9]|0\.}}
// SAME: compare result#0: max_abs=0 max_rel=0

// The trip count, max(ceildiv(ub - lb, step), 0), guards the prologue's loads.
// CHECK-LABEL: func.func @sum_squares(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index)
// CHECK: %[[ZERO:.*]] = arith.constant 0.0{{.*}} : f32
// CHECK: %[[DIFF:.*]] = arith.subi %[[UB]], %[[LB]]
// CHECK: %[[CEIL:.*]] = arith.ceildivsi %[[DIFF]], %[[STEP]]
// CHECK: %[[N:.*]] = arith.maxsi %[[CEIL]]
// Slot 0: stage 0 of iteration 0.
// CHECK: %[[V0:.*]] = arith.cmpi slt, %{{.*}}, %[[N]]
// CHECK: %[[X0:.*]] = scf.if %[[V0]] -> (f32) {
// CHECK-NEXT: memref.load %[[A]][%[[LB]]]
// Slot 1: stage 1 of iteration 0 (a multiplication runs unpredicated), stage 0 of iteration 1.
// CHECK: %[[Y0:.*]] = arith.mulf %[[X0]], %[[X0]] : f32
// CHECK: %[[V1:.*]] = arith.cmpi slt, %{{.*}}, %[[N]]
// CHECK: %[[IV1:.*]] = arith.addi %[[LB]], %[[STEP]]
// CHECK: %[[X1:.*]] = scf.if %[[V1]] -> (f32) {
// CHECK-NEXT: memref.load %[[A]][%[[IV1]]]
// Kernel: ub - 2*step; iter_args: the squares and loads made one slot ago, and the sum.
// CHECK: %[[KUB:.*]] = arith.subi %[[UB]],
// CHECK: %[[K:.*]]:3 = scf.for %[[IV:.*]] = %[[LB]] to %[[KUB]] step %[[STEP]] iter_args(%[[Y:.*]] = %[[Y0]], %[[X:.*]] = %[[X1]], %[[ACC:.*]] = %[[ZERO]]) -> (f32, f32, f32) {
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[Y]] : f32
// CHECK-NEXT: %[[IVP1:.*]] = arith.addi %[[IV]], %[[STEP]]
// CHECK-NEXT: %[[Y2:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK: %[[IVP2:.*]] = arith.addi %[[IV]],
// CHECK-NEXT: %[[X2:.*]] = memref.load %[[A]][%[[IVP2]]]
// CHECK-NEXT: memref.store %[[S]], %[[B]][%[[IV]]]
// CHECK-NEXT: scf.yield %[[Y2]], %[[X2]], %[[S]] : f32, f32, f32
// Epilogue slot 1: stage 2 of iteration T-2 and stage 1 of T-1 (T = max(N, 2)); a switched-off
// sum keeps the previous one.
// CHECK: %[[T:.*]] = arith.maxsi %[[N]],
// CHECK: %[[S1:.*]] = arith.addf %[[K]]#2, %[[K]]#0 : f32
// CHECK-NEXT: %[[S1K:.*]] = arith.select %{{.*}}, %[[S1]], %[[K]]#2 : f32
// CHECK: %[[Y3:.*]] = arith.mulf %[[K]]#1, %[[K]]#1 : f32
// CHECK: scf.if
// CHECK-NEXT: memref.store %[[S1K]], %[[B]]
// Epilogue slot 2: stage 2 of iteration T-1.
// CHECK: %[[S2:.*]] = arith.addf %[[S1K]], %[[Y3]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.select %{{.*}}, %[[S2]], %[[S1K]] : f32
// CHECK: memref.store %[[R]], %[[B]]
// CHECK: return %[[R]] : f32

// Predicated: the kernel runs from lb to ub; stages 0 and 1 check that their iteration exists
// (the multiplication needs no guard: it has no effect and the loop does not yield it).
// PRED-LABEL: func.func @sum_squares(
// PRED: %[[K:.*]]:3 = scf.for %[[IV:.*]] = %[[LB:.*]] to %[[UB:.*]] step %[[STEP:.*]] iter_args(
// PRED: arith.addf
// PRED: %[[IV1:.*]] = arith.addi %[[IV]], %[[STEP]]
// PRED-NEXT: %[[OK1:.*]] = arith.cmpi slt, %[[IV1]], %[[UB]]
// PRED-NEXT: %[[Y:.*]] = arith.mulf
// PRED: %[[OK0:.*]] = arith.cmpi slt, %{{.*}}, %[[UB]]
// PRED-NEXT: scf.if %[[OK0]] -> (f32) {
// PRED-NEXT: memref.load
// PRED: scf.yield
// PRED-NEXT: }
// PRED-NOT: scf.for
// PRED: return %[[K]]#
