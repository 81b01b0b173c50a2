// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// Expected text: mlir-opt (LLVM 19) output for this file.

func.func @cmpi(%a: i32, %b: i32, %i: index, %v: vector<4xi8>, %s: vector<[2]x3xi16>, %t: tensor<?x2xi64>, %u: tensor<*xi32>) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpi eq, %i, %i : index
  %11 = arith.cmpi slt, %v, %v : vector<4xi8>
  %12 = arith.cmpi sge, %s, %s : vector<[2]x3xi16>
  %13 = arith.cmpi ne, %t, %t : tensor<?x2xi64>
  %14 = arith.cmpi ugt, %u, %u : tensor<*xi32>
  %15 = arith.cmpi "sle", %a, %b {tag} : i32
  %16 = "arith.cmpi"(%a, %b) {predicate = 9 : i64} : (i32, i32) -> i1
  %17 = "arith.cmpi"(%v, %v) <{predicate = 0 : i64}> : (vector<4xi8>, vector<4xi8>) -> vector<4xi1>
  return
}

func.func @cmpf(%x: f32, %y: f32, %d: f64, %v: vector<4xf16>, %t: tensor<3xbf16>) {
  %0 = arith.cmpf false, %x, %y : f32
  %1 = arith.cmpf oeq, %x, %y : f32
  %2 = arith.cmpf ogt, %x, %y : f32
  %3 = arith.cmpf oge, %x, %y : f32
  %4 = arith.cmpf olt, %x, %y : f32
  %5 = arith.cmpf ole, %x, %y : f32
  %6 = arith.cmpf one, %x, %y : f32
  %7 = arith.cmpf ord, %x, %y : f32
  %8 = arith.cmpf ueq, %x, %y : f32
  %9 = arith.cmpf ugt, %x, %y : f32
  %10 = arith.cmpf uge, %x, %y : f32
  %11 = arith.cmpf ult, %x, %y : f32
  %12 = arith.cmpf ule, %x, %y : f32
  %13 = arith.cmpf une, %x, %y : f32
  %14 = arith.cmpf uno, %x, %y : f32
  %15 = arith.cmpf true, %x, %y : f32
  %16 = arith.cmpf oeq, %d, %d fastmath<fast> : f64
  %17 = arith.cmpf olt, %v, %v : vector<4xf16>
  %18 = arith.cmpf une, %t, %t fastmath<nnan,ninf> {tag = "t"} : tensor<3xbf16>
  %19 = "arith.cmpf"(%x, %y) {predicate = 3 : i64} : (f32, f32) -> i1
  return
}

func.func @select(%c: i1, %a: i32, %b: i32, %m: vector<4xi1>, %v: vector<4xf32>, %tm: tensor<?xi1>, %t: tensor<?xindex>) -> i32 {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %c, %v, %v : vector<4xf32>
  %2 = arith.select %m, %v, %v : vector<4xi1>, vector<4xf32>
  %3 = arith.select %tm, %t, %t : tensor<?xi1>, tensor<?xindex>
  %4 = arith.select %c, %t, %t {tag} : tensor<?xindex>
  %5 = "arith.select"(%m, %v, %v) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %6 = arith.select %c, %c, %c : i1
  return %0 : i32
}

// CHECK: module {
// CHECK-LABEL: func.func @cmpi(%a: i32, %b: i32, %i: index, %v: vector<4xi8>, %s: vector<[2]x3xi16>, %t: tensor<?x2xi64>, %u: tensor<*xi32>) {
// CHECK-NEXT: %0 = arith.cmpi eq, %a, %b : i32
// CHECK-NEXT: %1 = arith.cmpi ne, %a, %b : i32
// CHECK-NEXT: %2 = arith.cmpi slt, %a, %b : i32
// CHECK-NEXT: %3 = arith.cmpi sle, %a, %b : i32
// CHECK-NEXT: %4 = arith.cmpi sgt, %a, %b : i32
// CHECK-NEXT: %5 = arith.cmpi sge, %a, %b : i32
// CHECK-NEXT: %6 = arith.cmpi ult, %a, %b : i32
// CHECK-NEXT: %7 = arith.cmpi ule, %a, %b : i32
// CHECK-NEXT: %8 = arith.cmpi ugt, %a, %b : i32
// CHECK-NEXT: %9 = arith.cmpi uge, %a, %b : i32
// CHECK-NEXT: %10 = arith.cmpi eq, %i, %i : index
// CHECK-NEXT: %11 = arith.cmpi slt, %v, %v : vector<4xi8>
// CHECK-NEXT: %12 = arith.cmpi sge, %s, %s : vector<[2]x3xi16>
// CHECK-NEXT: %13 = arith.cmpi ne, %t, %t : tensor<?x2xi64>
// CHECK-NEXT: %14 = arith.cmpi ugt, %u, %u : tensor<*xi32>
// CHECK-NEXT: %15 = arith.cmpi sle, %a, %b {tag} : i32
// CHECK-NEXT: %16 = arith.cmpi uge, %a, %b : i32
// CHECK-NEXT: %17 = arith.cmpi eq, %v, %v : vector<4xi8>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cmpf(%x: f32, %y: f32, %d: f64, %v: vector<4xf16>, %t: tensor<3xbf16>) {
// CHECK-NEXT: %0 = arith.cmpf false, %x, %y : f32
// CHECK-NEXT: %1 = arith.cmpf oeq, %x, %y : f32
// CHECK-NEXT: %2 = arith.cmpf ogt, %x, %y : f32
// CHECK-NEXT: %3 = arith.cmpf oge, %x, %y : f32
// CHECK-NEXT: %4 = arith.cmpf olt, %x, %y : f32
// CHECK-NEXT: %5 = arith.cmpf ole, %x, %y : f32
// CHECK-NEXT: %6 = arith.cmpf one, %x, %y : f32
// CHECK-NEXT: %7 = arith.cmpf ord, %x, %y : f32
// CHECK-NEXT: %8 = arith.cmpf ueq, %x, %y : f32
// CHECK-NEXT: %9 = arith.cmpf ugt, %x, %y : f32
// CHECK-NEXT: %10 = arith.cmpf uge, %x, %y : f32
// CHECK-NEXT: %11 = arith.cmpf ult, %x, %y : f32
// CHECK-NEXT: %12 = arith.cmpf ule, %x, %y : f32
// CHECK-NEXT: %13 = arith.cmpf une, %x, %y : f32
// CHECK-NEXT: %14 = arith.cmpf uno, %x, %y : f32
// CHECK-NEXT: %15 = arith.cmpf true, %x, %y : f32
// CHECK-NEXT: %16 = arith.cmpf oeq, %d, %d fastmath<fast> : f64
// CHECK-NEXT: %17 = arith.cmpf olt, %v, %v : vector<4xf16>
// CHECK-NEXT: %18 = arith.cmpf une, %t, %t fastmath<nnan,ninf> {tag = "t"} : tensor<3xbf16>
// CHECK-NEXT: %19 = arith.cmpf oge, %x, %y : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @select(%c: i1, %a: i32, %b: i32, %m: vector<4xi1>, %v: vector<4xf32>, %tm: tensor<?xi1>, %t: tensor<?xindex>) -> i32 {
// CHECK-NEXT: %0 = arith.select %c, %a, %b : i32
// CHECK-NEXT: %1 = arith.select %c, %v, %v : vector<4xf32>
// CHECK-NEXT: %2 = arith.select %m, %v, %v : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %3 = arith.select %tm, %t, %t : tensor<?xi1>, tensor<?xindex>
// CHECK-NEXT: %4 = arith.select %c, %t, %t {tag} : tensor<?xindex>
// CHECK-NEXT: %5 = arith.select %m, %v, %v : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %6 = arith.select %c, %c, %c : i1
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
