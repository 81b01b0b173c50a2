module {
  func.func @float_unary(%arg0: f32, %arg1: f64, %arg2: f16, %arg3: vector<4xf32>, %arg4: tensor<?xbf16>, %arg5: tensor<*xf64>) {
    %0 = math.absf %arg0 : f32
    %1 = math.acos %arg0 : f32
    %2 = math.acosh %arg0 : f32
    %3 = math.asin %arg0 : f32
    %4 = math.asinh %arg0 : f32
    %5 = math.atan %arg0 : f32
    %6 = math.atanh %arg0 : f32
    %7 = math.cbrt %arg0 : f32
    %8 = math.ceil %arg0 : f32
    %9 = math.cos %arg0 : f32
    %10 = math.cosh %arg0 : f32
    %11 = math.erf %arg0 : f32
    %12 = math.exp %arg0 : f32
    %13 = math.exp2 %arg0 : f32
    %14 = math.expm1 %arg0 : f32
    %15 = math.floor %arg0 : f32
    %16 = math.log %arg0 : f32
    %17 = math.log10 %arg0 : f32
    %18 = math.log1p %arg0 : f32
    %19 = math.log2 %arg0 : f32
    %20 = math.round %arg0 : f32
    %21 = math.roundeven %arg0 : f32
    %22 = math.rsqrt %arg0 : f32
    %23 = math.sin %arg0 : f32
    %24 = math.sinh %arg0 : f32
    %25 = math.sqrt %arg0 : f32
    %26 = math.tan %arg0 : f32
    %27 = math.tanh %arg0 : f32
    %28 = math.trunc %arg0 : f32
    %29 = math.sqrt %arg1 : f64
    %30 = math.exp %arg2 : f16
    %31 = math.log %arg3 : vector<4xf32>
    %32 = math.tanh %arg4 : tensor<?xbf16>
    %33 = math.floor %arg5 : tensor<*xf64>
    %34 = math.rsqrt %arg0 {tag} : f32
    return
  }
  func.func @fastmath(%arg0: f32, %arg1: vector<2x2xf16>) {
    %0 = math.sqrt %arg0 fastmath<fast> : f32
    %1 = math.rsqrt %arg0 fastmath<nnan,ninf> : f32
    %2 = math.exp %arg0 fastmath<afn> : f32
    %3 = math.log2 %arg1 fastmath<reassoc,contract> : vector<2x2xf16>
    %4 = math.sin %arg0 : f32
    %5 = math.cos %arg0 fastmath<nsz> {tag = 1 : i32} : f32
    %6 = math.powf %arg0, %arg0 fastmath<fast> : f32
    %7 = math.fma %arg0, %arg0, %arg0 fastmath<contract> : f32
    %8 = math.atan2 %arg0, %arg0 fastmath<nnan> : f32
    %9 = math.absf %arg0 fastmath<ninf> : f32
    %10 = math.ceil %arg0 : f32
    %11 = math.round %arg0 fastmath<arcp> : f32
    return
  }
  func.func @binary_ternary(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: vector<4xf64>, %arg4: tensor<?xf16>, %arg5: i32, %arg6: vector<4xi64>) {
    %0 = math.powf %arg0, %arg1 : f32
    %1 = math.atan2 %arg0, %arg1 : f32
    %2 = math.copysign %arg0, %arg1 : f32
    %3 = math.fma %arg0, %arg1, %arg2 : f32
    %4 = math.powf %arg3, %arg3 : vector<4xf64>
    %5 = math.fma %arg4, %arg4, %arg4 : tensor<?xf16>
    %6 = math.fpowi %arg0, %arg5 : f32, i32
    %7 = math.fpowi %arg3, %arg6 fastmath<fast> : vector<4xf64>, vector<4xi64>
    return
  }
  func.func @integer(%arg0: i32, %arg1: index, %arg2: vector<4xi8>, %arg3: tensor<2x2xi64>) {
    %0 = math.absi %arg0 : i32
    %1 = math.ctlz %arg0 : i32
    %2 = math.cttz %arg0 : i32
    %3 = math.ctpop %arg0 : i32
    %4 = math.absi %arg2 : vector<4xi8>
    %5 = math.ctpop %arg3 : tensor<2x2xi64>
    %6 = math.ipowi %arg0, %arg0 : i32
    %7 = math.ipowi %arg2, %arg2 : vector<4xi8>
    %8 = math.absi %arg1 : index
    return
  }
}

