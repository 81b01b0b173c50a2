// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// Expected text: mlir-opt (LLVM 19) output for this file.

func.func @constants() {
  %0 = arith.constant 0 : index
  %1 = arith.constant 1 : index
  %2 = arith.constant -1 : index
  %3 = arith.constant 42 : i32
  %4 = arith.constant -1 : i64
  %5 = arith.constant 255 : i8
  %6 = arith.constant 7 : i16
  %7 = arith.constant 123456789012 : i64
  %8 = arith.constant 1
  %9 = arith.constant true
  %10 = arith.constant false
  %11 = arith.constant 1 : i1
  %12 = arith.constant 0 : i1
  %13 = arith.constant 0 : i32
  %14 = arith.constant 0 : i32
  %15 = arith.constant 0 : i32
  %16 = arith.constant 1.0 : f32
  %17 = arith.constant -2.5 : f64
  %18 = arith.constant 0.1 : f16
  %19 = arith.constant 3.0 : bf16
  %20 = arith.constant 0x7F800000 : f32
  %21 = arith.constant 0xFF800000 : f32
  %22 = arith.constant 0x7FC00000 : f32
  %23 = arith.constant -0.0 : f32
  %24 = arith.constant 1.0e10 : f64
  %25 = arith.constant 2.0
  %26 = arith.constant dense<1.0> : vector<4xf32>
  %27 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %28 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %29 = arith.constant dense<0> : tensor<8xindex>
  %30 = arith.constant dense<[true, false]> : vector<2xi1>
  %31 = arith.constant dense<7> : vector<[4]xi8>
  %32 = arith.constant {tag} 5 : i32
  %33 = arith.constant 9223372036854775807 : i64
  %34 = arith.constant -9223372036854775808 : i64
  %35 = arith.constant -128 : i8
  %36 = "arith.constant"() <{value = 3 : i32}> : () -> i32
  %37 = "arith.constant"() {value = 5.000000e-01 : f32} : () -> f32
  %38 = arith.constant dense<[1.5, 2.5]> : tensor<2xf16>
  %39 = arith.constant 1.0 : f32
  return
}

func.func @names_in_regions() -> index {
  %c0 = arith.constant 0 : index
  %c0_0 = arith.constant 0 : index
  %r = arith.addi %c0, %c0_0 : index
  return %r : index
}

// CHECK: module {
// CHECK-LABEL: func.func @constants() {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c-1 = arith.constant -1 : index
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c7_i16 = arith.constant 7 : i16
// CHECK-NEXT: %c123456789012_i64 = arith.constant 123456789012 : i64
// CHECK-NEXT: %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true_0 = arith.constant true
// CHECK-NEXT: %false_1 = arith.constant false
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_2 = arith.constant 0 : i32
// CHECK-NEXT: %c0_i32_3 = arith.constant 0 : i32
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %cst_4 = arith.constant -2.500000e+00 : f64
// CHECK-NEXT: %cst_5 = arith.constant 9.997550e-02 : f16
// CHECK-NEXT: %cst_6 = arith.constant 3.000000e+00 : bf16
// CHECK-NEXT: %cst_7 = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_8 = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %cst_9 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_10 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %cst_11 = arith.constant 1.000000e+10 : f64
// CHECK-NEXT: %cst_12 = arith.constant 2.000000e+00 : f64
// CHECK-NEXT: %cst_13 = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK-NEXT: %cst_14 = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// CHECK-NEXT: %cst_15 = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00{{\]\]}}> : tensor<2x2xf64>
// CHECK-NEXT: %cst_16 = arith.constant dense<0> : tensor<8xindex>
// CHECK-NEXT: %cst_17 = arith.constant dense<[true, false]> : vector<2xi1>
// CHECK-NEXT: %cst_18 = arith.constant dense<7> : vector<[4]xi8>
// CHECK-NEXT: %c5_i32 = arith.constant {tag} 5 : i32
// CHECK-NEXT: %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64
// CHECK-NEXT: %c-9223372036854775808_i64 = arith.constant -9223372036854775808 : i64
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %cst_19 = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %cst_20 = arith.constant dense<[1.500000e+00, 2.500000e+00]> : tensor<2xf16>
// CHECK-NEXT: %cst_21 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @names_in_regions() -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %0 = arith.addi %c0, %c0_0 : index
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
// CHECK-NEXT: }
