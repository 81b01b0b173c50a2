// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// Expected text: mlir-opt (LLVM 19) output for this file.

func.func @float_binary(%x: f32, %y: f32, %h: f16, %b: bf16, %d: f64, %v: vector<4xf32>, %t: tensor<2x?xf64>, %u: tensor<*xf16>) {
  %0 = arith.addf %x, %y : f32
  %1 = arith.subf %x, %y : f32
  %2 = arith.mulf %x, %y : f32
  %3 = arith.divf %x, %y : f32
  %4 = arith.remf %x, %y : f32
  %5 = arith.maximumf %x, %y : f32
  %6 = arith.minimumf %x, %y : f32
  %7 = arith.maxnumf %x, %y : f32
  %8 = arith.minnumf %x, %y : f32
  %9 = arith.negf %x : f32
  %10 = arith.addf %h, %h : f16
  %11 = arith.mulf %b, %b : bf16
  %12 = arith.divf %d, %d : f64
  %13 = arith.subf %v, %v : vector<4xf32>
  %14 = arith.maximumf %t, %t : tensor<2x?xf64>
  %15 = arith.negf %u : tensor<*xf16>
  %16 = arith.addf %x, %y {tag} : f32
  return
}

func.func @fastmath(%x: f32, %y: f32, %v: vector<8xf16>) {
  %0 = arith.addf %x, %y fastmath<fast> : f32
  %1 = arith.subf %x, %y fastmath<nnan> : f32
  %2 = arith.mulf %x, %y fastmath<nnan,ninf> : f32
  %3 = arith.divf %x, %y fastmath<reassoc, arcp> : f32
  %4 = arith.remf %x, %y fastmath<none> : f32
  %5 = arith.maximumf %x, %y fastmath<contract,afn,reassoc,arcp,nsz,ninf,nnan> : f32
  %6 = arith.minimumf %x, %y fastmath<afn,fast> : f32
  %7 = arith.maxnumf %x, %y fastmath<nsz,contract> : f32
  %8 = arith.minnumf %x, %y fastmath<reassoc,ninf,nsz,arcp,contract,afn> : f32
  %9 = arith.negf %x fastmath<ninf> : f32
  %10 = arith.addf %v, %v fastmath<fast> {tag = 2 : i8} : vector<8xf16>
  %11 = arith.mulf %x, %y {fastmath = #arith.fastmath<afn>} : f32
  %12 = "arith.addf"(%x, %y) <{fastmath = #arith.fastmath<nnan,nsz>}> : (f32, f32) -> f32
  %13 = "arith.subf"(%x, %y) : (f32, f32) -> f32
  %14 = "arith.negf"(%x) {fastmath = #arith.fastmath<fast>} : (f32) -> f32
  %15 = arith.cmpf ult, %x, %y fastmath<nnan> : f32
  %16 = arith.extf %x fastmath<fast> : f32 to f64
  %17 = arith.truncf %x fastmath<contract> : f32 to f16
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @float_binary(%x: f32, %y: f32, %h: f16, %b: bf16, %d: f64, %v: vector<4xf32>, %t: tensor<2x?xf64>, %u: tensor<*xf16>) {
// CHECK-NEXT: %0 = arith.addf %x, %y : f32
// CHECK-NEXT: %1 = arith.subf %x, %y : f32
// CHECK-NEXT: %2 = arith.mulf %x, %y : f32
// CHECK-NEXT: %3 = arith.divf %x, %y : f32
// CHECK-NEXT: %4 = arith.remf %x, %y : f32
// CHECK-NEXT: %5 = arith.maximumf %x, %y : f32
// CHECK-NEXT: %6 = arith.minimumf %x, %y : f32
// CHECK-NEXT: %7 = arith.maxnumf %x, %y : f32
// CHECK-NEXT: %8 = arith.minnumf %x, %y : f32
// CHECK-NEXT: %9 = arith.negf %x : f32
// CHECK-NEXT: %10 = arith.addf %h, %h : f16
// CHECK-NEXT: %11 = arith.mulf %b, %b : bf16
// CHECK-NEXT: %12 = arith.divf %d, %d : f64
// CHECK-NEXT: %13 = arith.subf %v, %v : vector<4xf32>
// CHECK-NEXT: %14 = arith.maximumf %t, %t : tensor<2x?xf64>
// CHECK-NEXT: %15 = arith.negf %u : tensor<*xf16>
// CHECK-NEXT: %16 = arith.addf %x, %y {tag} : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @fastmath(%x: f32, %y: f32, %v: vector<8xf16>) {
// CHECK-NEXT: %0 = arith.addf %x, %y fastmath<fast> : f32
// CHECK-NEXT: %1 = arith.subf %x, %y fastmath<nnan> : f32
// CHECK-NEXT: %2 = arith.mulf %x, %y fastmath<nnan,ninf> : f32
// CHECK-NEXT: %3 = arith.divf %x, %y fastmath<reassoc,arcp> : f32
// CHECK-NEXT: %4 = arith.remf %x, %y : f32
// CHECK-NEXT: %5 = arith.maximumf %x, %y fastmath<fast> : f32
// CHECK-NEXT: %6 = arith.minimumf %x, %y fastmath<fast> : f32
// CHECK-NEXT: %7 = arith.maxnumf %x, %y fastmath<nsz,contract> : f32
// CHECK-NEXT: %8 = arith.minnumf %x, %y fastmath<reassoc,ninf,nsz,arcp,contract,afn> : f32
// CHECK-NEXT: %9 = arith.negf %x fastmath<ninf> : f32
// CHECK-NEXT: %10 = arith.addf %v, %v fastmath<fast> {tag = 2 : i8} : vector<8xf16>
// CHECK-NEXT: %11 = arith.mulf %x, %y fastmath<afn> : f32
// CHECK-NEXT: %12 = arith.addf %x, %y fastmath<nnan,nsz> : f32
// CHECK-NEXT: %13 = arith.subf %x, %y : f32
// CHECK-NEXT: %14 = arith.negf %x fastmath<fast> : f32
// CHECK-NEXT: %15 = arith.cmpf ult, %x, %y fastmath<nnan> : f32
// CHECK-NEXT: %16 = arith.extf %x fastmath<fast> : f32 to f64
// CHECK-NEXT: %17 = arith.truncf %x fastmath<contract> : f32 to f16
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
