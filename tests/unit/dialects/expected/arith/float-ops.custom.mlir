module {
  func.func @float_binary(%arg0: f32, %arg1: f32, %arg2: f16, %arg3: bf16, %arg4: f64, %arg5: vector<4xf32>, %arg6: tensor<2x?xf64>, %arg7: tensor<*xf16>) {
    %0 = arith.addf %arg0, %arg1 : f32
    %1 = arith.subf %arg0, %arg1 : f32
    %2 = arith.mulf %arg0, %arg1 : f32
    %3 = arith.divf %arg0, %arg1 : f32
    %4 = arith.remf %arg0, %arg1 : f32
    %5 = arith.maximumf %arg0, %arg1 : f32
    %6 = arith.minimumf %arg0, %arg1 : f32
    %7 = arith.maxnumf %arg0, %arg1 : f32
    %8 = arith.minnumf %arg0, %arg1 : f32
    %9 = arith.negf %arg0 : f32
    %10 = arith.addf %arg2, %arg2 : f16
    %11 = arith.mulf %arg3, %arg3 : bf16
    %12 = arith.divf %arg4, %arg4 : f64
    %13 = arith.subf %arg5, %arg5 : vector<4xf32>
    %14 = arith.maximumf %arg6, %arg6 : tensor<2x?xf64>
    %15 = arith.negf %arg7 : tensor<*xf16>
    %16 = arith.addf %arg0, %arg1 {tag} : f32
    return
  }
  func.func @fastmath(%arg0: f32, %arg1: f32, %arg2: vector<8xf16>) {
    %0 = arith.addf %arg0, %arg1 fastmath<fast> : f32
    %1 = arith.subf %arg0, %arg1 fastmath<nnan> : f32
    %2 = arith.mulf %arg0, %arg1 fastmath<nnan,ninf> : f32
    %3 = arith.divf %arg0, %arg1 fastmath<reassoc,arcp> : f32
    %4 = arith.remf %arg0, %arg1 : f32
    %5 = arith.maximumf %arg0, %arg1 fastmath<fast> : f32
    %6 = arith.minimumf %arg0, %arg1 fastmath<fast> : f32
    %7 = arith.maxnumf %arg0, %arg1 fastmath<nsz,contract> : f32
    %8 = arith.minnumf %arg0, %arg1 fastmath<reassoc,ninf,nsz,arcp,contract,afn> : f32
    %9 = arith.negf %arg0 fastmath<ninf> : f32
    %10 = arith.addf %arg2, %arg2 fastmath<fast> {tag = 2 : i8} : vector<8xf16>
    %11 = arith.mulf %arg0, %arg1 fastmath<afn> : f32
    %12 = arith.addf %arg0, %arg1 fastmath<nnan,nsz> : f32
    %13 = arith.subf %arg0, %arg1 : f32
    %14 = arith.negf %arg0 fastmath<fast> : f32
    %15 = arith.cmpf ult, %arg0, %arg1 fastmath<nnan> : f32
    %16 = arith.extf %arg0 fastmath<fast> : f32 to f64
    %17 = arith.truncf %arg0 fastmath<contract> : f32 to f16
    return
  }
}

