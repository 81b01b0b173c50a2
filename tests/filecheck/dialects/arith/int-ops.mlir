// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// Expected text: mlir-opt (LLVM 19) output for this file.

func.func @int_binary(%a: i32, %b: i32, %i: index, %j: index, %v: vector<4xi64>, %w: vector<[4]xi8>, %t: tensor<?x4xi16>, %u: tensor<*xi1>) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.ceildivsi %a, %b : i32
  %6 = arith.ceildivui %a, %b : i32
  %7 = arith.floordivsi %a, %b : i32
  %8 = arith.remsi %a, %b : i32
  %9 = arith.remui %a, %b : i32
  %10 = arith.andi %a, %b : i32
  %11 = arith.ori %a, %b : i32
  %12 = arith.xori %a, %b : i32
  %13 = arith.shli %a, %b : i32
  %14 = arith.shrsi %a, %b : i32
  %15 = arith.shrui %a, %b : i32
  %16 = arith.maxsi %a, %b : i32
  %17 = arith.maxui %a, %b : i32
  %18 = arith.minsi %a, %b : i32
  %19 = arith.minui %a, %b : i32
  %20 = arith.addi %i, %j : index
  %21 = arith.muli %v, %v : vector<4xi64>
  %22 = arith.subi %w, %w : vector<[4]xi8>
  %23 = arith.divsi %t, %t : tensor<?x4xi16>
  %24 = arith.xori %u, %u : tensor<*xi1>
  %25 = arith.remui %i, %j {tag = "x"} : index
  return
}

func.func @overflow_flags(%a: i64, %b: i64, %v: vector<2x3xi32>) {
  %0 = arith.addi %a, %b overflow<nsw> : i64
  %1 = arith.subi %a, %b overflow<nuw> : i64
  %2 = arith.muli %a, %b overflow<nsw, nuw> : i64
  %3 = arith.shli %a, %b overflow<nuw,nsw> : i64
  %4 = arith.addi %a, %b overflow<none> : i64
  %5 = arith.addi %v, %v overflow<nsw> {attr = 1 : i32} : vector<2x3xi32>
  %6 = arith.muli %a, %b {overflowFlags = #arith.overflow<nuw>} : i64
  %7 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow<nsw>}> : (i64, i64) -> i64
  %8 = "arith.subi"(%a, %b) {overflowFlags = #arith.overflow<nsw, nuw>} : (i64, i64) -> i64
  %9 = "arith.muli"(%a, %b) : (i64, i64) -> i64
  return
}

func.func @extended(%a: i32, %b: i32, %v: vector<4xi8>, %t: tensor<?xindex>) {
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %0:2 = arith.addui_extended %v, %v : vector<4xi8>, vector<4xi1>
  %1:2 = arith.addui_extended %t, %t : tensor<?xindex>, tensor<?xi1>
  %low, %high = arith.mulsi_extended %a, %b : i32
  %2:2 = arith.mului_extended %v, %v : vector<4xi8>
  %3:2 = arith.mulsi_extended %t, %t : tensor<?xindex>
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @int_binary(%a: i32, %b: i32, %i: index, %j: index, %v: vector<4xi64>, %w: vector<[4]xi8>, %t: tensor<?x4xi16>, %u: tensor<*xi1>) {
// CHECK-NEXT: %0 = arith.addi %a, %b : i32
// CHECK-NEXT: %1 = arith.subi %a, %b : i32
// CHECK-NEXT: %2 = arith.muli %a, %b : i32
// CHECK-NEXT: %3 = arith.divsi %a, %b : i32
// CHECK-NEXT: %4 = arith.divui %a, %b : i32
// CHECK-NEXT: %5 = arith.ceildivsi %a, %b : i32
// CHECK-NEXT: %6 = arith.ceildivui %a, %b : i32
// CHECK-NEXT: %7 = arith.floordivsi %a, %b : i32
// CHECK-NEXT: %8 = arith.remsi %a, %b : i32
// CHECK-NEXT: %9 = arith.remui %a, %b : i32
// CHECK-NEXT: %10 = arith.andi %a, %b : i32
// CHECK-NEXT: %11 = arith.ori %a, %b : i32
// CHECK-NEXT: %12 = arith.xori %a, %b : i32
// CHECK-NEXT: %13 = arith.shli %a, %b : i32
// CHECK-NEXT: %14 = arith.shrsi %a, %b : i32
// CHECK-NEXT: %15 = arith.shrui %a, %b : i32
// CHECK-NEXT: %16 = arith.maxsi %a, %b : i32
// CHECK-NEXT: %17 = arith.maxui %a, %b : i32
// CHECK-NEXT: %18 = arith.minsi %a, %b : i32
// CHECK-NEXT: %19 = arith.minui %a, %b : i32
// CHECK-NEXT: %20 = arith.addi %i, %j : index
// CHECK-NEXT: %21 = arith.muli %v, %v : vector<4xi64>
// CHECK-NEXT: %22 = arith.subi %w, %w : vector<[4]xi8>
// CHECK-NEXT: %23 = arith.divsi %t, %t : tensor<?x4xi16>
// CHECK-NEXT: %24 = arith.xori %u, %u : tensor<*xi1>
// CHECK-NEXT: %25 = arith.remui %i, %j {tag = "x"} : index
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @overflow_flags(%a: i64, %b: i64, %v: vector<2x3xi32>) {
// CHECK-NEXT: %0 = arith.addi %a, %b overflow<nsw> : i64
// CHECK-NEXT: %1 = arith.subi %a, %b overflow<nuw> : i64
// CHECK-NEXT: %2 = arith.muli %a, %b overflow<nsw, nuw> : i64
// CHECK-NEXT: %3 = arith.shli %a, %b overflow<nsw, nuw> : i64
// CHECK-NEXT: %4 = arith.addi %a, %b : i64
// CHECK-NEXT: %5 = arith.addi %v, %v overflow<nsw> {attr = 1 : i32} : vector<2x3xi32>
// CHECK-NEXT: %6 = arith.muli %a, %b overflow<nuw> : i64
// CHECK-NEXT: %7 = arith.addi %a, %b overflow<nsw> : i64
// CHECK-NEXT: %8 = arith.subi %a, %b overflow<nsw, nuw> : i64
// CHECK-NEXT: %9 = arith.muli %a, %b : i64
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @extended(%a: i32, %b: i32, %v: vector<4xi8>, %t: tensor<?xindex>) {
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %a, %b : i32, i1
// CHECK-NEXT: %sum_0, %overflow_1 = arith.addui_extended %v, %v : vector<4xi8>, vector<4xi1>
// CHECK-NEXT: %sum_2, %overflow_3 = arith.addui_extended %t, %t : tensor<?xindex>, tensor<?xi1>
// CHECK-NEXT: %low, %high = arith.mulsi_extended %a, %b : i32
// CHECK-NEXT: %low_4, %high_5 = arith.mului_extended %v, %v : vector<4xi8>
// CHECK-NEXT: %low_6, %high_7 = arith.mulsi_extended %t, %t : tensor<?xindex>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
