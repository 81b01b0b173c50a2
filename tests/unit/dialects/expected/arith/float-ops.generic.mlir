"builtin.module"() ({
  "func.func"() <{function_type = (f32, f32, f16, bf16, f64, vector<4xf32>, tensor<2x?xf64>, tensor<*xf16>) -> (), sym_name = "float_binary"}> ({
  ^bb0(%arg3: f32, %arg4: f32, %arg5: f16, %arg6: bf16, %arg7: f64, %arg8: vector<4xf32>, %arg9: tensor<2x?xf64>, %arg10: tensor<*xf16>):
    %18 = "arith.addf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %19 = "arith.subf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %20 = "arith.mulf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %21 = "arith.divf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %22 = "arith.remf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %23 = "arith.maximumf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %24 = "arith.minimumf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %25 = "arith.maxnumf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %26 = "arith.minnumf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %27 = "arith.negf"(%arg3) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %28 = "arith.addf"(%arg5, %arg5) <{fastmath = #arith.fastmath<none>}> : (f16, f16) -> f16
    %29 = "arith.mulf"(%arg6, %arg6) <{fastmath = #arith.fastmath<none>}> : (bf16, bf16) -> bf16
    %30 = "arith.divf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
    %31 = "arith.subf"(%arg8, %arg8) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %32 = "arith.maximumf"(%arg9, %arg9) <{fastmath = #arith.fastmath<none>}> : (tensor<2x?xf64>, tensor<2x?xf64>) -> tensor<2x?xf64>
    %33 = "arith.negf"(%arg10) <{fastmath = #arith.fastmath<none>}> : (tensor<*xf16>) -> tensor<*xf16>
    %34 = "arith.addf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> {tag} : (f32, f32) -> f32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32, f32, vector<8xf16>) -> (), sym_name = "fastmath"}> ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: vector<8xf16>):
    %0 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %1 = "arith.subf"(%arg0, %arg1) <{fastmath = #arith.fastmath<nnan>}> : (f32, f32) -> f32
    %2 = "arith.mulf"(%arg0, %arg1) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
    %3 = "arith.divf"(%arg0, %arg1) <{fastmath = #arith.fastmath<reassoc,arcp>}> : (f32, f32) -> f32
    %4 = "arith.remf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %5 = "arith.maximumf"(%arg0, %arg1) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %6 = "arith.minimumf"(%arg0, %arg1) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %7 = "arith.maxnumf"(%arg0, %arg1) <{fastmath = #arith.fastmath<nsz,contract>}> : (f32, f32) -> f32
    %8 = "arith.minnumf"(%arg0, %arg1) <{fastmath = #arith.fastmath<reassoc,ninf,nsz,arcp,contract,afn>}> : (f32, f32) -> f32
    %9 = "arith.negf"(%arg0) <{fastmath = #arith.fastmath<ninf>}> : (f32) -> f32
    %10 = "arith.addf"(%arg2, %arg2) <{fastmath = #arith.fastmath<fast>}> {tag = 2 : i8} : (vector<8xf16>, vector<8xf16>) -> vector<8xf16>
    %11 = "arith.mulf"(%arg0, %arg1) <{fastmath = #arith.fastmath<afn>}> : (f32, f32) -> f32
    %12 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<nnan,nsz>}> : (f32, f32) -> f32
    %13 = "arith.subf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %14 = "arith.negf"(%arg0) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
    %15 = "arith.cmpf"(%arg0, %arg1) <{fastmath = #arith.fastmath<nnan>, predicate = 11 : i64}> : (f32, f32) -> i1
    %16 = "arith.extf"(%arg0) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f64
    %17 = "arith.truncf"(%arg0) <{fastmath = #arith.fastmath<contract>}> : (f32) -> f16
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

