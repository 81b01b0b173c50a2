// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// Expected text: mlir-opt (LLVM 19) output for this file.

func.func @int_casts(%a: i8, %b: i32, %v: vector<4xi16>, %t: tensor<?xi32>, %i: index) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.extui %a : i8 to i64
  %2 = arith.trunci %b : i32 to i8
  %3 = arith.extsi %v : vector<4xi16> to vector<4xi32>
  %4 = arith.trunci %t : tensor<?xi32> to tensor<?xi1>
  %6 = arith.index_cast %b : i32 to index
  %7 = arith.index_cast %i : index to i64
  %8 = arith.index_castui %i : index to i16
  %9 = arith.index_castui %a : i8 to index
  %10 = arith.index_cast %v : vector<4xi16> to vector<4xindex>
  %11 = arith.extsi %a {tag} : i8 to i16
  return
}

func.func @float_casts(%h: f16, %x: f32, %d: f64, %b: bf16, %v: vector<2xf32>, %t: tensor<4xf64>) {
  %0 = arith.extf %h : f16 to f32
  %1 = arith.extf %x : f32 to f64
  %2 = arith.truncf %d : f64 to f32
  %3 = arith.truncf %x : f32 to bf16
  %4 = arith.extf %b : bf16 to f64
  %5 = arith.extf %v : vector<2xf32> to vector<2xf64>
  %6 = arith.truncf %t : tensor<4xf64> to tensor<4xf16>
  %7 = arith.truncf %x to_nearest_even : f32 to f16
  %8 = arith.truncf %x downward : f32 to f16
  %9 = arith.truncf %x upward : f32 to f16
  %10 = arith.truncf %x toward_zero : f32 to f16
  %11 = arith.truncf %x to_nearest_away fastmath<fast> : f32 to f16
  %12 = arith.extf %h fastmath<none> : f16 to f32
  %13 = "arith.truncf"(%d) {roundingmode = 3 : i32} : (f64) -> f32
  return
}

func.func @int_float_casts(%a: i32, %x: f32, %v: vector<3xi64>, %w: vector<3xf16>) {
  %0 = arith.sitofp %a : i32 to f32
  %1 = arith.uitofp %a : i32 to f64
  %2 = arith.fptosi %x : f32 to i32
  %3 = arith.fptoui %x : f32 to i8
  %4 = arith.sitofp %v : vector<3xi64> to vector<3xf16>
  %5 = arith.fptoui %w : vector<3xf16> to vector<3xi64>
  %7 = arith.bitcast %a : i32 to f32
  %8 = arith.bitcast %x : f32 to i32
  %9 = arith.bitcast %v : vector<3xi64> to vector<3xf64>
  %10 = arith.bitcast %w : vector<3xf16> to vector<3xi16>
  %11 = arith.bitcast %a : i32 to i32
  return
}

func.func @memref_casts(%m: memref<4xi32>, %n: memref<?xindex>) {
  %0 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %1 = arith.index_castui %n : memref<?xindex> to memref<?xi64>
  %2 = arith.bitcast %m : memref<4xi32> to memref<4xf32>
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @int_casts(%a: i8, %b: i32, %v: vector<4xi16>, %t: tensor<?xi32>, %i: index) {
// CHECK-NEXT: %0 = arith.extsi %a : i8 to i32
// CHECK-NEXT: %1 = arith.extui %a : i8 to i64
// CHECK-NEXT: %2 = arith.trunci %b : i32 to i8
// CHECK-NEXT: %3 = arith.extsi %v : vector<4xi16> to vector<4xi32>
// CHECK-NEXT: %4 = arith.trunci %t : tensor<?xi32> to tensor<?xi1>
// CHECK-NEXT: %5 = arith.index_cast %b : i32 to index
// CHECK-NEXT: %6 = arith.index_cast %i : index to i64
// CHECK-NEXT: %7 = arith.index_castui %i : index to i16
// CHECK-NEXT: %8 = arith.index_castui %a : i8 to index
// CHECK-NEXT: %9 = arith.index_cast %v : vector<4xi16> to vector<4xindex>
// CHECK-NEXT: %10 = arith.extsi %a {tag} : i8 to i16
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @float_casts(%h: f16, %x: f32, %d: f64, %b: bf16, %v: vector<2xf32>, %t: tensor<4xf64>) {
// CHECK-NEXT: %0 = arith.extf %h : f16 to f32
// CHECK-NEXT: %1 = arith.extf %x : f32 to f64
// CHECK-NEXT: %2 = arith.truncf %d : f64 to f32
// CHECK-NEXT: %3 = arith.truncf %x : f32 to bf16
// CHECK-NEXT: %4 = arith.extf %b : bf16 to f64
// CHECK-NEXT: %5 = arith.extf %v : vector<2xf32> to vector<2xf64>
// CHECK-NEXT: %6 = arith.truncf %t : tensor<4xf64> to tensor<4xf16>
// CHECK-NEXT: %7 = arith.truncf %x to_nearest_even : f32 to f16
// CHECK-NEXT: %8 = arith.truncf %x downward : f32 to f16
// CHECK-NEXT: %9 = arith.truncf %x upward : f32 to f16
// CHECK-NEXT: %10 = arith.truncf %x toward_zero : f32 to f16
// CHECK-NEXT: %11 = arith.truncf %x to_nearest_away fastmath<fast> : f32 to f16
// CHECK-NEXT: %12 = arith.extf %h fastmath<none> : f16 to f32
// CHECK-NEXT: %13 = arith.truncf %d toward_zero : f64 to f32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @int_float_casts(%a: i32, %x: f32, %v: vector<3xi64>, %w: vector<3xf16>) {
// CHECK-NEXT: %0 = arith.sitofp %a : i32 to f32
// CHECK-NEXT: %1 = arith.uitofp %a : i32 to f64
// CHECK-NEXT: %2 = arith.fptosi %x : f32 to i32
// CHECK-NEXT: %3 = arith.fptoui %x : f32 to i8
// CHECK-NEXT: %4 = arith.sitofp %v : vector<3xi64> to vector<3xf16>
// CHECK-NEXT: %5 = arith.fptoui %w : vector<3xf16> to vector<3xi64>
// CHECK-NEXT: %6 = arith.bitcast %a : i32 to f32
// CHECK-NEXT: %7 = arith.bitcast %x : f32 to i32
// CHECK-NEXT: %8 = arith.bitcast %v : vector<3xi64> to vector<3xf64>
// CHECK-NEXT: %9 = arith.bitcast %w : vector<3xf16> to vector<3xi16>
// CHECK-NEXT: %10 = arith.bitcast %a : i32 to i32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @memref_casts(%m: memref<4xi32>, %n: memref<?xindex>) {
// CHECK-NEXT: %0 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
// CHECK-NEXT: %1 = arith.index_castui %n : memref<?xindex> to memref<?xi64>
// CHECK-NEXT: %2 = arith.bitcast %m : memref<4xi32> to memref<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
