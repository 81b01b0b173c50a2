// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// Expected text: mlir-opt (LLVM 19) output for this file.

func.func @float_unary(%x: f32, %d: f64, %h: f16, %v: vector<4xf32>, %t: tensor<?xbf16>, %u: tensor<*xf64>) {
  %0 = math.absf %x : f32
  %1 = math.acos %x : f32
  %2 = math.acosh %x : f32
  %3 = math.asin %x : f32
  %4 = math.asinh %x : f32
  %5 = math.atan %x : f32
  %6 = math.atanh %x : f32
  %7 = math.cbrt %x : f32
  %8 = math.ceil %x : f32
  %9 = math.cos %x : f32
  %10 = math.cosh %x : f32
  %11 = math.erf %x : f32
  %12 = math.exp %x : f32
  %13 = math.exp2 %x : f32
  %14 = math.expm1 %x : f32
  %15 = math.floor %x : f32
  %16 = math.log %x : f32
  %17 = math.log10 %x : f32
  %18 = math.log1p %x : f32
  %19 = math.log2 %x : f32
  %20 = math.round %x : f32
  %21 = math.roundeven %x : f32
  %22 = math.rsqrt %x : f32
  %23 = math.sin %x : f32
  %24 = math.sinh %x : f32
  %25 = math.sqrt %x : f32
  %26 = math.tan %x : f32
  %27 = math.tanh %x : f32
  %28 = math.trunc %x : f32
  %100 = math.sqrt %d : f64
  %101 = math.exp %h : f16
  %102 = math.log %v : vector<4xf32>
  %103 = math.tanh %t : tensor<?xbf16>
  %104 = math.floor %u : tensor<*xf64>
  %105 = math.rsqrt %x {tag} : f32
  return
}

func.func @fastmath(%x: f32, %v: vector<2x2xf16>) {
  %0 = math.sqrt %x fastmath<fast> : f32
  %1 = math.rsqrt %x fastmath<nnan,ninf> : f32
  %2 = math.exp %x fastmath<afn> : f32
  %3 = math.log2 %v fastmath<reassoc,contract> : vector<2x2xf16>
  %4 = math.sin %x fastmath<none> : f32
  %5 = math.cos %x fastmath<nsz> {tag = 1 : i32} : f32
  %6 = math.powf %x, %x fastmath<fast> : f32
  %7 = math.fma %x, %x, %x fastmath<contract> : f32
  %8 = math.atan2 %x, %x fastmath<nnan> : f32
  %9 = "math.absf"(%x) <{fastmath = #arith.fastmath<ninf>}> : (f32) -> f32
  %10 = "math.ceil"(%x) : (f32) -> f32
  %11 = math.round %x {fastmath = #arith.fastmath<arcp>} : f32
  return
}

func.func @binary_ternary(%x: f32, %y: f32, %z: f32, %v: vector<4xf64>, %t: tensor<?xf16>, %n: i32, %vn: vector<4xi64>) {
  %0 = math.powf %x, %y : f32
  %1 = math.atan2 %x, %y : f32
  %2 = math.copysign %x, %y : f32
  %3 = math.fma %x, %y, %z : f32
  %4 = math.powf %v, %v : vector<4xf64>
  %5 = math.fma %t, %t, %t : tensor<?xf16>
  %6 = math.fpowi %x, %n : f32, i32
  %7 = math.fpowi %v, %vn fastmath<fast> : vector<4xf64>, vector<4xi64>
  return
}

func.func @integer(%a: i32, %i: index, %v: vector<4xi8>, %t: tensor<2x2xi64>) {
  %0 = math.absi %a : i32
  %1 = math.ctlz %a : i32
  %2 = math.cttz %a : i32
  %3 = math.ctpop %a : i32
  %4 = math.absi %v : vector<4xi8>
  %5 = math.ctpop %t : tensor<2x2xi64>
  %6 = math.ipowi %a, %a : i32
  %7 = math.ipowi %v, %v : vector<4xi8>
  %8 = math.absi %i : index
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @float_unary(%x: f32, %d: f64, %h: f16, %v: vector<4xf32>, %t: tensor<?xbf16>, %u: tensor<*xf64>) {
// CHECK-NEXT: %0 = math.absf %x : f32
// CHECK-NEXT: %1 = math.acos %x : f32
// CHECK-NEXT: %2 = math.acosh %x : f32
// CHECK-NEXT: %3 = math.asin %x : f32
// CHECK-NEXT: %4 = math.asinh %x : f32
// CHECK-NEXT: %5 = math.atan %x : f32
// CHECK-NEXT: %6 = math.atanh %x : f32
// CHECK-NEXT: %7 = math.cbrt %x : f32
// CHECK-NEXT: %8 = math.ceil %x : f32
// CHECK-NEXT: %9 = math.cos %x : f32
// CHECK-NEXT: %10 = math.cosh %x : f32
// CHECK-NEXT: %11 = math.erf %x : f32
// CHECK-NEXT: %12 = math.exp %x : f32
// CHECK-NEXT: %13 = math.exp2 %x : f32
// CHECK-NEXT: %14 = math.expm1 %x : f32
// CHECK-NEXT: %15 = math.floor %x : f32
// CHECK-NEXT: %16 = math.log %x : f32
// CHECK-NEXT: %17 = math.log10 %x : f32
// CHECK-NEXT: %18 = math.log1p %x : f32
// CHECK-NEXT: %19 = math.log2 %x : f32
// CHECK-NEXT: %20 = math.round %x : f32
// CHECK-NEXT: %21 = math.roundeven %x : f32
// CHECK-NEXT: %22 = math.rsqrt %x : f32
// CHECK-NEXT: %23 = math.sin %x : f32
// CHECK-NEXT: %24 = math.sinh %x : f32
// CHECK-NEXT: %25 = math.sqrt %x : f32
// CHECK-NEXT: %26 = math.tan %x : f32
// CHECK-NEXT: %27 = math.tanh %x : f32
// CHECK-NEXT: %28 = math.trunc %x : f32
// CHECK-NEXT: %29 = math.sqrt %d : f64
// CHECK-NEXT: %30 = math.exp %h : f16
// CHECK-NEXT: %31 = math.log %v : vector<4xf32>
// CHECK-NEXT: %32 = math.tanh %t : tensor<?xbf16>
// CHECK-NEXT: %33 = math.floor %u : tensor<*xf64>
// CHECK-NEXT: %34 = math.rsqrt %x {tag} : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @fastmath(%x: f32, %v: vector<2x2xf16>) {
// CHECK-NEXT: %0 = math.sqrt %x fastmath<fast> : f32
// CHECK-NEXT: %1 = math.rsqrt %x fastmath<nnan,ninf> : f32
// CHECK-NEXT: %2 = math.exp %x fastmath<afn> : f32
// CHECK-NEXT: %3 = math.log2 %v fastmath<reassoc,contract> : vector<2x2xf16>
// CHECK-NEXT: %4 = math.sin %x : f32
// CHECK-NEXT: %5 = math.cos %x fastmath<nsz> {tag = 1 : i32} : f32
// CHECK-NEXT: %6 = math.powf %x, %x fastmath<fast> : f32
// CHECK-NEXT: %7 = math.fma %x, %x, %x fastmath<contract> : f32
// CHECK-NEXT: %8 = math.atan2 %x, %x fastmath<nnan> : f32
// CHECK-NEXT: %9 = math.absf %x fastmath<ninf> : f32
// CHECK-NEXT: %10 = math.ceil %x : f32
// CHECK-NEXT: %11 = math.round %x fastmath<arcp> : f32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @binary_ternary(%x: f32, %y: f32, %z: f32, %v: vector<4xf64>, %t: tensor<?xf16>, %n: i32, %vn: vector<4xi64>) {
// CHECK-NEXT: %0 = math.powf %x, %y : f32
// CHECK-NEXT: %1 = math.atan2 %x, %y : f32
// CHECK-NEXT: %2 = math.copysign %x, %y : f32
// CHECK-NEXT: %3 = math.fma %x, %y, %z : f32
// CHECK-NEXT: %4 = math.powf %v, %v : vector<4xf64>
// CHECK-NEXT: %5 = math.fma %t, %t, %t : tensor<?xf16>
// CHECK-NEXT: %6 = math.fpowi %x, %n : f32, i32
// CHECK-NEXT: %7 = math.fpowi %v, %vn fastmath<fast> : vector<4xf64>, vector<4xi64>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @integer(%a: i32, %i: index, %v: vector<4xi8>, %t: tensor<2x2xi64>) {
// CHECK-NEXT: %0 = math.absi %a : i32
// CHECK-NEXT: %1 = math.ctlz %a : i32
// CHECK-NEXT: %2 = math.cttz %a : i32
// CHECK-NEXT: %3 = math.ctpop %a : i32
// CHECK-NEXT: %4 = math.absi %v : vector<4xi8>
// CHECK-NEXT: %5 = math.ctpop %t : tensor<2x2xi64>
// CHECK-NEXT: %6 = math.ipowi %a, %a : i32
// CHECK-NEXT: %7 = math.ipowi %v, %v : vector<4xi8>
// CHECK-NEXT: %8 = math.absi %i : index
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
