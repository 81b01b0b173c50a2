"builtin.module"() ({
  "func.func"() <{function_type = (i8, i32, vector<4xi16>, tensor<?xi32>, index) -> (), sym_name = "int_casts"}> ({
  ^bb0(%arg12: i8, %arg13: i32, %arg14: vector<4xi16>, %arg15: tensor<?xi32>, %arg16: index):
    %28 = "arith.extsi"(%arg12) : (i8) -> i32
    %29 = "arith.extui"(%arg12) : (i8) -> i64
    %30 = "arith.trunci"(%arg13) : (i32) -> i8
    %31 = "arith.extsi"(%arg14) : (vector<4xi16>) -> vector<4xi32>
    %32 = "arith.trunci"(%arg15) : (tensor<?xi32>) -> tensor<?xi1>
    %33 = "arith.index_cast"(%arg13) : (i32) -> index
    %34 = "arith.index_cast"(%arg16) : (index) -> i64
    %35 = "arith.index_castui"(%arg16) : (index) -> i16
    %36 = "arith.index_castui"(%arg12) : (i8) -> index
    %37 = "arith.index_cast"(%arg14) : (vector<4xi16>) -> vector<4xindex>
    %38 = "arith.extsi"(%arg12) {tag} : (i8) -> i16
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f16, f32, f64, bf16, vector<2xf32>, tensor<4xf64>) -> (), sym_name = "float_casts"}> ({
  ^bb0(%arg6: f16, %arg7: f32, %arg8: f64, %arg9: bf16, %arg10: vector<2xf32>, %arg11: tensor<4xf64>):
    %14 = "arith.extf"(%arg6) : (f16) -> f32
    %15 = "arith.extf"(%arg7) : (f32) -> f64
    %16 = "arith.truncf"(%arg8) : (f64) -> f32
    %17 = "arith.truncf"(%arg7) : (f32) -> bf16
    %18 = "arith.extf"(%arg9) : (bf16) -> f64
    %19 = "arith.extf"(%arg10) : (vector<2xf32>) -> vector<2xf64>
    %20 = "arith.truncf"(%arg11) : (tensor<4xf64>) -> tensor<4xf16>
    %21 = "arith.truncf"(%arg7) <{roundingmode = 0 : i32}> : (f32) -> f16
    %22 = "arith.truncf"(%arg7) <{roundingmode = 1 : i32}> : (f32) -> f16
    %23 = "arith.truncf"(%arg7) <{roundingmode = 2 : i32}> : (f32) -> f16
    %24 = "arith.truncf"(%arg7) <{roundingmode = 3 : i32}> : (f32) -> f16
    %25 = "arith.truncf"(%arg7) <{fastmath = #arith.fastmath<fast>, roundingmode = 4 : i32}> : (f32) -> f16
    %26 = "arith.extf"(%arg6) <{fastmath = #arith.fastmath<none>}> : (f16) -> f32
    %27 = "arith.truncf"(%arg8) <{roundingmode = 3 : i32}> : (f64) -> f32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, f32, vector<3xi64>, vector<3xf16>) -> (), sym_name = "int_float_casts"}> ({
  ^bb0(%arg2: i32, %arg3: f32, %arg4: vector<3xi64>, %arg5: vector<3xf16>):
    %3 = "arith.sitofp"(%arg2) : (i32) -> f32
    %4 = "arith.uitofp"(%arg2) : (i32) -> f64
    %5 = "arith.fptosi"(%arg3) : (f32) -> i32
    %6 = "arith.fptoui"(%arg3) : (f32) -> i8
    %7 = "arith.sitofp"(%arg4) : (vector<3xi64>) -> vector<3xf16>
    %8 = "arith.fptoui"(%arg5) : (vector<3xf16>) -> vector<3xi64>
    %9 = "arith.bitcast"(%arg2) : (i32) -> f32
    %10 = "arith.bitcast"(%arg3) : (f32) -> i32
    %11 = "arith.bitcast"(%arg4) : (vector<3xi64>) -> vector<3xf64>
    %12 = "arith.bitcast"(%arg5) : (vector<3xf16>) -> vector<3xi16>
    %13 = "arith.bitcast"(%arg2) : (i32) -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<4xi32>, memref<?xindex>) -> (), sym_name = "memref_casts"}> ({
  ^bb0(%arg0: memref<4xi32>, %arg1: memref<?xindex>):
    %0 = "arith.index_cast"(%arg0) : (memref<4xi32>) -> memref<4xindex>
    %1 = "arith.index_castui"(%arg1) : (memref<?xindex>) -> memref<?xi64>
    %2 = "arith.bitcast"(%arg0) : (memref<4xi32>) -> memref<4xf32>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

