"builtin.module"() ({
  "func.func"() <{function_type = (f32, f64, f16, vector<4xf32>, tensor<?xbf16>, tensor<*xf64>) -> (), sym_name = "float_unary"}> ({
  ^bb0(%arg13: f32, %arg14: f64, %arg15: f16, %arg16: vector<4xf32>, %arg17: tensor<?xbf16>, %arg18: tensor<*xf64>):
    %29 = "math.absf"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %30 = "math.acos"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %31 = "math.acosh"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %32 = "math.asin"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %33 = "math.asinh"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %34 = "math.atan"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %35 = "math.atanh"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %36 = "math.cbrt"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %37 = "math.ceil"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %38 = "math.cos"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %39 = "math.cosh"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %40 = "math.erf"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %41 = "math.exp"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %42 = "math.exp2"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %43 = "math.expm1"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %44 = "math.floor"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %45 = "math.log"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %46 = "math.log10"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %47 = "math.log1p"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %48 = "math.log2"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %49 = "math.round"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %50 = "math.roundeven"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %51 = "math.rsqrt"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %52 = "math.sin"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %53 = "math.sinh"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %54 = "math.sqrt"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %55 = "math.tan"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %56 = "math.tanh"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %57 = "math.trunc"(%arg13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %58 = "math.sqrt"(%arg14) <{fastmath = #arith.fastmath<none>}> : (f64) -> f64
    %59 = "math.exp"(%arg15) <{fastmath = #arith.fastmath<none>}> : (f16) -> f16
    %60 = "math.log"(%arg16) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<4xf32>
    %61 = "math.tanh"(%arg17) <{fastmath = #arith.fastmath<none>}> : (tensor<?xbf16>) -> tensor<?xbf16>
    %62 = "math.floor"(%arg18) <{fastmath = #arith.fastmath<none>}> : (tensor<*xf64>) -> tensor<*xf64>
    %63 = "math.rsqrt"(%arg13) <{fastmath = #arith.fastmath<none>}> {tag} : (f32) -> f32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32, vector<2x2xf16>) -> (), sym_name = "fastmath"}> ({
  ^bb0(%arg11: f32, %arg12: vector<2x2xf16>):
    %17 = "math.sqrt"(%arg11) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
    %18 = "math.rsqrt"(%arg11) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32) -> f32
    %19 = "math.exp"(%arg11) <{fastmath = #arith.fastmath<afn>}> : (f32) -> f32
    %20 = "math.log2"(%arg12) <{fastmath = #arith.fastmath<reassoc,contract>}> : (vector<2x2xf16>) -> vector<2x2xf16>
    %21 = "math.sin"(%arg11) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %22 = "math.cos"(%arg11) <{fastmath = #arith.fastmath<nsz>}> {tag = 1 : i32} : (f32) -> f32
    %23 = "math.powf"(%arg11, %arg11) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %24 = "math.fma"(%arg11, %arg11, %arg11) <{fastmath = #arith.fastmath<contract>}> : (f32, f32, f32) -> f32
    %25 = "math.atan2"(%arg11, %arg11) <{fastmath = #arith.fastmath<nnan>}> : (f32, f32) -> f32
    %26 = "math.absf"(%arg11) <{fastmath = #arith.fastmath<ninf>}> : (f32) -> f32
    %27 = "math.ceil"(%arg11) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %28 = "math.round"(%arg11) <{fastmath = #arith.fastmath<arcp>}> : (f32) -> f32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32, f32, f32, vector<4xf64>, tensor<?xf16>, i32, vector<4xi64>) -> (), sym_name = "binary_ternary"}> ({
  ^bb0(%arg4: f32, %arg5: f32, %arg6: f32, %arg7: vector<4xf64>, %arg8: tensor<?xf16>, %arg9: i32, %arg10: vector<4xi64>):
    %9 = "math.powf"(%arg4, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %10 = "math.atan2"(%arg4, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %11 = "math.copysign"(%arg4, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %12 = "math.fma"(%arg4, %arg5, %arg6) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
    %13 = "math.powf"(%arg7, %arg7) <{fastmath = #arith.fastmath<none>}> : (vector<4xf64>, vector<4xf64>) -> vector<4xf64>
    %14 = "math.fma"(%arg8, %arg8, %arg8) <{fastmath = #arith.fastmath<none>}> : (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>) -> tensor<?xf16>
    %15 = "math.fpowi"(%arg4, %arg9) <{fastmath = #arith.fastmath<none>}> : (f32, i32) -> f32
    %16 = "math.fpowi"(%arg7, %arg10) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf64>, vector<4xi64>) -> vector<4xf64>
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, index, vector<4xi8>, tensor<2x2xi64>) -> (), sym_name = "integer"}> ({
  ^bb0(%arg0: i32, %arg1: index, %arg2: vector<4xi8>, %arg3: tensor<2x2xi64>):
    %0 = "math.absi"(%arg0) : (i32) -> i32
    %1 = "math.ctlz"(%arg0) : (i32) -> i32
    %2 = "math.cttz"(%arg0) : (i32) -> i32
    %3 = "math.ctpop"(%arg0) : (i32) -> i32
    %4 = "math.absi"(%arg2) : (vector<4xi8>) -> vector<4xi8>
    %5 = "math.ctpop"(%arg3) : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %6 = "math.ipowi"(%arg0, %arg0) : (i32, i32) -> i32
    %7 = "math.ipowi"(%arg2, %arg2) : (vector<4xi8>, vector<4xi8>) -> vector<4xi8>
    %8 = "math.absi"(%arg1) : (index) -> index
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

